import type { Page } from '@hcm/contract';
import { londonDate } from '@hcm/contract/engine';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import { pageOf, pageOffset, recordAudit, type Database, type Paging, type Transaction } from '@hcm/server/platform';
import { ukInstant, type StaffCallLogRow, type StaffCallLogSchema } from '../../contract/files.js';
import { FileRuleError, isoOf, ownerValues, type StaffOwnerKind, type StaffTarget } from './common.js';
import { staffCallLogs } from './tables.js';
import { clock } from '@hcm/contract/time';

// Phone calls with a carer or an office employee: when, which way, who was on the line, what was said, and the
// follow-up it needs (due date, then done with what was done).

const c = staffCallLogs;
const ownerColumn = (owner: StaffOwnerKind) => (owner === 'carers' ? c.carer_id : c.employee_id);

function toRow(call: typeof c.$inferSelect): StaffCallLogRow {
  return {
    id: call.id,
    called_at: isoOf(call.called_at),
    direction: call.direction,
    with_name: call.with_name,
    subject: call.subject,
    notes: call.notes,
    recorded_by_name: call.recorded_by_name,
    follow_up_needed: call.follow_up_needed,
    follow_up_due: call.follow_up_due,
    follow_up_done_at: call.follow_up_done_at ? isoOf(call.follow_up_done_at) : null,
    follow_up_done_by_name: call.follow_up_done_by_name,
    follow_up_outcome: call.follow_up_outcome,
    follow_up_overdue: call.follow_up_needed && call.follow_up_done_at === null && call.follow_up_due !== null && call.follow_up_due < londonDate(),
  };
}

/** The person's calls, newest first; `openOnly` keeps those whose follow-up is not done. */
export async function listCallLogs(db: Database, owner: StaffOwnerKind, ownerId: number, paging: Paging, openOnly: boolean): Promise<Page<StaffCallLogRow>> {
  const where = and(eq(ownerColumn(owner), ownerId), openOnly ? and(eq(c.follow_up_needed, true), isNull(c.follow_up_done_at)) : undefined);
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(c).where(where);
  const rows = await db.select().from(c).where(where).orderBy(desc(c.called_at), desc(c.id)).limit(paging.pageSize).offset(pageOffset(paging));
  return pageOf(rows.map(toRow), total, paging);
}

async function findCall(db: Database | Transaction, owner: StaffOwnerKind, ownerId: number, id: number): Promise<StaffCallLogRow | null> {
  const [row] = await db.select().from(c).where(and(eq(ownerColumn(owner), ownerId), eq(c.id, id)));
  return row ? toRow(row) : null;
}

export async function addCallLog(db: Database, target: StaffTarget, values: v.InferOutput<typeof StaffCallLogSchema>): Promise<StaffCallLogRow> {
  const calledAt = new Date(ukInstant(values.call_date, values.call_time));
  if (calledAt.getTime() > clock.nowMs() + 60_000) throw new FileRuleError('call_time', 'The call cannot be in the future.');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(c)
      .values({
        ...ownerValues(target),
        called_at: calledAt,
        direction: values.direction as 'in' | 'out',
        with_name: values.with_name,
        subject: values.subject,
        notes: values.notes,
        follow_up_needed: values.follow_up_needed,
        follow_up_due: values.follow_up_needed ? values.follow_up_due : null,
        recorded_by: target.viewer.user.userID,
        recorded_by_name: target.viewer.user.name,
      })
      .returning();
    const call = toRow(row!);
    await recordAudit(tx, { actor: target.actor, resource: 'staff-call-logs', recordId: call.id, action: 'create', after: call });
    return call;
  });
}

/** Marks a call's follow-up done. Null: no such call; a rule error when there is nothing to do. */
export async function completeFollowUp(db: Database, target: StaffTarget, id: number, outcome: string): Promise<StaffCallLogRow | null> {
  const before = await findCall(db, target.owner, target.person.id, id);
  if (!before) return null;
  if (!before.follow_up_needed) throw new FileRuleError('outcome', 'This call needs no follow-up.');
  if (before.follow_up_done_at) throw new FileRuleError('outcome', 'This follow-up is already done.', 409);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(c)
      .set({ follow_up_done_at: clock.now(), follow_up_done_by_name: target.viewer.user.name, follow_up_outcome: outcome })
      .where(and(eq(c.id, id), isNull(c.follow_up_done_at)))
      .returning();
    if (!row) throw new FileRuleError('outcome', 'This follow-up is already done.', 409);
    const after = toRow(row);
    await recordAudit(tx, { actor: target.actor, resource: 'staff-call-logs', recordId: id, action: 'update', before, after });
    return after;
  });
}
