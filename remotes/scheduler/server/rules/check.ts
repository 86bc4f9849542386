import { and, eq, gte, inArray, isNull, lt, ne } from 'drizzle-orm';
import { sideBySide, type Database, type Transaction } from '@hcm/server/platform';
import type { RuleFinding, VisitTask } from '../../contract/visits.js';
import { trainingCoursesRead } from '../read-models.js';
import type { CarerCompliance, CarerDay, CarerFacts, CarerPreferences, CarerTraining, ClientFacts, SchedulingSources } from '../sources/types.js';
import { templateSlots, visitCarers, visits } from '../tables.js';
import { loadTravel } from '../travel/travel.js';
import { addDays, dayOfInstant, evaluateRules, mondayOf, type CarerVisit, type RuleContext } from './rules.js';
import { ruleSettings } from './settings.js';

// The one rule check of putting a carer on a visit (scheduler/rules), for every path that does: manual assign and
// move, the drag preview, template generation, the wizard's check and publish, CSV imports and the demo's rota.
// The rules themselves are pure (./rules.ts, one implementation each); this loads what they read, for one visit or
// for thousands at once (loadRuleBatch): each source is asked once per batch (carers, clients, availability,
// compliance, training, preferences, the carers' other visits, the clients' history, places), never once per
// visit per rule. A batch remembers the carers it was told were put on visits (commit), so a later visit of the
// same batch sees them busy, as it would had they been assigned one by one.

type Db = Database | Transaction;

/** A visit as the rules see it: where and when, what it needs, and the carers on it already. */
export type PlannedVisit = {
  /** null: a visit being planned (not stored yet). */
  id: number | null;
  branch_id: number;
  client_id: number;
  date: string;
  planned_start: string;
  planned_end: string;
  carers_needed: 1 | 2;
  requires_medication: boolean;
  carer_ids: number[];
  /** Its tasks, when known (a stored visit's are read when not given; null: not known yet). */
  tasks?: VisitTask[] | null;
  /** Its template call's preferred carers, when known (a stored visit's are read when not given). */
  preferred_carer_ids?: number[];
};

/** The courses every carer must hold in date, and those for medication visits: induction, mandatory and refresher courses. */
export async function requiredCourses(db: Db): Promise<{ all: Map<number, string>; medication: Map<number, string> }> {
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
const CHUNK = 1000;

/** The carers' other visits looked at around a visit: from 16 weeks and a day before its week to the day after it. */
const windowOf = (date: string) => {
  const monday = mondayOf(date);
  return { from: Date.parse(`${addDays(monday, -7 * 16 - 1)}T00:00:00Z`), to: Date.parse(`${addDays(monday, 8)}T00:00:00Z`) };
};

/** A carer's visits, kept in start order so a visit's window is found by bisection. */
type Timeline = { id: number; client_id: number; start: number; end: number; date?: string }[];
const firstAtOrAfter = (list: Timeline, at: number) => {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (list[middle]!.start < at) low = middle + 1;
    else high = middle;
  }
  return low;
};
const insertSorted = (list: Timeline, item: Timeline[number]) => list.splice(firstAtOrAfter(list, item.start), 0, item);

/** The rule check of many visits and carers with everything loaded once. */
export type RuleBatch = {
  /** Every rule's verdict on putting `carerId` on `visit` (hard findings first). */
  check(visit: PlannedVisit, carerId: number): RuleFinding[];
  /** The facts the rules read for it (for tests and callers that explain a verdict). */
  context(visit: PlannedVisit, carerId: number): RuleContext;
  /** `carerId` was put on `visit`: later checks of the batch see them busy then (and the client's history with them). */
  commit(visit: PlannedVisit, carerId: number): void;
  /** The carers asked about, as their area answered (absent: not one the user may see). */
  carers: Map<number, CarerFacts>;
};

/** Who and when a batch is about: its carers, clients and branches, and the UK days of its visits. */
export type RuleScope = { carerIds: readonly number[]; clientIds: readonly number[]; branchIds: readonly number[]; from: string; to: string };

/** What the other areas answered for a batch (read before any transaction: their APIs are other requests). */
export type RuleFacts = {
  scope: RuleScope;
  courses: { all: Map<number, string>; medication: Map<number, string> };
  carers: Map<number, CarerFacts>;
  /** The carers of the batch's branches (names in messages; clients' preferred carers named). */
  branchCarers: CarerFacts[];
  /** The batch's clients and those of its carers' other visits. */
  clients: Map<number, ClientFacts>;
  days: Map<number, Map<string, CarerDay>>;
  compliance: Map<number, CarerCompliance>;
  training: Map<number, CarerTraining>;
  preferences: Map<number, CarerPreferences>;
};

/** The scope of some visits and carers. */
export const scopeOf = (planned: readonly Pick<PlannedVisit, 'client_id' | 'branch_id' | 'date'>[], carerIds: readonly number[]): RuleScope => {
  const dates = planned.map((visit) => visit.date).sort();
  return {
    carerIds: [...new Set(carerIds)],
    clientIds: [...new Set(planned.map((visit) => visit.client_id))],
    branchIds: [...new Set(planned.map((visit) => visit.branch_id))],
    from: dates[0] ?? '1970-01-01',
    to: dates.at(-1) ?? dates[0] ?? '1970-01-01',
  };
};

/** The carers' other visits (17 weeks for the 48-hour average) around the scope's days. */
async function carersVisits(db: Db, carerIds: readonly number[], from: string, to: string) {
  const span = { from: windowOf(from).from, to: windowOf(to).to };
  const rows: { id: number; client_id: number; start: Date; end: Date; carer_id: number }[] = [];
  for (let index = 0; index < carerIds.length; index += CHUNK) {
    rows.push(
      ...(await db
        .select({ id: visits.id, client_id: visits.client_id, start: visits.planned_start, end: visits.planned_end, carer_id: visitCarers.carer_id })
        .from(visitCarers)
        .innerJoin(visits, eq(visits.id, visitCarers.visit_id))
        .where(and(inArray(visitCarers.carer_id, [...carerIds.slice(index, index + CHUNK)]), ne(visits.status, 'cancelled'), gte(visits.planned_start, new Date(span.from)), lt(visits.planned_start, new Date(span.to))))),
    );
  }
  return rows;
}

/**
 * Asks the other areas once for everything the rules read about a scope (carers, clients, availability,
 * compliance, training, preferences). Not inside a transaction: their APIs answer as other requests.
 */
export async function loadRuleFacts(db: Db, sources: SchedulingSources, scope: RuleScope): Promise<RuleFacts> {
  const ids = [...new Set(scope.carerIds)];
  const courses = await requiredCourses(db);
  const facts: RuleFacts = { scope, courses, carers: new Map(), branchCarers: [], clients: new Map(), days: new Map(), compliance: new Map(), training: new Map(), preferences: new Map() };
  if (!ids.length) return facts;
  // The demo's seed hands its transaction here, and its sources read that transaction too (sideBySide).
  const [carerList, clientList, availability, compliance, preferences, branchCarers, training, others] = await sideBySide(db, [
    () => sources.carers({ ids }),
    () => (scope.clientIds.length ? sources.clients({ ids: scope.clientIds }) : Promise.resolve([])),
    () => sources.availability(ids, scope.from, scope.to),
    () => sources.compliance(ids),
    () => sources.preferences(ids),
    () => (scope.branchIds.length ? sources.carers({ branchIds: scope.branchIds }) : Promise.resolve([])),
    () => sources.training(ids, [...courses.all.keys(), ...courses.medication.keys()]),
    () => carersVisits(db, ids, scope.from, scope.to),
  ] as const);
  for (const client of clientList) facts.clients.set(client.id, client);
  // The clients of the carers' other visits (names and postcodes for overlap and travel).
  const otherClientIds = [...new Set(others.map((row) => row.client_id))].filter((id) => !facts.clients.has(id));
  if (otherClientIds.length) for (const client of await sources.clients({ ids: otherClientIds })) facts.clients.set(client.id, client);
  for (const carer of carerList) facts.carers.set(carer.id, carer);
  facts.branchCarers = branchCarers;
  for (const [carerId, list] of availability) facts.days.set(carerId, new Map(list.map((day) => [day.date, day])));
  facts.compliance = compliance;
  facts.training = training;
  facts.preferences = preferences;
  return facts;
}

/**
 * The rule check of `planned` with the other areas' `facts` (loadRuleFacts) and this area's tables read once: the
 * carers' other visits, the clients' history, stored visits' tasks and template preferences, places. Reads only
 * through `db`, so it runs inside a transaction (generation, imports) as well as outside.
 */
export async function ruleBatch(db: Db, facts: RuleFacts, planned: readonly PlannedVisit[]): Promise<RuleBatch> {
  const ids = [...new Set(facts.scope.carerIds)];
  const wanted = ids.length > 0 && planned.length > 0;
  const dates = planned.map((visit) => visit.date).sort();
  const first = dates[0] ?? facts.scope.from;
  const last = dates.at(-1) ?? first;
  const settings = await ruleSettings(db);

  const byCarer = new Map<number, Timeline>(ids.map((id) => [id, []]));
  if (wanted) {
    for (const row of await carersVisits(db, ids, first, last)) byCarer.get(row.carer_id)!.push({ id: row.id, client_id: row.client_id, start: new Date(row.start).getTime(), end: new Date(row.end).getTime() });
    for (const list of byCarer.values()) list.sort((a, b) => a.start - b.start || a.id - b.id);
  }

  // The clients' recent history (continuity): who visited them in the 8 weeks before each visit.
  const clientIds = [...new Set(planned.map((visit) => visit.client_id))];
  const starts = planned.map((visit) => Date.parse(visit.planned_start));
  const historyFrom = starts.reduce((least, at) => Math.min(least, at), Infinity) - CONTINUITY_WEEKS * WEEK_MS;
  const historyTo = starts.reduce((most, at) => Math.max(most, at), -Infinity);
  const history = new Map<number, { visit_id: number; carer_id: number; start: number }[]>();
  for (let index = 0; wanted && index < clientIds.length; index += CHUNK) {
    const rows = await db
      .select({ visit_id: visits.id, client_id: visits.client_id, carer_id: visitCarers.carer_id, start: visits.planned_start })
      .from(visitCarers)
      .innerJoin(visits, eq(visits.id, visitCarers.visit_id))
      .where(and(inArray(visits.client_id, clientIds.slice(index, index + CHUNK)), ne(visits.status, 'cancelled'), gte(visits.planned_start, new Date(historyFrom)), lt(visits.planned_start, new Date(historyTo))));
    for (const row of rows) {
      const list = history.get(row.client_id) ?? [];
      list.push({ visit_id: row.visit_id, carer_id: row.carer_id, start: new Date(row.start).getTime() });
      history.set(row.client_id, list);
    }
  }

  // Stored visits' own tasks and template preferences, when not given.
  const storedIds = [...new Set(planned.filter((visit) => visit.id !== null && (visit.tasks === undefined || visit.preferred_carer_ids === undefined)).map((visit) => visit.id!))];
  const stored = new Map<number, { tasks: VisitTask[] | null; slot: number | null }>();
  for (let index = 0; wanted && index < storedIds.length; index += CHUNK) {
    const rows = await db.select({ id: visits.id, tasks: visits.tasks, slot: visits.template_slot_id }).from(visits).where(inArray(visits.id, storedIds.slice(index, index + CHUNK)));
    for (const row of rows) stored.set(row.id, { tasks: row.tasks ?? null, slot: row.slot });
  }
  const slotIds = [...new Set([...stored.values()].map((row) => row.slot).filter((slot): slot is number => slot !== null))];
  const slotPreferred = new Map<number, number[]>();
  for (let index = 0; index < slotIds.length; index += CHUNK) {
    const rows = await db.select({ id: templateSlots.id, preferred: templateSlots.preferred_carer_ids }).from(templateSlots).where(inArray(templateSlots.id, slotIds.slice(index, index + CHUNK)));
    for (const row of rows) slotPreferred.set(row.id, row.preferred ?? []);
  }

  const { clients, carers, branchCarers, days, compliance, training, preferences, courses } = facts;
  const carerNames = new Map(branchCarers.map((carer) => [carer.id, carer.name]));
  for (const carer of carers.values()) carerNames.set(carer.id, carer.name);
  const postcodes = [...[...clients.values()].map((client) => client.postcode), ...[...carers.values()].map((carer) => carer.postcode)].filter(Boolean);
  const travel = await loadTravel(db, postcodes);
  let nextTemporaryId = -1;
  const temporaryIds = new WeakMap<PlannedVisit, number>();
  const idOf = (visit: PlannedVisit) => {
    if (visit.id !== null) return visit.id;
    let id = temporaryIds.get(visit);
    if (id === undefined) temporaryIds.set(visit, (id = nextTemporaryId--));
    return id;
  };

  function context(visit: PlannedVisit, carerId: number): RuleContext {
    const start = Date.parse(visit.planned_start);
    const end = Date.parse(visit.planned_end);
    const selfId = idOf(visit);
    const window = windowOf(visit.date);
    const timeline = byCarer.get(carerId) ?? [];
    const carerVisits: CarerVisit[] = [];
    for (let index = firstAtOrAfter(timeline, window.from); index < timeline.length && timeline[index]!.start < window.to; index += 1) {
      const row = timeline[index]!;
      if (row.id === selfId) continue;
      const client = clients.get(row.client_id);
      row.date ??= dayOfInstant(row.start);
      carerVisits.push({ id: row.id, client_id: row.client_id, client_name: client?.name ?? 'another client', postcode: client?.postcode ?? '', start: row.start, end: row.end, date: row.date });
    }
    const clientHistory = new Map<number, number>();
    const since = start - CONTINUITY_WEEKS * WEEK_MS;
    for (const row of history.get(visit.client_id) ?? []) {
      if (row.start < since || row.start >= start || row.visit_id === selfId) continue;
      clientHistory.set(row.carer_id, (clientHistory.get(row.carer_id) ?? 0) + 1);
    }
    const known = visit.id !== null ? stored.get(visit.id) : undefined;
    const tasks = visit.tasks !== undefined ? visit.tasks : (known?.tasks ?? null);
    const preferredCarerIds = [...(visit.preferred_carer_ids ?? (known?.slot ? (slotPreferred.get(known.slot) ?? []) : []))];
    const client = clients.get(visit.client_id) ?? null;
    const named = (client?.preferred_carer_names ?? []).map((name) => name.trim().toLocaleLowerCase('en-GB'));
    for (const row of branchCarers) if (row.branch_id === visit.branch_id && named.includes(row.name.trim().toLocaleLowerCase('en-GB')) && !preferredCarerIds.includes(row.id)) preferredCarerIds.push(row.id);
    return {
      visit: { id: visit.id, branch_id: visit.branch_id, client_id: visit.client_id, date: visit.date, start, end, carers_needed: visit.carers_needed, requires_medication: visit.requires_medication, carer_ids: visit.carer_ids, tasks },
      carerId,
      carer: carers.get(carerId) ?? null,
      client,
      day: days.get(carerId)?.get(visit.date) ?? null,
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

  return {
    carers,
    context,
    check: (visit, carerId) => evaluateRules(context(visit, carerId)),
    commit(visit, carerId) {
      const row = { id: idOf(visit), client_id: visit.client_id, start: Date.parse(visit.planned_start), end: Date.parse(visit.planned_end) };
      let timeline = byCarer.get(carerId);
      if (!timeline) byCarer.set(carerId, (timeline = []));
      insertSorted(timeline, row);
      const list = history.get(visit.client_id) ?? [];
      list.push({ visit_id: row.id, carer_id: carerId, start: row.start });
      history.set(visit.client_id, list);
    },
  };
}

/** The rule check of `planned` and `carerIds`, the other areas asked first (not inside a transaction). */
export async function loadRuleBatch(db: Db, sources: SchedulingSources, planned: readonly PlannedVisit[], carerIds: readonly number[]): Promise<RuleBatch> {
  return ruleBatch(db, await loadRuleFacts(db, sources, scopeOf(planned, carerIds)), planned);
}

/**
 * Every rule's verdict on putting `carerId` on `visit` (scheduler/rules): hard findings refuse it, soft ones warn.
 * Hard findings come first. The same check as a batch's, for one visit and one carer.
 */
export async function checkAssignment(db: Db, sources: SchedulingSources, visit: PlannedVisit, carerId: number): Promise<RuleFinding[]> {
  return (await loadRuleBatch(db, sources, [visit], [carerId])).check(visit, carerId);
}
