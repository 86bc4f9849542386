import { and, eq, gte, inArray, isNull, lt, ne } from 'drizzle-orm';
import type { Database, Transaction } from '@hcm/server/platform';
import type { RuleFinding, VisitTask } from '../../contract/visits.js';
import { trainingCoursesRead } from '../read-models.js';
import type { SchedulingSources } from '../sources/types.js';
import { templateSlots, visitCarers, visits } from '../tables.js';
import { loadTravel } from '../travel/travel.js';
import { addDays, evaluateRules, mondayOf, type CarerVisit, type RuleContext } from './rules.js';
import { ruleSettings } from './settings.js';

/** A visit as the rules see it: where and when, what it needs, and the carers on it already. */
export type PlannedVisit = {
  id: number | null;
  branch_id: number;
  client_id: number;
  date: string;
  planned_start: string;
  planned_end: string;
  carers_needed: 1 | 2;
  requires_medication: boolean;
  carer_ids: number[];
};

/** The courses every carer must hold in date, and those for medication visits: induction, mandatory and refresher courses. */
export async function requiredCourses(db: Database | Transaction): Promise<{ all: Map<number, string>; medication: Map<number, string> }> {
  const rows = await db
    .select()
    .from(trainingCoursesRead)
    .where(and(eq(trainingCoursesRead.active, true), isNull(trainingCoursesRead.deleted_at), inArray(trainingCoursesRead.category, ['induction', 'mandatory', 'refresher'])));
  return {
    all: new Map(rows.filter((row) => row.required_for === 'all').map((row) => [row.id, row.name])),
    medication: new Map(rows.filter((row) => row.required_for === 'medication').map((row) => [row.id, row.name])),
  };
}

const WEEK_MS = 7 * 86_400_000;
const CONTINUITY_WEEKS = 8;

/** Everything the rules need about putting `carerId` on `visit`, read from this area's tables and the others' APIs. */
export async function loadRuleContext(db: Database, sources: SchedulingSources, visit: PlannedVisit, carerId: number): Promise<RuleContext> {
  const start = new Date(visit.planned_start).getTime();
  const end = new Date(visit.planned_end).getTime();
  const monday = mondayOf(visit.date);
  const from = new Date(`${addDays(monday, -7 * 16 - 1)}T00:00:00Z`);
  const to = new Date(`${addDays(monday, 8)}T00:00:00Z`);

  const [settings, courses, [carer], [client], availability, compliance, preferences] = await Promise.all([
    ruleSettings(db),
    requiredCourses(db),
    sources.carers({ ids: [carerId] }),
    sources.clients({ ids: [visit.client_id] }),
    sources.availability([carerId], visit.date, visit.date),
    sources.compliance([carerId]),
    sources.preferences([carerId]),
  ]);
  const courseIds = [...courses.all.keys(), ...courses.medication.keys()];
  const training = await sources.training([carerId], courseIds);

  // The carer's other visits around this one (17 weeks for the 48-hour average).
  const others = await db
    .select({ id: visits.id, client_id: visits.client_id, start: visits.planned_start, end: visits.planned_end })
    .from(visitCarers)
    .innerJoin(visits, eq(visits.id, visitCarers.visit_id))
    .where(and(eq(visitCarers.carer_id, carerId), ne(visits.status, 'cancelled'), gte(visits.planned_start, from), lt(visits.planned_start, to), visit.id === null ? undefined : ne(visits.id, visit.id)));

  // The client's recent history (continuity) and the visit's own tasks and template preferences.
  const since = new Date(start - CONTINUITY_WEEKS * WEEK_MS);
  const history = await db
    .select({ carer_id: visitCarers.carer_id })
    .from(visitCarers)
    .innerJoin(visits, eq(visits.id, visitCarers.visit_id))
    .where(and(eq(visits.client_id, visit.client_id), ne(visits.status, 'cancelled'), gte(visits.planned_start, since), lt(visits.planned_start, new Date(start)), visit.id === null ? undefined : ne(visits.id, visit.id)));
  const clientHistory = new Map<number, number>();
  for (const row of history) clientHistory.set(row.carer_id, (clientHistory.get(row.carer_id) ?? 0) + 1);

  let tasks: VisitTask[] | null = null;
  let preferredCarerIds: number[] = [];
  if (visit.id !== null) {
    const [row] = await db.select({ tasks: visits.tasks, slot: visits.template_slot_id }).from(visits).where(eq(visits.id, visit.id));
    tasks = row?.tasks ?? null;
    if (row?.slot) {
      const [slot] = await db.select({ preferred: templateSlots.preferred_carer_ids }).from(templateSlots).where(eq(templateSlots.id, row.slot));
      preferredCarerIds = slot?.preferred ?? [];
    }
  }

  const otherClientIds = [...new Set(others.map((row) => row.client_id).filter((id) => id !== visit.client_id))];
  const otherClients = otherClientIds.length ? await sources.clients({ ids: otherClientIds }) : [];
  const clientsById = new Map([...otherClients, ...(client ? [client] : [])].map((row) => [row.id, row]));
  const carerVisits: CarerVisit[] = others.map((row) => ({
    id: row.id,
    client_id: row.client_id,
    client_name: clientsById.get(row.client_id)?.name ?? 'another client',
    postcode: clientsById.get(row.client_id)?.postcode ?? '',
    start: row.start.getTime(),
    end: row.end.getTime(),
  }));

  // Names of the other carers the messages mention (regulars, preferred), and the client's preferred by name.
  const branchCarers = await sources.carers({ branchIds: [visit.branch_id] });
  const carerNames = new Map(branchCarers.map((row) => [row.id, row.name]));
  if (carer) carerNames.set(carer.id, carer.name);
  const named = (client?.preferred_carer_names ?? []).map((name) => name.trim().toLocaleLowerCase('en-GB'));
  for (const row of branchCarers) if (named.includes(row.name.trim().toLocaleLowerCase('en-GB')) && !preferredCarerIds.includes(row.id)) preferredCarerIds.push(row.id);

  const postcodes = [client?.postcode ?? '', carer?.postcode ?? '', ...carerVisits.map((row) => row.postcode)].filter(Boolean);
  const travel = await loadTravel(db, postcodes);

  return {
    visit: { id: visit.id, branch_id: visit.branch_id, client_id: visit.client_id, date: visit.date, start, end, carers_needed: visit.carers_needed, requires_medication: visit.requires_medication, carer_ids: visit.carer_ids, tasks },
    carerId,
    carer: carer ?? null,
    client: client ?? null,
    day: availability.get(carerId)?.find((day) => day.date === visit.date) ?? null,
    compliance: compliance.get(carerId) ?? null,
    training: training.get(carerId) ?? null,
    mandatoryCourses: courses.all,
    medicationCourses: courses.medication,
    preferences: preferences.get(carerId) ?? null,
    carerVisits,
    clientHistory,
    carerNames,
    preferredCarerIds,
    travelMinutes: (fromPostcode, toPostcode) => travel.minutes(fromPostcode, toPostcode, visit.branch_id),
    travelMiles: (fromPostcode, toPostcode) => travel.miles(fromPostcode, toPostcode, visit.branch_id),
    settings,
  };
}

/**
 * Every rule's verdict on putting `carerId` on `visit` (scheduler/rules): hard findings refuse it, soft ones warn.
 * Hard findings come first. The rules themselves are pure (./rules.ts); this loads what they read.
 */
export async function checkAssignment(db: Database, sources: SchedulingSources, visit: PlannedVisit, carerId: number): Promise<RuleFinding[]> {
  return evaluateRules(await loadRuleContext(db, sources, visit, carerId));
}
