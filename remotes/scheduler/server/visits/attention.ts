import { inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@hcm/server/platform';
import { ATTENTION_RANK, type AttentionKind, type VisitAttention } from '../../contract/attention.js';
import { visitAttention } from '../tables.js';

// A visit's "needs attention" flag (contract/attention.ts): set by the event handlers that take a carer off
// (./leave-events.ts, ./carer-events.ts, ./compliance-events.ts), by every path that makes visits and puts carers
// on them through the rules (generation from templates, the wizard's publish, CSV imports), and cleared by an
// assignment through the rules (./service.ts applyChange, auto-assign's apply), a cancellation, the visit's
// removal (the row goes with it) or a planner's dismissal with a reason (./attention-routes.ts).

type Db = Database | Transaction;

export type AttentionFlag = { visit_id: number; kind: AttentionKind; reason: string };

/** A UK day in words: 2 Dec 2026. */
export const dayInWords = (day: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

/** A run of UK days in words: "2 Dec 2026", "2–4 Dec 2026", "30 Nov – 2 Dec 2026", "30 Dec 2026 – 2 Jan 2027". */
export function daysInWords(from: string, to: string): string {
  if (from === to) return dayInWords(from);
  const [fromYear, fromMonth] = from.split('-');
  const [toYear, toMonth] = to.split('-');
  const day = (date: string) => String(Number(date.slice(8, 10)));
  const month = (date: string) => new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
  if (fromYear === toYear && fromMonth === toMonth) return `${day(from)}–${dayInWords(to)}`;
  if (fromYear === toYear) return `${day(from)} ${month(from)} – ${dayInWords(to)}`;
  return `${dayInWords(from)} – ${dayInWords(to)}`;
}

/**
 * Flags visits (one row each). A visit flagged already keeps its first moment and the more serious kind, and its
 * reason gains the new one when it says something new (a double-up losing both carers names both).
 */
export async function flagVisits(db: Db, flags: readonly AttentionFlag[], userId: number | null): Promise<void> {
  const merged = new Map<number, AttentionFlag>();
  for (const flag of flags) {
    const known = merged.get(flag.visit_id);
    if (!known) merged.set(flag.visit_id, { ...flag });
    else {
      if (!known.reason.includes(flag.reason)) known.reason = `${known.reason} ${flag.reason}`;
      if (ATTENTION_RANK[flag.kind] > ATTENTION_RANK[known.kind]) known.kind = flag.kind;
    }
  }
  const rows = [...merged.values()];
  for (let index = 0; index < rows.length; index += 2000) {
    const batch = rows.slice(index, index + 2000).map((row) => ({ v: row.visit_id, k: row.kind, r: row.reason }));
    await db.execute(sql`
      insert into ${visitAttention} (visit_id, kind, reason, created_by)
      select r.v, r.k, r.r, ${userId}::integer from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(v integer, k text, r text)
      on conflict (visit_id) do update set
        reason = case when strpos(${visitAttention}.reason, excluded.reason) > 0 then ${visitAttention}.reason else ${visitAttention}.reason || ' ' || excluded.reason end,
        kind = case
          when (case excluded.kind when 'taken-off' then 3 when 'rule-break-at-generation' then 2 else 1 end) > (case ${visitAttention}.kind when 'taken-off' then 3 when 'rule-break-at-generation' then 2 else 1 end)
          then excluded.kind else ${visitAttention}.kind end`);
  }
}

/** Clears the flags of these visits; answers the ones that had one, as they were. */
export async function clearAttention(db: Db, visitIds: readonly number[]): Promise<Map<number, VisitAttention>> {
  const cleared = new Map<number, VisitAttention>();
  for (let index = 0; index < visitIds.length; index += 5000) {
    const ids = visitIds.slice(index, index + 5000);
    if (!ids.length) continue;
    const rows = await db.delete(visitAttention).where(inArray(visitAttention.visit_id, [...ids])).returning();
    for (const row of rows) cleared.set(row.visit_id, { kind: row.kind, reason: row.reason, since: new Date(row.since).toISOString() });
  }
  return cleared;
}

/** The flags of these visits, by visit. */
export async function attentionOf(db: Db, visitIds: readonly number[]): Promise<Map<number, VisitAttention>> {
  const found = new Map<number, VisitAttention>();
  for (let index = 0; index < visitIds.length; index += 5000) {
    const ids = visitIds.slice(index, index + 5000);
    if (!ids.length) continue;
    const rows = await db.select().from(visitAttention).where(inArray(visitAttention.visit_id, [...ids]));
    for (const row of rows) found.set(row.visit_id, { kind: row.kind, reason: row.reason, since: new Date(row.since).toISOString() });
  }
  return found;
}
