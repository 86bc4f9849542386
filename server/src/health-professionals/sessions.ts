import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { createSession, deleteSession, type NewSession } from '../auth/sessions.js';
import type { AuthSettings } from '../auth/settings.js';
import type { Database } from '../db/client.js';
import { sessions } from '../db/schema.js';

/**
 * A new session for a professional (rotated: the one the request came with is deleted first, so an id known
 * before sign-in is worthless after it). user_id stays null, so the staff API (/api/v1) answers it 401.
 */
export async function startProfessionalSession(settings: AuthSettings, request: FastifyRequest, professionalId: number): Promise<NewSession> {
  if (request.session) await deleteSession(settings.db, request.session.id);
  const created = await createSession(settings.db, settings.lifetime, {
    userId: null,
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent'] ?? null,
  });
  const [session] = await settings.db
    .update(sessions)
    .set({ health_professional_id: professionalId })
    .where(eq(sessions.id, created.session.id))
    .returning();
  return { token: created.token, session: session! };
}

/** Ends every session of a professional (a link revoked, a new password set, the professional made inactive). */
export async function deleteHealthProfessionalSessions(db: Database, professionalId: number, except?: string): Promise<void> {
  const rows = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.health_professional_id, professionalId));
  for (const row of rows) if (row.id !== except) await deleteSession(db, row.id);
}
