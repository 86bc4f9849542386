import type { Page } from '@hcm/contract';
import { and, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { pageOf, pageOffset, recordAudit, type Database, type Paging, type Transaction } from '@hcm/server/platform';
import {
  formatPence,
  signOfMoneyType,
  type MoneyAuditRow,
  type MoneyAuditSchema,
  type MoneyBalance,
  type MoneyEntryRow,
  type MoneyEntryValues,
} from '../../contract/index.js';
import { clientColumns, clientsTable } from '../columns.js';
import { clientUploads } from '../uploads/tables.js';
import { isoOf, KEY_REUSED, type ClientTarget } from './common.js';
import { moneyAudits, moneyEntries } from './tables.js';

// Money carers handle for the client. Each entry stores the balance after it, worked out while the client's row
// is locked, so two carers saving at once cannot both start from the same balance. Entries are never changed:
// a mistake is put right by a reversal (the same amount the other way, with a reason), once per entry.

export class MoneyRuleError extends Error {
  constructor(
    readonly field: string,
    message: string,
    readonly status: 409 | 422 = 422,
  ) {
    super(message);
  }
}

const m = moneyEntries;

function entryRows(db: Database | Transaction) {
  return db
    .select({
      entry: m,
      receipt_title: clientUploads.title,
      receipt_content_type: clientUploads.content_type,
      reversed_by_id: sql<number | null>`(select reversal.id from ${moneyEntries} as reversal where reversal.reverses_id = ${m.id})`,
    })
    .from(m)
    .leftJoin(clientUploads, eq(clientUploads.id, m.receipt_upload_id))
    .$dynamic();
}

function toRow({ entry, receipt_title, receipt_content_type, reversed_by_id }: Awaited<ReturnType<ReturnType<typeof entryRows>['execute']>>[number]): MoneyEntryRow {
  const { idempotency_key: _key, request_hash: _hash, recorded_by: _by, source: _source, ...rest } = entry;
  return {
    ...rest,
    receipt_title: receipt_title ?? '',
    receipt_content_type: receipt_content_type ?? '',
    reversed_by_id: reversed_by_id === null ? null : Number(reversed_by_id),
    recorded_at: isoOf(entry.recorded_at)!,
  };
}

async function findEntry(db: Database | Transaction, clientId: number, id: number): Promise<MoneyEntryRow | null> {
  const [row] = await entryRows(db).where(and(eq(m.client_id, clientId), eq(m.id, id)));
  return row ? toRow(row) : null;
}

/** The cash held for the client now: the balance after the last entry (0 before any). */
export async function currentBalance(db: Database | Transaction, clientId: number): Promise<number> {
  const [last] = await db.select({ balance: m.balance_after_pence }).from(m).where(eq(m.client_id, clientId)).orderBy(desc(m.id)).limit(1);
  return last?.balance ?? 0;
}

/** The client's entries, newest first, each with the balance after it; and the balance now. */
export async function listMoneyEntries(db: Database, clientId: number, paging: Paging): Promise<Page<MoneyEntryRow> & { balance_pence: number }> {
  const where = eq(m.client_id, clientId);
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(m).where(where);
  const rows = await entryRows(db).where(where).orderBy(desc(m.id)).limit(paging.pageSize).offset(pageOffset(paging));
  return { ...pageOf(rows.map(toRow), total, paging), balance_pence: await currentBalance(db, clientId) };
}

/** Waits for, then holds, the client's row until the transaction ends: one balance change at a time per client. */
async function lockClient(tx: Transaction, clientId: number): Promise<void> {
  await tx.execute(sql`select 1 from ${clientsTable} where ${clientColumns.id} = ${clientId} for update`);
}

type Insert = typeof m.$inferInsert;

async function insertEntry(tx: Transaction, target: ClientTarget, values: Omit<Insert, 'client_id' | 'balance_after_pence' | 'negative_flag' | 'recorded_by' | 'recorded_by_name'>, negativeReason: string): Promise<MoneyEntryRow | null> {
  await lockClient(tx, target.clientId);
  const before = await currentBalance(tx, target.clientId);
  const after = before + values.change_pence;
  if (after < 0 && !negativeReason) {
    throw new MoneyRuleError(
      'negative_reason',
      `This leaves ${formatPence(after)}: only ${formatPence(before)} is held for the client. Check the amount, or say why the balance goes below zero (it will be flagged to the office).`,
    );
  }
  const [row] = await tx
    .insert(m)
    .values({
      ...values,
      client_id: target.clientId,
      balance_after_pence: after,
      negative_flag: after < 0,
      negative_reason: after < 0 ? negativeReason : '',
      recorded_by: target.viewer.user.userID,
      recorded_by_name: target.viewer.user.name,
    })
    .onConflictDoNothing({ target: [m.recorded_by, m.idempotency_key] })
    .returning({ id: m.id });
  if (!row) return null;
  const entry = (await findEntry(tx, target.clientId, row.id))!;
  await recordAudit(tx, { actor: target.actor, resource: 'money-entries', recordId: entry.id, action: 'create', after: entry });
  return entry;
}

export type MoneySource = { source: 'office' | 'device'; idempotencyKey?: string; requestHash?: string };

async function findReplay(db: Database, target: ClientTarget, key: string, hash: string): Promise<MoneyEntryRow | null> {
  const [first] = await db
    .select({ id: m.id, client_id: m.client_id, request_hash: m.request_hash })
    .from(m)
    .where(and(eq(m.recorded_by, target.viewer.user.userID), eq(m.idempotency_key, key)));
  if (!first) return null;
  if (first.client_id !== target.clientId || first.request_hash !== hash) throw new MoneyRuleError('Idempotency-Key', KEY_REUSED, 409);
  return findEntry(db, target.clientId, first.id);
}

/** Records money handled: a receipt must be one of the client's files; the balance never goes below zero unexplained. */
export async function addMoneyEntry(db: Database, target: ClientTarget, values: MoneyEntryValues, from: MoneySource): Promise<{ entry: MoneyEntryRow; replayed: boolean }> {
  if (from.idempotencyKey) {
    const replay = await findReplay(db, target, from.idempotencyKey, from.requestHash ?? '');
    if (replay) return { entry: replay, replayed: true };
  }
  if (values.receipt_upload_id !== null) {
    const [receipt] = await db
      .select({ id: clientUploads.id })
      .from(clientUploads)
      .where(and(eq(clientUploads.id, values.receipt_upload_id), eq(clientUploads.client_id, target.clientId), isNull(clientUploads.deleted_at)));
    if (!receipt) throw new MoneyRuleError('receipt_upload_id', 'The receipt is not one of this client’s files: upload it again.');
  }
  const saved = await db.transaction((tx) =>
    insertEntry(
      tx,
      target,
      {
        transaction_date: values.transaction_date,
        type: values.type as 'received' | 'withdrawal' | 'spent' | 'returned',
        amount_pence: values.amount,
        change_pence: signOfMoneyType(values.type) * values.amount,
        description: values.description,
        receipt_upload_id: values.receipt_upload_id,
        no_receipt_reason: values.receipt_upload_id === null ? values.no_receipt_reason : '',
        handled_by: values.handled_by,
        witnessed_by: values.witnessed_by,
        consent_confirmed: values.consent_confirmed,
        source: from.source,
        idempotency_key: from.idempotencyKey ?? null,
        request_hash: from.requestHash ?? null,
      },
      values.negative_reason,
    ),
  );
  if (saved) return { entry: saved, replayed: false };
  return { entry: (await findReplay(db, target, from.idempotencyKey!, from.requestHash ?? ''))!, replayed: true };
}

/** Reverses an entry with a reason: a new entry of the same amount the other way. Null: no such entry. */
export async function reverseMoneyEntry(db: Database, target: ClientTarget, id: number, reason: string): Promise<MoneyEntryRow | null> {
  const original = await findEntry(db, target.clientId, id);
  if (!original) return null;
  if (original.type === 'reversal') throw new MoneyRuleError('reason', 'A reversal cannot itself be reversed: record the entry again instead.');
  if (original.reversed_by_id !== null) throw new MoneyRuleError('reason', 'This entry has been reversed already.');
  try {
    return await db.transaction((tx) =>
      insertEntry(
        tx,
        target,
        {
          transaction_date: original.transaction_date,
          type: 'reversal',
          amount_pence: original.amount_pence,
          change_pence: -original.change_pence,
          description: `Reversal of entry ${original.id}: ${original.description}`,
          handled_by: original.handled_by,
          reverses_id: original.id,
          reversal_reason: reason,
          source: 'office',
        },
        // A reversal that takes the balance below zero is allowed (the original was wrong) and flagged.
        `Reversal: ${reason}`,
      ),
    );
  } catch (error) {
    // Two reversals of one entry at once: the unique index lets one through.
    if (String((error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code) === '23505') {
      throw new MoneyRuleError('reason', 'This entry has been reversed already.');
    }
    throw error;
  }
}

/** The balance at the end of a day (by entry date) and the period's spends, with those lacking a receipt. */
export async function balanceOn(db: Database, clientId: number, from: string, on: string): Promise<MoneyBalance> {
  const [{ balance } = { balance: 0 }] = await db
    .select({ balance: sql<number>`coalesce(sum(${m.change_pence}), 0)::int` })
    .from(m)
    .where(and(eq(m.client_id, clientId), lte(m.transaction_date, on)));
  const notReversed = sql`not exists (select 1 from ${moneyEntries} as reversal where reversal.reverses_id = ${m.id})`;
  const spends = await db
    .select({ id: m.id, transaction_date: m.transaction_date, amount_pence: m.amount_pence, description: m.description, no_receipt_reason: m.no_receipt_reason, receipt: m.receipt_upload_id })
    .from(m)
    .where(and(eq(m.client_id, clientId), eq(m.type, 'spent'), gte(m.transaction_date, from), lte(m.transaction_date, on), notReversed))
    .orderBy(m.transaction_date, m.id);
  return {
    on,
    balance_pence: balance,
    spends: spends.length,
    spends_without_receipt: spends.filter((spend) => spend.receipt === null).map(({ receipt: _receipt, ...spend }) => spend),
  };
}

const toAudit = ({ auditor_id: _auditor, audited_at, ...row }: typeof moneyAudits.$inferSelect): MoneyAuditRow => ({
  ...row,
  audited_at: isoOf(audited_at)!,
  variance_pence: row.cash_counted_pence - row.balance_per_records_pence,
});

export async function listMoneyAudits(db: Database, clientId: number): Promise<MoneyAuditRow[]> {
  const rows = await db.select().from(moneyAudits).where(eq(moneyAudits.client_id, clientId)).orderBy(desc(moneyAudits.period_to), desc(moneyAudits.id));
  return rows.map(toAudit);
}

/** Records an audit: the balance per records and the receipts check are the server's figures for the period. */
export async function addMoneyAudit(db: Database, target: ClientTarget, values: v.InferOutput<typeof MoneyAuditSchema>): Promise<MoneyAuditRow> {
  const figures = await balanceOn(db, target.clientId, values.period_from, values.period_to);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(moneyAudits)
      .values({
        client_id: target.clientId,
        period_from: values.period_from,
        period_to: values.period_to,
        auditor_id: target.viewer.user.userID,
        auditor_name: target.viewer.user.name,
        balance_per_records_pence: figures.balance_pence,
        cash_counted_pence: values.cash_counted,
        counted_with: values.counted_with,
        spends_in_period: figures.spends,
        spends_without_receipt: figures.spends_without_receipt.length,
        receipts_present: values.receipts_present,
        records_signed: values.records_signed,
        discrepancies: values.discrepancies,
        outcome: values.outcome,
        actions: values.actions,
      })
      .returning();
    const audit = toAudit(row!);
    await recordAudit(tx, { actor: target.actor, resource: 'money-audits', recordId: audit.id, action: 'create', after: audit });
    return audit;
  });
}
