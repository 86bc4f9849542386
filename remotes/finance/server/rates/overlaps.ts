import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { addDays, clock } from '@hcm/contract/time';
import { InvalidRecordError, recordAudit, type ResourceChange, type ResourceWriteHook, type Transaction } from '@hcm/server/platform';
import { rateCardsTable } from './resource-tables.js';

// A funder has one rate card in force on a day. A card written through the resource engine (POST or PUT
// /api/v1/rate-cards) whose dates overlap another live card of the same funder is refused with 422, the field error
// on its start date (`valid_from`) naming that card and its dates, unless the request sets `end_earlier_card`: then
// each overlapping card that starts earlier is ended the day before the new one starts, in the same transaction,
// with its own audit entry (before and after). A card that starts on or after the new one cannot be ended that way:
// the overlap is refused (on `valid_from` too).

/** Refused by the rate card rule: the engine answers 422 with the sentence on the card's start date (Valid from). */
const refused = (message: string) => new InvalidRecordError({ valid_from: [message] });

type CardRow = Record<string, unknown> & { id: number; name: string; valid_from: string; valid_to: string | null };

const OPEN_END = '9999-12-31';
/** Serialises rate card writes per funder (the first key names the rule), so two overlapping cards cannot both pass. */
const LOCK_NAMESPACE = 0x52_43_4f_56; // 'RCOV'

const dayWords = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const datesOf = (card: Pick<CardRow, 'valid_from' | 'valid_to'>) => `${dayWords(card.valid_from)} to ${card.valid_to ? dayWords(card.valid_to) : 'no end date'}`;
/** "Camden hourly 2026-27" (1 Apr 2026 to no end date) */
export const cardWords = (card: Pick<CardRow, 'name' | 'valid_from' | 'valid_to'>) => `"${card.name}" (${datesOf(card)})`;

const listOf = (words: string[]) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);

/** The stored row as the API answers it (and the audit trail keeps it): an empty end date as ''. */
function apiRowOf(row: Record<string, unknown>): Record<string, unknown> {
  const { deleted_at: _deleted, ...fields } = row;
  return {
    ...fields,
    valid_to: row.valid_to ?? '',
    created_at: (row.created_at as Date).toISOString(),
    updated_at: (row.updated_at as Date).toISOString(),
  };
}

/** The write hook of `rate-cards` (server/module.ts, onResourceWrite): the no-overlap rule above. */
export const onRateCardWrite: ResourceWriteHook = async (tx: Transaction, change: ResourceChange) => {
  const card = change.after;
  if (!card) return;
  const funderId = Number(card.funder_code_id);
  const from = String(card.valid_from);
  const to = card.valid_to ? String(card.valid_to) : OPEN_END;
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${funderId})`);
  const others = (await tx
    .select()
    .from(rateCardsTable)
    .where(and(eq(rateCardsTable['funder_code_id']!, funderId), ne(rateCardsTable.id, card.id), isNull(rateCardsTable['deleted_at']!)))
    .orderBy(asc(rateCardsTable['valid_from']!))) as CardRow[];
  const overlapping = others.filter((other) => other.valid_from <= to && (other.valid_to ?? OPEN_END) >= from);
  if (!overlapping.length) return;

  const named = listOf(overlapping.map(cardWords));
  if (card.end_earlier_card !== true) {
    throw refused(
      `These dates overlap the funder’s card ${named}: a funder has one card in force on a day. Change the dates, or choose to end the earlier card the day before this one starts.`,
    );
  }
  const later = overlapping.filter((other) => other.valid_from >= from);
  if (later.length) {
    throw refused(
      `These dates overlap the funder’s card ${listOf(later.map(cardWords))}, which does not start before this one: only an earlier card can be ended the day before this one starts. Change the dates.`,
    );
  }
  const end = addDays(from, -1);
  const actor = { userId: change.userId, actingUserId: null, healthProfessionalId: null, ip: null };
  for (const other of overlapping) {
    const [updated] = await tx
      .update(rateCardsTable)
      .set({ valid_to: end, updated_at: clock.now() })
      .where(eq(rateCardsTable.id, other.id))
      .returning();
    await recordAudit(tx, { actor, resource: 'rate-cards', recordId: other.id, action: 'update', before: apiRowOf(other), after: apiRowOf(updated as Record<string, unknown>) });
  }
};
