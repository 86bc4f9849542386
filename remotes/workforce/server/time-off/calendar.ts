import { and, asc, eq, gte, inArray, lte, or } from 'drizzle-orm';
import { branches } from '@hcm/server/schema';
import type { BranchScope, Database, Transaction } from '@hcm/server/platform';
import type { CalendarDay, CalendarMonth, HolidayOwner } from '../../contract/time-off.js';
import { bankHolidaysBetween, holidaysOverlapping } from './holidays.js';
import { closureDaysRead, timeOffSettings } from './read-models.js';
import { addDays, eachDay, holidayHalfOn } from './rules.js';

type Db = Database | Transaction;

/** The first and last day of a YYYY-MM month. */
export function monthBounds(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = monthNumber === 12 ? `${year + 1}-01-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}-01`;
  return { from, to: addDays(next, -1) };
}

/**
 * A month of the holidays calendar: each day with who is off (approved, or requested and marked so), the bank
 * holidays, and the agency's own closure days (of every branch, or of the branch asked for).
 */
export async function calendarMonth(db: Db, scope: BranchScope, month: string, owners: HolidayOwner[], branchId: number | null): Promise<CalendarMonth> {
  const { from, to } = monthBounds(month);
  const settings = await timeOffSettings(db);
  const [holidays, bank, branchRows] = await Promise.all([
    Promise.all(owners.map((owner) => holidaysOverlapping(db, scope, owner, from, to, branchId))).then((lists) => lists.flat()),
    bankHolidaysBetween(db, settings.bankHolidayRegion, from, to),
    branchId ? db.select({ name: branches.name }).from(branches).where(eq(branches.id, branchId)) : Promise.resolve([]),
  ]);
  const branchName = branchRows[0]?.name ?? null;
  const closures = await db
    .select({ name: closureDaysRead.name, date: closureDaysRead.date, branch: closureDaysRead.branch })
    .from(closureDaysRead)
    .where(and(gte(closureDaysRead.date, from), lte(closureDaysRead.date, to), branchName ? or(eq(closureDaysRead.branch, ''), inArray(closureDaysRead.branch, ['All branches', branchName])) : undefined))
    .orderBy(asc(closureDaysRead.date));
  const days: CalendarDay[] = eachDay(from, to).map((date) => ({
    date,
    people: holidays
      .filter((holiday) => holiday.from_date <= date && holiday.to_date >= date)
      .map((holiday) => ({
        owner: holiday.owner,
        person_id: holiday.person_id,
        holiday_id: holiday.id,
        name: holiday.person_name,
        branch: holiday.branch,
        status: holiday.status as 'approved' | 'requested',
        half: holidayHalfOn(holiday, date),
        reason: holiday.reason,
      })),
    bank_holidays: bank.filter((entry) => entry.date === date).map((entry) => entry.name),
    closures: closures.filter((entry) => entry.date === date).map((entry) => ({ name: entry.name, branch: entry.branch || 'All branches' })),
  }));
  return { month, who: owners.length === 2 ? 'all' : owners[0]!, branch_id: branchId, days };
}
