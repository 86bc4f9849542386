import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { londonInstant, londonOffsetMinutes } from '@hcm/contract/engine';
import { branches, users } from '@hcm/server/schema';
import { branchVisible, isAnyOf, literalCount, literalIds, recordAudit, type AuditActor, type BranchScope, type Database, type Transaction, type Viewer } from '@hcm/server/platform';
import { can } from '@hcm/contract';
import { PLANNABLE_STATUSES, VISIT_STATUSES, type RuleFinding, type VisitCarer, type VisitLogAction, type VisitLogRow, type VisitRow, type VisitStatus, type VisitTask, type UkTimeOfDay } from '../../contract/visits.js';
import type { ApiSchedulingSources, ClientBasics } from '../sources/api-sources.js';
import { visitAttention, visitCarers, visitLogs, visits } from '../tables.js';
import { carersRead, clientsRead, funderCodesRead, npcCodesRead } from '../read-models.js';
import { addDays, clock } from '@hcm/contract/time';
import { publishVisitChanges } from './events.js';
import { attentionOf, clearAttention } from './attention.js';
import type { VisitAttention } from '../../contract/attention.js';

// The visits' reads and writes shared by the routes, the timelines and other parts of the area: a stored visit
// and its carers, presented as the API's VisitRow (names read through the other areas' APIs), and one guarded
// write (version checked, a log entry with what changed, an audit entry) used by every change.

export type Db = Database | Transaction;
export type StoredCarer = { carer_id: number; position: 1 | 2 };
export type StoredVisit = typeof visits.$inferSelect & { carers: StoredCarer[] };

/** The audited record type of visits (record_id: the visit). */
export const VISITS_AUDIT = 'visits';

// ---- Wall-clock times (Europe/London), cached per UTC hour (the offset only changes on an hour).

const offsets = new Map<number, number>();
function offsetAt(at: Date): number {
  const hour = Math.floor(at.getTime() / 3_600_000);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    offset = londonOffsetMinutes(at);
    offsets.set(hour, offset);
  }
  return offset;
}

/** The UK day and wall-clock time of an instant. */
export function wallClock(at: Date | string): { date: string; time: string } {
  const instant = typeof at === 'string' ? new Date(at) : at;
  const shifted = new Date(instant.getTime() + offsetAt(instant) * 60_000).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}

/** Minutes after midnight of an instant (epoch ms) on the UK wall clock, without making a string. */
export function wallMinutes(at: number): number {
  const local = Math.floor(at / 60_000) + offsetAt(new Date(at));
  return ((local % 1440) + 1440) % 1440;
}

/** The UK calendar's day arithmetic, from the one date module. */
export { addDays };

/** The instants of a planned day's start and end wall-clock times (an end at or before the start is the next day). */
export function plannedInstants(date: string, start: string, end: string): { planned_start: Date; planned_end: Date } {
  const endDay = end > start ? date : addDays(date, 1);
  return { planned_start: new Date(londonInstant(date, start)), planned_end: new Date(londonInstant(endDay, end)) };
}

export const requiresMedication = (tasks: readonly VisitTask[]) => tasks.some((task) => task.kind === 'medication');

/** Status follows carers while a visit is still planned: assigned when it has all the carers it needs. */
export function statusFor(current: VisitStatus, carersNeeded: number, carerCount: number): VisitStatus {
  if (!PLANNABLE_STATUSES.includes(current)) return current;
  return carerCount >= carersNeeded ? 'assigned' : 'unassigned';
}

// ---- Reading.

/**
 * Visits matching `where`, with their carers (ordered by planned start unless said). Each visit comes back as one
 * JSON value (row_to_json), and the carers of the whole set as one more: on PGlite that is several times faster than decoding
 * every column of thousands of rows (a week's timeline of 200 carers reads about 9,000 visits).
 */
export async function loadVisits(db: Db, where: SQL | undefined, options: { order?: SQL[]; limit?: number; offset?: number } = {}): Promise<StoredVisit[]> {
  const order = options.order ?? [asc(visits.planned_start), asc(visits.id)];
  let chosen = where;
  if (options.limit !== undefined) {
    // A page (issue 29): its ids first, chosen and ordered on the columns the indexes hold, then the whole rows of
    // those ids only. Asked in one statement, PostgreSQL builds every matching row's JSON (its tasks...) before
    // sorting them to keep 25: thousands in a week of a large agency.
    let page = db.select({ id: visits.id }).from(visits).where(where).orderBy(...order).limit(options.limit).$dynamic();
    if (options.offset) page = page.offset(options.offset);
    chosen = inArray(visits.id, page);
  }
  // A page brings its visits' carers in the same statement (one round trip fewer a list request).
  const paged = options.limit !== undefined;
  const rows = await db
    .select({
      row: sql<string>`row_to_json("visits")::text`,
      carers: paged
        ? sql<string | null>`(select json_agg(json_build_array(${visitCarers.carer_id}, ${visitCarers.position}) order by ${visitCarers.position})::text from ${visitCarers} where ${visitCarers.visit_id} = ${visits.id})`
        : sql<null>`null`,
    })
    .from(visits)
    .where(chosen)
    .orderBy(...order);
  if (!rows.length) return [];
  const stored = rows.map(({ row, carers }) => storedOf(row, carers));
  if (paged) return stored;
  // A few visits: their carers by id; a whole period: the carers of every visit matching `where`, in one value.
  const carers = stored.length <= 200 ? await carersOf(db, stored.map((visit) => visit.id)) : await carersWhere(db, where);
  for (const visit of stored) visit.carers = carers.get(visit.id) ?? [];
  return stored;
}

/** A visit read as one JSON value (row_to_json), with its carers as JSON [carer_id, position] pairs if read. */
function storedOf(row: string, carers: string | null): StoredVisit {
  const visit = JSON.parse(row) as Record<string, unknown>;
  const at = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
  return {
    ...(visit as unknown as StoredVisit),
    planned_start: at(visit.planned_start)!,
    planned_end: at(visit.planned_end)!,
    cancelled_at: at(visit.cancelled_at),
    actual_start: at(visit.actual_start),
    actual_end: at(visit.actual_end),
    created_at: at(visit.created_at)!,
    updated_at: at(visit.updated_at)!,
    carers: carers ? (JSON.parse(carers) as [number, 1 | 2][]).map(([carer_id, position]) => ({ carer_id, position })) : ([] as StoredCarer[]),
  };
}

/** The carers of every visit matching `where` (a condition on visits), by visit. */
async function carersWhere(db: Db, where: SQL | undefined): Promise<Map<number, StoredCarer[]>> {
  const [answer] = await db
    .select({ rows: sql<string | null>`json_agg(json_build_array(${visitCarers.visit_id}, ${visitCarers.carer_id}, ${visitCarers.position}) order by ${visitCarers.visit_id}, ${visitCarers.position})::text` })
    .from(visitCarers)
    .innerJoin(visits, eq(visits.id, visitCarers.visit_id))
    .where(where);
  const byVisit = new Map<number, StoredCarer[]>();
  for (const [visitId, carerId, position] of JSON.parse(answer?.rows ?? '[]') as [number, number, 1 | 2][]) {
    const list = byVisit.get(visitId) ?? [];
    list.push({ carer_id: carerId, position });
    byVisit.set(visitId, list);
  }
  return byVisit;
}

export async function carersOf(db: Db, visitIds: readonly number[]): Promise<Map<number, StoredCarer[]>> {
  const byVisit = new Map<number, StoredCarer[]>();
  for (let start = 0; start < visitIds.length; start += 5000) {
    const page = visitIds.slice(start, start + 5000);
    const rows = await db
      .select({ visit_id: visitCarers.visit_id, carer_id: visitCarers.carer_id, position: visitCarers.position })
      .from(visitCarers)
      .where(inArray(visitCarers.visit_id, [...page]))
      .orderBy(asc(visitCarers.visit_id), asc(visitCarers.position));
    for (const row of rows) {
      const list = byVisit.get(row.visit_id) ?? [];
      list.push({ carer_id: row.carer_id, position: row.position as 1 | 2 });
      byVisit.set(row.visit_id, list);
    }
  }
  return byVisit;
}

/** One visit the scope may see, or null. */
export async function findVisit(db: Db, scope: BranchScope, id: number): Promise<StoredVisit | null> {
  if (!Number.isSafeInteger(id)) return null;
  const [found] = await loadVisits(db, and(eq(visits.id, id), branchVisible(scope, visits.branch_id)));
  return found ?? null;
}

/** What a VisitRow names besides the visit itself: clients, carers, branches, codes. */
export type Names = {
  clients: Map<number, ClientBasics>;
  carers: Map<number, string>;
  branches: Map<number, string>;
  funders: Map<number, string>;
  npcs: Map<number, string>;
  /** The visits that need a planner, and why (./attention.ts). */
  attention: Map<number, VisitAttention>;
};

export async function namesFor(db: Db, sources: ApiSchedulingSources, stored: readonly StoredVisit[], known: Partial<Names> = {}): Promise<Names> {
  const clientIds = [...new Set(stored.map((visit) => visit.client_id))].filter((id) => !known.clients?.has(id));
  const carerIds = [...new Set(stored.flatMap((visit) => visit.carers.map((carer) => carer.carer_id)))].filter((id) => !known.carers?.has(id));
  const funderIds = [...new Set(stored.map((visit) => visit.funder_code_id).filter((id): id is number => id !== null))];
  const npcIds = [...new Set(stored.map((visit) => visit.npc_code_id).filter((id): id is number => id !== null))];
  const [clients, carers, branchRows, funders, npcs, attention] = await Promise.all([
    clientIds.length ? sources.clientBasics({ ids: clientIds }) : [],
    carerIds.length ? sources.carers({ ids: carerIds }) : [],
    known.branches ? [] : db.select({ id: branches.id, name: branches.name }).from(branches),
    funderIds.length ? db.select({ id: funderCodesRead.id, code: funderCodesRead.code }).from(funderCodesRead).where(inArray(funderCodesRead.id, funderIds)) : [],
    npcIds.length ? db.select({ id: npcCodesRead.id, code: npcCodesRead.code }).from(npcCodesRead).where(inArray(npcCodesRead.id, npcIds)) : [],
    known.attention ?? attentionOf(db, stored.map((visit) => visit.id)),
  ]);
  return {
    clients: new Map([...(known.clients ?? []), ...clients.map((client) => [client.id, client] as const)]),
    carers: new Map([...(known.carers ?? []), ...carers.map((carer) => [carer.id, carer.name] as const)]),
    branches: known.branches ?? new Map(branchRows.map((row) => [row.id, row.name])),
    funders: new Map(funders.map((row) => [row.id, row.code])),
    npcs: new Map(npcs.map((row) => [row.id, row.code])),
    attention,
  };
}

type NameRow = { kind: string; id: number | string; name: string; extra: string | null; branch_id: number | null; status: string | null };

/**
 * What a page of visits names, as rows of one query (issue 29: a list's page asked care-records' and workforce's APIs
 * and four tables before): clients and carers from their owners' published read models under the same rule as their
 * APIs (the viewer's branches, not removed; another is named by id), branches, codes and attention flags. Each id list
 * is SQL for `in (…)` (loadVisitPage: subqueries of the page).
 */
function namesQuery(scope: BranchScope, of: Record<'clients' | 'carers' | 'branches' | 'funders' | 'npcs' | 'visits', SQL>): SQL {
  const visible = (column: typeof clientsRead.branch_id | typeof carersRead.branch_id) => branchVisible(scope, column) ?? sql`true`;
  return sql`
      select 'client' as kind, ${clientsRead.id} as id, ${clientsRead.first_name} || ' ' || ${clientsRead.last_name} as name, ${clientsRead.postcode} as extra, ${clientsRead.branch_id} as branch_id, ${clientsRead.status} as status
        from ${clientsRead} where ${clientsRead.id} in (${of.clients}) and ${clientsRead.deleted_at} is null and ${visible(clientsRead.branch_id)}
      union all
      select 'carer', ${carersRead.id}, ${carersRead.first_name} || ' ' || ${carersRead.last_name}, '', ${carersRead.branch_id}, ${carersRead.status}
        from ${carersRead} where ${carersRead.id} in (${of.carers}) and ${carersRead.deleted_at} is null and ${visible(carersRead.branch_id)}
      union all
      select 'branch', ${branches.id}, ${branches.name}, '', null, null from ${branches} where ${branches.id} in (${of.branches})
      union all
      select 'funder', ${funderCodesRead.id}, ${funderCodesRead.code}, '', null, null from ${funderCodesRead} where ${funderCodesRead.id} in (${of.funders})
      union all
      select 'npc', ${npcCodesRead.id}, ${npcCodesRead.code}, '', null, null from ${npcCodesRead} where ${npcCodesRead.id} in (${of.npcs})
      union all
      select 'attention', ${visitAttention.visit_id}, ${visitAttention.reason}, ${visitAttention.kind}, null, to_char(${visitAttention.since} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        from ${visitAttention} where ${visitAttention.visit_id} in (${of.visits})`;
}

function namesFromRows(rows: readonly NameRow[]): Names {
  const names: Names = { clients: new Map(), carers: new Map(), branches: new Map(), funders: new Map(), npcs: new Map(), attention: new Map() };
  for (const row of rows) {
    const id = Number(row.id);
    if (row.kind === 'client') names.clients.set(id, { id, name: row.name, branch_id: Number(row.branch_id), status: row.status ?? '', postcode: row.extra ?? '' });
    else if (row.kind === 'carer') names.carers.set(id, row.name);
    else if (row.kind === 'branch') names.branches.set(id, row.name);
    else if (row.kind === 'funder') names.funders.set(id, row.name);
    else if (row.kind === 'npc') names.npcs.set(id, row.name);
    else if (row.kind === 'attention') names.attention.set(id, { kind: row.extra as VisitAttention['kind'], reason: row.name, since: row.status ?? '' });
  }
  return names;
}

/** The parts of a merged page as rows `part(branch[, status])`, written in (each set of parts a statement planned for it). */
function mergedParts({ branches, statuses }: { branches: readonly number[]; statuses?: readonly VisitStatus[] }): SQL {
  literalIds(branches); // checks each id: nothing a request sends reaches the text unchecked
  if (statuses?.some((status) => !VISIT_STATUSES.some((choice) => choice.value === status))) throw new RangeError('Not a visit status.');
  const rows = statuses ? branches.flatMap((branch) => statuses.map((status) => `(${branch}, '${status}')`)) : branches.map((branch) => `(${branch})`);
  return sql.raw(`(values ${rows.join(', ')}) as part(branch${statuses ? ', status' : ''})`);
}

/**
 * Whether a search finds a client (a row of care-records' published read model): one of the viewer's branches, not
 * removed (the rule of care-records' API), and their name or postcode containing `pattern`, a LIKE pattern of lower
 * case (learnt when the statement runs: runTimeValue).
 */
export function clientFound(scope: BranchScope, pattern: SQL): SQL {
  return sql`${branchVisible(scope, clientsRead.branch_id) ?? sql`true`} and ${clientsRead.deleted_at} is null
    and (lower(${clientsRead.first_name} || ' ' || ${clientsRead.last_name}) like ${pattern} or lower(${clientsRead.postcode}) like ${pattern})`;
}

/** Whether a search finds a carer (a row of workforce's published read model), as `clientFound` a client, by name. */
export function carerFound(scope: BranchScope, pattern: SQL): SQL {
  return sql`${branchVisible(scope, carersRead.branch_id) ?? sql`true`} and ${carersRead.deleted_at} is null
    and lower(${carersRead.first_name} || ' ' || ${carersRead.last_name}) like ${pattern}`;
}

/**
 * The clients a search finds (clientFound), when it finds no carer (carerFound) and at most `upTo` clients; else
 * null. It stops at the first carer found, and at one client more than `upTo`.
 */
export async function fewClientsMatching(db: Db, scope: BranchScope, pattern: SQL, upTo: number): Promise<number[] | null> {
  const { rows } = (await db.execute(sql`
    with carer_found as (select 1 from ${carersRead} where ${carerFound(scope, pattern)} limit 1)
    select 'carer' as kind, null::int as id from carer_found
    union all
    (select 'client', ${clientsRead.id} from ${clientsRead} where not exists (select 1 from carer_found) and ${clientFound(scope, pattern)} limit ${literalCount(upTo + 1)})`)) as unknown as {
    rows: { kind: 'client' | 'carer'; id: number | null }[];
  };
  if (rows.length > upTo || rows.some((row) => row.kind === 'carer')) return null;
  return rows.map((row) => Number(row.id));
}

/**
 * A page of a list of visits in one statement (issue 29): its visits in order with their carers, how many match
 * `where` in all, and what the page names (namesQuery). Under load each statement a request sends costs about as
 * much again as its work (the round trip, planning it): three statements as one took the visits list from 186 to
 * about 300 answers a second on the scale seed.
 */
export async function loadVisitPage(
  db: Db,
  scope: BranchScope,
  where: SQL | undefined,
  options: {
    order: SQL[];
    limit: number;
    offset: number;
    /** The same visits, said so an index reads them cheaper (default: `where`). */
    countWhere?: SQL;
    /** Count no further than this: beyond it `total` is this and `more` is true (a list too long to count on every page). */
    countUpTo?: number;
    /**
     * Few visits match (a search): find them once, with the columns a page sorts by (all in the branch-and-day
     * index), then page and count those, rather than walking the period in planned order testing each visit's row.
     */
    findOnce?: boolean;
    /**
     * As `findOnce`, the visits of `where` that meet any of these conditions, each read on its own (from the index its
     * condition names, a client's visits of the period say) and put together: for a search of a few clients.
     */
    findAmong?: readonly SQL[];
    /**
     * The page's visits are of a few branches (and, sorted by status, of each status), and an index gives each such
     * part's visits in the page's order: read `offset + limit` of each part at most (a walk of the index per part,
     * beside the others) and merge them, rather than sort all the visits of the period to keep a page. `inPartOrder`
     * is that order as the index says it: day, planned start, id (a visit's day is the UK day of its planned start).
     */
    merged?: { branches: readonly number[]; statuses?: readonly VisitStatus[]; inPartOrder: SQL[] };
  },
): Promise<{ stored: StoredVisit[]; total: number; more: boolean; names: Names }> {
  const countWhere = options.countWhere ?? where;
  // Written into the statement, so that it is kept prepared and planned for the page it reads (db/literals.ts).
  const counted = options.countUpTo === undefined ? undefined : literalCount(options.countUpTo + 1);
  const limit = literalCount(options.limit);
  const offset = literalCount(options.offset);
  const findOnce = Boolean(options.findOnce || options.findAmong);
  const count = findOnce
    ? sql`(select count(*) from matched)`
    : counted
      ? sql`(select count(*) from (select 1 from ${visits} where ${countWhere ?? sql`true`} limit ${counted}) as counted)`
      : sql`(select count(*) from ${visits} where ${countWhere ?? sql`true`})`;
  const order = sql.join(options.order, sql`, `);
  const ids = findOnce
    ? sql`select ${visits.id} from matched as ${visits} order by ${order} limit ${limit} offset ${offset}`
    : options.merged
      ? sql`select ${visits.id} from ${mergedParts(options.merged)} cross join lateral (
          select ${visits.id}, ${visits.planned_start}, ${visits.status} from ${visits}
           where ${visits.branch_id} = part.branch ${options.merged.statuses ? sql`and ${visits.status} = part.status` : sql``} and ${where ?? sql`true`}
           order by ${sql.join(options.merged.inPartOrder, sql`, `)} limit ${literalCount(options.offset + options.limit)}) as ${visits}
          order by ${order} limit ${limit} offset ${offset}`
      : sql`select ${visits.id} from ${visits} where ${where ?? sql`true`} order by ${order} limit ${limit} offset ${offset}`;
  const matchedBy = (condition: SQL | undefined) =>
    sql`select ${visits.id}, ${visits.planned_start}, ${visits.status}, ${visits.client_id}, ${visits.branch_id} from ${visits} where ${condition ?? sql`true`}`;
  const matched = options.findAmong
    ? sql`matched as materialized (${sql.join(options.findAmong.length ? options.findAmong.map((part) => matchedBy(and(where, part))) : [matchedBy(sql`false`)], sql` union `)}),`
    : options.findOnce
      ? sql`matched as materialized (${matchedBy(where)}),`
      : sql``;
  // The page's ids in order (with ordinality: a union's rows come in no promised order), then the rows of those.
  const query = sql`
    with ${matched} page_ids as materialized (select p.id, p.at from unnest(array(${ids})) with ordinality as p(id, at)),
    page as materialized (
      select ${visits.id} as id, ${visits.client_id} as client_id, ${visits.branch_id} as branch_id, ${visits.funder_code_id} as funder_code_id, ${visits.npc_code_id} as npc_code_id,
             page_ids.at as at, row_to_json(${visits})::text as row
        from page_ids join ${visits} on ${visits.id} = page_ids.id)
    select 'visit' as kind, page.at as id, page.row as name,
           (select json_agg(json_build_array(${visitCarers.carer_id}, ${visitCarers.position}) order by ${visitCarers.position})::text from ${visitCarers} where ${visitCarers.visit_id} = page.id) as extra,
           null::int as branch_id, null::text as status
      from page
    union all
    select 'total', ${count}, '', null, null, null
    union all
    ${namesQuery(scope, {
      clients: sql`select client_id from page`,
      carers: sql`select ${visitCarers.carer_id} from ${visitCarers} where ${visitCarers.visit_id} in (select id from page)`,
      branches: sql`select branch_id from page`,
      funders: sql`select funder_code_id from page`,
      npcs: sql`select npc_code_id from page`,
      visits: sql`select id from page`,
    })}`;
  const rows = ((await db.execute(query)) as unknown as { rows: NameRow[] }).rows;
  const listed = rows.filter((row) => row.kind === 'visit').sort((a, b) => Number(a.id) - Number(b.id));
  const total = Number(rows.find((row) => row.kind === 'total')?.id ?? 0);
  return {
    stored: listed.map((row) => storedOf(row.name, row.extra)),
    total: options.countUpTo === undefined ? total : Math.min(total, options.countUpTo),
    more: options.countUpTo !== undefined && total > options.countUpTo,
    names: namesFromRows(rows),
  };
}

/**
 * Clients' and carers' names by id from their owners' published read models, under the rules of their APIs (the
 * viewer's branches, not removed; care-records answers clients.view or scheduler.view, workforce carers.view or
 * scheduler.view): one query each where a screen would call another area (the live view, issue 29).
 */

export function namesReader(db: Db, scope: BranchScope, may: { clients: boolean; carers: boolean }) {
  /** For the SQL forms: the read model of `of`, a person's name in it and which of its rows the viewer sees; null when they may see none. */
  const readModelOf = (of: 'clients' | 'carers') => {
    const table = of === 'clients' ? clientsRead : carersRead;
    if (!(of === 'clients' ? may.clients : may.carers)) return null;
    return { table, name: sql`${table.first_name} || ' ' || ${table.last_name}`, visible: sql`${table.deleted_at} is null and ${branchVisible(scope, table.branch_id) ?? sql`true`}` };
  };
  return {
    /** The clients of `ids`: a list, or a query answering them (read beside the query that needs the names). */
    async clients(ids: number[] | SQL): Promise<ClientBasics[]> {
      if ((Array.isArray(ids) && !ids.length) || !may.clients) return [];
      return db
        .select({ id: clientsRead.id, name: sql<string>`${clientsRead.first_name} || ' ' || ${clientsRead.last_name}`, branch_id: clientsRead.branch_id, status: clientsRead.status, postcode: clientsRead.postcode })
        .from(clientsRead)
        .where(and(Array.isArray(ids) ? isAnyOf(clientsRead.id, ids) : sql`${clientsRead.id} in (${ids})`, isNull(clientsRead.deleted_at), branchVisible(scope, clientsRead.branch_id)));
    },
    /**
     * The names `clients` or `carerNames` would answer for the ids a subquery gives, as SQL for a JSON array of
     * [id, name] pairs: a list reads them in the statement that reads its page (one round trip a request).
     */
    namesJson(of: 'clients' | 'carers', ids: SQL): SQL {
      const named = readModelOf(of);
      if (!named) return sql`'[]'::json`;
      return sql`(select coalesce(json_agg(json_build_array(${named.table.id}, ${named.name})), '[]'::json) from ${named.table} where ${named.table.id} in (${ids}) and ${named.visible})`;
    },
    /** The name `clients` or `carerNames` would answer for the id `id` gives, as SQL for a statement's column (null when none). */
    nameOf(of: 'clients' | 'carers', id: SQL): SQL<string | null> {
      const named = readModelOf(of);
      if (!named) return sql<string | null>`null::text`;
      return sql<string | null>`(select ${named.name} from ${named.table} where ${named.table.id} = ${id} and ${named.visible})`;
    },
    async carerNames(ids: number[]): Promise<Map<number, string>> {
      if (!ids.length || !may.carers) return new Map();
      const rows = await db
        .select({ id: carersRead.id, name: sql<string>`${carersRead.first_name} || ' ' || ${carersRead.last_name}` })
        .from(carersRead)
        .where(and(isAnyOf(carersRead.id, ids), isNull(carersRead.deleted_at), branchVisible(scope, carersRead.branch_id)));
      return new Map(rows.map((row) => [row.id, row.name]));
    },
  };
}

/** namesReader as care-records' and workforce's APIs answer this viewer: clients to clients.view or scheduler.view, carers to carers.view or scheduler.view. */
export const namesReaderOf = (db: Db, viewer: Viewer) =>
  namesReader(db, viewer.scope, { clients: can(viewer.user, 'clients.view') || can(viewer.user, 'scheduler.view'), carers: can(viewer.user, 'carers.view') || can(viewer.user, 'scheduler.view') });

const iso = (at: Date | string | null) => (at === null ? null : typeof at === 'string' ? new Date(at).toISOString() : at.toISOString());

/** A stored visit as the API answers it. */
export function present(visit: StoredVisit, names: Names): VisitRow {
  const start = wallClock(visit.planned_start);
  const end = wallClock(visit.planned_end);
  const client = names.clients.get(visit.client_id);
  const carers: VisitCarer[] = visit.carers.map((carer) => ({ carer_id: carer.carer_id, name: names.carers.get(carer.carer_id) ?? `Carer #${carer.carer_id}`, position: carer.position }));
  return {
    id: visit.id,
    branch_id: visit.branch_id,
    branch: names.branches.get(visit.branch_id) ?? '',
    client_id: visit.client_id,
    client_name: client?.name ?? `Client #${visit.client_id}`,
    client_postcode: client?.postcode ?? '',
    date: visit.visit_date,
    start_time: start.time,
    end_time: end.time,
    planned_start: iso(visit.planned_start)!,
    planned_end: iso(visit.planned_end)!,
    duration_minutes: Math.round((new Date(visit.planned_end).getTime() - new Date(visit.planned_start).getTime()) / 60_000),
    carers_needed: visit.carers_needed as 1 | 2,
    carers,
    status: visit.status,
    source: visit.source,
    template_id: visit.template_id,
    tasks: visit.tasks,
    requires_medication: visit.requires_medication,
    funder_code_id: visit.funder_code_id,
    funder_code: visit.funder_code_id === null ? null : (names.funders.get(visit.funder_code_id) ?? null),
    npc_code_id: visit.npc_code_id,
    npc_code: visit.npc_code_id === null ? null : (names.npcs.get(visit.npc_code_id) ?? null),
    cancel_reason: visit.cancel_reason ?? null,
    cancel_detail: visit.cancel_detail,
    cancel_chargeable: visit.cancel_chargeable,
    // Answered as the UK time of day the carer checked in and out (the contract's UkTimeOfDay), not as instants.
    actual_start: visit.actual_start ? (wallClock(visit.actual_start).time as UkTimeOfDay) : null,
    actual_end: visit.actual_end ? (wallClock(visit.actual_end).time as UkTimeOfDay) : null,
    confirmation: visit.confirmation,
    confirmation_issues: visit.confirmation_issues ?? [],
    locked: visit.locked,
    notes: visit.notes,
    version: visit.version,
    updated_at: iso(visit.updated_at)!,
    attention: names.attention.get(visit.id) ?? null,
  };
}

export async function presentAll(db: Db, sources: ApiSchedulingSources, stored: readonly StoredVisit[], known?: Partial<Names>): Promise<VisitRow[]> {
  if (!stored.length) return [];
  const names = await namesFor(db, sources, stored, known);
  return stored.map((visit) => present(visit, names));
}

// ---- What changed: a visit's planned facts, compared before and after a write.

export type Snapshot = Record<string, unknown>;

export function snapshotOf(visit: StoredVisit): Snapshot {
  const start = wallClock(visit.planned_start);
  return {
    date: visit.visit_date,
    start_time: start.time,
    end_time: wallClock(visit.planned_end).time,
    carers_needed: visit.carers_needed,
    carer_ids: [...visit.carers].sort((a, b) => a.position - b.position).map((carer) => carer.carer_id),
    status: visit.status,
    funder_code_id: visit.funder_code_id,
    npc_code_id: visit.npc_code_id,
    tasks: visit.tasks,
    notes: visit.notes,
    cancel_reason: visit.cancel_reason ?? null,
    cancel_detail: visit.cancel_detail,
    cancel_chargeable: visit.cancel_chargeable,
    actual_start: visit.actual_start ? wallClock(visit.actual_start).time : null,
    actual_end: visit.actual_end ? wallClock(visit.actual_end).time : null,
  };
}

/** The fields that differ, each side holding only those. */
export function differences(before: Snapshot | null, after: Snapshot): { before: Snapshot | null; after: Snapshot; changed: string[] } {
  if (!before) return { before: null, after, changed: Object.keys(after) };
  const changed = Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return { before: Object.fromEntries(changed.map((key) => [key, before[key]])), after: Object.fromEntries(changed.map((key) => [key, after[key]])), changed };
}

/**
 * What changed on a visit since the version a planner saw: the fields its log entries changed after that
 * version (each entry's `after` holds the version it made). Falls back to the fields that differ from what the
 * planner sent, then to 'version' alone.
 */
export async function changedSince(db: Db, visitId: number, seenVersion: number, sent?: Snapshot, current?: Snapshot): Promise<string[]> {
  const rows = await db
    .select({ before: visitLogs.before, after: visitLogs.after })
    .from(visitLogs)
    .where(and(eq(visitLogs.visit_id, visitId), sql`coalesce((${visitLogs.after}->>'version')::int, 0) > ${seenVersion}`));
  const fields = new Set<string>();
  for (const row of rows) for (const key of [...Object.keys(row.before ?? {}), ...Object.keys(row.after ?? {})]) if (key !== 'version') fields.add(key);
  if (!fields.size && sent && current) for (const key of Object.keys(sent)) if (key in current && JSON.stringify(sent[key]) !== JSON.stringify(current[key])) fields.add(key);
  return fields.size ? [...fields].sort() : ['version'];
}

// ---- Writing.

/** A write refused: 404 (no such visit), 409 (stale version: conflict carries the fields), 422 (field errors). */
export class VisitWriteError extends Error {
  constructor(
    readonly statusCode: 404 | 409 | 422,
    message: string,
    readonly errors: Record<string, string[]> | null = null,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export type VisitChange = {
  set?: Partial<typeof visits.$inferInsert>;
  /** The carers the visit will have (replacing the ones it has), when they change. */
  carers?: StoredCarer[];
  action: VisitLogAction;
  summary: string;
  reason?: string;
  warnings?: RuleFinding[];
};

export type WriteContext = { actor: AuditActor; userId: number | null };

/**
 * Applies a change to a visit in one transaction, if it is still at `version`: bumps the version, replaces
 * the carers when given (status following them while planned), logs what changed (the version it made in
 * `after`), audits it and writes its event (scheduler.visit.changed, when its carers, times or status changed). Answers the visit as saved. A concurrent write in between is a 409.
 */
export async function applyChange(db: Database, current: StoredVisit, version: number, change: VisitChange, context: WriteContext): Promise<StoredVisit> {
  if (current.version !== version) throw new VisitWriteError(409, 'This visit was changed by someone else.');
  const saved = await db.transaction(async (tx) => {
    const carers = change.carers ?? current.carers;
    const carersNeeded = (change.set?.carers_needed as number | undefined) ?? current.carers_needed;
    const requested = (change.set?.status as VisitStatus | undefined) ?? current.status;
    const status = statusFor(requested, carersNeeded, carers.length);
    const updated = await tx
      .update(visits)
      .set({ ...change.set, status, version: current.version + 1, updated_at: clock.now() })
      .where(and(eq(visits.id, current.id), eq(visits.version, version)))
      .returning();
    const row = updated[0];
    if (!row) throw new VisitWriteError(409, 'This visit was changed by someone else.');
    if (change.carers) {
      const keep = new Set(change.carers.map((carer) => `${carer.carer_id}:${carer.position}`));
      const same = current.carers.length === change.carers.length && current.carers.every((carer) => keep.has(`${carer.carer_id}:${carer.position}`));
      if (!same) {
        await tx.delete(visitCarers).where(eq(visitCarers.visit_id, current.id));
        if (change.carers.length) await tx.insert(visitCarers).values(change.carers.map((carer) => ({ visit_id: current.id, carer_id: carer.carer_id, position: carer.position, assigned_by: context.userId })));
      }
    }
    const after: StoredVisit = { ...row, carers: [...carers].sort((a, b) => a.position - b.position) };
    const diff = differences(snapshotOf(current), snapshotOf(after));
    await tx.insert(visitLogs).values({
      visit_id: current.id,
      user_id: context.userId,
      action: change.action,
      summary: change.summary,
      reason: change.reason ?? '',
      before: diff.before,
      after: { ...diff.after, version: after.version },
      warnings: change.warnings ?? [],
    });
    await recordAudit(tx, { actor: context.actor, resource: VISITS_AUDIT, recordId: current.id, action: 'update', before: diff.before, after: { ...diff.after, version: after.version, action: change.action } });
    // What it means to others (assigned, moved, cancelled…), written with the change (./events.ts).
    await publishVisitChanges(tx, [{ before: current, after, reason: change.reason }], context.userId);
    // A carer put on it through the rules (assign, move), or the visit cancelled: it no longer needs a planner.
    const before = new Set(current.carers.map((carer) => carer.carer_id));
    if (status === 'cancelled' || after.carers.some((carer) => !before.has(carer.carer_id))) await clearAttention(tx, [current.id]);
    return after;
  });
  return saved;
}

/** Adds a visit (status unassigned, version 1), logged as `action` and audited. */
export async function insertVisit(
  db: Database,
  values: Omit<typeof visits.$inferInsert, 'id' | 'version' | 'status'>,
  log: { action: VisitLogAction; summary: string },
  context: WriteContext,
): Promise<StoredVisit> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(visits)
      .values({ ...values, status: 'unassigned', version: 1, created_by: context.userId })
      .returning();
    const stored: StoredVisit = { ...row!, carers: [] };
    const after = snapshotOf(stored);
    await tx.insert(visitLogs).values({ visit_id: stored.id, user_id: context.userId, action: log.action, summary: log.summary, before: null, after: { ...after, version: 1 } });
    await recordAudit(tx, { actor: context.actor, resource: VISITS_AUDIT, recordId: stored.id, action: 'create', after: { ...after, branch_id: stored.branch_id, client_id: stored.client_id } });
    return stored;
  });
}

// ---- The history.

/**
 * Log rows as the API answers them, their clients named from care-records' published read model under the rule
 * of its API (the viewer's branches, not removed): one query, not a call to another area per page.
 */
export async function presentLogs(
  db: Db,
  scope: BranchScope,
  rows: (Omit<typeof visitLogs.$inferSelect, 'branch_id'> & { client_id: number; visit_date: string; user_name: string | null; client_name?: string | null })[],
): Promise<VisitLogRow[]> {
  // Named in the rows' own statement (logClientName), or here.
  const clientIds = rows.every((row) => row.client_name !== undefined) ? [] : [...new Set(rows.map((row) => row.client_id))];
  const clients = clientIds.length
    ? await db
        .select({ id: clientsRead.id, name: sql<string>`${clientsRead.first_name} || ' ' || ${clientsRead.last_name}` })
        .from(clientsRead)
        .where(and(inArray(clientsRead.id, clientIds), isNull(clientsRead.deleted_at), branchVisible(scope, clientsRead.branch_id)))
    : [];
  const names = new Map(clients.map((client) => [client.id, client.name]));
  return rows.map((row) => ({
    id: row.id,
    visit_id: row.visit_id,
    client_name: row.client_name ?? names.get(row.client_id) ?? `Client #${row.client_id}`,
    date: row.visit_date,
    at: iso(row.at)!,
    user_name: row.user_name,
    action: row.action,
    summary: row.summary,
    reason: row.reason,
    before: row.before ?? null,
    after: row.after ?? null,
    warnings: row.warnings ?? [],
  }));
}

/** A log row's client's name as care-records' API would give it to the viewer (its branches, not removed), or null. */
export const logClientName = (scope: BranchScope) =>
  sql<string | null>`(select ${clientsRead.first_name} || ' ' || ${clientsRead.last_name} from ${clientsRead}
    where ${clientsRead.id} = ${visits.client_id} and ${clientsRead.deleted_at} is null and ${branchVisible(scope, clientsRead.branch_id) ?? sql`true`})`;

/** The columns of a log row with its visit's client and day and the user's name (for presentLogs). */
export const logColumns = () => ({
  id: visitLogs.id,
  visit_id: visitLogs.visit_id,
  at: visitLogs.at,
  user_id: visitLogs.user_id,
  action: visitLogs.action,
  summary: visitLogs.summary,
  reason: visitLogs.reason,
  before: visitLogs.before,
  after: visitLogs.after,
  warnings: visitLogs.warnings,
  client_id: visits.client_id,
  visit_date: visits.visit_date,
  user_name: users.name,
});

/** Whether a funder or NPC code exists (and is not removed): field errors for the ones that do not. */
export async function codeErrors(db: Db, funderCodeId: number | null | undefined, npcCodeId: number | null | undefined): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  if (funderCodeId) {
    const [row] = await db.select({ id: funderCodesRead.id }).from(funderCodesRead).where(and(eq(funderCodesRead.id, funderCodeId), isNull(funderCodesRead.deleted_at)));
    if (!row) errors.funder_code_id = ['Choose a funder code from the list.'];
  }
  if (npcCodeId) {
    const [row] = await db.select({ id: npcCodesRead.id }).from(npcCodesRead).where(and(eq(npcCodesRead.id, npcCodeId), isNull(npcCodesRead.deleted_at)));
    if (!row) errors.npc_code_id = ['Choose an NPC code from the list.'];
  }
  return errors;
}
