import {
  fieldErrorsOf,
  HEALTH_PROFESSIONAL_PDF_TYPES,
  HealthProfessionalLoginSchema,
  HealthProfessionalPasswordSchema,
  type HealthProfessionalPdfType,
} from '@hcm/contract/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { UNAUTHENTICATED, auditActorOf, clearSessionCookies, commonPasswordErrors, deleteSession, hashPassword, ok, parseId, recordAudit, sendError, sendInvalid, setSessionCookies, verifyAgainstDummy, verifyPassword, type AuthSettings } from '@hcm/server/platform';
import { healthProfessionalCredentials } from '../tables.js';
import { useLink } from './links.js';
import { carePlanPdf, clientName, marMonthOf } from './pdf.js';
import { buildMarChart } from '../mar/chart.js';
import { findMarClient } from '../mar/common.js';
import { marChartPdf } from '../mar/pdf.js';
import { clientSummaries, findProfessional, findProfessionalByEmail, profileOf, sharedClientIds, type ProfessionalRow } from './records.js';
import { startProfessionalSession } from './sessions.js';
import { deleteHealthProfessionalSessions } from '@hcm/server/platform';
import { checkThrottle, logAttempt } from './throttle.js';
import { clock } from '@hcm/contract/time';

export type PortalRoutesOptions = {
  auth: AuthSettings;
  /** Failed password logins allowed a minute per email and IP (default: the auth settings' login limit, else 5). */
  loginPerMinute?: number;
  /** Failed link exchanges allowed a minute per IP (default 10). */
  linkPerMinute?: number;
};

export const HP_BAD_CREDENTIALS = 'These credentials do not match our records.';
export const HP_BAD_LINK = 'This link is not valid: it may have expired or been revoked. Ask the care agency for a new one.';
const TOO_MANY = 'Too many attempts. Please try again in a minute.';
const NOT_SHARED = 'No such client is shared with you.';

declare module 'fastify' {
  interface FastifyRequest {
    /** The professional of a portal request, once requireProfessional has let it through. */
    professional?: ProfessionalRow;
  }
}

/**
 * The professionals' own routes, at /health-professionals (not /api/v1: that guard is for staff users).
 * Sign-in by link or password gives a session with health_professional_id; the other routes require such a
 * session and the professional still active and not deleted, else 401.
 */
export async function healthProfessionalPortalRoutes(app: FastifyInstance, options: PortalRoutesOptions): Promise<void> {
  const { auth } = options;
  const { db } = auth;
  // The staff login's setting (LOGIN_THROTTLE_PER_MINUTE, default 5) applies to professionals' logins too.
  const loginLimit = options.loginPerMinute ?? (auth as { loginThrottlePerMinute?: number }).loginThrottlePerMinute ?? 5;
  const linkLimit = options.linkPerMinute ?? 10;

  async function requireProfessional(request: FastifyRequest, reply: FastifyReply) {
    const id = request.session?.health_professional_id;
    const professional = id == null ? null : await findProfessional(db, id);
    if (!professional || !professional.active) return sendError(reply, 401, UNAUTHENTICATED);
    request.professional = professional;
  }
  const signedIn = { preHandler: requireProfessional };

  const throttled = (reply: FastifyReply, retryAfterSeconds: number) =>
    reply.header('Retry-After', String(retryAfterSeconds)).code(429).send({ status: false, message: TOO_MANY, data: null, errors: null });

  app.post('/links/exchange', async (request, reply) => {
    const body = (request.body ?? {}) as { id?: unknown; token?: unknown };
    const key = `link|${request.ip}`;
    const limited = await checkThrottle(db, key, linkLimit);
    if (limited) {
      await logAttempt(db, request, { key, success: false, reason: 'throttled' });
      return throttled(reply, limited.retryAfterSeconds);
    }
    const id = Number(body.id);
    const token = typeof body.token === 'string' ? body.token : '';
    const professional = Number.isSafeInteger(id) ? await findProfessional(db, id) : null;
    const link = professional?.active ? await useLink(db, professional.id, token) : null;
    if (!professional || !link) {
      await logAttempt(db, request, { key, success: false, reason: professional && !professional.active ? 'inactive' : 'bad_link' });
      return sendInvalid(reply, { token: [HP_BAD_LINK] }, HP_BAD_LINK);
    }
    await logAttempt(db, request, { key, email: professional.email, success: true });
    const { token: sessionToken, session } = await startProfessionalSession(auth, request, professional.id);
    setSessionCookies(reply, auth, sessionToken, session.csrf_token);
    // The host replaces the address with this one, so the token does not stay in the URL or the history.
    return ok({ data: profileOf(professional), replace_url: `/health-professionals/${professional.id}/dashboard` }, 'Signed in.');
  });

  app.post('/login', async (request, reply) => {
    const parsed = v.safeParse(HealthProfessionalLoginSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    const { email, password } = parsed.output;
    const key = `${email}|${request.ip}`;
    const limited = await checkThrottle(db, key, loginLimit);
    if (limited) {
      await logAttempt(db, request, { key, email, success: false, reason: 'throttled' });
      return throttled(reply, limited.retryAfterSeconds);
    }
    const found = await findProfessionalByEmail(db, email);
    // The same answer, after about the same time, for an unknown email, no password yet or a wrong one.
    const passwordOk = found?.passwordHash ? await verifyPassword(found.passwordHash, password) : (await verifyAgainstDummy(password), false);
    if (!found || !passwordOk || !found.active) {
      await logAttempt(db, request, { key, email, success: false, reason: found && passwordOk ? 'inactive' : 'bad_credentials' });
      return sendInvalid(reply, { email: [HP_BAD_CREDENTIALS] }, HP_BAD_CREDENTIALS);
    }
    const professional = (await findProfessional(db, found.id))!;
    await logAttempt(db, request, { key, email, success: true });
    const { token, session } = await startProfessionalSession(auth, request, professional.id);
    setSessionCookies(reply, auth, token, session.csrf_token);
    // The spec's client reads the professional from data.data.
    return ok({ data: profileOf(professional) }, 'Signed in.');
  });

  app.post('/logout', async (request, reply) => {
    if (request.session) await deleteSession(db, request.session.id);
    clearSessionCookies(reply, auth);
    return ok(null, 'Signed out.');
  });

  app.get('/me', signedIn, async (request) => ok({ data: profileOf(request.professional!) }));

  app.post('/password', signedIn, async (request, reply) => {
    const parsed = v.safeParse(HealthProfessionalPasswordSchema, request.body ?? {});
    if (!parsed.success) return sendInvalid(reply, fieldErrorsOf(parsed.issues));
    const professional = request.professional!;
    const common = commonPasswordErrors(parsed.output.password, 'password', [professional.name, professional.email]);
    if (common) return sendInvalid(reply, common);
    const passwordHash = await hashPassword(parsed.output.password);
    await db
      .insert(healthProfessionalCredentials)
      .values({ health_professional_id: professional.id, password_hash: passwordHash })
      .onConflictDoUpdate({ target: healthProfessionalCredentials.health_professional_id, set: { password_hash: passwordHash, updated_at: clock.now() } });
    // Any other session (another device, an old link visit) ends; this one carries on.
    await deleteHealthProfessionalSessions(db, professional.id, request.session!.id);
    return ok({ data: { ...profileOf(professional), has_password: true } }, 'Password set. Next time you can sign in with your email and this password.');
  });

  app.get('/clients', signedIn, async (request) => {
    const professional = request.professional!;
    const summaries = await clientSummaries(db, await sharedClientIds(db, professional.id));
    // Every look at a client's record by a professional is in the audit trail.
    for (const client of summaries) {
      await recordAudit(db, { actor: auditActorOf(request), resource: 'clients', recordId: client.id, action: 'view', after: { view: 'summary' } });
    }
    return ok(summaries);
  });

  app.get('/clients/:clientId/pdf/:type', signedIn, async (request, reply) => {
    const params = request.params as { clientId: string; type: string };
    const type = params.type as HealthProfessionalPdfType;
    if (!HEALTH_PROFESSIONAL_PDF_TYPES.includes(type)) return sendError(reply, 404, 'No such document.');
    const clientId = parseId(params.clientId);
    const professional = request.professional!;
    const ids = clientId !== null ? await sharedClientIds(db, professional.id, clientId) : [];
    const [client] = await clientSummaries(db, ids);
    if (!client) return sendError(reply, 404, NOT_SHARED);
    const month = marMonthOf((request.query as { month?: unknown }).month);
    if (!month) return sendInvalid(reply, { month: ['Choose a month as YYYY-MM.'] });
    // The MAR chart as recorded (the eMAR's chart of the month); the care plan from the client's summary.
    const marClient = type === 'mar-chart' ? await findMarClient(db, 'all', client.id) : null;
    if (type === 'mar-chart' && !marClient) return sendError(reply, 404, NOT_SHARED);
    const pdf = marClient ? await marChartPdf(await buildMarChart(db, marClient, `${month.year}-${String(month.month).padStart(2, '0')}`)) : await carePlanPdf(client);
    await recordAudit(db, { actor: auditActorOf(request), resource: 'clients', recordId: client.id, action: 'view', after: { view: type } });
    const fileName = `${type}-${clientName(client).toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`;
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `inline; filename="${fileName}"`)
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(pdf));
  });
}
