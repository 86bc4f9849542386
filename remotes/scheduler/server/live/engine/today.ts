import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { londonDate } from '@hcm/contract/engine';
import type { Database } from '@hcm/server/platform';
import { LIVE_STATES, labelOfChoice, type AlertRow, type CarerPosition, type LiveHome, type LiveState, type LiveToday, type LiveVisit } from '../../../contract/live-engine.js';
import { approximateLocation, normalisePostcode } from '../../../contract/postcodes.js';
import { postcodeLocations } from '../../locations/tables.js';
import { mapSettings } from '../../map/settings.js';
import type { ClientBasics } from '../../sources/api-sources.js';
import { visitCarers, visits } from '../../tables.js';
import type { StoredVisit } from '../../visits/service.js';
import { visitAlerts, visitChecks } from '../tables.js';

// The live view's answer for one branch and today (UK): every visit with where it stands, counts by state (late
// and missed first), the alerts still open or acknowledged, clients' homes and carers' last reported positions.

const LATE_KINDS = ['late', 'time-critical-late'];

/** Where a visit stands: the carer's device first (checked in or out), then the engine's alerts, then the plan. */
export function liveStateOf(visit: Pick<StoredVisit, 'status' | 'actual_start' | 'actual_end'>, checkedIn: boolean, alertKinds: readonly string[]): LiveState {
  if (visit.status === 'cancelled') return 'cancelled';
  if (visit.status === 'completed' || visit.actual_end) return 'completed';
  if (visit.status === 'in-progress' || visit.actual_start || checkedIn) return 'in-progress';
  if (visit.status === 'missed' || alertKinds.includes('missed')) return 'missed';
  if (alertKinds.some((kind) => LATE_KINDS.includes(kind))) return 'late';
  return 'not-started';
}

async function homesOf(db: Database, clients: readonly ClientBasics[]): Promise<LiveHome[]> {
  const postcodes = [...new Set(clients.map((client) => normalisePostcode(client.postcode)).filter(Boolean))];
  const stored = postcodes.length ? await db.select().from(postcodeLocations).where(inArray(postcodeLocations.postcode, postcodes)) : [];
  const known = new Map(stored.map((row) => [row.postcode, { latitude: row.latitude, longitude: row.longitude, approximate: row.source === 'district-centroid' }]));
  return clients.flatMap((client) => {
    const postcode = normalisePostcode(client.postcode);
    const near = approximateLocation(postcode);
    const where = known.get(postcode) ?? (near ? { ...near, approximate: true } : null);
    return where ? [{ client_id: client.id, client_name: client.name, postcode: client.postcode, ...where }] : [];
  });
}

/** Each carer's latest check-in or check-out with a position at these visits. */
async function positionsOf(db: Database, visitIds: readonly number[]): Promise<Omit<CarerPosition, 'carer_name'>[]> {
  if (!visitIds.length) return [];
  const rows = await db
    .selectDistinctOn([visitChecks.carer_id], {
      carer_id: visitChecks.carer_id,
      latitude: visitChecks.latitude,
      longitude: visitChecks.longitude,
      at: visitChecks.recorded_at,
      visit_id: visitChecks.visit_id,
      kind: visitChecks.kind,
    })
    .from(visitChecks)
    .where(and(inArray(visitChecks.visit_id, [...visitIds]), isNotNull(visitChecks.latitude), isNotNull(visitChecks.longitude)))
    .orderBy(visitChecks.carer_id, sql`${visitChecks.recorded_at} desc`);
  return rows.map((row) => ({ ...row, latitude: row.latitude!, longitude: row.longitude!, at: row.at.toISOString() }));
}

/** A day's visit as the live view reads it: no tasks, notes or codes; whether it is time-critical, worked out in SQL. */
type DayVisit = Pick<StoredVisit, 'id' | 'client_id' | 'status' | 'planned_start' | 'planned_end' | 'actual_start' | 'actual_end' | 'carers'> & { time_critical: boolean };

/**
 * The branch's visits of the day, with their carers, in one query of the columns the view shows (issue 29: a large
 * branch's day is a thousand visits; reading and decoding every column of each, tasks included, was most of the
 * view's time). Time-critical as isTimeCritical (./engine.ts) says: a medication task marked so in its key or label.
 */
async function dayVisits(db: Database, branchId: number, date: string): Promise<DayVisit[]> {
  const [answer] = await db
    .select({
      rows: sql<string>`coalesce(json_agg(json_build_array(${visits.id}, ${visits.client_id}, ${visits.status}, ${visits.planned_start}, ${visits.planned_end}, ${visits.actual_start}, ${visits.actual_end},
        ${visits.requires_medication} and exists (select 1 from jsonb_array_elements(${visits.tasks}) task where task->>'kind' = 'medication' and (coalesce(task->>'key', '') || ' ' || coalesce(task->>'label', '')) ~* 'time[- ]critical'),
        (select json_agg(json_build_array(${visitCarers.carer_id}, ${visitCarers.position}) order by ${visitCarers.position}) from ${visitCarers} where ${visitCarers.visit_id} = ${visits.id}))
        order by ${visits.planned_start}, ${visits.id}), '[]')::text`,
    })
    .from(visits)
    .where(and(eq(visits.branch_id, branchId), eq(visits.visit_date, date)));
  type Row = [number, number, StoredVisit['status'], string, string, string | null, string | null, boolean, [number, 1 | 2][] | null];
  const at = (value: string | null) => (value === null ? null : new Date(value));
  return (JSON.parse(answer?.rows ?? '[]') as Row[]).map(([id, client_id, status, planned_start, planned_end, actual_start, actual_end, time_critical, carers]) => ({
    id,
    client_id,
    status,
    planned_start: new Date(planned_start),
    planned_end: new Date(planned_end),
    actual_start: at(actual_start),
    actual_end: at(actual_end),
    time_critical,
    carers: (carers ?? []).map(([carer_id, position]) => ({ carer_id, position })),
  }));
}

export async function liveToday(
  db: Database,
  branchId: number,
  now: Date,
  sources: {
    clients: (ids: number[]) => Promise<ClientBasics[]>;
    /** Carers' names by their carer record id (workforce's rota, as the caller). */
    carerNames: (ids: number[]) => Promise<Map<number, string>>;
    activeAlerts: () => Promise<AlertRow[]>;
  },
): Promise<LiveToday> {
  const date = londonDate(now);
  const stored = await dayVisits(db, branchId, date);
  const ids = stored.map((visit) => visit.id);
  const [checkedIn, alertRows, settings, positions, activeAlerts] = await Promise.all([
    ids.length ? db.selectDistinct({ visit_id: visitChecks.visit_id }).from(visitChecks).where(and(inArray(visitChecks.visit_id, ids), eq(visitChecks.kind, 'in'))) : Promise.resolve([]),
    ids.length ? db.select({ visit_id: visitAlerts.visit_id, kind: visitAlerts.kind }).from(visitAlerts).where(inArray(visitAlerts.visit_id, ids)) : Promise.resolve([]),
    mapSettings(db),
    positionsOf(db, ids),
    sources.activeAlerts(),
  ]);
  const clientIds = [...new Set(stored.map((visit) => visit.client_id))];
  const clients = clientIds.length ? await sources.clients(clientIds) : [];
  const clientName = new Map(clients.map((client) => [client.id, client.name]));
  const carerIds = [...new Set([...stored.flatMap((visit) => visit.carers.map((c) => c.carer_id)), ...positions.map((row) => row.carer_id)])];
  const carerName = carerIds.length ? await sources.carerNames(carerIds) : new Map<number, string>();
  const arrived = new Set(checkedIn.map((row) => row.visit_id));
  const kindsOf = new Map<number, string[]>();
  for (const row of alertRows) if (row.visit_id !== null) kindsOf.set(row.visit_id, [...(kindsOf.get(row.visit_id) ?? []), row.kind]);

  const order = new Map(LIVE_STATES.map((state, index) => [state.value, index]));
  const liveVisits: LiveVisit[] = stored
    .map((visit) => {
      const state = liveStateOf(visit, arrived.has(visit.id), kindsOf.get(visit.id) ?? []);
      return {
        id: visit.id,
        client_id: visit.client_id,
        client_name: clientName.get(visit.client_id) ?? `Client #${visit.client_id}`,
        carer_names: visit.carers.map((c) => carerName.get(c.carer_id) ?? `Carer #${c.carer_id}`),
        planned_start: visit.planned_start.toISOString(),
        planned_end: visit.planned_end.toISOString(),
        actual_start: visit.actual_start ? visit.actual_start.toISOString() : null,
        actual_end: visit.actual_end ? visit.actual_end.toISOString() : null,
        state,
        state_label: labelOfChoice(LIVE_STATES, state),
        time_critical: visit.time_critical,
      };
    })
    .sort((a, b) => order.get(a.state)! - order.get(b.state)! || a.planned_start.localeCompare(b.planned_start) || a.id - b.id);

  return {
    branch_id: branchId,
    date,
    generated_at: now.toISOString(),
    ...settings,
    counts: LIVE_STATES.map((state) => ({ state: state.value, label: state.label, count: liveVisits.filter((visit) => visit.state === state.value).length })),
    visits: liveVisits,
    alerts: activeAlerts,
    homes: await homesOf(db, clients),
    positions: positions.map((row) => ({ ...row, carer_name: carerName.get(row.carer_id) ?? `Carer #${row.carer_id}` })),
  };
}
