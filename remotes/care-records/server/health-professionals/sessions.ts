import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { createSession, deleteSession, sessions, type AuthSettings, type NewSession } from '@hcm/server/platform';

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
