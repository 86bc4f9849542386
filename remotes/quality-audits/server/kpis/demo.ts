import { eq } from 'drizzle-orm';
import { londonDate } from '@hcm/contract/engine';
import type { Transaction } from '@hcm/server/platform';
import { branches, users } from '@hcm/server/schema';
import { createBranchReview, createRecruitmentReport } from './routes.js';

// The KPIs' demo: for each branch, saved recruitment KPI reports (last month, the last quarter, the year so far)
// and branch utilisation reviews (last month final, with the manager's commentary and actions; this month a
// draft), their figures computed by the same formulas over the other areas' demo rows (seeded before this).

const shiftMonth = (month: string, by: number) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, number - 1 + by, 1));
  return date.toISOString().slice(0, 7);
};
const lastDayOf = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(year, number, 0)).getUTCDate()).padStart(2, '0')}`;
};
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const COMMENTARY: Record<string, string> = {
  CAM: 'Utilisation held up despite two carers on annual leave in the second half of the month. Travel between Kentish Town and Camden Town runs remains the biggest drag; the morning run has been re-sequenced.',
  'LDS-SL': 'Supported living rota is stable: shifts are long, so travel is low. Two unfilled waking-night shifts were covered by bank staff at short notice.',
  BRN: 'Bristol North is still growing: contracted hours outstrip the rostered calls, so utilisation is low while new packages start. Recruitment for drivers in Horfield continues.',
};

export async function seedKpisDemo(tx: Transaction): Promise<void> {
  const [manager] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, 'manager@homecare.test')).limit(1);
  const author = { id: manager?.id ?? null, name: manager?.name ?? 'Registered manager' };
  const today = londonDate();
  const thisMonth = today.slice(0, 7);
  const lastMonth = shiftMonth(thisMonth, -1);
  const branchRows = await tx.select({ id: branches.id, code: branches.code }).from(branches).orderBy(branches.id);
  for (const branch of branchRows) {
    const reports = [
      { title: `Recruitment ${lastMonth}`, from: `${lastMonth}-01`, to: lastDayOf(lastMonth) },
      { title: 'Last quarter', from: addDays(today, -90), to: today },
      { title: 'Year to date', from: `${today.slice(0, 4)}-01-01`, to: today },
    ];
    for (const report of reports) await createRecruitmentReport(tx, author, { branch_id: branch.id, ...report });
    const dueOn = addDays(today, 21);
    await createBranchReview(tx, author, {
      branch_id: branch.id,
      month: lastMonth,
      commentary: COMMENTARY[branch.code] ?? 'Reviewed with the care coordinators at the monthly branch meeting.',
      actions: [
        { action: 'Re-sequence the morning run to cut travel between calls', owner: 'Care coordinator', due_on: dueOn },
        { action: 'Offer extra contracted hours to two bank carers', owner: 'Registered manager', due_on: addDays(today, 30) },
      ],
      status: 'final',
    });
    await createBranchReview(tx, author, { branch_id: branch.id, month: thisMonth, commentary: 'Month in progress: figures to date.', actions: [], status: 'draft' });
  }
}
