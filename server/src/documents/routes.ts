import type { PermissionName } from '@hcm/contract';
import { DOCUMENT_STATUSES, type DocumentSpec, type DocumentStatus, type Sensitivity } from '@hcm/contract/documents';
import { and, asc, eq, inArray, isNotNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { auditActorOf, recordAudit } from '../audit/record.js';
import { recordIdIn } from '../audit/scopes.js';
import type { AuthSettings } from '../auth/settings.js';
import type { Database } from '../db/client.js';
import { ok, sendError, sendInvalid } from '../http/envelope.js';
import { parseId } from '../http/params.js';
import { viewerOf, type Viewer } from '../messages/threads.js';
import type { BranchScope } from '../resources/list-query.js';
import { documentPdf, documentsPdf } from './pdf.js';
import { addDays, DocumentRuleError, DocumentStore, mayEdit, mayRead, maySignOff, REVIEW_DUE_WITHIN_DAYS, ukToday, type DocumentReader } from './service.js';
import type { DocumentTables } from './tables.js';
import { clock } from '@hcm/contract/time';

// The record-document API for one kind of owner, mounted by the area that owns them (care-records for clients;
// workforce for carers and employees), from that area's declarations:
//   GET  /<owner>/:ownerId/documents[/:kind]                    summaries (every kind, or one)
//   POST /<owner>/:ownerId/documents/:kind                      a new document (version 1)
//   GET  /<owner>/:ownerId/documents/:kind/:id                  the current version (audited view)
//   PUT  /<owner>/:ownerId/documents/:kind/:id                  a new version, or 409 with what changed
//   POST /<owner>/:ownerId/documents/:kind/:id/sign-off         sign the current version off
//   GET  /<owner>/:ownerId/documents/:kind/:id/versions[/:n]    the history; one version
//   GET  /<owner>/:ownerId/documents/:kind/:id/pdf[?version=n]  printed by the server
//   GET  /<owner>/:ownerId/<bundle>.pdf                         every active document, one PDF (the care plan)
//   GET  /<owner>/documents/reviews?state=due|overdue           reviews across the owners the user sees

/** Who owns documents, as the engine needs to know them. */
export type DocumentOwner = {
  /** The URL segment under /api/v1, e.g. 'clients'. */
  path: string;
  /** The owner's name when the viewer may see them (null: no such owner, or not theirs to see). */
  find(db: Database, viewer: Viewer, ownerId: number): Promise<{ id: number; name: string } | null>;
  /** The owners table, its id, a SQL expression of an owner's name, and which owners a branch scope sees. */
  table: PgTable;
  id: PgColumn;
  name: SQL;
  visible(scope: BranchScope): SQL;
  /** A subquery of the ids of the owners seen by users of these branches (for the audit trail's scope). */
  visibleIds(branchIds: readonly number[]): SQL;
};

export type DocumentRoutesOptions = {
  auth: AuthSettings;
  owner: DocumentOwner;
  specs: readonly DocumentSpec[];
  tables: DocumentTables;
  /** The permission reading each kind of sensitive answer needs. */
  sensitive: Record<Sensitivity, PermissionName>;
  /** The route-level permission of every document route (each kind's own permissions are checked inside). */
  permission: PermissionName;
  /** The audited record type of these documents and what the audit trail calls it. */
  audit: { resource: string; label: string };
  /** The PDF of every active document: its file name (without .pdf) and title, e.g. care-plan, 'Care plan'. */
  bundle: { path: string; title: string };
};

const NO_OWNER = 'No such record.';
const NO_DOCUMENT = 'No such document.';
const STATUS_VALUES = DOCUMENT_STATUSES.map((status) => status.value) as string[];

type Body = Record<string, unknown>;

function bodyOf(request: FastifyRequest): Body {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Body) : {};
}

function statusIn(body: Body, fallback?: DocumentStatus): DocumentStatus | undefined | 'invalid' {
  if (body.status === undefined) return fallback;
  return typeof body.status === 'string' && STATUS_VALUES.includes(body.status) ? (body.status as DocumentStatus) : 'invalid';
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

export async function documentRoutes(app: FastifyInstance, options: DocumentRoutesOptions): Promise<void> {
  const { auth, owner, specs, tables, sensitive, audit } = options;
  const { db } = auth;
  const store = new DocumentStore(db, tables, specs);
  const config = { config: { permission: options.permission } };
  const base = `/${owner.path}/:ownerId/documents`;

  app.auditScopes.declare({
    resource: audit.resource,
    label: audit.label,
    scope: recordIdIn((branchIds) => sql`select ${tables.documents.id} from ${tables.documents} where ${tables.documents.owner_id} in (${owner.visibleIds(branchIds)})`),
  });

  /** The viewer, the owner (visible to them), and the declaration named by :kind, or the error answered. */
  async function context(request: FastifyRequest, reply: FastifyReply, needsKind: boolean) {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return null;
    const params = request.params as Record<string, string>;
    const ownerId = parseId(params.ownerId ?? '');
    const found = ownerId === null ? null : await owner.find(db, viewer, ownerId);
    if (!found) {
      await sendError(reply, 404, NO_OWNER);
      return null;
    }
    const reader: DocumentReader = { user: viewer.user, sensitive };
    if (!needsKind) return { viewer, owner: found, reader, spec: undefined as unknown as DocumentSpec, id: null };
    const spec = store.spec(params.kind ?? '');
    if (!spec) {
      await sendError(reply, 404, 'No such kind of document.');
      return null;
    }
    if (!mayRead(spec, reader)) {
      await sendError(reply, 403, `You may not read ${spec.title} documents.`);
      return null;
    }
    const id = params.id === undefined ? null : parseId(params.id);
    if (params.id !== undefined && id === null) {
      await sendError(reply, 404, NO_DOCUMENT);
      return null;
    }
    return { viewer, owner: found, reader, spec, id };
  }

  async function answerRuleError(reply: FastifyReply, error: unknown) {
    if (!(error instanceof DocumentRuleError)) throw error;
    if (error.statusCode === 422) return sendInvalid(reply, error.errors ?? {});
    return reply.code(error.statusCode).send({ status: false, message: error.message, data: error.data, errors: null });
  }

  app.get(base, config, async (request, reply) => {
    const found = await context(request, reply, false);
    if (!found) return reply;
    return ok(await store.list(found.owner.id, found.reader));
  });

  app.get(`${base}/:kind`, config, async (request, reply) => {
    const found = await context(request, reply, true);
    if (!found) return reply;
    return ok(await store.list(found.owner.id, found.reader, found.spec.name));
  });

  app.post(`${base}/:kind`, config, async (request, reply) => {
    const found = await context(request, reply, true);
    if (!found) return reply;
    const { spec, reader } = found;
    if (!mayEdit(spec, reader)) return sendError(reply, 403, `You may not write ${spec.title} documents.`);
    const body = bodyOf(request);
    const status = statusIn(body, 'draft');
    if (status === 'invalid' || status === undefined) return sendInvalid(reply, { status: ['Choose draft or active.'] });
    try {
      const created = await store.create(found.owner.id, spec, { content: body.content, status, review_date: textOf(body.review_date), note: textOf(body.note) }, reader);
      await recordAudit(db, { actor: auditActorOf(request), resource: audit.resource, recordId: created.id, action: 'create', after: { kind: spec.name, owner_id: found.owner.id, status, version: 1, content: created.content } });
      return reply.code(201).send(ok(await store.view(found.owner.id, spec, created.id, reader), `${spec.title} saved.`));
    } catch (error) {
      return answerRuleError(reply, error);
    }
  });

  app.get(`${base}/:kind/:id`, config, async (request, reply) => {
    const found = await context(request, reply, true);
    if (!found) return reply;
    const view = await store.view(found.owner.id, found.spec, found.id!, found.reader);
    if (!view) return sendError(reply, 404, NO_DOCUMENT);
    await recordAudit(db, { actor: auditActorOf(request), resource: audit.resource, recordId: view.id, action: 'view' });
    return ok(view);
  });

  app.put(`${base}/:kind/:id`, config, async (request, reply) => {
    const found = await context(request, reply, true);
    if (!found) return reply;
    const { spec, reader } = found;
    if (!mayEdit(spec, reader)) return sendError(reply, 403, `You may not write ${spec.title} documents.`);
    const body = bodyOf(request);
    const baseVersion = typeof body.base_version === 'number' && Number.isInteger(body.base_version) ? body.base_version : null;
    if (baseVersion === null) return sendInvalid(reply, { base_version: ['Say which version you changed (base_version).'] });
    const status = statusIn(body);
    if (status === 'invalid') return sendInvalid(reply, { status: ['Choose draft, active or archived.'] });
    try {
      const saved = await store.update(found.owner.id, spec, found.id!, { base_version: baseVersion, content: body.content, status, review_date: textOf(body.review_date), note: textOf(body.note) }, reader);
      if (!saved) return sendError(reply, 404, NO_DOCUMENT);
      await recordAudit(db, { actor: auditActorOf(request), resource: audit.resource, recordId: found.id!, action: 'update', before: { version: baseVersion, content: saved.before }, after: { version: saved.version, status, content: saved.after } });
      return ok(await store.view(found.owner.id, spec, found.id!, reader), status === 'archived' ? `${spec.title} archived.` : `${spec.title} saved as version ${saved.version}.`);
    } catch (error) {
      return answerRuleError(reply, error);
    }
  });

  app.post(`${base}/:kind/:id/sign-off`, config, async (request, reply) => {
    const found = await context(request, reply, true);
    if (!found) return reply;
    const { spec, reader } = found;
    if (!maySignOff(spec, reader)) return sendError(reply, 403, `You may not sign off ${spec.title} documents.`);
    const body = bodyOf(request);
    const role = typeof body.role === 'string' ? body.role.trim().slice(0, 120) : '';
    const baseVersion = typeof body.base_version === 'number' && Number.isInteger(body.base_version) ? body.base_version : null;
    const errors: Record<string, string[]> = {};
    if (!role) errors.role = ['Say in what role you sign it off, e.g. Registered manager.'];
    if (baseVersion === null) errors.base_version = ['Say which version you sign off (base_version).'];
    if (Object.keys(errors).length) return sendInvalid(reply, errors);
    try {
      const signed = await store.signOff(found.owner.id, spec, found.id!, { base_version: baseVersion!, role }, reader);
      if (!signed) return sendError(reply, 404, NO_DOCUMENT);
      await recordAudit(db, { actor: auditActorOf(request), resource: audit.resource, recordId: found.id!, action: 'update', after: { signed_off_version: signed.version, role } });
      return ok(await store.view(found.owner.id, spec, found.id!, reader), `${spec.title} signed off.`);
    } catch (error) {
      return answerRuleError(reply, error);
    }
  });

  app.get(`${base}/:kind/:id/versions`, config, async (request, reply) => {
    const found = await context(request, reply, true);
    if (!found) return reply;
    const versions = await store.versions(found.owner.id, found.spec, found.id!, found.reader);
    if (!versions) return sendError(reply, 404, NO_DOCUMENT);
    await recordAudit(db, { actor: auditActorOf(request), resource: audit.resource, recordId: found.id!, action: 'view' });
    return ok(versions);
  });

  app.get(`${base}/:kind/:id/versions/:version`, config, async (request, reply) => {
    const found = await context(request, reply, true);
    if (!found) return reply;
    const version = parseId((request.params as Record<string, string>).version ?? '');
    const view = version === null ? null : await store.view(found.owner.id, found.spec, found.id!, found.reader, version);
    if (!view) return sendError(reply, 404, 'No such version.');
    await recordAudit(db, { actor: auditActorOf(request), resource: audit.resource, recordId: view.id, action: 'view' });
    return ok(view);
  });

  app.get(`${base}/:kind/:id/pdf`, config, async (request, reply) => {
    const found = await context(request, reply, true);
    if (!found) return reply;
    const query = request.query as Record<string, unknown>;
    const version = query.version === undefined ? undefined : parseId(String(query.version));
    if (version === null) return sendError(reply, 404, 'No such version.');
    const view = await store.view(found.owner.id, found.spec, found.id!, found.reader, version);
    if (!view) return sendError(reply, 404, NO_DOCUMENT);
    await recordAudit(db, { actor: auditActorOf(request), resource: audit.resource, recordId: view.id, action: 'view' });
    const pdf = await documentPdf(found.spec, view, found.owner.name);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${found.spec.name}-${view.id}-v${view.version}.pdf"`).send(Buffer.from(pdf));
  });

  app.get(`/${owner.path}/:ownerId/${options.bundle.path}.pdf`, config, async (request, reply) => {
    const found = await context(request, reply, false);
    if (!found) return reply;
    const summaries = (await store.list(found.owner.id, found.reader)).filter((summary) => summary.status === 'active');
    // In the order the declarations are listed (the record's own order), then by date.
    const order = (kind: string) => specs.findIndex((spec) => spec.name === kind);
    summaries.sort((a, b) => order(a.kind) - order(b.kind) || a.id - b.id);
    const views = [];
    for (const summary of summaries) {
      const spec = store.spec(summary.kind)!;
      const view = await store.view(found.owner.id, spec, summary.id, found.reader);
      if (view) views.push({ spec, view });
      if (view) await recordAudit(db, { actor: auditActorOf(request), resource: audit.resource, recordId: view.id, action: 'view' });
    }
    const pdf = await documentsPdf(options.bundle.title, views, found.owner.name);
    return reply.type('application/pdf').header('content-disposition', `inline; filename="${options.bundle.path}-${found.owner.id}.pdf"`).send(Buffer.from(pdf));
  });

  app.get(`/${owner.path}/documents/reviews`, config, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const state = (request.query as Record<string, unknown>).state;
    if (state !== 'due' && state !== 'overdue') return sendInvalid(reply, { state: ['Choose due or overdue.'] });
    const { documents } = tables;
    const today = ukToday(clock.now());
    const readable = specs.filter((spec) => mayRead(spec, { user: viewer.user, sensitive })).map((spec) => spec.name);
    if (!readable.length) return ok([]);
    const rows = await db
      .select({ id: documents.id, owner_id: documents.owner_id, owner_name: owner.name, kind: documents.kind, review_date: documents.review_date })
      .from(documents)
      .innerJoin(owner.table, eq(owner.id, documents.owner_id))
      .where(
        and(
          ne(documents.status, 'archived'),
          isNotNull(documents.review_date),
          inArray(documents.kind, readable),
          state === 'overdue' ? lt(documents.review_date, today) : and(sql`${documents.review_date} >= ${today}`, lte(documents.review_date, addDays(today, REVIEW_DUE_WITHIN_DAYS))),
          owner.visible(viewer.scope),
        ),
      )
      .orderBy(asc(documents.review_date), asc(documents.id))
      .limit(500);
    return ok(
      rows.map((row) => ({ ...row, title: specs.find((spec) => spec.name === row.kind)!.title, review_state: state })),
    );
  });
}
