import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { HealthProfessionalLinkRow, LinkStatus } from '@hcm/contract/schemas';
import { and, desc, eq } from 'drizzle-orm';
import { users, type Database } from '@hcm/server/platform';
import { healthProfessionalLinks } from '../tables.js';
import { clock } from '@hcm/contract/time';

// Links /health-professionals/:id/:token. The token is 32 random bytes (base64url) shown once; only its
// sha256 is stored, so a copy of the table opens nothing. A link works until it expires or is revoked.

const DAY_MS = 86_400_000;

export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The path the professional opens; the full URL is the app's origin followed by it. */
export const linkPath = (professionalId: number, token: string) => `/health-professionals/${professionalId}/${token}`;

export async function createLink(
  db: Database,
  fields: { professionalId: number; createdBy: number | null; expiresInDays: number },
  now = clock.now(),
): Promise<{ token: string; link: HealthProfessionalLinkRow }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(healthProfessionalLinks)
    .values({
      health_professional_id: fields.professionalId,
      token_hash: linkTokenHash(token),
      created_by: fields.createdBy,
      created_at: now,
      expires_at: new Date(now.getTime() + fields.expiresInDays * DAY_MS),
    })
    .returning({ id: healthProfessionalLinks.id });
  const [link] = await listLinks(db, fields.professionalId, row!.id, now);
  return { token, link: link! };
}

export function statusOf(link: { revoked_at: Date | null; expires_at: Date }, now = clock.now()): LinkStatus {
  if (link.revoked_at) return 'revoked';
  return link.expires_at.getTime() <= now.getTime() ? 'expired' : 'active';
}

/** A professional's links, newest first (or one of them), without any token or hash. */
export async function listLinks(db: Database, professionalId: number, linkId?: number, now = clock.now()): Promise<HealthProfessionalLinkRow[]> {
  const conditions = [eq(healthProfessionalLinks.health_professional_id, professionalId)];
  if (linkId !== undefined) conditions.push(eq(healthProfessionalLinks.id, linkId));
  const rows = await db
    .select({
      id: healthProfessionalLinks.id,
      created_at: healthProfessionalLinks.created_at,
      created_by: users.name,
      expires_at: healthProfessionalLinks.expires_at,
      revoked_at: healthProfessionalLinks.revoked_at,
      first_used_at: healthProfessionalLinks.first_used_at,
      last_used_at: healthProfessionalLinks.last_used_at,
    })
    .from(healthProfessionalLinks)
    .leftJoin(users, eq(users.id, healthProfessionalLinks.created_by))
    .where(and(...conditions))
    .orderBy(desc(healthProfessionalLinks.created_at), desc(healthProfessionalLinks.id));
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  return rows.map((row) => ({
    id: row.id,
    created_at: row.created_at.toISOString(),
    created_by: row.created_by,
    expires_at: row.expires_at.toISOString(),
    revoked_at: iso(row.revoked_at),
    first_used_at: iso(row.first_used_at),
    last_used_at: iso(row.last_used_at),
    status: statusOf(row, now),
  }));
}

/** Revokes a link of this professional; false when there is no such link. Revoking twice keeps the first time. */
export async function revokeLink(db: Database, professionalId: number, linkId: number, now = clock.now()): Promise<boolean> {
  const [link] = await db
    .select({ revoked_at: healthProfessionalLinks.revoked_at })
    .from(healthProfessionalLinks)
    .where(and(eq(healthProfessionalLinks.id, linkId), eq(healthProfessionalLinks.health_professional_id, professionalId)));
  if (!link) return false;
  if (!link.revoked_at) {
    await db.update(healthProfessionalLinks).set({ revoked_at: now }).where(eq(healthProfessionalLinks.id, linkId));
  }
  return true;
}

/**
 * The live link for this professional and token, marked as used; null when the token is unknown, belongs to
 * another professional, or the link has expired or been revoked.
 */
export async function useLink(db: Database, professionalId: number, token: string, now = clock.now()): Promise<{ id: number } | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const hash = linkTokenHash(token);
  const [link] = await db.select().from(healthProfessionalLinks).where(eq(healthProfessionalLinks.token_hash, hash));
  if (!link || link.health_professional_id !== professionalId) return null;
  // The lookup is by hash already; compare again in constant time for good measure.
  if (!timingSafeEqual(Buffer.from(link.token_hash), Buffer.from(hash))) return null;
  if (statusOf(link, now) !== 'active') return null;
  await db
    .update(healthProfessionalLinks)
    .set({ first_used_at: link.first_used_at ?? now, last_used_at: now })
    .where(eq(healthProfessionalLinks.id, link.id));
  return { id: link.id };
}
