import { CreateLinkSchema, fieldErrorsOf, ShareClientSchema, type SharedClientRow } from '@hcm/contract/schemas';
import { and, asc, eq, isNull, not, notInArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { NOT_BRANCH_BOUND, UNAUTHENTICATED, auditActorOf, currentUserOf, ok, parseId, recordAudit, recordIdIn, scopeOf, sendError, sendInvalid, users, type AuthSettings } from '@hcm/server/platform';
import { clientShares } from '../tables.js';
import { clientColumns, clientsTable } from '../columns.js';
import { visibleClientIds, visibleClients } from '../client-visibility.js';
import { deleteHealthProfessionalSessions } from '@hcm/server/platform';
import { createLink, linkPath, listLinks, revokeLink } from './links.js';
import { findProfessional } from './records.js';

export type StaffRoutesOptions = {
  auth: AuthSettings;
  /** Where the web app is served (APP_URL, or the first WEB_ORIGIN): links are built on it. */
  appUrl: string;
};

const NO_PROFESSIONAL = 'No such health professional.';
export const LINKS_BEYOND_YOUR_BRANCHES =
  "This professional has records shared from branches other than yours: only staff of every such branch (or a super admin) may make or manage this professional's links.";
const c = clientsTable;
const SHARE = { config: { permission: 'health-professionals.share' as const } };

/**
 * Under /api/v1 (staff users, health-professionals.share): the clients shared with a professional and their
 * links. Only clients of the user's branches can be shared, listed or unshared (super admins: all). A link
 * opens everything shared with the professional (and lets them set a password that does the same), so links
 * are made, listed and revoked only by a user whose branches hold every client shared with that professional.
 */
export async function healthProfessionalStaffRoutes(app: FastifyInstance, options: StaffRoutesOptions): Promise<void> {
  const { auth } = options;
  const { db } = auth;
  const base = '/health-professionals/:id';
  // A share's record id is the client's: read with the client's branch. Links belong to the professional (no branch).
  app.auditScopes.declare(
    { resource: 'client-shares', label: 'Clients shared with health professionals', scope: recordIdIn((ids) => visibleClientIds(ids, { deleted: 'include' })), labelledBy: 'clients' },
    { resource: 'health-professional-links', label: 'Health professional links', scope: NOT_BRANCH_BOUND },
  );

  /** The user's branch scope as a condition on clients, and who they are. */
  async function contextOf(request: FastifyRequest, reply: FastifyReply) {
    const user = await currentUserOf(request, auth);
    if (!user) {
      await sendError(reply, 401, UNAUTHENTICATED);
      return null;
    }
    // Live clients the user may see (care-records/client-visibility.ts).
    const inScope: SQL[] = [visibleClients(scopeOf(user), { deleted: 'exclude' })];
    const id = parseId((request.params as { id: string }).id);
    const professional = id === null ? null : await findProfessional(db, id);
    if (!professional) {
      await sendError(reply, 404, NO_PROFESSIONAL);
      return null;
    }
    return { user, inScope, professional };
  }

  /** The context for the link routes: refused (403) when anything shared with the professional is outside the user's branches. */
  async function linkContextOf(request: FastifyRequest, reply: FastifyReply) {
    const context = await contextOf(request, reply);
    if (!context || scopeOf(context.user) === 'all') return context;
    const [beyond] = await db
      .select({ id: clientShares.client_id })
      .from(clientShares)
      .innerJoin(c, eq(clientColumns.id, clientShares.client_id))
      .where(and(eq(clientShares.health_professional_id, context.professional.id), isNull(clientColumns.deleted_at), not(and(...context.inScope)!)))
      .limit(1);
    if (beyond) {
      await sendError(reply, 403, LINKS_BEYOND_YOUR_BRANCHES);
      return null;
    }
    return context;
  }

  const sharedRows = async (professionalId: number, inScope: SQL[]): Promise<SharedClientRow[]> => {
    const rows = await db
      .select({
        client_id: clientShares.client_id,
        first_name: clientColumns.first_name,
        last_name: clientColumns.last_name,
        date_of_birth: clientColumns.date_of_birth,
        shared_at: clientShares.created_at,
        shared_by: users.name,
      })
      .from(clientShares)
      .innerJoin(c, eq(clientColumns.id, clientShares.client_id))
      .leftJoin(users, eq(users.id, clientShares.shared_by))
      .where(and(eq(clientShares.health_professional_id, professionalId), ...inScope))
      .orderBy(asc(clientColumns.last_name), asc(clientColumns.first_name));
    return rows.map((row) => ({
      client_id: row.client_id,
      name: `${row.first_name as string} ${row.last_name as string}`,
      date_of_birth: row.date_of_birth as string,
      shared_at: row.shared_at.toISOString(),
      shared_by: row.shared_by,
    }));
  };

  app.get(`${base}/shares`, SHARE, async (request, reply) => {
    const context = await contextOf(request, reply);
    if (!context) return reply;
    return ok(await sharedRows(context.professional.id, context.inScope));
  });

  // The user's clients not yet shared with this professional, for the "share a client" select.
  app.get(`${base}/shares/candidates`, SHARE, async (request, reply) => {
    const context = await contextOf(request, reply);
    if (!context) return reply;
    const shared = db
      .select({ id: clientShares.client_id })
      .from(clientShares)
      .where(eq(clientShares.health_professional_id, context.professional.id));
    const rows = await db
      .select({ id: clientColumns.id, first_name: clientColumns.first_name, last_name: clientColumns.last_name, date_of_birth: clientColumns.date_of_birth })
      .from(c)
      .where(and(...context.inScope, notInArray(clientColumns.id, shared)))
      .orderBy(asc(clientColumns.last_name), asc(clientColumns.first_name))
      .limit(1000);
    return ok(rows.map((row) => ({ id: row.id as number, name: `${row.first_name as string} ${row.last_name as string}`, date_of_birth: row.date_of_birth as string })));
  });

  app.post(`${base}/shares`, SHARE, async (request, reply) => {
    const context = await contextOf(request, reply);
    if (!context) return reply;
    const parsed = v.safeParse(ShareClientSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    const clientId = parsed.output.client_id;
    const [client] = await db.select({ id: clientColumns.id }).from(c).where(and(eq(clientColumns.id, clientId), ...context.inScope));
    if (!client) return sendInvalid(reply, { client_id: ['Choose one of your clients.'] });
    const inserted = await db
      .insert(clientShares)
      .values({ health_professional_id: context.professional.id, client_id: clientId, shared_by: context.user.userID })
      .onConflictDoNothing()
      .returning({ client_id: clientShares.client_id });
    if (inserted.length) {
      await recordAudit(db, {
        actor: auditActorOf(request),
        resource: 'client-shares',
        recordId: clientId,
        action: 'create',
        after: { health_professional_id: context.professional.id, client_id: clientId },
      });
    }
    const rows = await sharedRows(context.professional.id, context.inScope);
    return reply.code(inserted.length ? 201 : 200).send(ok(rows, `Shared with ${context.professional.name}.`));
  });

  app.delete(`${base}/shares/:clientId`, SHARE, async (request, reply) => {
    const context = await contextOf(request, reply);
    if (!context) return reply;
    const clientId = parseId((request.params as { clientId: string }).clientId);
    const [client] = clientId !== null ? await db.select({ id: clientColumns.id }).from(c).where(and(eq(clientColumns.id, clientId), ...context.inScope)) : [];
    const deleted = client
      ? await db
          .delete(clientShares)
          .where(and(eq(clientShares.health_professional_id, context.professional.id), eq(clientShares.client_id, clientId!)))
          .returning({ client_id: clientShares.client_id })
      : [];
    if (!deleted.length) return sendError(reply, 404, 'This client is not shared with this professional.');
    await recordAudit(db, {
      actor: auditActorOf(request),
      resource: 'client-shares',
      recordId: clientId!,
      action: 'delete',
      before: { health_professional_id: context.professional.id, client_id: clientId },
    });
    return ok(await sharedRows(context.professional.id, context.inScope), 'No longer shared.');
  });

  app.get(`${base}/links`, SHARE, async (request, reply) => {
    const context = await linkContextOf(request, reply);
    if (!context) return reply;
    return ok(await listLinks(db, context.professional.id));
  });

  app.post(`${base}/links`, SHARE, async (request, reply) => {
    const context = await linkContextOf(request, reply);
    if (!context) return reply;
    const parsed = v.safeParse(CreateLinkSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    const { professional } = context;
    if (!professional.active) {
      return sendInvalid(reply, { expires_in_days: ['This professional is inactive: make them active before sending a link.'] }, 'This professional is inactive.');
    }
    const { token, link } = await createLink(db, { professionalId: professional.id, createdBy: context.user.userID, expiresInDays: parsed.output.expires_in_days });
    const url = `${options.appUrl.replace(/\/+$/, '')}${linkPath(professional.id, token)}`;
    await recordAudit(db, {
      actor: auditActorOf(request),
      resource: 'health-professional-links',
      recordId: link.id,
      action: 'create',
      after: { health_professional_id: professional.id, expires_at: link.expires_at },
    });
    if (parsed.output.send_email) {
      const expires = new Date(link.expires_at).toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, '');
      await auth.mailer.send({
        to: professional.email,
        subject: 'Records shared with you',
        text: [
          `Hello ${professional.name},`,
          '',
          `${context.user.name} has shared care records with you. Open them here:`,
          url,
          '',
          `The link works until ${expires}. Keep it to yourself: anyone holding it can read these records.`,
          'Once in, you can set a password and sign in at the same address without the link.',
        ].join('\n'),
      });
    }
    return reply
      .code(201)
      .send(ok({ link, url, emailed: parsed.output.send_email }, parsed.output.send_email ? `Link created and emailed to ${professional.email}.` : 'Link created.'));
  });

  app.post(`${base}/links/:linkId/revoke`, SHARE, async (request, reply) => {
    const context = await linkContextOf(request, reply);
    if (!context) return reply;
    const linkId = parseId((request.params as { linkId: string }).linkId);
    if (linkId === null || !(await revokeLink(db, context.professional.id, linkId))) {
      return sendError(reply, 404, 'No such link.');
    }
    // Whoever came in by a link may still hold a session from it: end the professional's sessions.
    await deleteHealthProfessionalSessions(db, context.professional.id);
    await recordAudit(db, {
      actor: auditActorOf(request),
      resource: 'health-professional-links',
      recordId: linkId,
      action: 'update',
      after: { revoked: true },
    });
    const [link] = await listLinks(db, context.professional.id, linkId);
    return ok(link, 'Link revoked.');
  });
}
