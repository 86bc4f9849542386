import { and, asc, eq, gte, inArray, lt, ne } from 'drizzle-orm';
import { londonInstant } from '@hcm/contract/engine';
import type { Database } from '@hcm/server/platform';
import { normalisePostcode } from '../../contract/postcodes.js';
import { PLANNABLE_STATUSES, type VisitStatus, type VisitTask } from '../../contract/visits.js';
import { requiredCourses } from '../rules/check.js';
import { addDays, lastWorkingDay } from '../rules/rules.js';
import { ruleSettings } from '../rules/settings.js';
import type { CarerFacts, ClientFacts, SchedulingSources } from '../sources/types.js';
import { templateSlots, visitCarers, visits } from '../tables.js';
import { KM_PER_MILE, loadPlaces, travelParameters } from '../travel/travel.js';
import type { Problem, ProblemCarer, ProblemVisit, Window } from './problem.js';

// Builds auto-assign's problem for one branch's week: its visits (this area's tables), its carers and their
// availability, compliance, training and preferences and its clients' preferences (through the other areas' APIs,
// SchedulingSources), places (postcodes), the settings, and the recent past (continuity, the 48-hour average).

export type LoadedWeek = {
  problem: Problem;
  /** The visits auto-assign may fill, as stored (version for the optimistic write). */
  stored: Map<number, { version: number; status: VisitStatus; carers: { carer_id: number; position: number }[]; carers_needed: number; date: string; start: Date; end: Date; client_id: number; requires_medication: boolean; tasks: VisitTask[] | null }>;
  /** Every visit the answer relies on (the branch's week, and its carers' visits elsewhere that week) and its version, by id. */
  basis: [number, number][];
  clients: Map<number, ClientFacts>;
  carers: Map<number, CarerFacts>;
  /** Visits left alone because their client is not receiving care. */
  skipped: { visitId: number; clientName: string; date: string; start: Date; end: Date; reason: string }[];
};

const toMinutes = (at: Date | string) => Math.round(new Date(at).getTime() / 60_000);
const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase('en-GB') === b.trim().toLocaleLowerCase('en-GB');
const HISTORY_WEEKS = 8;
const WTR_PRIOR_WEEKS = 16;

/** Visit ids and versions, once each, by id. */
export const basisOf = (pairs: [number, number][]): [number, number][] => [...new Map(pairs)].sort((a, b) => a[0] - b[0]);

export async function loadWeek(db: Database, sources: SchedulingSources, branchId: number, monday: string): Promise<LoadedWeek> {
  const sunday = addDays(monday, 6);
  const days = Array.from({ length: 7 }, (_, index) => addDays(monday, index));
  const settings = await ruleSettings(db);

  // ---------------------------------------------------------------- visits of the branch's week
  const rows = await db
    .select()
    .from(visits)
    .where(and(eq(visits.branch_id, branchId), gte(visits.visit_date, monday), lt(visits.visit_date, addDays(monday, 7)), ne(visits.status, 'cancelled')))
    .orderBy(asc(visits.id));
  const carerRows = rows.length ? await db.select().from(visitCarers).where(inArray(visitCarers.visit_id, rows.map((row) => row.id))).orderBy(asc(visitCarers.visit_id), asc(visitCarers.position)) : [];
  const carersOn = new Map<number, { carer_id: number; position: number }[]>();
  for (const row of carerRows) carersOn.set(row.visit_id, [...(carersOn.get(row.visit_id) ?? []), { carer_id: row.carer_id, position: row.position }]);

  // Everything in a stable order (ids), so the same rota gives the solver the same problem, whatever order a
  // query or another area happens to answer in.
  const carerList = (await sources.carers({ branchIds: [branchId] })).filter((carer) => carer.branch_id === branchId).sort((a, b) => a.id - b.id);
  const carerIds = carerList.map((carer) => carer.id);

  // The branch's carers' visits elsewhere that week (another branch): they hold those times too.
  const elsewhere = carerIds.length
    ? await db
        .select({ id: visits.id, version: visits.version, client_id: visits.client_id, visit_date: visits.visit_date, start: visits.planned_start, end: visits.planned_end, carer_id: visitCarers.carer_id })
        .from(visitCarers)
        .innerJoin(visits, eq(visits.id, visitCarers.visit_id))
        .where(and(inArray(visitCarers.carer_id, carerIds), ne(visits.branch_id, branchId), ne(visits.status, 'cancelled'), gte(visits.visit_date, monday), lt(visits.visit_date, addDays(monday, 7))))
        .orderBy(asc(visits.id), asc(visitCarers.position))
    : [];

  const clientIds = [...new Set([...rows.map((row) => row.client_id), ...elsewhere.map((row) => row.client_id)])];
  const clientList = clientIds.length ? await sources.clients({ ids: clientIds }) : [];
  const clients = new Map(clientList.map((client) => [client.id, client]));

  const slotIds = [...new Set(rows.map((row) => row.template_slot_id).filter((id): id is number => id !== null))];
  const slots = slotIds.length ? await db.select({ id: templateSlots.id, preferred: templateSlots.preferred_carer_ids }).from(templateSlots).where(inArray(templateSlots.id, slotIds)) : [];
  const slotPreferred = new Map(slots.map((slot) => [slot.id, slot.preferred]));

  const places = await loadPlaces(db, [...clientList.map((client) => client.postcode), ...carerList.map((carer) => carer.postcode)]);
  const placeOf = (postcode: string) => places.get(normalisePostcode(postcode)) ?? null;

  // ---------------------------------------------------------------- carers' facts
  const [availability, compliance, preferences, courses] = await Promise.all([
    carerIds.length ? sources.availability(carerIds, monday, sunday) : Promise.resolve(new Map()),
    carerIds.length ? sources.compliance(carerIds) : Promise.resolve(new Map()),
    carerIds.length ? sources.preferences(carerIds) : Promise.resolve(new Map()),
    requiredCourses(db),
  ]);
  const training = carerIds.length ? await sources.training(carerIds, [...courses.all.keys(), ...courses.medication.keys()]) : new Map();

  // The recent past: who visited each client (continuity) and each carer's hours (the 48-hour average).
  const historyFrom = new Date(londonInstant(addDays(monday, -7 * HISTORY_WEEKS), '00:00'));
  const priorFrom = new Date(londonInstant(addDays(monday, -7 * WTR_PRIOR_WEEKS), '00:00'));
  const weekStart = new Date(londonInstant(monday, '00:00'));
  const past = carerIds.length || clientIds.length
    ? await db
        .select({ client_id: visits.client_id, carer_id: visitCarers.carer_id, start: visits.planned_start, end: visits.planned_end, date: visits.visit_date })
        .from(visitCarers)
        .innerJoin(visits, eq(visits.id, visitCarers.visit_id))
        .where(and(ne(visits.status, 'cancelled'), gte(visits.planned_start, priorFrom), lt(visits.planned_start, weekStart)))
    : [];
  const history = new Map<number, Map<number, number>>();
  const prior = new Map<number, { minutes: number; earliest: string }>();
  for (const row of past) {
    if (row.start >= historyFrom) {
      const map = history.get(row.client_id) ?? new Map<number, number>();
      map.set(row.carer_id, (map.get(row.carer_id) ?? 0) + 1);
      history.set(row.client_id, map);
    }
    const entry = prior.get(row.carer_id) ?? { minutes: 0, earliest: row.date };
    entry.minutes += (row.end.getTime() - row.start.getTime()) / 60_000;
    if (row.date < entry.earliest) entry.earliest = row.date;
    prior.set(row.carer_id, entry);
  }

  const problemCarers: ProblemCarer[] = carerList.map((carer) => {
    const windows: Window[] = [];
    const active = carer.status === 'active';
    for (const day of availability.get(carer.id) ?? []) {
      if (!active || !days.includes(day.date) || day.status !== 'available') continue;
      if (carer.start_date && carer.start_date > day.date) continue;
      if (carer.leaving_date && carer.leaving_date < day.date) continue;
      if (!day.windows.length) windows.push({ start: toMinutes(londonInstant(day.date, '00:00')), end: toMinutes(londonInstant(addDays(day.date, 1), '00:00')) });
      for (const window of day.windows) {
        const start = toMinutes(londonInstant(day.date, window.from));
        let end = toMinutes(londonInstant(day.date, window.to));
        if (end <= start) end = toMinutes(londonInstant(addDays(day.date, 1), window.to)); // past midnight
        windows.push({ start, end });
      }
    }
    const facts = compliance.get(carer.id);
    const record = training.get(carer.id);
    const states = new Map<number, string | null>((record?.courses ?? []).map((course: { course_id: number; state: string | null }) => [course.course_id, course.state]));
    const inDate = (ids: Iterable<number>) => [...ids].every((id) => {
      const state = states.get(id);
      return record !== undefined && state !== undefined && state !== 'expired' && state !== 'missing';
    });
    const prefs = preferences.get(carer.id);
    const past = prior.get(carer.id);
    // Rosterable today is not enough: a visit after a blocking check's last day is not theirs (judged per visit).
    const lastDay = lastWorkingDay(facts);
    const priorWeeks = past ? Math.max(1, Math.round((new Date(`${monday}T12:00:00Z`).getTime() - new Date(`${past.earliest}T12:00:00Z`).getTime()) / (7 * 86_400_000))) : 0;
    return {
      id: carer.id,
      name: carer.name,
      gender: carer.gender,
      home: placeOf(carer.postcode),
      windows,
      rosterable: Boolean(facts?.rosterable),
      lapsesAt: lastDay ? toMinutes(londonInstant(addDays(lastDay, 1), '00:00')) : null,
      trainingOk: inDate(courses.all.keys()),
      medication: Boolean(record?.medication_competent) && inDate(courses.medication.keys()),
      capMinutes: facts?.weekly_hours_cap ? facts.weekly_hours_cap * 60 : null,
      maxMinutes: prefs?.max_weekly_hours ? prefs.max_weekly_hours * 60 : null,
      maxTravelKm: prefs?.max_travel_miles ? prefs.max_travel_miles * KM_PER_MILE : null,
      contractedMinutes: carer.contracted_hours ? carer.contracted_hours * 60 : null,
      optedOut: settings.wtrOptedOut.has(carer.id),
      priorMinutes: past?.minutes ?? 0,
      priorWeeks,
    };
  });

  // ---------------------------------------------------------------- the visits
  const stored: LoadedWeek['stored'] = new Map();
  const skipped: LoadedWeek['skipped'] = [];
  const problemVisits: ProblemVisit[] = [];
  const dayIndex = (date: string) => days.indexOf(date);
  for (const row of rows) {
    const client = clients.get(row.client_id);
    const on = (carersOn.get(row.id) ?? []).sort((a, b) => a.position - b.position);
    const plannable = PLANNABLE_STATUSES.includes(row.status);
    const open = plannable && on.length < row.carers_needed;
    if (open && client && client.status !== 'active') {
      skipped.push({ visitId: row.id, clientName: client.name, date: row.visit_date, start: row.planned_start, end: row.planned_end, reason: `${client.name} is not receiving care (${client.status.replace('-', ' ')}): auto-assign leaves the visit alone.` });
      continue;
    }
    if (open) stored.set(row.id, { version: row.version, status: row.status, carers: on, carers_needed: row.carers_needed, date: row.visit_date, start: row.planned_start, end: row.planned_end, client_id: row.client_id, requires_medication: row.requires_medication, tasks: row.tasks ?? null });
    const tasks: VisitTask[] = row.tasks ?? [];
    const preference = client?.gender_preference ?? 'none';
    const wanted = preference.startsWith('female') ? 'female' : preference.startsWith('male') ? 'male' : null;
    const gender = wanted && (!preference.endsWith('-personal-care') || tasks.some((task) => task.kind === 'personal-care')) ? wanted : null;
    const declined = carerList.filter((carer) => (client?.declined_carer_names ?? []).some((name) => sameName(name, carer.name))).map((carer) => carer.id);
    const preferred = [
      ...(row.template_slot_id ? slotPreferred.get(row.template_slot_id) ?? [] : []),
      ...carerList.filter((carer) => (client?.preferred_carer_names ?? []).some((name) => sameName(name, carer.name))).map((carer) => carer.id),
    ];
    problemVisits.push({
      id: row.id,
      clientId: row.client_id,
      clientName: client?.name ?? `Client ${row.client_id}`,
      day: dayIndex(row.visit_date),
      start: toMinutes(row.planned_start),
      end: toMinutes(row.planned_end),
      place: client ? placeOf(client.postcode) : null,
      carersNeeded: (open ? row.carers_needed : Math.min(2, Math.max(1, on.length))) as 1 | 2,
      medication: row.requires_medication,
      fixedCarerIds: on.map((carer) => carer.carer_id),
      gender,
      declinedCarerIds: declined,
      preferredCarerIds: [...new Set(preferred)],
    });
  }
  // Fixed: the carers' visits in other branches (negative ids so they never clash with this branch's).
  const elsewhereCarers = new Map<number, number[]>();
  for (const row of elsewhere) elsewhereCarers.set(row.id, [...(elsewhereCarers.get(row.id) ?? []), row.carer_id]);
  for (const row of elsewhere.filter((item, index) => elsewhere.findIndex((other) => other.id === item.id) === index)) {
    const client = clients.get(row.client_id);
    const fixedIds = elsewhereCarers.get(row.id)!;
    problemVisits.push({
      id: -row.id,
      clientId: row.client_id,
      clientName: client?.name ?? `Client ${row.client_id}`,
      day: dayIndex(row.visit_date),
      start: toMinutes(row.start),
      end: toMinutes(row.end),
      place: client ? placeOf(client.postcode) : null,
      carersNeeded: Math.min(2, fixedIds.length) as 1 | 2,
      medication: false,
      fixedCarerIds: fixedIds,
      gender: null,
      declinedCarerIds: [],
      preferredCarerIds: [],
    });
  }

  const parameters = await travelParameters(db);
  const branchTravel = parameters.branches.get(branchId) ?? parameters.defaults;
  return {
    problem: {
      visits: problemVisits,
      carers: problemCarers,
      travel: { speedKmh: branchTravel.averageSpeedKmh, roadFactorPercent: branchTravel.roadFactorPercent },
      punctualityMinutes: settings.punctualityMinutes,
      latenessHard: settings.punctualityEnforcement === 'refuse',
      wtrHard: settings.wtrEnforcement === 'refuse',
      history,
    },
    stored,
    basis: basisOf([...rows.map((row) => [row.id, row.version] as [number, number]), ...elsewhere.map((row) => [row.id, row.version] as [number, number])]),
    clients,
    carers: new Map(carerList.map((carer) => [carer.id, carer])),
    skipped,
  };
}
