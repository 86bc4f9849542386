import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, between, eq, inArray, notInArray, type SQL } from 'drizzle-orm';
import { isCalendarDate } from '@hcm/contract/engine';
import { areaClient, branchVisible, ok, parseId, queryParam, sendInvalid, viewerOf, type AreaServerContext, type Database } from '@hcm/server/platform';
import { BILLING_PERIOD_DAYS, type BillableVisit } from '../../contract/billing.js';
import { clientPlacesRoute } from '../consumed-routes.js';
import { visitCarers, visits } from '../tables.js';
import { loadTravel } from '../travel/travel.js';
import { billingVisits, carerDays, travelBefore, workedByCarer } from './read.js';

// Finance's reads of visits (GET /visits/billing for invoices, GET /visits/worked for pay), answered to finance's
// permissions so a finance officer needs no rota access. Branch-scoped by the user's branches.

const MAX_IDS = 1000;
const CONFIRMED = ['auto-confirmed', 'confirmed'] as const;

type Errors = Record<string, string[]>;

/** `1,2,3` as ids (empty: none asked); null when a part is not an id or there are too many. */
function idList(raw: string | undefined): number[] | null {
  if (!raw) return [];
  const ids = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map(parseId);
  if (ids.some((id) => id === null) || ids.length > MAX_IDS) return null;
  return [...new Set(ids as number[])];
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** from and to (UK days, at most BILLING_PERIOD_DAYS apart), or the field errors. */
function periodOf(query: unknown, errors: Errors): { from: string; to: string } | null {
  const from = queryParam(query, 'from') ?? '';
  const to = queryParam(query, 'to') ?? '';
  if (!isCalendarDate(from)) errors.from = ['Give the first day, like 2026-03-01.'];
  if (!isCalendarDate(to)) errors.to = ['Give the last day, like 2026-03-31.'];
  else if (isCalendarDate(from) && to < from) errors.to = ['The last day must not be before the first.'];
  else if (isCalendarDate(from) && daysBetween(from, to) > BILLING_PERIOD_DAYS) errors.to = [`Ask for at most ${BILLING_PERIOD_DAYS} days at once.`];
  return errors.from || errors.to ? null : { from, to };
}

function idsOf(query: unknown, name: string, label: string, errors: Errors): number[] {
  const ids = idList(queryParam(query, name));
  if (ids === null) {
    errors[name] = [`Give ${label} ids separated by commas, like ${name}=1,2 (at most ${MAX_IDS}).`];
    return [];
  }
  return ids;
}

export async function billingRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const { auth } = context;
  const db: Database = auth.db;

  /** Where each client lives (care-records, as the signed-in user; a client they may not see is unknown). */
  async function postcodesOf(request: FastifyRequest, clientIds: readonly number[]): Promise<Map<number, string>> {
    const rows = await areaClient(app, request).list(clientPlacesRoute, { param: 'ids', ids: clientIds, pageSize: MAX_IDS });
    return new Map(rows.map((row) => [row.id, row.postcode]));
  }

  /** Travel of each carer-visit from the carer's previous visit that day, among the visits `where` holds. */
  async function travelOf(request: FastifyRequest, carerIds: number[], from: string, to: string, where: SQL) {
    const days = await carerDays(db, carerIds, from, to, where);
    const postcodes = await postcodesOf(request, days.map((day) => day.client_id));
    const travel = await loadTravel(db, [...new Set(postcodes.values())].filter(Boolean));
    return { days, travel: travelBefore(days, travel, postcodes) };
  }

  /**
   * GET /visits/billing?from&to&branch_id&funder_code_id&client_id (each filter one id or several, by commas):
   * the visits planned in [from, to] (at most 93 days), every status, with their carers, as invoices read them.
   * chargeable_miles: the first carer's road miles from their previous visit that day (the travel estimator's),
   * 0 for the day's first or when a place is unknown.
   */
  app.get('/visits/billing', { config: { anyPermission: ['finance.view', 'payroll.view'] } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const errors: Errors = {};
    const period = periodOf(request.query, errors);
    const branchIds = idsOf(request.query, 'branch_id', 'branch', errors);
    const funderIds = idsOf(request.query, 'funder_code_id', 'funder code', errors);
    const clientIds = idsOf(request.query, 'client_id', 'client', errors);
    if (!period || Object.keys(errors).length) return sendInvalid(reply, errors);

    const scope = branchVisible(viewer.scope, visits.branch_id);
    const conditions: (SQL | undefined)[] = [scope, between(visits.visit_date, period.from, period.to)];
    if (branchIds.length) conditions.push(inArray(visits.branch_id, branchIds));
    if (funderIds.length) conditions.push(inArray(visits.funder_code_id, funderIds));
    if (clientIds.length) conditions.push(inArray(visits.client_id, clientIds));
    const found = await billingVisits(db, and(...conditions)!);

    // The previous visit may be any of the carer's that day (another funder, client or branch), not only these.
    const firstCarers = [...new Set(found.flatMap((visit) => visit.carer_ids.slice(0, 1)))];
    const { travel } = await travelOf(request, firstCarers, period.from, period.to, and(scope, notInArray(visits.status, ['cancelled', 'missed']))!);
    const answer: BillableVisit[] = found.map((visit) => {
      const first = visit.carer_ids[0];
      const before = first === undefined ? null : travel.get(`${first}:${visit.id}`);
      return { ...visit, chargeable_miles: before?.miles ?? 0 };
    });
    return ok(answer);
  });

  /**
   * GET /visits/worked?from&to&branch_id&carer_ids: each carer's confirmed visits (auto-confirmed or confirmed)
   * in [from, to] (at most 93 days), in time order, actual times when checked in and out (else planned), with
   * travel minutes and miles from the previous one that day (null for the day's first).
   */
  app.get('/visits/worked', { config: { permission: 'payroll.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const errors: Errors = {};
    const period = periodOf(request.query, errors);
    const branchIds = idsOf(request.query, 'branch_id', 'branch', errors);
    let carerIds = idsOf(request.query, 'carer_ids', 'carer', errors);
    if (!period || Object.keys(errors).length) return sendInvalid(reply, errors);

    const worked = and(branchVisible(viewer.scope, visits.branch_id), branchIds.length ? inArray(visits.branch_id, branchIds) : undefined, inArray(visits.confirmation, [...CONFIRMED]))!;
    if (!carerIds.length) {
      const rows = await db
        .selectDistinct({ carer_id: visitCarers.carer_id })
        .from(visitCarers)
        .innerJoin(visits, eq(visits.id, visitCarers.visit_id))
        .where(and(between(visits.visit_date, period.from, period.to), worked));
      carerIds = rows.map((row) => row.carer_id);
    }
    const { days, travel } = await travelOf(request, carerIds, period.from, period.to, worked);
    return ok(workedByCarer(days, travel));
  });
}
