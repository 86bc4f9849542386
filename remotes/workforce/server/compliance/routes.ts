import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { can } from '@hcm/contract';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import { londonDate } from '@hcm/contract/engine';
import { branches } from '@hcm/server/schema';
import {
  auditActorOf,
  isAnyOf,
  ok,
  pageOfAll,
  parseId,
  parsePaging,
  queryParam,
  recordAudit,
  recordIdIn,
  sendError,
  sendInvalid,
  viewerOf,
  type AreaServerContext,
  type Database,
  type Transaction,
  type Viewer,
} from '@hcm/server/platform';
import {
  BusinessInsuranceSchema,
  COMPLIANCE_CHECKS,
  DbsCheckSchema,
  DbsUpdateCheckSchema,
  DrivingLicenceSchema,
  PhotoIdSchema,
  ReferenceRequestSchema,
  RightToWorkSchema,
  tabOfCheck,
  windowOf,
  type CompliancePicture,
  type DbsCheckRow,
  type DbsLevel,
  type DbsUpdateCheckRow,
  type FileAlertRow,
} from '../../contract/compliance.js';
import { STAFF_SENSITIVE_PERMISSIONS } from '../../contract/record-tabs.js';
import { carersTable, employeeDocuments, employeeDocumentVersions, employeesTable } from '../people/people-tables.js';
import { carerColumns, employeeColumns, findCarer, visibleCarerIds, visibleCarers, visibleEmployees, type StaffMember } from '../people/visibility.js';
import { refereeAuditScope } from './referee-page.js';
import { expiryFrom, listReferenceRequests, newToken, referenceLinkPath, sendReferenceEmail } from './references.js';
import { addMonths, complianceOf, daysFrom, readComplianceSettings, recomputeCompliance, refreshStaleCompliance } from './service.js';
import { businessInsurance, carerCompliance, dbsChecks, dbsUpdateChecks, drivingLicences, photoIdChecks, referenceRequests, rightToWorkChecks } from './tables.js';
import { clock } from '@hcm/contract/time';

const NO_CARER = 'No such carer.';
const canView = { config: { permission: 'carers.view' as const } };
const canEdit = { config: { permission: 'carers.edit' as const } };

/** The audited record type of the checks recorded on a carer's file (record_id: the carer). */
export const COMPLIANCE_AUDIT = 'carer-compliance';

type Target = { viewer: Viewer; carer: StaffMember };

/**
 * A carer's compliance under /api/v1:
 *   GET  /carers/compliance?ids=1,2,3          the rota's read model: CarerCompliance[] (carers.view or scheduler.view)
 *   GET  /carers/file-alerts                   checks expiring, lapsed or missing (branch_id, window, check; paged)
 *   GET  /employees/file-alerts                the office employees' DBS and right to work dates
 *   GET  /carers/:id/compliance                the whole picture (disclosure text only with workforce.disclosures.view)
 *   POST /carers/:id/compliance/dbs            PUT …/dbs/:rowId; POST …/dbs/:rowId/update-checks
 *   POST /carers/:id/compliance/right-to-work  PUT …/:rowId; likewise driving-licence, business-insurance, photo-id
 *   GET  /carers/:id/reference-requests        POST to send one; POST …/:requestId/resend
 * Every write is audited ('carer-compliance', 'carer-references') and recomputes the carer's compliance.
 */
export async function complianceRoutes(app: FastifyInstance, context: AreaServerContext): Promise<void> {
  const { auth } = context;
  const { db } = auth;
  const byCarer = recordIdIn((branchIds) => visibleCarerIds(branchIds));
  app.auditScopes.declare({ resource: COMPLIANCE_AUDIT, label: "Carers' compliance checks", scope: byCarer }, refereeAuditScope(byCarer));

  // Worked out once at start (tests and a fresh demo included). Readers here recompute whatever is stale (a
  // changed input, or a UK day begun: refreshStaleCompliance); the hourly sweep (complianceSweepJob) keeps the
  // published row current for the other areas reading carer_compliance directly.
  await recomputeCompliance(db);

  const target = async (request: FastifyRequest, reply: FastifyReply): Promise<Target | null> => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return null;
    const carer = await findCarer(db, viewer.scope, Number(parseId(String((request.params as { id?: string }).id ?? '')) ?? NaN));
    if (!carer) {
      await sendError(reply, 404, NO_CARER);
      return null;
    }
    return { viewer, carer };
  };
  const rowIdOf = (request: FastifyRequest) => parseId(String((request.params as { rowId?: string }).rowId ?? ''));
  const parsed = async <S extends v.GenericSchema>(reply: FastifyReply, schema: S, body: unknown): Promise<v.InferOutput<S> | null> => {
    const result = v.safeParse(schema, body ?? {});
    if (result.success) return result.output;
    await sendInvalid(reply, fieldErrorsOf(result.issues));
    return null;
  };
  const audit = (request: FastifyRequest, carerId: number, action: 'create' | 'update' | 'view', after: unknown, before?: unknown, on: Database | Transaction = db) =>
    recordAudit(on, { actor: auditActorOf(request), resource: COMPLIANCE_AUDIT, recordId: carerId, action, after, ...(before === undefined ? {} : { before }) });

  // ---- The read model for the rota and the record header.

  app.get('/carers/compliance', { config: { anyPermission: ['carers.view', 'scheduler.view'] } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    if (!can(viewer.user, 'carers.view') && !can(viewer.user, 'scheduler.view')) return sendError(reply, 403, 'This action is unauthorized.');
    const raw = queryParam(request.query, 'ids') ?? '';
    const ids = [...new Set(raw.split(',').map((part) => parseId(part.trim())).filter((id): id is number => id !== null))];
    if (!raw || raw.split(',').some((part) => parseId(part.trim()) === null)) return sendInvalid(reply, { ids: ['Give carer ids separated by commas, like ids=1,2,3.'] });
    if (ids.length > 1000) return sendInvalid(reply, { ids: ['Ask for at most 1,000 carers at once.'] });
    const checks = queryParam(request.query, 'checks');
    if (checks !== undefined && checks !== 'blocking') return sendInvalid(reply, { checks: ['Leave checks out for every check, or ask checks=blocking.'] });
    const visible = await db.select({ id: carerColumns.id }).from(carersTable).where(and(isAnyOf(carerColumns.id, ids), visibleCarers(viewer.scope)));
    return ok(await complianceOf(db, visible.map((row) => Number(row.id)), { blockingChecks: checks === 'blocking' }));
  });

  // ---- File alerts.

  app.get('/carers/file-alerts', canView, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const filters = alertFilters(request.query);
    if ('errors' in filters) return sendInvalid(reply, filters.errors);
    await refreshStaleCompliance(db);
    const { alertWindows } = await readComplianceSettings(db);
    const c = carerColumns;
    const rows = await db
      .select({ id: c.id, first: c.first_name, last: c.last_name, branch_id: c.branch_id, branch: branches.name, checks: carerCompliance.checks })
      .from(carersTable)
      .innerJoin(branches, eq(branches.id, c.branch_id))
      .innerJoin(carerCompliance, eq(carerCompliance.carer_id, c.id))
      .where(and(visibleCarers(viewer.scope), inArray(c.status, ['active', 'suspended']), filters.branchId ? eq(c.branch_id, filters.branchId) : undefined));
    const alerts: FileAlertRow[] = rows.flatMap((row) =>
      row.checks.flatMap((check) => {
        const window = windowOf(check, alertWindows);
        if (!window) return [];
        return [{ person_id: Number(row.id), person_name: `${String(row.first)} ${String(row.last)}`, branch_id: Number(row.branch_id), branch: row.branch, check: check.key, label: check.label, state: check.state, expires_on: check.expires_on, days_left: check.days_left, window, blocks_rostering: check.blocks_rostering, detail: check.detail, tab: tabOfCheck(check.key) }];
      }),
    );
    return ok(pageOfAll(sortAlerts(alerts.filter((alert) => (!filters.window || alert.window === filters.window) && (!filters.check || alert.check === filters.check))), parsePaging(request.query)));
  });

  app.get('/employees/file-alerts', { config: { permission: 'employees.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const filters = alertFilters(request.query);
    if ('errors' in filters) return sendInvalid(reply, filters.errors);
    const settings = await readComplianceSettings(db);
    const e = employeeColumns;
    const people = await db
      .select({ id: e.id, first: e.first_name, last: e.last_name, branch_id: e.branch_id, branch: branches.name })
      .from(employeesTable)
      .innerJoin(branches, eq(branches.id, e.branch_id))
      .where(and(visibleEmployees(viewer.scope), ne(e.status, 'leaver'), filters.branchId ? eq(e.branch_id, filters.branchId) : undefined));
    const ids = people.map((person) => Number(person.id));
    const documents = ids.length
      ? await db
          .select({ owner_id: employeeDocuments.owner_id, content: employeeDocumentVersions.content })
          .from(employeeDocuments)
          .innerJoin(employeeDocumentVersions, and(eq(employeeDocumentVersions.document_id, employeeDocuments.id), eq(employeeDocumentVersions.version, employeeDocuments.version)))
          .where(and(inArray(employeeDocuments.owner_id, ids), eq(employeeDocuments.kind, 'references-documents'), ne(employeeDocuments.status, 'archived')))
          .orderBy(desc(employeeDocuments.updated_at))
      : [];
    const contentOf = new Map<number, Record<string, unknown>>();
    for (const row of documents) if (!contentOf.has(row.owner_id)) contentOf.set(row.owner_id, row.content);
    const today = londonDate();
    const alerts = people.flatMap((person) =>
      employeeChecks(contentOf.get(Number(person.id)) ?? null, settings, today).flatMap((check) => {
        const window = windowOf(check, settings.alertWindows);
        if (!window) return [];
        return [{ person_id: Number(person.id), person_name: `${String(person.first)} ${String(person.last)}`, branch_id: Number(person.branch_id), branch: person.branch, ...check, window, tab: 'references-documents' } satisfies FileAlertRow];
      }),
    );
    return ok(pageOfAll(sortAlerts(alerts.filter((alert) => (!filters.window || alert.window === filters.window) && (!filters.check || alert.check === filters.check))), parsePaging(request.query)));
  });

  // ---- The whole picture of one carer.

  app.get('/carers/:id/compliance', canView, async (request, reply) => {
    const found = await target(request, reply);
    if (!found) return reply;
    const picture = await pictureOf(found);
    if (picture.dbs.some((row) => row.disclosure && !row.disclosure_withheld)) await audit(request, found.carer.id, 'view', { view: 'dbs-disclosures' });
    return ok(picture);
  });

  const pictureOf = async ({ viewer, carer }: Target): Promise<CompliancePicture> => {
    const [compliance] = await complianceOf(db, [carer.id]);
    const mayReadDisclosures = can(viewer.user, STAFF_SENSITIVE_PERMISSIONS.safeguarding);
    const dbsRows = await db.select().from(dbsChecks).where(eq(dbsChecks.carer_id, carer.id)).orderBy(desc(dbsChecks.issue_date), desc(dbsChecks.id));
    const updates = dbsRows.length
      ? await db.select().from(dbsUpdateChecks).where(inArray(dbsUpdateChecks.dbs_check_id, dbsRows.map((row) => row.id))).orderBy(desc(dbsUpdateChecks.checked_on), desc(dbsUpdateChecks.id))
      : [];
    const [facts] = await db.select({ drives: carerColumns.drives }).from(carersTable).where(eq(carerColumns.id, carer.id));
    const stamp = <T extends { created_at: Date; recorded_by?: number | null; updated_at?: Date; carer_id?: number }>({ created_at, recorded_by: _by, updated_at: _at, carer_id: _carer, ...rest }: T) => ({ ...rest, recorded_at: created_at.toISOString() });
    return {
      carer_id: carer.id,
      drives: facts?.drives === true,
      status: carer.status,
      compliance: compliance!,
      dbs: dbsRows.map(
        (row): DbsCheckRow => ({
          ...stamp(row),
          disclosure_text: mayReadDisclosures ? row.disclosure_text : null,
          disclosure_withheld: !mayReadDisclosures && row.disclosure,
          update_checks: updates.filter((update) => update.dbs_check_id === row.id).map(({ id, checked_on, result, checked_by }) => ({ id, checked_on, result, checked_by })),
        }),
      ),
      right_to_work: (await db.select().from(rightToWorkChecks).where(eq(rightToWorkChecks.carer_id, carer.id)).orderBy(desc(rightToWorkChecks.checked_on), desc(rightToWorkChecks.id))).map(stamp),
      driving_licences: (await db.select().from(drivingLicences).where(eq(drivingLicences.carer_id, carer.id)).orderBy(desc(drivingLicences.checked_on), desc(drivingLicences.id))).map(stamp),
      business_insurance: (await db.select().from(businessInsurance).where(eq(businessInsurance.carer_id, carer.id)).orderBy(desc(businessInsurance.checked_on), desc(businessInsurance.id))).map(stamp),
      photo_ids: (await db.select().from(photoIdChecks).where(eq(photoIdChecks.carer_id, carer.id)).orderBy(desc(photoIdChecks.seen_on), desc(photoIdChecks.id))).map(stamp),
    };
  };

  /** A write of a check, audited, with the carer's compliance worked out again in the same transaction (never read stale). */
  const recorded = (found: Target, write: (tx: Transaction) => Promise<unknown>) =>
    db.transaction(async (tx) => {
      await write(tx);
      await recomputeCompliance(tx, [found.carer.id]);
    });
  const answer = async (reply: FastifyReply, found: Target, status: 200 | 201, message: string) => reply.code(status).send(ok(await pictureOf(found), message));

  // ---- DBS.

  app.post('/carers/:id/compliance/dbs', canEdit, async (request, reply) => {
    const found = await target(request, reply);
    if (!found) return reply;
    const values = await parsed(reply, DbsCheckSchema, request.body);
    if (!values) return reply;
    await recorded(found, async (tx) => {
      const [row] = await tx.insert(dbsChecks).values({ ...values, level: values.level as DbsLevel, carer_id: found.carer.id, recorded_by: found.viewer.user.userID }).returning({ id: dbsChecks.id });
      await audit(request, found.carer.id, 'create', { dbs_check_id: row!.id, ...redact(values) }, undefined, tx);
    });
    return answer(reply, found, 201, 'DBS check recorded.');
  });

  app.put('/carers/:id/compliance/dbs/:rowId', canEdit, async (request, reply) => {
    const found = await target(request, reply);
    if (!found) return reply;
    const rowId = rowIdOf(request);
    const [current] = rowId ? await db.select().from(dbsChecks).where(and(eq(dbsChecks.id, rowId), eq(dbsChecks.carer_id, found.carer.id))) : [];
    if (!current) return sendError(reply, 404, 'No such DBS check.');
    // Whoever may not read the disclosure keeps it as it is.
    const body = { ...((request.body ?? {}) as Record<string, unknown>) };
    if (!can(found.viewer.user, STAFF_SENSITIVE_PERMISSIONS.safeguarding)) body.disclosure_text = current.disclosure_text;
    const values = await parsed(reply, DbsCheckSchema, body);
    if (!values) return reply;
    await recorded(found, async (tx) => {
      await tx.update(dbsChecks).set({ ...values, level: values.level as DbsLevel, updated_at: clock.now() }).where(eq(dbsChecks.id, current.id));
      await audit(request, found.carer.id, 'update', { dbs_check_id: current.id, ...redact(values) }, { dbs_check_id: current.id, ...redact(current) }, tx);
    });
    return answer(reply, found, 200, 'DBS check updated.');
  });

  app.post('/carers/:id/compliance/dbs/:rowId/update-checks', canEdit, async (request, reply) => {
    const found = await target(request, reply);
    if (!found) return reply;
    const rowId = rowIdOf(request);
    const [dbs] = rowId ? await db.select({ id: dbsChecks.id, update_service: dbsChecks.update_service }).from(dbsChecks).where(and(eq(dbsChecks.id, rowId), eq(dbsChecks.carer_id, found.carer.id))) : [];
    if (!dbs) return sendError(reply, 404, 'No such DBS check.');
    const values = await parsed(reply, DbsUpdateCheckSchema, request.body);
    if (!values) return reply;
    if (!dbs.update_service) return sendInvalid(reply, { result: ['This certificate is not on the Update Service: record its subscription first.'] });
    await recorded(found, async (tx) => {
      const [row] = await tx.insert(dbsUpdateChecks).values({ ...values, result: values.result as DbsUpdateCheckRow['result'], dbs_check_id: dbs.id, recorded_by: found.viewer.user.userID }).returning({ id: dbsUpdateChecks.id });
      await audit(request, found.carer.id, 'create', { dbs_update_check_id: row!.id, dbs_check_id: dbs.id, ...values }, undefined, tx);
    });
    return answer(reply, found, 201, values.result === 'new-information' ? 'Recorded: new information means a new certificate and a risk assessment before rostering.' : 'Update Service check recorded.');
  });

  // ---- Right to work, driving licence, business insurance, photo ID: a new check, or a correction of one.

  const simple = [
    { path: 'right-to-work', table: rightToWorkChecks, schema: RightToWorkSchema, noun: 'Right to work check', empty: ['expires_on', 'follow_up_on'] },
    { path: 'driving-licence', table: drivingLicences, schema: DrivingLicenceSchema, noun: 'Driving licence', empty: [] },
    { path: 'business-insurance', table: businessInsurance, schema: BusinessInsuranceSchema, noun: 'Business car insurance', empty: [] },
    { path: 'photo-id', table: photoIdChecks, schema: PhotoIdSchema, noun: 'Photo ID', empty: [] },
  ] as const;
  for (const kind of simple) {
    const table = kind.table as typeof rightToWorkChecks;
    // Optional dates are '' in a form and null in the table.
    const stored = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).map(([key, value]) => [key, (kind.empty as readonly string[]).includes(key) && value === '' ? null : value]));
    app.post(`/carers/:id/compliance/${kind.path}`, canEdit, async (request, reply) => {
      const found = await target(request, reply);
      if (!found) return reply;
      const values = await parsed(reply, kind.schema as v.GenericSchema<unknown, Record<string, unknown>>, request.body);
      if (!values) return reply;
      await recorded(found, async (tx) => {
        const [row] = await tx
          .insert(table)
          .values({ ...(stored(values) as typeof table.$inferInsert), carer_id: found.carer.id, recorded_by: found.viewer.user.userID })
          .returning({ id: table.id });
        await audit(request, found.carer.id, 'create', { kind: kind.path, id: row!.id, ...values }, undefined, tx);
      });
      return answer(reply, found, 201, `${kind.noun} recorded.`);
    });
    app.put(`/carers/:id/compliance/${kind.path}/:rowId`, canEdit, async (request, reply) => {
      const found = await target(request, reply);
      if (!found) return reply;
      const rowId = rowIdOf(request);
      const [current] = rowId ? await db.select().from(table).where(and(eq(table.id, rowId), eq(table.carer_id, found.carer.id))) : [];
      if (!current) return sendError(reply, 404, `No such ${kind.noun.toLowerCase()}.`);
      const values = await parsed(reply, kind.schema as v.GenericSchema<unknown, Record<string, unknown>>, request.body);
      if (!values) return reply;
      await recorded(found, async (tx) => {
        await tx.update(table).set({ ...(stored(values) as Partial<typeof table.$inferInsert>), updated_at: clock.now() }).where(eq(table.id, current.id));
        await audit(request, found.carer.id, 'update', { kind: kind.path, id: current.id, ...values }, { kind: kind.path, ...current }, tx);
      });
      return answer(reply, found, 200, `${kind.noun} updated.`);
    });
  }

  // ---- Reference requests.

  app.get('/carers/:id/reference-requests', canView, async (request, reply) => {
    const found = await target(request, reply);
    if (!found) return reply;
    return ok(await listReferenceRequests(db, found.carer.id));
  });

  const linkUrl = (requestId: number, token: string) => `${context.appUrl.replace(/\/+$/, '')}${referenceLinkPath(requestId, token)}`;

  app.post('/carers/:id/reference-requests', canEdit, async (request, reply) => {
    const found = await target(request, reply);
    if (!found) return reply;
    const values = await parsed(reply, ReferenceRequestSchema, request.body);
    if (!values) return reply;
    if (found.carer.status === 'leaver') return sendError(reply, 409, 'This carer has left: no references are needed.');
    const { referenceLinkDays } = await readComplianceSettings(db);
    const now = clock.now();
    const { token, hash } = newToken();
    const [row] = await db
      .insert(referenceRequests)
      .values({ ...values, carer_id: found.carer.id, token_hash: hash, sent_by: found.viewer.user.userID, sent_at: now, expires_at: expiryFrom(now, referenceLinkDays) })
      .returning({ id: referenceRequests.id, expires_at: referenceRequests.expires_at });
    await recordAudit(db, { actor: auditActorOf(request), resource: 'carer-references', recordId: found.carer.id, action: 'create', after: { reference_request_id: row!.id, referee_name: values.referee_name, referee_email: values.referee_email } });
    await sendReferenceEmail(auth.mailer, { to: values.referee_email, refereeName: values.referee_name, carerName: found.carer.name, url: linkUrl(row!.id, token), expiresAt: row!.expires_at, sentBy: found.viewer.user.name });
    const [listed] = await listReferenceRequests(db, found.carer.id, row!.id);
    return reply.code(201).send(ok(listed, `Reference request emailed to ${values.referee_email}.`));
  });

  app.post('/carers/:id/reference-requests/:requestId/resend', canEdit, async (request, reply) => {
    const found = await target(request, reply);
    if (!found) return reply;
    const requestId = parseId(String((request.params as { requestId?: string }).requestId ?? ''));
    const [current] = requestId ? await db.select().from(referenceRequests).where(and(eq(referenceRequests.id, requestId), eq(referenceRequests.carer_id, found.carer.id))) : [];
    if (!current) return sendError(reply, 404, 'No such reference request.');
    if (current.answered_at) return sendError(reply, 409, 'The referee has already answered.');
    const { referenceLinkDays } = await readComplianceSettings(db);
    const now = clock.now();
    const { token, hash } = newToken();
    const expires = expiryFrom(now, referenceLinkDays);
    // A new token: the link emailed before stops working.
    await db.update(referenceRequests).set({ token_hash: hash, sent_at: now, expires_at: expires, opened_at: null, sent_by: found.viewer.user.userID }).where(eq(referenceRequests.id, current.id));
    await recordAudit(db, { actor: auditActorOf(request), resource: 'carer-references', recordId: found.carer.id, action: 'update', after: { reference_request_id: current.id, resent: true } });
    await sendReferenceEmail(auth.mailer, { to: current.referee_email, refereeName: current.referee_name, carerName: found.carer.name, url: linkUrl(current.id, token), expiresAt: expires, sentBy: found.viewer.user.name });
    const [listed] = await listReferenceRequests(db, found.carer.id, current.id);
    return ok(listed, `A new link was emailed to ${current.referee_email}.`);
  });
}

/** The DBS values for the audit trail: whether there is a disclosure, never its text. */
function redact<T extends { disclosure_text?: string }>(values: T): Omit<T, 'disclosure_text'> {
  const { disclosure_text: _text, ...rest } = values;
  return rest;
}

const WINDOWS = ['30', '14', '7', 'expired', 'missing'];

function alertFilters(query: unknown): { branchId: number | null; window: string | null; check: string | null } | { errors: Record<string, string[]> } {
  const branchRaw = queryParam(query, 'branch_id') ?? '';
  const window = queryParam(query, 'window') ?? '';
  const check = queryParam(query, 'check') ?? '';
  const errors: Record<string, string[]> = {};
  const branchId = branchRaw ? parseId(branchRaw) : null;
  if (branchRaw && branchId === null) errors.branch_id = ['Choose a branch.'];
  if (window && !WINDOWS.includes(window) && !/^\d{1,3}$/.test(window)) errors.window = ['Choose 30, 14 or 7 days, expired or missing.'];
  if (check && !COMPLIANCE_CHECKS.some((item) => item.value === check)) errors.check = ['Choose one of the checks.'];
  return Object.keys(errors).length ? { errors } : { branchId, window: window || null, check: check || null };
}

/** Which alerts come first: lapsed checks (someone may be working on an expired check), then missing ones, then the rest. */
const ALERT_RANK: Record<string, number> = { expired: 0, missing: 1 };
const rankOf = (alert: FileAlertRow) => ALERT_RANK[alert.window] ?? 2;

/**
 * Lapsed checks first (the longest lapsed first), then missing ones (no date to wait for), then those falling due,
 * soonest first; then by name and check.
 */
export function sortAlerts(alerts: FileAlertRow[]): FileAlertRow[] {
  return alerts.sort(
    (a, b) =>
      rankOf(a) - rankOf(b) ||
      (a.expires_on === null ? 1 : 0) - (b.expires_on === null ? 1 : 0) ||
      (a.expires_on ?? '').localeCompare(b.expires_on ?? '') ||
      a.person_name.localeCompare(b.person_name) ||
      a.check.localeCompare(b.check),
  );
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const dateIn = (content: Record<string, unknown> | null, ...keys: string[]) => {
  for (const key of keys) {
    const value = content?.[key];
    if (typeof value === 'string' && ISO.test(value)) return value;
  }
  return null;
};

/**
 * An office employee's DBS and right to work, from their 'references-documents' document (contract/documents/
 * employment.ts): dbs_issued, dbs_update_service (and dbs_update_checked_on should the document gain it),
 * rtw_checked_on, rtw_expiry. Not on the Update Service: renewed after the setting's years. On it without a
 * status-check date: no date to alert on.
 */
export function employeeChecks(content: Record<string, unknown> | null, settings: { updateCheckMonths: number; renewalYears: number; alertWindows: number[] }, today: string) {
  const largest = Math.max(...settings.alertWindows);
  const dated = (key: string, label: string, expires: string, detail: string) => {
    const days = daysFrom(today, expires);
    return { check: key, label, state: days < 0 ? ('expired' as const) : days <= largest ? ('expiring' as const) : ('valid' as const), expires_on: expires, days_left: days, blocks_rostering: false, detail };
  };
  const missing = (key: string, label: string, detail: string) => ({ check: key, label, state: 'missing' as const, expires_on: null, days_left: null, blocks_rostering: false, detail });
  const checks = [];
  const issued = dateIn(content, 'dbs_issued', 'dbs_issue_date');
  if (!issued) checks.push(missing('dbs', 'DBS check', 'No DBS certificate on the references and checks document.'));
  else if (content?.dbs_update_service === true) {
    const last = dateIn(content, 'dbs_update_checked_on', 'dbs_last_update_check');
    if (last) checks.push(dated('dbs-update-service', 'DBS Update Service check', addMonths(last, settings.updateCheckMonths), `Update Service status last checked ${last}.`));
  } else checks.push(dated('dbs', 'DBS check', addMonths(issued, settings.renewalYears * 12), `Issued ${issued}, not on the Update Service: renewed every ${settings.renewalYears} years.`));
  const expiry = dateIn(content, 'rtw_expiry', 'right_to_work_expires_on');
  if (expiry) checks.push(dated('right-to-work', 'Right to work', expiry, `Permission until ${expiry}: check again before then.`));
  else if (!dateIn(content, 'rtw_checked_on')) checks.push(missing('right-to-work', 'Right to work', 'No right to work check on the references and checks document.'));
  return checks;
}

