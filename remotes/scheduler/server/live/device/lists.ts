import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { isCalendarDate, londonDate, londonInstant } from '@hcm/contract/engine';
import { roles, users } from '@hcm/server/schema';
import { AreaCallError, areaClient, branchVisible, literalCount, ok, outer, pageOf, pageOfAll, pageOffset, parseId, parsePaging, queryParam, sendError, sendInvalid, viewerOf, type AreaServerContext, type Database, type Viewer } from '@hcm/server/platform';
import type { CarerDeviceRow, CheckLocationRow, LiveVisitRow, NotOnSiteDetail, OfficeLocationRow } from '../../../contract/live-device.js';
import { LIVE_VISIT_STATES } from '../../../contract/live-device.js';
import { normalisePostcode, type LatLon } from '../../../contract/postcodes.js';
import type { VisitStatus } from '../../../contract/visits.js';
import { carerDevicesRoute } from '../../consumed-routes.js';
import { apiSources, type ClientBasics } from '../../sources/api-sources.js';
import { visitCarers, visits } from '../../tables.js';
import { loadPlaces } from '../../travel/travel.js';
import { addDays, namesReaderOf, wallClock } from '../../visits/service.js';
import { visitChecks } from '../tables.js';
import { carerNamesFor, rotaCarersOf } from './carer-identity.js';
import { checkRow } from './service.js';
import { liveSettingsOf } from './settings.js';
import { clock } from '@hcm/contract/time';

const VIEW = { config: { permission: 'visits.view' as const } };
type Query = Record<string, unknown>;
type CheckWithVisit = { check: typeof visitChecks.$inferSelect; visit: typeof visits.$inferSelect };

/** ?from=&to= (UK days; today by default) as instants, or the field errors. */
function periodOf(query: Query, errors: Record<string, string[]>): { start: Date; end: Date } {
  const today = londonDate();
  const from = queryParam(query, 'from') || queryParam(query, 'date') || today;
  const to = queryParam(query, 'to') || from;
  if (!isCalendarDate(from)) errors.from = ['Give a date like 2026-11-24.'];
  if (!isCalendarDate(to)) errors.to = ['Give a date like 2026-11-24.'];
  if (errors.from || errors.to) return { start: clock.now(), end: clock.now() };
  return { start: new Date(londonInstant(from, '00:00')), end: new Date(londonInstant(addDays(to, 1), '00:00')) };
}

function idFilter(query: Query, name: string, errors: Record<string, string[]>): number | undefined {
  const raw = queryParam(query, name);
  if (!raw) return undefined;
  const id = parseId(raw);
  if (!id) errors[name] = ['Choose one from the list.'];
  return id ?? undefined;
}

/**
 * The live-events lists of checks (visits.view, branch-scoped, filtered, sorted and paged here):
 *   GET /live/visits          a day's visits by state with check times, punctuality and on site
 *   GET /live/locations       checks with their positions against the client's home
 *   GET /live/not-on-site     the flagged checks (not on site, or no position); /live/not-on-site/:visitId one visit
 *   GET /live/carer-devices   carers' devices (the platform's /carer-devices) with each carer's last check today
 *   GET /live/office-locations office employees' (not carers') last positions from their checks
 */
export async function liveListRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const db: Database = context.auth.db;

  /** Clients' basics (care-records) and carers' names by carer record id (workforce's rota), read as the caller. */
  async function names(request: FastifyRequest, clientIds: number[], carerIds: number[]) {
    const [clients, carers] = await Promise.all([
      clientIds.length ? apiSources(app, request).clientBasics({ ids: [...new Set(clientIds)] }) : Promise.resolve([] as ClientBasics[]),
      carerNamesFor(app, request)(carerIds),
    ]);
    const clientOf = new Map(clients.map((client) => [client.id, client]));
    const places = await loadPlaces(db, clients.map((client) => client.postcode).filter(Boolean));
    return {
      client: (id: number) => clientOf.get(id),
      home: (id: number): LatLon | null => {
        const postcode = clientOf.get(id)?.postcode;
        return postcode ? (places.get(normalisePostcode(postcode)) ?? null) : null;
      },
      carer: (id: number) => carers.get(id) ?? `Carer #${id}`,
    };
  }

  async function checkRows(request: FastifyRequest, rows: CheckWithVisit[]): Promise<CheckLocationRow[]> {
    const named = await names(request, rows.map((row) => row.visit.client_id), rows.map((row) => row.check.carer_id));
    return rows.map(({ check, visit }) => ({
      ...checkRow(check),
      branch_id: visit.branch_id,
      client_id: visit.client_id,
      client_name: named.client(visit.client_id)?.name ?? `Client #${visit.client_id}`,
      client_postcode: named.client(visit.client_id)?.postcode ?? '',
      carer_name: named.carer(check.carer_id),
      home: named.home(visit.client_id),
      planned_start: visit.planned_start.toISOString(),
    }));
  }

  // ---- today's visits by state

  app.get('/live/visits', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return reply;
    const query = request.query as Query;
    const errors: Record<string, string[]> = {};
    const day = queryParam(query, 'date') || londonDate();
    if (!isCalendarDate(day)) errors.date = ['Give a date like 2026-11-24.'];
    const conditions: (SQL | undefined)[] = [branchVisible(viewer.scope, visits.branch_id), eq(visits.visit_date, day)];
    const branchId = idFilter(query, 'branch_id', errors);
    if (branchId) conditions.push(eq(visits.branch_id, branchId));
    const carerId = idFilter(query, 'carer_id', errors);
    if (carerId) conditions.push(sql`exists (select 1 from ${visitCarers} where ${visitCarers.visit_id} = ${visits.id} and ${visitCarers.carer_id} = ${carerId})`);
    const state = queryParam(query, 'state');
    if (state) {
      if ((LIVE_VISIT_STATES as readonly string[]).includes(state)) conditions.push(eq(visits.status, state as VisitStatus));
      else errors.state = ['Choose a state from the list.'];
    } else conditions.push(ne(visits.status, 'cancelled'));
    const flag = queryParam(query, 'flag');
    if (flag === 'not-punctual') conditions.push(sql`exists (select 1 from ${visitChecks} where ${visitChecks.visit_id} = ${visits.id} and ${visitChecks.punctual} = false)`);
    else if (flag === 'not-on-site') conditions.push(sql`exists (select 1 from ${visitChecks} where ${visitChecks.visit_id} = ${visits.id} and ${visitChecks.on_site} = false)`);
    else if (flag) errors.flag = ['Choose a flag from the list.'];
    if (Object.keys(errors).length) return sendInvalid(reply, errors);

    const paging = parsePaging(query);
    const direction = queryParam(query, 'mode') === 'desc' ? desc : asc;
    const sort = queryParam(query, 'sort') === 'status' ? visits.status : visits.planned_start;
    const where = and(...conditions);
    // A page's visits with their carers and checks, their count and the names from care-records' and workforce's
    // published read models (as live today reads them), in one statement (issue 29: each statement a request sends
    // costs a round trip and its planning; four took most of this list's time).
    const visitId = outer(visits, visits.id);
    type CheckJson = { kind: 'in' | 'out'; recorded_at: string; punctual: boolean | null; on_site: boolean | null; distance_metres: number | null };
    type PageRow = { id: number; branch_id: number; client_id: number; planned_start: string; planned_end: string; status: VisitStatus; confirmation: LiveVisitRow['confirmation']; carer_ids: number[] | null; checks: CheckJson[] | null };
    const sortColumn = sort === visits.status ? sql.raw('status') : sql.raw('planned_start');
    const sortDirection = direction === desc ? sql.raw('desc') : sql.raw('asc');
    const reader = namesReaderOf(db, viewer);
    const [found] = (
      (await db.execute(sql`
        with page as materialized (
          select ${visits.id} as id, ${visits.branch_id} as branch_id, ${visits.client_id} as client_id, ${visits.planned_start} as planned_start,
                 ${visits.planned_end} as planned_end, ${visits.status} as status, ${visits.confirmation} as confirmation,
                 (select array_agg(${visitCarers.carer_id} order by ${visitCarers.position}) from ${visitCarers} where ${visitCarers.visit_id} = ${visitId}) as carer_ids,
                 (select json_agg(json_build_object('kind', ${visitChecks.kind}, 'recorded_at', ${visitChecks.recorded_at}, 'punctual', ${visitChecks.punctual}, 'on_site', ${visitChecks.on_site}, 'distance_metres', ${visitChecks.distance_metres}) order by ${visitChecks.recorded_at})
                    from ${visitChecks} where ${visitChecks.visit_id} = ${visitId}) as checks
            from ${visits} where ${where}
           order by ${direction(sort)}, ${asc(visits.planned_start)}, ${asc(visits.id)}
           limit ${literalCount(paging.pageSize)} offset ${literalCount(pageOffset(paging))})
        select (select coalesce(json_agg(page order by ${sortColumn} ${sortDirection}, planned_start, id), '[]'::json) from page) as rows,
               (select count(*)::int from ${visits} where ${where}) as total,
               ${reader.namesJson('clients', sql`select client_id from page`)} as clients,
               ${reader.namesJson('carers', sql`select unnest(carer_ids) from page`)} as carers`)) as unknown as { rows: { rows: PageRow[]; total: number; clients: [number, string][]; carers: [number, string][] }[] }
    ).rows;
    const rows = found!.rows.map((row) => ({ ...row, planned_start: new Date(row.planned_start), planned_end: new Date(row.planned_end) }));
    const clientName = new Map(found!.clients);
    const carerNames = new Map(found!.carers);
    const answer: LiveVisitRow[] = rows.map((row) => {
      const own = row.checks ?? [];
      const checkIn = own.find((check) => check.kind === 'in') ?? null;
      const checkOut = own.find((check) => check.kind === 'out') ?? null;
      const flagged = (field: 'punctual' | 'on_site') => (own.length ? (own.some((check) => check[field] === false) ? false : own.some((check) => check[field] === null) ? null : true) : null);
      const far = own.map((check) => check.distance_metres).filter((metres): metres is number => metres !== null);
      return {
        id: row.id,
        branch_id: row.branch_id,
        client_id: row.client_id,
        client_name: clientName.get(row.client_id) ?? `Client #${row.client_id}`,
        carer_names: (row.carer_ids ?? []).map((carerId) => carerNames.get(carerId) ?? `Carer #${carerId}`),
        start_time: wallClock(row.planned_start).time,
        end_time: wallClock(row.planned_end).time,
        planned_start: row.planned_start.toISOString(),
        status: row.status,
        check_in_at: checkIn ? new Date(checkIn.recorded_at).toISOString() : null,
        check_out_at: checkOut ? new Date(checkOut.recorded_at).toISOString() : null,
        punctual: flagged('punctual'),
        on_site: flagged('on_site'),
        distance_metres: far.length ? Math.max(...far) : null,
        confirmation: row.confirmation,
      };
    });
    return ok(pageOf(answer, found!.total, paging));
  });

  // ---- checks: locations and not on site

  async function listChecks(request: FastifyRequest, reply: FastifyReply, flaggedOnly: boolean) {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return reply;
    const query = request.query as Query;
    const errors: Record<string, string[]> = {};
    const period = periodOf(query, errors);
    const conditions: (SQL | undefined)[] = [branchVisible(viewer.scope, visits.branch_id), gte(visitChecks.recorded_at, period.start), lt(visitChecks.recorded_at, period.end)];
    const branchId = idFilter(query, 'branch_id', errors);
    if (branchId) conditions.push(eq(visits.branch_id, branchId));
    const carerId = idFilter(query, 'carer_id', errors);
    if (carerId) conditions.push(eq(visitChecks.carer_id, carerId));
    const clientId = idFilter(query, 'client_id', errors);
    if (clientId) conditions.push(eq(visits.client_id, clientId));
    const kind = queryParam(query, 'kind');
    if (kind === 'in' || kind === 'out') conditions.push(eq(visitChecks.kind, kind));
    else if (kind) errors.kind = ['Choose check-in or check-out.'];
    if (flaggedOnly) conditions.push(sql`(${visitChecks.on_site} = false or ${visitChecks.latitude} is null)`);
    const position = queryParam(query, 'position');
    if (position === 'with') conditions.push(sql`${visitChecks.latitude} is not null`);
    else if (position === 'without') conditions.push(sql`${visitChecks.latitude} is null`);
    else if (position) errors.position = ['Choose with or without a position.'];
    if (Object.keys(errors).length) return sendInvalid(reply, errors);

    const paging = parsePaging(query);
    const direction = queryParam(query, 'mode') === 'asc' ? asc : desc;
    const sortKey = queryParam(query, 'sort');
    const sort = sortKey === 'distance_metres' ? sql`${visitChecks.distance_metres} nulls last` : visitChecks.recorded_at;
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      db
        .select({ check: visitChecks, visit: visits })
        .from(visitChecks)
        .innerJoin(visits, eq(visits.id, visitChecks.visit_id))
        .where(where)
        .orderBy(direction(sort), desc(visitChecks.id))
        .limit(paging.pageSize)
        .offset(pageOffset(paging)),
      db.select({ n: count() }).from(visitChecks).innerJoin(visits, eq(visits.id, visitChecks.visit_id)).where(where),
    ]);
    return ok(pageOf(await checkRows(request, rows), total?.n ?? 0, paging));
  }

  app.get('/live/locations', VIEW, (request, reply) => listChecks(request, reply, false));
  app.get('/live/not-on-site', VIEW, (request, reply) => listChecks(request, reply, true));

  app.get('/live/not-on-site/:visitId', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return reply;
    const id = parseId(String((request.params as { visitId?: string }).visitId ?? ''));
    const [visit] = id ? await db.select().from(visits).where(and(eq(visits.id, id), branchVisible(viewer.scope, visits.branch_id))) : [];
    if (!visit) return sendError(reply, 404, 'No such visit.');
    const checks = await db.select({ check: visitChecks, visit: visits }).from(visitChecks).innerJoin(visits, eq(visits.id, visitChecks.visit_id)).where(eq(visitChecks.visit_id, visit.id)).orderBy(asc(visitChecks.recorded_at));
    const rows = await checkRows(request, checks);
    const named = await names(request, [visit.client_id], []);
    const client = named.client(visit.client_id);
    const detail: NotOnSiteDetail = {
      visit: {
        id: visit.id,
        client_id: visit.client_id,
        client_name: client?.name ?? `Client #${visit.client_id}`,
        client_postcode: client?.postcode ?? '',
        date: visit.visit_date,
        start_time: wallClock(visit.planned_start).time,
        end_time: wallClock(visit.planned_end).time,
        status: visit.status,
        confirmation: visit.confirmation,
        confirmation_issues: visit.confirmation_issues,
      },
      home: named.home(visit.client_id),
      checks: rows,
      on_site_distance_metres: (await liveSettingsOf(db, visit.branch_id)).on_site_distance_metres,
    };
    return ok(detail);
  });

  // ---- carers' devices with their last check today

  /** Every device the platform lists (its pages of 100, ../../consumed-routes.ts), as the signed-in office user sees them. */
  async function allDevices(request: FastifyRequest) {
    const client = areaClient(app, request);
    const out: { id: number; user_id: number; user_name: string; device_name: string; last_used_at: string | null; revoked_at: string | null }[] = [];
    for (let page = 1; page <= 50; page += 1) {
      try {
        const answer = await client.get(carerDevicesRoute, { query: { page, page_size: 100 } });
        out.push(...answer.data);
        if (page >= answer.last_page) break;
      } catch (error) {
        if (!(error instanceof AreaCallError)) throw error;
        return { status: error.statusCode, devices: out };
      }
    }
    return { status: 200, devices: out };
  }

  app.get('/live/carer-devices', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return reply;
    const query = request.query as Query;
    const inUse = queryParam(query, 'app_in_use');
    if (inUse && inUse !== 'yes' && inUse !== 'no') return sendInvalid(reply, { app_in_use: ['Choose yes or no.'] });
    const { status, devices } = await allDevices(request);
    if (status === 403) return sendError(reply, 403, 'Seeing carers’ devices needs carers.view.');
    const start = new Date(londonInstant(londonDate(), '00:00'));
    // Devices sign in as users; checks name carer records. The rota of the viewer's branches links the two
    // (each carer's sign-in account): a device whose account has no carer record (an office user) is not listed.
    const rota = await apiSources(app, request).carers({});
    const carerOfUser = new Map(rota.filter((carer) => carer.user_id !== null).map((carer) => [carer.user_id!, carer]));
    const carerIds = [...new Set(devices.map((device) => carerOfUser.get(device.user_id)?.id).filter((id): id is number => id !== undefined))];
    const lastChecks = carerIds.length
      ? await db
          .selectDistinctOn([visitChecks.carer_id], { check: visitChecks, visit: visits })
          .from(visitChecks)
          .innerJoin(visits, eq(visits.id, visitChecks.visit_id))
          .where(and(inArray(visitChecks.carer_id, carerIds), gte(visitChecks.recorded_at, start), branchVisible(viewer.scope, visits.branch_id)))
          .orderBy(visitChecks.carer_id, desc(visitChecks.recorded_at))
      : [];
    const counts = carerIds.length
      ? await db.select({ carer_id: visitChecks.carer_id, n: count() }).from(visitChecks).where(and(inArray(visitChecks.carer_id, carerIds), gte(visitChecks.recorded_at, start))).groupBy(visitChecks.carer_id)
      : [];
    const named = await names(request, lastChecks.map((row) => row.visit.client_id), []);
    const search = (queryParam(query, 'search') ?? '').toLowerCase();
    let rows: CarerDeviceRow[] = carerIds.map((carerId) => {
      const own = devices.filter((device) => carerOfUser.get(device.user_id)?.id === carerId);
      const last = lastChecks.find((row) => row.check.carer_id === carerId);
      const active = own.filter((device) => !device.revoked_at);
      return {
        carer_id: carerId,
        carer_name: rota.find((carer) => carer.id === carerId)?.name ?? own[0]!.user_name,
        devices: own.map((device) => ({ id: device.id, name: device.device_name, last_used_at: device.last_used_at, revoked: Boolean(device.revoked_at) })),
        app_in_use: active.some((device) => device.last_used_at !== null && device.last_used_at >= start.toISOString()),
        last_check: last
          ? {
              visit_id: last.visit.id,
              kind: last.check.kind,
              recorded_at: last.check.recorded_at.toISOString(),
              latitude: last.check.latitude,
              longitude: last.check.longitude,
              on_site: last.check.on_site,
              client_name: named.client(last.visit.client_id)?.name ?? `Client #${last.visit.client_id}`,
            }
          : null,
        checks_today: counts.find((row) => row.carer_id === carerId)?.n ?? 0,
      };
    });
    if (search) rows = rows.filter((row) => row.carer_name.toLowerCase().includes(search));
    if (inUse) rows = rows.filter((row) => row.app_in_use === (inUse === 'yes'));
    const sort = queryParam(query, 'sort');
    const sign = queryParam(query, 'mode') === 'desc' ? -1 : 1;
    rows.sort((a, b) => sign * (sort === 'last_check' ? (a.last_check?.recorded_at ?? '').localeCompare(b.last_check?.recorded_at ?? '') : a.carer_name.localeCompare(b.carer_name)));
    return ok(pageOfAll(rows, parsePaging(query)));
  });

  // ---- office employees' last positions

  app.get('/live/office-locations', VIEW, async (request, reply) => {
    const viewer = await viewerOf(request, reply, context.auth);
    if (!viewer) return reply;
    const query = request.query as Query;
    const errors: Record<string, string[]> = {};
    const period = periodOf(query, errors);
    if (Object.keys(errors).length) return sendInvalid(reply, errors);
    const checks = await db
      .selectDistinctOn([visitChecks.carer_id], { check: visitChecks, visit: visits })
      .from(visitChecks)
      .innerJoin(visits, eq(visits.id, visitChecks.visit_id))
      .where(and(gte(visitChecks.recorded_at, period.start), lt(visitChecks.recorded_at, period.end), branchVisible(viewer.scope, visits.branch_id)))
      .orderBy(visitChecks.carer_id, desc(visitChecks.recorded_at));
    // Checks name carer records; whether the person is office staff is their sign-in account's role (the rota
    // gives each carer record's account). Records without an account are left out: nothing says who they are.
    const rota = await rotaCarersOf(app, request, checks.map((row) => row.check.carer_id));
    const userIds = [...new Set([...rota.values()].map((carer) => carer.user_id).filter((id): id is number => id !== null))];
    const accounts = userIds.length
      ? await db.select({ id: users.id, name: users.name, role: roles.name }).from(users).innerJoin(roles, eq(roles.id, users.role_id)).where(and(inArray(users.id, userIds), ne(roles.name, 'carer')))
      : [];
    const accountOf = new Map(accounts.map((account) => [account.id, account]));
    const latest = checks.flatMap((row) => {
      const userId = rota.get(row.check.carer_id)?.user_id;
      const account = userId ? accountOf.get(userId) : undefined;
      return account ? [{ ...row, userId: account.id, name: account.name, role: account.role }] : [];
    });
    const named = await names(request, latest.map((row) => row.visit.client_id), []);
    const search = (queryParam(query, 'search') ?? '').toLowerCase();
    const rows: OfficeLocationRow[] = latest
      .map((row) => ({
        user_id: row.userId,
        name: row.name,
        role: row.role,
        recorded_at: row.check.recorded_at.toISOString(),
        kind: row.check.kind,
        latitude: row.check.latitude,
        longitude: row.check.longitude,
        client_name: named.client(row.visit.client_id)?.name ?? `Client #${row.visit.client_id}`,
        visit_id: row.visit.id,
      }))
      .filter((row) => !search || row.name.toLowerCase().includes(search));
    const sign = queryParam(query, 'mode') === 'asc' ? 1 : -1;
    rows.sort((a, b) => sign * (queryParam(query, 'sort') === 'name' ? a.name.localeCompare(b.name) : a.recorded_at.localeCompare(b.recorded_at)));
    return ok(pageOfAll(rows, parsePaging(query)));
  });
}

export type { Viewer };
