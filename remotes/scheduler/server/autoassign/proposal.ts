import { createHash } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { londonTime } from '@hcm/contract/engine';
import { users } from '@hcm/server/schema';
import type { Database } from '@hcm/server/platform';
import { loadRuleBatch, type PlannedVisit } from '../rules/check.js';
import type { SchedulingSources } from '../sources/types.js';
import { visitLogs, visits } from '../tables.js';
import type { LoadedWeek } from './load.js';
import type { Assignment } from './problem.js';

// What makes Apply save exactly the proposal previewed: the rota it was worked out from (each visit's id and
// version: a version is bumped by every change), a digest of it, the one rule check run over the proposal, and
// what changed since in words when the rota moved on.

/** A digest of the rota a proposal was worked out from ([visit id, version], any order). */
export function fingerprintOf(basis: readonly (readonly [number, number])[]): string {
  const text = [...basis]
    .sort((a, b) => a[0] - b[0])
    .map(([id, version]) => `${id}:${version}`)
    .join(',');
  return createHash('sha256').update(text).digest('hex');
}

const dayWords = (day: string) => new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
const MOST = 20;

/**
 * What changed between the rota a proposal was worked out from (`seen`) and the rota now (`now`), one sentence per
 * visit: its last log entry since the version seen ("Edith Clarke’s visit, Wed 2 Dec 09:00: Aisha Bello assigned,
 * by Oliver Office."), or that it was removed or added.
 */
export async function changesSince(db: Database, seen: readonly (readonly [number, number])[], now: readonly (readonly [number, number])[], clientName: (clientId: number) => string): Promise<string[]> {
  const before = new Map(seen.map(([id, version]) => [id, version]));
  const after = new Map(now.map(([id, version]) => [id, version]));
  const changed = [...before].filter(([id, version]) => after.get(id) !== version).map(([id]) => id);
  const added = [...after.keys()].filter((id) => !before.has(id));
  const ids = [...changed, ...added].sort((a, b) => a - b);
  if (!ids.length) return [];
  const rows = await db.select({ id: visits.id, client_id: visits.client_id, date: visits.visit_date, start: visits.planned_start, status: visits.status }).from(visits).where(inArray(visits.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const logs = await db
    .select({ visit_id: visitLogs.visit_id, summary: visitLogs.summary, version: sql<number | null>`(${visitLogs.after}->>'version')::int`, user: users.name })
    .from(visitLogs)
    .leftJoin(users, eq(users.id, visitLogs.user_id))
    .where(inArray(visitLogs.visit_id, ids))
    .orderBy(asc(visitLogs.id));
  const lines: string[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) {
      lines.push(`Visit ${id} was removed.`);
      continue;
    }
    const what = `${clientName(row.client_id)}’s visit, ${dayWords(row.date)} ${londonTime(row.start)}`;
    const seenVersion = before.get(id);
    const since = logs.filter((log) => log.visit_id === id && (seenVersion === undefined || (log.version ?? 0) > seenVersion));
    const last = since.at(-1);
    const by = last?.user ? `, by ${last.user}` : '';
    if (seenVersion === undefined) lines.push(`${what}: added${by}.`);
    else if (last) lines.push(`${what}: ${last.summary.replace(/\.$/, '')}${by}.`);
    else if (row.status === 'cancelled') lines.push(`${what}: cancelled.`);
    else lines.push(`${what}: changed.`);
  }
  return lines.length > MOST ? [...lines.slice(0, MOST), `…and ${lines.length - MOST} more.`] : lines;
}

/** A stored visit of the week as the rule check reads it, with the carers on it (and those the proposal adds). */
export function plannedOf(week: LoadedWeek, branchId: number, visitId: number, carerIds: number[]): PlannedVisit {
  const stored = week.stored.get(visitId)!;
  return {
    id: visitId,
    branch_id: branchId,
    client_id: stored.client_id,
    date: stored.date,
    planned_start: stored.start.toISOString(),
    planned_end: stored.end.toISOString(),
    carers_needed: stored.carers_needed as 1 | 2,
    requires_medication: stored.requires_medication,
    carer_ids: carerIds,
    tasks: stored.tasks,
  };
}

export type Refused = { assignment: Assignment; message: string };

/**
 * The one rule check (rules/check.ts, as a manual assignment) over a proposal, in start order, each kept
 * assignment counting as made for the later ones (commit): what it refuses is left out, with the rule in words.
 */
export async function ruleCheckProposal(db: Database, sources: SchedulingSources, week: LoadedWeek, branchId: number, assignments: readonly Assignment[]): Promise<{ kept: Assignment[]; refused: Refused[] }> {
  const ordered = [...assignments].sort((a, b) => week.stored.get(a.visitId)!.start.getTime() - week.stored.get(b.visitId)!.start.getTime() || a.visitId - b.visitId || a.carerId - b.carerId);
  const onVisit = new Map<number, number[]>();
  const planned = [...new Set(ordered.map((item) => item.visitId))].map((visitId) => plannedOf(week, branchId, visitId, week.stored.get(visitId)!.carers.map((carer) => carer.carer_id)));
  const byVisit = new Map(planned.map((visit) => [visit.id!, visit]));
  const batch = await loadRuleBatch(db, sources, planned, [...new Set(ordered.map((item) => item.carerId))]);
  const kept: Assignment[] = [];
  const refused: Refused[] = [];
  for (const item of ordered) {
    const visit = byVisit.get(item.visitId)!;
    const current = { ...visit, carer_ids: [...visit.carer_ids, ...(onVisit.get(item.visitId) ?? [])] };
    const hard = batch.check(current, item.carerId).filter((finding) => finding.severity === 'hard');
    if (hard.length) {
      refused.push({ assignment: item, message: hard.map((finding) => finding.message).join(' ') });
      continue;
    }
    batch.commit(current, item.carerId);
    onVisit.set(item.visitId, [...(onVisit.get(item.visitId) ?? []), item.carerId]);
    kept.push(item);
  }
  return { kept, refused };
}
