import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, lt } from 'drizzle-orm';
import { users, type Database, type Mailer } from '@hcm/server/platform';
import type { ReferenceRequestRow, ReferenceRequestState } from '../../contract/compliance.js';
import { referenceLinkFailures, referenceRequests } from './tables.js';
import { clock } from '@hcm/contract/time';

// Reference requests: a link /api/public/references/:id/:token emailed to a referee. The token is 32 random bytes
// (base64url) sent once; only its sha256 is stored, so a copy of the table opens nothing. A link works once,
// until it expires (setting reference_link_days).

const DAY_MS = 86_400_000;

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export const referenceLinkPath = (requestId: number, token: string) => `/api/public/references/${requestId}/${token}`;

export function stateOf(row: { answered_at: Date | null; opened_at: Date | null; expires_at: Date }, now = clock.now()): ReferenceRequestState {
  if (row.answered_at) return 'answered';
  if (row.expires_at.getTime() <= now.getTime()) return 'expired';
  return row.opened_at ? 'opened' : 'sent';
}

/** A carer's reference requests, newest first (or one of them). */
export async function listReferenceRequests(db: Database, carerId: number, requestId?: number, now = clock.now()): Promise<ReferenceRequestRow[]> {
  const r = referenceRequests;
  const rows = await db
    .select({ request: r, sent_by: users.name })
    .from(r)
    .leftJoin(users, eq(users.id, r.sent_by))
    .where(and(eq(r.carer_id, carerId), requestId ? eq(r.id, requestId) : undefined))
    .orderBy(desc(r.sent_at), desc(r.id));
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  return rows.map(({ request, sent_by }) => ({
    id: request.id,
    referee_name: request.referee_name,
    referee_email: request.referee_email,
    organisation: request.organisation,
    relationship: request.relationship,
    state: stateOf(request, now),
    sent_at: request.sent_at.toISOString(),
    expires_at: request.expires_at.toISOString(),
    opened_at: iso(request.opened_at),
    answered_at: iso(request.answered_at),
    document_id: request.document_id,
    sent_by,
  }));
}

/** A fresh token for a request (a new request, or a resend, which makes the old link worthless). */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: tokenHash(token) };
}

export const expiryFrom = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS);

/** Emails the referee their link. */
export async function sendReferenceEmail(
  mailer: Mailer,
  fields: { to: string; refereeName: string; carerName: string; url: string; expiresAt: Date; sentBy: string },
): Promise<void> {
  const until = fields.expiresAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
  await mailer.send({
    to: fields.to,
    subject: `Reference request for ${fields.carerName}`,
    text: [
      `Dear ${fields.refereeName},`,
      '',
      `${fields.carerName} has applied to work with us as a care worker and has given your name as a referee. ${fields.sentBy} asks whether you would answer a few questions about them.`,
      '',
      'Please fill in the reference form here (no account needed; it takes about ten minutes):',
      fields.url,
      '',
      `The link works once, until ${until}. It is for you alone: please do not forward it.`,
      'Thank you for your help.',
    ].join('\n'),
  });
}

// ---- Guessing: failed openings are counted per address over ten minutes.

const WINDOW_MS = 10 * 60_000;
export const MAX_FAILURES = 10;

export async function isThrottled(db: Database, ip: string, now = clock.now()): Promise<boolean> {
  const rows = await db
    .select({ id: referenceLinkFailures.id })
    .from(referenceLinkFailures)
    .where(and(eq(referenceLinkFailures.ip, ip), gt(referenceLinkFailures.at, new Date(now.getTime() - WINDOW_MS))))
    .limit(MAX_FAILURES);
  return rows.length >= MAX_FAILURES;
}

export async function recordFailure(db: Database, ip: string, now = clock.now()): Promise<void> {
  await db.insert(referenceLinkFailures).values({ ip, at: now });
  // Keep the table small: what is older than a day no longer counts.
  await db.delete(referenceLinkFailures).where(lt(referenceLinkFailures.at, new Date(now.getTime() - DAY_MS)));
}
