import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type * as v from 'valibot';
import { branches } from '@hcm/server/schema';
import { recordAudit, userBranches, type Database, type Transaction } from '@hcm/server/platform';
import type { CarerTransferRow, CarerTransfers, CarerTransferSchema } from '../../contract/files.js';
import { carerAccounts, carersTable } from '../people/people-tables.js';
import { carerColumns } from '../people/visibility.js';
import { FileRuleError, isoOf, type StaffTarget } from './common.js';
import { carerTransfers } from './tables.js';
import { clock } from '@hcm/contract/time';

// A carer's move to another branch: the carer's branch_id and their sign-in account's branch change together, in
// one transaction, with a row of history and the audit's before and after. Only a user who holds both branches
// (a super admin holds every branch) may move a carer; the history stays with the carer.

const t = carerTransfers;
const fromBranch = alias(branches, 'from_branch');
const toBranch = alias(branches, 'to_branch');

/** The carer's transfers, newest first. */
export async function transferHistory(db: Database | Transaction, carerId: number): Promise<CarerTransferRow[]> {
  const rows = await db
    .select({ transfer: t, from_branch: fromBranch.name, to_branch: toBranch.name })
    .from(t)
    .innerJoin(fromBranch, eq(fromBranch.id, t.from_branch_id))
    .innerJoin(toBranch, eq(toBranch.id, t.to_branch_id))
    .where(eq(t.carer_id, carerId))
    .orderBy(desc(t.effective_on), desc(t.id));
  return rows.map(({ transfer, from_branch, to_branch }) => ({
    id: transfer.id,
    from_branch_id: transfer.from_branch_id,
    from_branch,
    to_branch_id: transfer.to_branch_id,
    to_branch,
    effective_on: transfer.effective_on,
    reason: transfer.reason,
    recorded_by_name: transfer.recorded_by_name,
    recorded_at: isoOf(transfer.recorded_at),
  }));
}

/** Where the carer is, the branches the user may move them to (theirs, but the current one), and the history. */
export async function transfersOf(db: Database, target: StaffTarget): Promise<CarerTransfers> {
  const { scope } = target.viewer;
  const held = await db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(scope === 'all' ? undefined : scope.length ? inArray(branches.id, [...scope]) : sql`false`)
    .orderBy(asc(branches.name));
  const [current] = await db.select({ id: branches.id, name: branches.name }).from(branches).where(eq(branches.id, target.person.branch_id));
  return {
    branch: current ?? { id: target.person.branch_id, name: '' },
    choices: held.filter((branch) => branch.id !== target.person.branch_id),
    history: await transferHistory(db, target.person.id),
  };
}

/**
 * Moves the carer. Refused: a branch that does not exist or is the current one (422), a branch the user does not
 * hold (403), a carer who has left (422), a date before the last move (422), a carer moved meanwhile (409).
 */
export async function transferCarer(db: Database, target: StaffTarget, values: v.InferOutput<typeof CarerTransferSchema>): Promise<CarerTransferRow> {
  const from = target.person.branch_id;
  const to = values.to_branch_id;
  const [branch] = await db.select({ id: branches.id, name: branches.name }).from(branches).where(eq(branches.id, to));
  if (!branch) throw new FileRuleError('to_branch_id', 'Choose one of the branches.');
  if (to === from) throw new FileRuleError('to_branch_id', 'The carer is already in this branch.');
  const { scope } = target.viewer;
  if (scope !== 'all' && !(scope.includes(from) && scope.includes(to))) {
    throw new FileRuleError('to_branch_id', `Only someone who works in both branches may move a carer; you do not work in ${branch.name}.`, 403);
  }
  if (target.person.status === 'leaver') throw new FileRuleError('to_branch_id', 'This carer has left: a leaver is not moved between branches.');
  const [last] = await db.select({ effective_on: t.effective_on }).from(t).where(eq(t.carer_id, target.person.id)).orderBy(desc(t.effective_on)).limit(1);
  if (last && values.effective_on < last.effective_on) throw new FileRuleError('effective_on', `The carer's last move took effect on ${last.effective_on}; this one cannot be earlier.`);

  return db.transaction(async (tx) => {
    const moved = await tx
      .update(carersTable)
      .set({ branch_id: to, updated_at: clock.now() })
      .where(and(eq(carerColumns.id, target.person.id), eq(carerColumns.branch_id, from)))
      .returning({ id: carerColumns.id });
    if (!moved.length) throw new FileRuleError('to_branch_id', 'Someone moved this carer meanwhile. Reload the page.', 409);
    const [account] = await tx.select({ user_id: carerAccounts.user_id }).from(carerAccounts).where(eq(carerAccounts.carer_id, target.person.id));
    if (account) {
      await tx.delete(userBranches).where(and(eq(userBranches.user_id, account.user_id), eq(userBranches.branch_id, from)));
      await tx.insert(userBranches).values({ user_id: account.user_id, branch_id: to }).onConflictDoNothing();
    }
    const [row] = await tx
      .insert(t)
      .values({
        carer_id: target.person.id,
        from_branch_id: from,
        to_branch_id: to,
        effective_on: values.effective_on,
        reason: values.reason,
        recorded_by: target.viewer.user.userID,
        recorded_by_name: target.viewer.user.name,
      })
      .returning({ id: t.id });
    const transfer = (await transferHistory(tx, target.person.id)).find((item) => item.id === row!.id)!;
    await recordAudit(tx, { actor: target.actor, resource: 'carer-transfers', recordId: transfer.id, action: 'create', after: transfer });
    await recordAudit(tx, {
      actor: target.actor,
      resource: 'carers',
      recordId: target.person.id,
      action: 'update',
      before: { branch_id: from, account_branch_id: account ? from : null },
      after: { branch_id: to, account_branch_id: account ? to : null, transfer_id: transfer.id },
    });
    return transfer;
  });
}
