import type { Page } from '@hcm/contract';
import { londonDate } from '@hcm/contract/engine';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { pageOf, pageOffset, recordAudit, type Database, type Paging, type Transaction } from '@hcm/server/platform';
import { londonInstant, type CallLogRow, type CallLogSchema, type ClientContactChoice } from '../../contract/index.js';
import { clientContactColumns, clientContactsTable } from '../columns.js';
import { isoOf, type ClientTarget } from './common.js';
import { clientCallLogs } from './tables.js';
import { clock } from '@hcm/contract/time';

// Phone calls about the client, to or from the office: who, when, what was said, and the follow-up it needs.

export class CallLogRuleError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const c = clientCallLogs;

function callRows(db: Database | Transaction) {
  return db
    .select({
      call: c,
      contact_name: sql<string | null>`${clientContactColumns.name}`,
      contact_relationship: sql<string | null>`${clientContactColumns.relationship}`,
    })
    .from(c)
    .leftJoin(clientContactsTable, eq(clientContactColumns.id, c.contact_id))
    .$dynamic();
}

function toRow({ call, contact_name, contact_relationship }: Awaited<ReturnType<ReturnType<typeof callRows>['execute']>>[number]): CallLogRow {
  const dueOn = call.follow_up_due;
  return {
    id: call.id,
    client_id: call.client_id,
    called_at: isoOf(call.called_at)!,
    direction: call.direction,
    contact_id: call.contact_id,
    with_name: contact_name ?? call.caller_name,
    with_relationship: contact_name ? (contact_relationship ?? '').replace(/-/g, ' ') : '',
    subject: call.subject,
    summary: call.summary,
    recorded_by_name: call.recorded_by_name,
    follow_up_needed: call.follow_up_needed,
    follow_up_action: call.follow_up_action,
    follow_up_due: dueOn,
    follow_up_done_at: isoOf(call.follow_up_done_at),
    follow_up_done_by_name: call.follow_up_done_by_name,
    follow_up_outcome: call.follow_up_outcome,
    follow_up_overdue: call.follow_up_needed && call.follow_up_done_at === null && dueOn !== null && dueOn < londonDate(),
  };
}

/** The client's contacts, for "who the call was with". */
export async function contactChoices(db: Database, clientId: number): Promise<ClientContactChoice[]> {
  const rows = await db
    .select({ id: clientContactColumns.id, name: clientContactColumns.name, relationship: clientContactColumns.relationship, phone: clientContactColumns.phone })
    .from(clientContactsTable)
    .where(eq(clientContactColumns.client_id, clientId))
    .orderBy(asc(clientContactColumns.name));
  return rows.map((row) => ({ id: Number(row.id), name: String(row.name), relationship: String(row.relationship ?? '').replace(/-/g, ' '), phone: String(row.phone ?? '') }));
}

/** The client's calls, newest first; `openFollowUps` keeps those whose follow-up is not done yet. */
export async function listCallLogs(db: Database, clientId: number, paging: Paging, openFollowUps: boolean): Promise<Page<CallLogRow>> {
  const where = and(eq(c.client_id, clientId), openFollowUps ? and(eq(c.follow_up_needed, true), isNull(c.follow_up_done_at)) : undefined);
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(c).where(where);
  const rows = await callRows(db).where(where).orderBy(desc(c.called_at), desc(c.id)).limit(paging.pageSize).offset(pageOffset(paging));
  return pageOf(rows.map(toRow), total, paging);
}

async function findCall(db: Database | Transaction, clientId: number, id: number): Promise<CallLogRow | null> {
  const [row] = await callRows(db).where(and(eq(c.client_id, clientId), eq(c.id, id)));
  return row ? toRow(row) : null;
}

export async function addCallLog(db: Database, target: ClientTarget, values: v.InferOutput<typeof CallLogSchema>): Promise<CallLogRow> {
  if (values.contact_id !== null) {
    const contacts = await contactChoices(db, target.clientId);
    if (!contacts.some((contact) => contact.id === values.contact_id)) throw new CallLogRuleError('contact_id', 'Choose one of the client’s contacts.');
  }
  const calledAt = new Date(londonInstant(values.call_date, values.call_time));
  if (calledAt.getTime() > clock.nowMs() + 60_000) throw new CallLogRuleError('call_time', 'The call cannot be in the future.');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(c)
      .values({
        client_id: target.clientId,
        called_at: calledAt,
        direction: values.direction as 'in' | 'out',
        contact_id: values.contact_id,
        caller_name: values.contact_id === null ? values.caller_name : '',
        subject: values.subject,
        summary: values.summary,
        recorded_by: target.viewer.user.userID,
        recorded_by_name: target.viewer.user.name,
        follow_up_needed: values.follow_up_needed,
        follow_up_action: values.follow_up_needed ? values.follow_up_action : '',
        follow_up_due: values.follow_up_needed && values.follow_up_due ? values.follow_up_due : null,
      })
      .returning({ id: c.id });
    const call = (await findCall(tx, target.clientId, row!.id))!;
    await recordAudit(tx, { actor: target.actor, resource: 'call-logs', recordId: call.id, action: 'create', after: call });
    return call;
  });
}

/** Marks a call's follow-up done with what was done. Null: no such call; a rule error when there is nothing to do. */
export async function completeFollowUp(db: Database, target: ClientTarget, id: number, outcome: string): Promise<CallLogRow | null> {
  const before = await findCall(db, target.clientId, id);
  if (!before) return null;
  if (!before.follow_up_needed) throw new CallLogRuleError('outcome', 'This call needs no follow-up.');
  if (before.follow_up_done_at) throw new CallLogRuleError('outcome', 'This follow-up is already done.');
  return db.transaction(async (tx) => {
    await tx
      .update(c)
      .set({ follow_up_done_at: clock.now(), follow_up_done_by_name: target.viewer.user.name, follow_up_outcome: outcome })
      .where(and(eq(c.id, id), isNull(c.follow_up_done_at)));
    const after = (await findCall(tx, target.clientId, id))!;
    await recordAudit(tx, { actor: target.actor, resource: 'call-logs', recordId: id, action: 'update', before, after });
    return after;
  });
}
