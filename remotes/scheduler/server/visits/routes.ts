import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { and, asc, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import { isCalendarDate, londonDate, londonInstant } from '@hcm/contract/engine';
import { users } from '@hcm/server/schema';
import {
  arrayParam,
  auditActorOf,
  branchVisible,
  literalDay,
  literalInstant,
  runTimeValue,
  ok,
  pageOf,
  pageOffset,
  parseId,
  queryParam,
  recordIdIn,
  sendError,
  sendInvalid,
  sharedAnswers,
  viewerOf,
  type AreaServerContext,
  type Database,
  type Viewer,
} from '@hcm/server/platform';
import { CLIENT_TIMELINE_VIEWS, TIMELINE_VIEWS, type AssignmentResult, type ClientTimelineView, type TimelineView } from '../../contract/timeline.js';
import {
  AssignSchema,
  BACKOFFICE_ISSUES,
  CheckSchema,
  CORRECTION_MESSAGES,
  CorrectSchema,
  LONG_VISIT_MINUTES,
  MoveSchema,
  ReinstateSchema,
  UnassignSchema,
  VISIT_LIST_SORTS,
  type BackofficeIssue,
  type BackofficeRow,
} from '../../contract/visit-actions.js';
import {
  CANCEL_REASONS,
  CancelVisitSchema,
  PLANNABLE_STATUSES,
  VISIT_LOG_ACTIONS,
  VISIT_STATUSES,
  VersionSchema,
  VisitSchema,
  type RuleFinding,
  type VisitConflict,
  type VisitStatus,
} from '../../contract/visits.js';
import { refuseInvoiced } from '../billing/lock.js';
import { carersRead, clientsRead } from '../read-models.js';
import { checkAssignment as realCheckAssignment, type PlannedVisit } from '../rules/check.js';
import { apiSources, type ApiSchedulingSources } from '../sources/api-sources.js';
import { visitCarers, visitLogs, visits } from '../tables.js';
import { announceVisitsChanged } from './push.js';
import {
  VISITS_AUDIT,
  VisitWriteError,
  addDays,
  applyChange,
  carerFound,
  changedSince,
  clientFound,
  codeErrors,
  fewClientsMatching,
  findVisit,
  insertVisit,
  logClientName,
  logColumns,
  loadVisitPage,
  plannedInstants,
  present,
  presentAll,
  presentLogs,
  requiresMedication,
  snapshotOf,
  wallClock,
  type StoredCarer,
  type StoredVisit,
  type VisitChange,
} from './service.js';
import { carerTimeline, clientTimeline, globalSchedule } from './timeline.js';
import { clock } from '@hcm/contract/time';

export type VisitRouteOptions = {
  /** The assignment rules (server/rules/check.ts by default; tests stub it). */
  checkAssignment?: typeof realCheckAssignment;
  /** The other areas' reads for a request (their HTTP APIs by default). */
  sourcesFor?: (app: FastifyInstance, request: FastifyRequest) => ApiSchedulingSources;
};

const VIEW = { config: { anyPermission: ['visits.view' as const, 'scheduler.view' as const] } };
const EDIT = { config: { permission: 'visits.edit' as const } };
const PLAN = { config: { permission: 'scheduler.edit' as const } };
const PLAN_VIEW = { config: { permission: 'scheduler.view' as const } };
const CORRECT = { config: { permission: 'visits.correct' as const } };
const NO_VISIT = 'No such visit.';
/** The visit history's count stops here (400 pages of 25): the answer then says `more: true`. */
export const LOGS_COUNTED = 10_000;
/**
 * So does the visits list's (a large agency's manager sees 56,000 visits a week: counting them on every page took
 * longer than the page).
 */
export const VISITS_COUNTED = 10_000;
/**
 * A search of up to this many clients (and no carer) reads their visits from the clients' index, not the period's.
 * A large agency's two branches' week (8,058 visits): 14 clients' visits 0.4 ms, 63 clients' 1.5 ms, 200 clients' 5.8 ms,
 * against 2.6 ms for the pass over the period and 1.8 ms to match the names again in it.
 */
export const SEARCH_CLIENTS_READ_APART = 100;
/**
 * The back office is a queue the office works through, by issue, branch and day: past 1,000 (40 pages) it says
 * "more than 1,000: filter to narrow them down". A large agency's manager had 8,878 visits in it; counting them was
 * three quarters of the statement's time (2.8 of 3.9 ms).
 */
export const BACKOFFICE_COUNTED = 1_000;
/**
 * GET /visits: a page of up to this many branches, in planned order or by status, is merged from each branch's visits
 * walked in order; more branches are one walk of the period (ten branches' walks cost the manager's first page more
 * than they saved, session 15).
 */
const MERGED_BRANCHES = 4;

const labelOf = (choices: readonly { value: string; label: string }[], value: string | null) => choices.find((choice) => choice.value === value)?.label ?? value ?? '';
const ukDay = (day: string) => day.split('-').reverse().join('/');

/** A query parameter as an id (undefined when absent; null when not an id). */
function idParam(query: unknown, name: string): number | null | undefined {
  const raw = queryParam(query, name);
  if (raw === undefined || raw === '') return undefined;
  return parseId(raw);
}

/** ?page=&page_size= (or per_page), as the kit's lists send them. */
function pagingOf(query: unknown) {
  const page = Number(queryParam(query, 'page'));
  const size = Number(queryParam(query, 'page_size') ?? queryParam(query, 'per_page'));
  return { page: Number.isSafeInteger(page) && page >= 1 && page <= 2_147_483_647 ? page : 1, pageSize: Number.isSafeInteger(size) && size >= 1 ? Math.min(size, 100) : 25 };
}

const visitIdOf = (request: FastifyRequest) => parseId(String((request.params as { id?: string }).id ?? ''));

/**
 * Visits under /api/v1 (scheduler issue 15), every write one transaction with the version checked, a log entry
 * (visits/logs), an audit entry and its event (scheduler.visit.changed: the carers' pushes follow it), then pushed
 * to the branch's online planners (VISITS_TOPIC):
 *   GET  /visits                      paged VisitRow, filters from, to, branch_id, client_id, carer_id, status,
 *                                     funder_code_id, npc_code_id, unassigned=1, carers_needed=2, medication=1, search/q
 *   GET  /visits/:id, /visits/:id/logs, /visits/logs (paged; visit_id, client_id, carer_id, action, from, to)
 *   POST /visits                      add one (visits.edit); PUT /visits/:id edit (locked from then on)
 *   POST /visits/:id/cancel|reinstate (visits.edit)
 *   POST /visits/:id/assign|unassign|move (scheduler.edit): the rules checked, hard findings refuse (422)
 *   POST /visits/:id/check            the rules' findings without saving (a drag's preview)
 *   GET  /visits/backoffice, POST /visits/:id/correct (visits.correct)
 *   GET  /scheduler/timeline, /scheduler/client-timeline, /scheduler/global-schedule (scheduler.view)
 */
export async function visitRoutes(app: FastifyInstance, context: AreaServerContext, options: VisitRouteOptions = {}): Promise<void> {
  const { auth } = context;
  const db: Database = auth.db;
  const check = options.checkAssignment ?? realCheckAssignment;
  const sourcesOf = (request: FastifyRequest) => (options.sourcesFor ?? apiSources)(app, request);

  app.auditScopes.declare({
    resource: VISITS_AUDIT,
    label: 'Visits',
    scope: recordIdIn((branchIds) => sql`select ${visits.id} from ${visits} where ${inArray(visits.branch_id, [...branchIds])}`),
  });

  const announce = (visit: StoredVisit, viewer: Viewer) =>
    announceVisitsChanged(context, db, visit.branch_id, [visit.id], viewer.user.userID, (error) => app.log.warn({ err: error }, 'pushing a visit change failed'));

  const writeContext = (request: FastifyRequest, viewer: Viewer) => ({ actor: auditActorOf(request), userId: viewer.user.userID });

  /** The parsed body, or a 422 sent (null). */
  async function parsed<S extends v.GenericSchema>(reply: FastifyReply, schema: S, body: unknown): Promise<v.InferOutput<S> | null> {
    const result = v.safeParse(schema, body ?? {});
    if (result.success) return result.output;
    await sendInvalid(reply, fieldErrorsOf(result.issues));
    return null;
  }

  /** The signed-in viewer and the visit of :id they may see, or a 401/404 sent (null). */
  async function target(request: FastifyRequest, reply: FastifyReply): Promise<{ viewer: Viewer; visit: StoredVisit } | null> {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return null;
    const id = visitIdOf(request);
    const visit = id === null ? null : await findVisit(db, viewer.scope, id);
    if (!visit) {
      await sendError(reply, 404, NO_VISIT);
      return null;
    }
    return { viewer, visit };
  }

  /** The target of a write that an invoiced visit refuses (409: credit it first), or null when a reply was sent. */
  async function unbilledTarget(request: FastifyRequest, reply: FastifyReply): Promise<{ viewer: Viewer; visit: StoredVisit } | null> {
    const found = await target(request, reply);
    if (!found || (await refuseInvoiced(app, request, reply, [found.visit.id]))) return null;
    return found;
  }

  /** Answers a refused write: 409 with the visit as it is now and what changed, or 404 / 422. */
  async function answerError(request: FastifyRequest, reply: FastifyReply, viewer: Viewer, visit: StoredVisit, error: unknown, seenVersion: number | null, sent?: Record<string, unknown>) {
    if (!(error instanceof VisitWriteError)) throw error;
    if (error.statusCode === 409) {
      const current = (await findVisit(db, viewer.scope, visit.id)) ?? visit;
      const changed = await changedSince(db, visit.id, seenVersion ?? 0, sent, snapshotOf(current));
      const [row] = await presentAll(db, sourcesOf(request), [current]);
      const conflict: VisitConflict = { current: row!, changed };
      return reply.code(409).send({ status: false, message: `This visit was changed by someone else since you opened it (${changed.join(', ')}). Look again and redo your change.`, data: conflict, errors: null });
    }
    return reply.code(error.statusCode).send({ status: false, message: error.message, data: error.data, errors: error.errors });
  }

  /** Runs a write (after a stale version is refused), pushes it, answers the visit (and warnings for rota writes). */
  async function write(
    request: FastifyRequest,
    reply: FastifyReply,
    found: { viewer: Viewer; visit: StoredVisit },
    version: number,
    change: () => Promise<VisitChange>,
    sent?: Record<string, unknown>,
  ) {
    const { viewer, visit } = found;
    try {
      if (visit.version !== version) throw new VisitWriteError(409, 'This visit was changed by someone else.');
      const planned = await change();
      const saved = await applyChange(db, visit, version, planned, writeContext(request, viewer));
      // The planners at once; the carers' phones from the visit's event (./visit-events-handler.ts), once delivered.
      await announce(saved, viewer);
      const [row] = await presentAll(db, sourcesOf(request), [saved]);
      const answer: AssignmentResult = { visit: row!, warnings: planned.warnings ?? [] };
      return ok(answer, planned.summary);
    } catch (error) {
      return answerError(request, reply, viewer, visit, error, version, sent);
    }
  }

  const plannable = (visit: StoredVisit, what: string) => {
    if (!PLANNABLE_STATUSES.includes(visit.status)) {
      throw new VisitWriteError(422, `A visit ${labelOf(VISIT_STATUSES, visit.status).toLowerCase()} cannot be ${what}.`, { status: [`The visit is ${labelOf(VISIT_STATUSES, visit.status).toLowerCase()}: only a visit not yet started can be ${what}.`] });
    }
  };

  const plannedOf = (visit: StoredVisit, at: { date: string; planned_start: Date; planned_end: Date }, carerIds: number[]): PlannedVisit => ({
    id: visit.id,
    branch_id: visit.branch_id,
    client_id: visit.client_id,
    date: at.date,
    planned_start: at.planned_start.toISOString(),
    planned_end: at.planned_end.toISOString(),
    carers_needed: visit.carers_needed as 1 | 2,
    requires_medication: visit.requires_medication,
    carer_ids: carerIds,
  });

  /** The rules' findings for each carer the visit will have; hard ones refuse the write (422, errors.carer_id). */
  async function checkCarers(
    sources: ApiSchedulingSources,
    visit: StoredVisit,
    at: { date: string; planned_start: Date; planned_end: Date },
    carerIds: number[],
    field = 'carer_id',
    toCheck: number[] = carerIds,
  ): Promise<RuleFinding[]> {
    const findings: RuleFinding[] = [];
    for (const carerId of toCheck) {
      const found = await check(db, sources, plannedOf(visit, at, carerIds.filter((id) => id !== carerId)), carerId);
      findings.push(...found.map((finding) => ({ ...finding, carer_id: finding.carer_id ?? carerId })));
    }
    const hard = findings.filter((finding) => finding.severity === 'hard');
    if (hard.length) throw new VisitWriteError(422, 'The assignment breaks a rule.', { [field]: hard.map((finding) => finding.message) }, { findings });
    return findings.filter((finding) => finding.severity === 'soft');
  }

  /** A carer the user may see (for their name), or a 422. */
  async function carerNamed(sources: ApiSchedulingSources, carerId: number, field = 'carer_id'): Promise<string> {
    const [carer] = await sources.carers({ ids: [carerId] });
    if (!carer) throw new VisitWriteError(422, 'The given data was invalid.', { [field]: ['Choose a carer of your branches.'] });
    return carer.name;
  }

  const atOf = (visit: StoredVisit) => ({ date: visit.visit_date, planned_start: new Date(visit.planned_start), planned_end: new Date(visit.planned_end) });
  const whenOf = (visit: { date: string; start: string; end: string }) => `${ukDay(visit.date)} ${visit.start}–${visit.end}`;

  // ------------------------------------------------------------------ lists

  app.get('/visits', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const query = request.query;
    const errors: Record<string, string[]> = {};
    const conditions: (SQL | undefined)[] = [branchVisible(viewer.scope, visits.branch_id)];
    const from = queryParam(query, 'from');
    const to = queryParam(query, 'to');
    // The period, said twice: by days, and by planned starts from the first day's midnight to the midnight after the
    // last, UK time (the same visits: a visit's day is the UK day of its planned start, a check of the table). The
    // days let a filtered or sorted page read the wide (branch, day) index alone; the starts give a page in planned
    // order from visits_start_idx, and count a bare period on the narrow (branch_id, planned_start) index. Both are
    // written into the statement, so that it is kept prepared and planned for the period it reads (db/literals.ts).
    const days: SQL[] = [];
    const period: SQL[] = [];
    if (from) {
      if (isCalendarDate(from)) {
        days.push(gte(visits.visit_date, literalDay(from)));
        period.push(gte(visits.planned_start, literalInstant(new Date(londonInstant(from, '00:00')))));
      } else errors.from = ['From must be a date like 2026-11-24.'];
    }
    if (to) {
      if (isCalendarDate(to)) {
        days.push(lte(visits.visit_date, literalDay(to)));
        period.push(lt(visits.planned_start, literalInstant(new Date(londonInstant(addDays(to, 1), '00:00')))));
      } else errors.to = ['To must be a date like 2026-11-30.'];
    }
    const branchAsked = idParam(query, 'branch_id');
    for (const [name, column] of [
      ['branch_id', visits.branch_id],
      ['client_id', visits.client_id],
      ['funder_code_id', visits.funder_code_id],
      ['npc_code_id', visits.npc_code_id],
    ] as const) {
      const value = idParam(query, name);
      if (value === null) errors[name] = ['Choose one from the list.'];
      else if (value !== undefined) conditions.push(eq(column, value));
    }
    const carerId = idParam(query, 'carer_id');
    if (carerId === null) errors.carer_id = ['Choose a carer from the list.'];
    else if (carerId !== undefined) conditions.push(sql`exists (select 1 from ${visitCarers} where ${visitCarers.visit_id} = "visits"."id" and ${visitCarers.carer_id} = ${carerId})`);
    const status = queryParam(query, 'status');
    if (status) {
      const statuses = status.split(',').map((part) => part.trim());
      if (statuses.some((part) => !VISIT_STATUSES.some((choice) => choice.value === part))) errors.status = ['Choose a status from the list.'];
      else conditions.push(inArray(visits.status, statuses as VisitStatus[]));
    }
    if (queryParam(query, 'unassigned') === '1') {
      // carers_assigned is kept by the database from visit_carers; its partial index holds only the visits short of carers.
      conditions.push(inArray(visits.status, [...PLANNABLE_STATUSES]), sql`${visits.carers_assigned} < ${visits.carers_needed}`);
    }
    const needed = queryParam(query, 'carers_needed');
    if (needed === '1' || needed === '2') conditions.push(eq(visits.carers_needed, Number(needed)));
    if (queryParam(query, 'medication') === '1') conditions.push(eq(visits.requires_medication, true));
    if (Object.keys(errors).length) return sendInvalid(reply, errors);

    const search = (queryParam(query, 'search') ?? queryParam(query, 'q') ?? '').toLowerCase();
    // A search: the visits whose client or carer matches it (or whose number it is), in SQL on the published read models
    // of clients and carers of the user's branches (issue 29: reading every client and carer through their APIs to
    // filter them here took most of a search at 5,000 clients). Two ways:
    //  - a search of a few clients and no carer ("Client 00", a surname, "nw1"): those clients' visits of the period,
    //    read from the clients' index (SEARCH_CLIENTS_READ_APART); who they are is asked first (fewClientsMatching),
    //    which stops at the first carer or one client too many;
    //  - else one pass over the period's visits, testing each against the matching clients and carers found once: a
    //    carer's visits are not kept by day, and reading a broad search's clients' visits ("e": 718 clients) from
    //    their index took 25 ms against 4.4 for the pass.
    // The search is lower case, and so is what it is matched against: `lower(…) like` (ILIKE lowers both sides of
    // every row it tests: 1.7 ms against 1.0 for the 718 clients of two branches at a large agency). The pattern is
    // learnt when the statement runs (runTimeValue): planned without it, the statement is kept prepared, and that
    // plan was as quick as one made for the pattern for a name, a postcode district and a single letter.
    let findAmong: SQL[] | undefined;
    if (search) {
      const pattern = runTimeValue(`%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`);
      const byId = parseId(search);
      const theVisit = byId ? eq(visits.id, byId) : undefined;
      const fewClients = await fewClientsMatching(db, viewer.scope, pattern, SEARCH_CLIENTS_READ_APART);
      if (fewClients) findAmong = [fewClients.length ? sql`${visits.client_id} = any(${arrayParam(fewClients)})` : undefined, theVisit].filter((part): part is SQL => part !== undefined);
      else {
        conditions.push(
          or(
            sql`${visits.client_id} in (select ${clientsRead.id} from ${clientsRead} where ${clientFound(viewer.scope, pattern)})`,
            sql`exists (select 1 from ${visitCarers} where ${visitCarers.visit_id} = "visits"."id" and ${visitCarers.carer_id} in (select ${carersRead.id} from ${carersRead} where ${carerFound(viewer.scope, pattern)}))`,
            theVisit,
          ),
        );
      }
    }
    const sortKey = (VISIT_LIST_SORTS as readonly string[]).includes(queryParam(query, 'sort') ?? '') ? (queryParam(query, 'sort') as (typeof VISIT_LIST_SORTS)[number]) : 'date';
    const direction = queryParam(query, 'mode') === 'desc' ? desc : asc;
    const ORDER: Record<(typeof VISIT_LIST_SORTS)[number], SQL[]> = {
      date: [direction(visits.planned_start)],
      client: [direction(visits.client_id), asc(visits.planned_start)],
      status: [direction(visits.status), asc(visits.planned_start)],
      branch: [direction(visits.branch_id), asc(visits.planned_start)],
    };
    const paging = pagingOf(query);
    // Only the branches and the period: counted on planned starts alone (a quarter of the index pages the days read).
    const bare = conditions.length === 1 && !search;
    const where = and(...conditions, ...days, ...period);
    // A period of a few branches, no other filter, in planned order or by status: a page merged from each branch's
    // visits (of each status) read in order from an index (merged). Page 40 of two branches' week sorted its 8,000
    // visits to keep 25; merged it reads a thousand at most (the statement alone: 603 → 4,100 a second; sorted by
    // status, 530 → 10,000). In planned order, the first page is left to the planner: walking the period in planned
    // order stops after a page of these branches' visits, and costs less than building the merge.
    const pageBranches = typeof branchAsked === 'number' ? [branchAsked] : viewer.scope === 'all' ? [] : viewer.scope;
    const mergeable = from && to && conditions.length === (typeof branchAsked === 'number' ? 2 : 1) && !search && pageBranches.length > 0 && pageBranches.length <= MERGED_BRANCHES;
    const merged = !mergeable
      ? undefined
      : sortKey === 'date' && pageOffset(paging) > 0
        ? { branches: pageBranches, inPartOrder: [direction(visits.visit_date), direction(visits.planned_start), asc(visits.id)] }
        : sortKey === 'status'
          ? { branches: pageBranches, statuses: VISIT_STATUSES.map(({ value }) => value), inPartOrder: [asc(visits.visit_date), asc(visits.planned_start), asc(visits.id)] }
          : undefined;
    const { stored, total, more, names } = await loadVisitPage(db, viewer.scope, where, {
      order: [...ORDER[sortKey], asc(visits.id)],
      limit: paging.pageSize,
      offset: pageOffset(paging),
      countWhere: bare ? and(...conditions, ...period) : undefined,
      countUpTo: VISITS_COUNTED,
      findOnce: Boolean(search),
      findAmong,
      merged,
    });
    return ok({ ...pageOf(stored.map((visit) => present(visit, names)), total, paging), more });
  });

  app.get('/visits/logs', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const query = request.query;
    const errors: Record<string, string[]> = {};
    // The entry's own branch (set from its visit's by the database): a branch's entries from their index.
    const conditions: (SQL | undefined)[] = [branchVisible(viewer.scope, visitLogs.branch_id)];
    for (const [name, column] of [
      ['visit_id', visitLogs.visit_id],
      ['client_id', visits.client_id],
    ] as const) {
      const value = idParam(query, name);
      if (value === null) errors[name] = ['Choose one from the list.'];
      else if (value !== undefined) conditions.push(eq(column, value));
    }
    const carerId = idParam(query, 'carer_id');
    if (carerId === null) errors.carer_id = ['Choose a carer from the list.'];
    else if (carerId !== undefined) {
      conditions.push(
        or(
          sql`exists (select 1 from ${visitCarers} where ${visitCarers.visit_id} = ${visitLogs.visit_id} and ${visitCarers.carer_id} = ${carerId})`,
          sql`coalesce(${visitLogs.after}->'carer_ids', '[]'::jsonb) @> ${JSON.stringify([carerId])}::jsonb`,
          sql`coalesce(${visitLogs.before}->'carer_ids', '[]'::jsonb) @> ${JSON.stringify([carerId])}::jsonb`,
        ),
      );
    }
    const action = queryParam(query, 'action');
    if (action) {
      if (VISIT_LOG_ACTIONS.some((choice) => choice.value === action)) conditions.push(eq(visitLogs.action, action as (typeof VISIT_LOG_ACTIONS)[number]['value']));
      else errors.action = ['Choose an action from the list.'];
    }
    const from = queryParam(query, 'from');
    const to = queryParam(query, 'to');
    if (from) {
      if (isCalendarDate(from)) conditions.push(gte(visitLogs.at, new Date(londonInstant(from, '00:00'))));
      else errors.from = ['From must be a date like 2026-11-24.'];
    }
    if (to) {
      if (isCalendarDate(to)) conditions.push(lt(visitLogs.at, new Date(londonInstant(addDays(to, 1), '00:00'))));
      else errors.to = ['To must be a date like 2026-11-30.'];
    }
    if (Object.keys(errors).length) return sendInvalid(reply, errors);
    const paging = pagingOf(query);
    const where = and(...conditions);
    // Counted up to LOGS_COUNTED (issue 29: every change of 700,000 visits is a row here; counting them all took
    // longer than the page). Beyond it the answer says `total` LOGS_COUNTED and `more: true`.
    // Joined to the visits only when a filter is on their columns (a client).
    const logsAsked = idParam(query, 'client_id') === undefined ? db.select({ one: sql`1` }).from(visitLogs).$dynamic() : db.select({ one: sql`1` }).from(visitLogs).innerJoin(visits, eq(visits.id, visitLogs.visit_id)).$dynamic();
    const counting = db.select({ total: sql<number>`count(*)::int` }).from(logsAsked.where(where).limit(LOGS_COUNTED + 1).as('counted'));
    // The page, its count and its clients' names in one statement (each statement a request sends costs about as
    // much again as its work under load); a page past the end counts on its own.
    const rows = await db
      .select({ ...logColumns(), client_name: logClientName(viewer.scope), total: sql<number>`(${counting})` })
      .from(visitLogs)
      .innerJoin(visits, eq(visits.id, visitLogs.visit_id))
      .leftJoin(users, eq(users.id, visitLogs.user_id))
      .where(where)
      .orderBy(desc(visitLogs.at), desc(visitLogs.id))
      .limit(paging.pageSize)
      .offset(pageOffset(paging));
    const total = rows[0]?.total ?? (await counting)[0]?.total ?? 0;
    return ok({ ...pageOf(await presentLogs(db, viewer.scope, rows), Math.min(total, LOGS_COUNTED), paging), more: total > LOGS_COUNTED });
  });

  app.get('/visits/backoffice', CORRECT, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const query = request.query;
    // Now, learnt by PostgreSQL when it runs the statement: it only says how far back the partial index is read, so
    // the statement is kept prepared and planned once (planning was about half its cost; db/literals.ts).
    const now = runTimeValue(clock.now());
    const issueSql = sql<BackofficeIssue | null>`case
      when ${visits.status} = 'missed' then 'missed'
      when ${visits.status} = 'in-progress' and ${visits.planned_end} < ${now} then 'overrun'
      when ${visits.status} = 'completed' and (${visits.actual_start} is null or ${visits.actual_end} is null) then 'no-actuals'
      when ${visits.status} = 'cancelled' and ${visits.cancel_reason} is null then 'no-reason'
      when ${visits.status} in ('unassigned', 'assigned') and ${visits.planned_end} < ${now} then 'not-started'
      else null end`;
    // The visits that may need the office, as visits_office_idx holds them (../tables.ts), and of those the ones
    // that do (an issue above): missed, done without actual times, cancelled without a reason, or not done by their
    // planned end. Said so (not as the issue's CASE), PostgreSQL counts and pages them from that index alone.
    const mayNeedOffice = sql`(${visits.status} in ('missed', 'in-progress', 'unassigned', 'assigned') or (${visits.status} = 'completed' and (${visits.actual_start} is null or ${visits.actual_end} is null)) or (${visits.status} = 'cancelled' and ${visits.cancel_reason} is null))`;
    const needsOffice = sql`(${visits.status} in ('missed', 'completed', 'cancelled') or ${visits.planned_end} < ${now})`;
    const conditions: (SQL | undefined)[] = [branchVisible(viewer.scope, visits.branch_id), lt(visits.planned_start, now), mayNeedOffice, needsOffice];
    const errors: Record<string, string[]> = {};
    const branchId = idParam(query, 'branch_id');
    if (branchId === null) errors.branch_id = ['Choose a branch.'];
    else if (branchId !== undefined) conditions.push(eq(visits.branch_id, branchId));
    const issue = queryParam(query, 'issue');
    if (issue) {
      if (BACKOFFICE_ISSUES.some((choice) => choice.value === issue)) conditions.push(sql`(${issueSql}) = ${issue}`);
      else errors.issue = ['Choose what needs the office from the list.'];
    }
    const from = queryParam(query, 'from');
    const to = queryParam(query, 'to');
    if (from && !isCalendarDate(from)) errors.from = ['From must be a date like 2026-11-01.'];
    else if (from) conditions.push(gte(visits.visit_date, from));
    if (to && !isCalendarDate(to)) errors.to = ['To must be a date like 2026-11-24.'];
    else if (to) conditions.push(lte(visits.visit_date, to));
    if (Object.keys(errors).length) return sendInvalid(reply, errors);
    const paging = pagingOf(query);
    const where = and(...conditions);
    const { stored, total, more, names } = await loadVisitPage(db, viewer.scope, where, {
      order: [desc(visits.planned_start), asc(visits.id)],
      limit: paging.pageSize,
      offset: pageOffset(paging),
      countUpTo: BACKOFFICE_COUNTED,
    });
    const rows = stored.map((visit) => present(visit, names));
    const issueOf = (visit: StoredVisit): BackofficeIssue => {
      if (visit.status === 'missed') return 'missed';
      if (visit.status === 'in-progress') return 'overrun';
      if (visit.status === 'completed') return 'no-actuals';
      if (visit.status === 'cancelled') return 'no-reason';
      return 'not-started';
    };
    const answer: BackofficeRow[] = rows.map((row, index) => {
      const value = issueOf(stored[index]!);
      return { ...row, issue: value, issue_label: labelOf(BACKOFFICE_ISSUES, value) };
    });
    return ok({ ...pageOf(answer, total, paging), more });
  });

  app.get('/visits/:id', VIEW, async (request, reply) => {
    const found = await target(request, reply);
    if (!found) return reply;
    const [row] = await presentAll(db, sourcesOf(request), [found.visit]);
    return ok(row);
  });

  app.get('/visits/:id/logs', VIEW, async (request, reply) => {
    const found = await target(request, reply);
    if (!found) return reply;
    const rows = await db
      .select(logColumns())
      .from(visitLogs)
      .innerJoin(visits, eq(visits.id, visitLogs.visit_id))
      .leftJoin(users, eq(users.id, visitLogs.user_id))
      .where(eq(visitLogs.visit_id, found.visit.id))
      .orderBy(desc(visitLogs.at), desc(visitLogs.id));
    return ok(await presentLogs(db, found.viewer.scope, rows));
  });

  // ------------------------------------------------------------------ adding and editing

  /** The client of a typed visit when the user may plan for them (else field errors). */
  async function clientFor(sources: ApiSchedulingSources, clientId: number) {
    const [client] = await sources.clientBasics({ ids: [clientId] });
    if (!client) return { errors: { client_id: ['Choose a client of your branches.'] } };
    if (client.status === 'ended' || client.status === 'deceased') return { errors: { client_id: [`${client.name}'s care has ended: no visits can be planned.`] } };
    return { client };
  }

  app.post('/visits', EDIT, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const values = await parsed(reply, VisitSchema, request.body);
    if (!values) return reply;
    const sources = sourcesOf(request);
    const { client, errors } = await clientFor(sources, values.client_id);
    const codes = await codeErrors(db, values.funder_code_id, values.npc_code_id);
    if (!client || Object.keys(codes).length) return sendInvalid(reply, { ...errors, ...codes });
    const stored = await insertVisit(
      db,
      {
        branch_id: client.branch_id,
        client_id: client.id,
        visit_date: values.date,
        ...plannedInstants(values.date, values.start_time, values.end_time),
        carers_needed: values.carers_needed,
        source: 'manual',
        tasks: values.tasks,
        requires_medication: requiresMedication(values.tasks),
        funder_code_id: values.funder_code_id,
        npc_code_id: values.npc_code_id,
        notes: values.notes,
        locked: true,
      },
      { action: 'created', summary: `Added by hand for ${client.name}, ${whenOf({ date: values.date, start: values.start_time, end: values.end_time })}` },
      writeContext(request, viewer),
    );
    await announce(stored, viewer);
    const [row] = await presentAll(db, sources, [stored]);
    return reply.code(201).send(ok(row, 'Visit added.'));
  });

  app.put('/visits/:id', EDIT, async (request, reply) => {
    const found = await unbilledTarget(request, reply);
    if (!found) return reply;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const { version: rawVersion, ...rest } = typeof body === 'object' && !Array.isArray(body) ? body : {};
    const versionResult = v.safeParse(VersionSchema, rawVersion);
    const valuesResult = v.safeParse(VisitSchema, rest);
    if (!versionResult.success || !valuesResult.success) {
      return sendInvalid(reply, { ...(valuesResult.success ? {} : fieldErrorsOf(valuesResult.issues)), ...(versionResult.success ? {} : { version: ['Send the visit’s version.'] }) });
    }
    const values = valuesResult.output;
    const { visit } = found;
    const sources = sourcesOf(request);
    const sent = { date: values.date, start_time: values.start_time, end_time: values.end_time, carers_needed: values.carers_needed, funder_code_id: values.funder_code_id, npc_code_id: values.npc_code_id, tasks: values.tasks, notes: values.notes };
    return write(
      request,
      reply,
      found,
      versionResult.output,
      async () => {
        plannable(visit, 'edited');
        if (values.client_id !== visit.client_id) throw new VisitWriteError(422, 'The given data was invalid.', { client_id: ['A visit’s client cannot change: cancel it and add one for the other client.'] });
        if (values.carers_needed < visit.carers.length) throw new VisitWriteError(422, 'The given data was invalid.', { carers_needed: ['The visit has two carers: take one off before making it a single-carer visit.'] });
        const codes = await codeErrors(db, values.funder_code_id, values.npc_code_id);
        if (Object.keys(codes).length) throw new VisitWriteError(422, 'The given data was invalid.', codes);
        const instants = plannedInstants(values.date, values.start_time, values.end_time);
        const timeChanged = instants.planned_start.getTime() !== new Date(visit.planned_start).getTime() || instants.planned_end.getTime() !== new Date(visit.planned_end).getTime();
        const medication = requiresMedication(values.tasks);
        const warnings =
          (timeChanged || medication !== visit.requires_medication) && visit.carers.length
            ? await checkCarers(sources, { ...visit, requires_medication: medication }, { date: values.date, ...instants }, visit.carers.map((carer) => carer.carer_id), 'start_time')
            : [];
        return {
          set: {
            visit_date: values.date,
            ...instants,
            carers_needed: values.carers_needed,
            tasks: values.tasks,
            requires_medication: medication,
            funder_code_id: values.funder_code_id,
            npc_code_id: values.npc_code_id,
            notes: values.notes,
            locked: true,
          },
          action: 'edited',
          summary: `Edited: ${whenOf({ date: values.date, start: values.start_time, end: values.end_time })}`,
          warnings,
        };
      },
      sent,
    );
  });

  app.post('/visits/:id/cancel', EDIT, async (request, reply) => {
    const found = await unbilledTarget(request, reply);
    if (!found) return reply;
    const values = await parsed(reply, CancelVisitSchema, request.body);
    if (!values) return reply;
    return write(request, reply, found, values.version, async () => {
      plannable(found.visit, 'cancelled');
      return {
        set: { status: 'cancelled', cancel_reason: values.reason, cancel_detail: values.detail, cancel_chargeable: values.chargeable, cancelled_at: clock.now(), locked: true },
        carers: [],
        action: 'cancelled',
        summary: `Cancelled: ${labelOf(CANCEL_REASONS, values.reason)}${values.chargeable ? ' (still charged)' : ''}`,
        reason: values.detail,
      };
    });
  });

  app.post('/visits/:id/reinstate', EDIT, async (request, reply) => {
    const found = await unbilledTarget(request, reply);
    if (!found) return reply;
    const values = await parsed(reply, ReinstateSchema, request.body);
    if (!values) return reply;
    return write(request, reply, found, values.version, async () => {
      if (found.visit.status !== 'cancelled') throw new VisitWriteError(422, 'Only a cancelled visit can be reinstated.', { status: ['Only a cancelled visit can be reinstated.'] });
      return {
        set: { status: 'unassigned', cancel_reason: null, cancel_detail: '', cancel_chargeable: false, cancelled_at: null },
        carers: [],
        action: 'reinstated',
        summary: 'Reinstated: it needs its carers again',
      };
    });
  });

  // ------------------------------------------------------------------ carers on a visit

  app.post('/visits/:id/assign', PLAN, async (request, reply) => {
    const found = await target(request, reply);
    if (!found) return reply;
    const values = await parsed(reply, AssignSchema, request.body);
    if (!values) return reply;
    const { visit } = found;
    const sources = sourcesOf(request);
    return write(request, reply, found, values.version, async () => {
      plannable(visit, 'assigned');
      const name = await carerNamed(sources, values.carer_id);
      if (visit.carers.some((carer) => carer.carer_id === values.carer_id)) throw new VisitWriteError(422, 'The given data was invalid.', { carer_id: [`${name} is already on this visit.`] });
      let position = values.position;
      if (position !== null && position > visit.carers_needed) throw new VisitWriteError(422, 'The given data was invalid.', { position: ['This visit needs one carer: there is no second place.'] });
      if (position === null) {
        const taken = new Set(visit.carers.map((carer) => carer.position));
        position = ([1, 2] as const).find((place) => place <= visit.carers_needed && !taken.has(place)) ?? null;
        if (position === null) throw new VisitWriteError(422, 'The given data was invalid.', { carer_id: ['This visit has all its carers: take one off first, or move it to this carer.'] });
      }
      const replaced = visit.carers.find((carer) => carer.position === position);
      const carers: StoredCarer[] = [...visit.carers.filter((carer) => carer.position !== position), { carer_id: values.carer_id, position }];
      // The carers already on the visit were checked when they were put on it: the newcomer is checked beside them.
      const warnings = await checkCarers(sources, visit, atOf(visit), carers.map((carer) => carer.carer_id), 'carer_id', [values.carer_id]);
      return {
        carers,
        action: 'assigned',
        summary: `${name} assigned${replaced ? ` in place of carer #${replaced.carer_id}` : ''}${visit.carers_needed === 2 ? ` (carer ${position} of 2)` : ''}`,
        warnings,
      };
    });
  });

  app.post('/visits/:id/unassign', PLAN, async (request, reply) => {
    const found = await target(request, reply);
    if (!found) return reply;
    const values = await parsed(reply, UnassignSchema, request.body);
    if (!values) return reply;
    const { visit } = found;
    const sources = sourcesOf(request);
    return write(request, reply, found, values.version, async () => {
      plannable(visit, 'changed');
      if (!visit.carers.some((carer) => carer.carer_id === values.carer_id)) throw new VisitWriteError(422, 'The given data was invalid.', { carer_id: ['This carer is not on the visit.'] });
      const [named] = await sources.carers({ ids: [values.carer_id] });
      const carers = visit.carers
        .filter((carer) => carer.carer_id !== values.carer_id)
        .sort((a, b) => a.position - b.position)
        .map((carer, index) => ({ carer_id: carer.carer_id, position: (index + 1) as 1 | 2 }));
      return { carers, action: 'unassigned', summary: `${named?.name ?? `Carer #${values.carer_id}`} taken off` };
    });
  });

  app.post('/visits/:id/move', PLAN, async (request, reply) => {
    const found = await target(request, reply);
    if (!found) return reply;
    const values = await parsed(reply, MoveSchema, request.body);
    if (!values) return reply;
    const { visit } = found;
    const sources = sourcesOf(request);
    return write(request, reply, found, values.version, async () => {
      plannable(visit, 'moved');
      const current = { date: visit.visit_date, ...wallTimes(visit) };
      const date = values.date ?? current.date;
      const start = values.start_time ?? current.start;
      const end = values.end_time ?? current.end;
      const instants = plannedInstants(date, start, end);
      let carers = [...visit.carers];
      const parts: string[] = [];
      if (values.from_carer_id !== null) {
        const leaving = carers.find((carer) => carer.carer_id === values.from_carer_id);
        if (!leaving) throw new VisitWriteError(422, 'The given data was invalid.', { from_carer_id: ['This carer is not on the visit.'] });
        if (values.to_carer_id === null) throw new VisitWriteError(422, 'The given data was invalid.', { to_carer_id: ['Choose the carer it moves to (or take the carer off instead).'] });
        if (carers.some((carer) => carer.carer_id === values.to_carer_id)) throw new VisitWriteError(422, 'The given data was invalid.', { to_carer_id: ['This carer is already on the visit.'] });
        const [fromName, toName] = await Promise.all([sources.carers({ ids: [values.from_carer_id] }).then((rows) => rows[0]?.name ?? `Carer #${values.from_carer_id}`), carerNamed(sources, values.to_carer_id, 'to_carer_id')]);
        carers = carers.map((carer) => (carer.carer_id === values.from_carer_id ? { carer_id: values.to_carer_id!, position: carer.position } : carer));
        parts.push(`from ${fromName} to ${toName}`);
      } else if (values.to_carer_id !== null) {
        if (carers.some((carer) => carer.carer_id === values.to_carer_id)) throw new VisitWriteError(422, 'The given data was invalid.', { to_carer_id: ['This carer is already on the visit.'] });
        const taken = new Set(carers.map((carer) => carer.position));
        const free = ([1, 2] as const).find((place) => place <= visit.carers_needed && !taken.has(place));
        if (!free) throw new VisitWriteError(422, 'The given data was invalid.', { from_carer_id: ['Say which carer it moves from: the visit has all its carers.'] });
        const toName = await carerNamed(sources, values.to_carer_id, 'to_carer_id');
        carers.push({ carer_id: values.to_carer_id, position: free });
        parts.push(`to ${toName}`);
      }
      const timeChanged = date !== current.date || start !== current.start || end !== current.end;
      if (timeChanged) parts.unshift(`to ${whenOf({ date, start, end })}`);
      if (!parts.length) throw new VisitWriteError(422, 'The given data was invalid.', { start_time: ['Give a new time or another carer.'] });
      const field = values.to_carer_id !== null ? 'to_carer_id' : 'carer_id';
      const warnings = carers.length ? await checkCarers(sources, visit, { date, ...instants }, carers.map((carer) => carer.carer_id), field) : [];
      return {
        set: timeChanged ? { visit_date: date, ...instants, locked: true } : { locked: true },
        carers,
        action: 'moved',
        summary: `Moved ${parts.join(', ')}`,
        warnings,
      };
    });
  });

  app.post('/visits/:id/check', PLAN_VIEW, async (request, reply) => {
    const found = await target(request, reply);
    if (!found) return reply;
    const values = await parsed(reply, CheckSchema, request.body);
    if (!values) return reply;
    const { visit } = found;
    const current = { date: visit.visit_date, ...wallTimes(visit) };
    const date = values.date ?? current.date;
    const at = { date, ...plannedInstants(date, values.start_time ?? current.start, values.end_time ?? current.end) };
    const others = visit.carers.map((carer) => carer.carer_id).filter((id) => id !== values.carer_id);
    const findings = await check(db, sourcesOf(request), plannedOf(visit, at, others), values.carer_id);
    return ok(findings.map((finding) => ({ ...finding, carer_id: finding.carer_id ?? values.carer_id })));
  });

  // ------------------------------------------------------------------ the office's corrections

  app.post('/visits/:id/correct', CORRECT, async (request, reply) => {
    const found = await unbilledTarget(request, reply);
    if (!found) return reply;
    const values = await parsed(reply, CorrectSchema, request.body);
    if (!values) return reply;
    const { visit } = found;
    return write(request, reply, found, values.version, async () => {
      if (new Date(visit.planned_start).getTime() > clock.nowMs()) throw new VisitWriteError(422, 'Only a visit that has started or is past can be corrected here.', { status: ['The visit has not started yet: edit it on the rota instead.'] });
      const errors: Record<string, string[]> = {};
      const set: VisitChange['set'] = {};
      if (values.status) set.status = values.status;
      if (values.actual_start) set.actual_start = new Date(londonInstant(visit.visit_date, values.actual_start));
      if (values.actual_start || values.actual_end) {
        // The visit as corrected: its start (the planned one when it never started), and its end, on the start's day
        // or, when the request says it finished after midnight, the next day. An end at or before the start and a
        // visit over 12 hours not confirmed are refused (README, "Correcting a visit's actual times").
        const start = set.actual_start ?? new Date(visit.actual_start ?? visit.planned_start);
        if (values.actual_end) {
          const day = wallClock(start).date;
          set.actual_end = new Date(londonInstant(values.overnight ? addDays(day, 1) : day, values.actual_end));
        }
        const end = set.actual_end ?? (visit.actual_end ? new Date(visit.actual_end) : null);
        const minutes = end ? Math.round((end.getTime() - start.getTime()) / 60_000) : null;
        if (minutes !== null && minutes <= 0) errors.actual_end = [CORRECTION_MESSAGES.endBeforeStart];
        else if (minutes !== null && values.overnight && minutes > 24 * 60) errors.overnight = [CORRECTION_MESSAGES.overnightSameDay];
        else if (minutes !== null && minutes > LONG_VISIT_MINUTES && !values.confirm_long) Object.assign(errors, { actual_end: [CORRECTION_MESSAGES.long(minutes)], confirm_long: [CORRECTION_MESSAGES.confirmLong] });
      }
      const funder = values.funder_code_id === undefined ? undefined : values.funder_code_id === '' || values.funder_code_id === null ? null : Number(values.funder_code_id);
      const npc = values.npc_code_id === undefined ? undefined : values.npc_code_id === '' || values.npc_code_id === null ? null : Number(values.npc_code_id);
      Object.assign(errors, await codeErrors(db, funder, npc));
      if (funder !== undefined) set.funder_code_id = funder;
      if (npc !== undefined) set.npc_code_id = npc;
      const status = values.status ?? visit.status;
      if (status === 'cancelled' && !visit.cancel_reason) Object.assign(set, { cancel_reason: 'other', cancel_detail: values.detail || values.reason, cancelled_at: visit.cancelled_at ?? clock.now() });
      if (Object.keys(errors).length) throw new VisitWriteError(422, 'The given data was invalid.', errors);
      if (!Object.keys(set).length) throw new VisitWriteError(422, 'The given data was invalid.', { status: ['Change the status, the actual times or a code.'] });
      return { set, action: 'corrected', summary: `Corrected by the office: ${values.reason}`, reason: values.reason };
    });
  });

  // ------------------------------------------------------------------ timelines

  // A branch's timeline and the global schedule are read by every planner of the branch, again whenever a visit
  // changes: worked out once for those who would get the same answer, until the next write (issue 29).
  const sharedTimelines = sharedAnswers(db);

  const dateOf = (query: unknown): string | null => {
    const raw = queryParam(query, 'date');
    if (!raw) return londonDate();
    return isCalendarDate(raw) ? raw : null;
  };

  app.get('/scheduler/timeline', PLAN_VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const view = (queryParam(request.query, 'view') || 'today') as TimelineView;
    const date = dateOf(request.query);
    const branchId = idParam(request.query, 'branch_id');
    const errors: Record<string, string[]> = {};
    if (!TIMELINE_VIEWS.includes(view)) errors.view = ['Choose today, week or month.'];
    if (!date) errors.date = ['Date must be a date like 2026-11-24.'];
    if (branchId === null) errors.branch_id = ['Choose a branch.'];
    if (Object.keys(errors).length) return sendInvalid(reply, errors);
    const json = await sharedTimelines.answer(viewer.user, `timeline ${view} ${date} ${branchId ?? ''}`, () => carerTimeline(db, sourcesOf(request), viewer.scope, { view, date: date!, branchId: branchId ?? null }));
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.get('/scheduler/client-timeline', PLAN_VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const view = (queryParam(request.query, 'view') || 'week') as ClientTimelineView;
    const date = dateOf(request.query);
    const branchId = idParam(request.query, 'branch_id');
    const clientId = idParam(request.query, 'client_id');
    const errors: Record<string, string[]> = {};
    if (!CLIENT_TIMELINE_VIEWS.includes(view)) errors.view = ['Choose today, week, bi-weekly or month.'];
    if (!date) errors.date = ['Date must be a date like 2026-11-24.'];
    if (branchId === null) errors.branch_id = ['Choose a branch.'];
    if (clientId === null) errors.client_id = ['Choose a client.'];
    if (Object.keys(errors).length) return sendInvalid(reply, errors);
    return ok(await clientTimeline(db, sourcesOf(request), viewer.scope, { view, date: date!, branchId: branchId ?? null, clientId: clientId ?? null }));
  });

  app.get('/scheduler/global-schedule', PLAN_VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const view = queryParam(request.query, 'view') || 'week';
    const date = dateOf(request.query);
    const errors: Record<string, string[]> = {};
    if (view !== 'today' && view !== 'week') errors.view = ['Choose today or week.'];
    if (!date) errors.date = ['Date must be a date like 2026-11-24.'];
    if (Object.keys(errors).length) return sendInvalid(reply, errors);
    const json = await sharedTimelines.answer(viewer.user, `global ${view} ${date}`, () => globalSchedule(db, viewer.scope, { view: view as 'today' | 'week', date: date! }));
    return reply.type('application/json; charset=utf-8').send(json);
  });

}

/** A stored visit's planned wall-clock start and end. */
function wallTimes(visit: StoredVisit): { start: string; end: string } {
  return { start: wallClock(visit.planned_start).time, end: wallClock(visit.planned_end).time };
}
