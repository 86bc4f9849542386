import { londonDate } from '@hcm/contract/engine';
import { seedDemoRows, type Transaction } from '@hcm/server/platform';
import { branches } from '@hcm/server/schema';
import { EXPENSE_RESOURCES } from '../../contract/expenses.js';
import { expenseResourceTables } from './resource-tables.js';

// The categories a home-care agency books its overheads to, with Sage's standard nominal codes.
const CATEGORIES = [
  { name: 'Mileage reimbursements', nominal_code: '7300', description: "Carers' business miles between visits, at the agency's rate a mile" },
  { name: 'PPE', nominal_code: '5010', description: 'Gloves, aprons, masks and hand gel for visits' },
  { name: 'Training', nominal_code: '7600', description: 'Care Certificate, moving and handling, medication and first-aid courses' },
  { name: 'Office', nominal_code: '7500', description: 'Stationery, printing, postage and office supplies' },
  { name: 'Recruitment', nominal_code: '7700', description: 'Job adverts, DBS checks and reference checks' },
  { name: 'Vehicle', nominal_code: '7310', description: 'Pool car fuel, servicing and insurance' },
  { name: 'Software', nominal_code: '7510', description: 'Rostering, care planning and accounts subscriptions' },
];

type Template = { category: number; supplier: string; description: string; net: number; vatable: boolean; method: string; day: number };

// One month's spending of a branch: the day of the month, the category (1-based, as CATEGORIES) and the net in pence.
const MONTH: readonly Template[] = [
  { category: 1, supplier: 'Staff mileage claims', description: "Carers' mileage, first half of the month", net: 48_650, vatable: false, method: 'staff-claim', day: 15 },
  { category: 1, supplier: 'Staff mileage claims', description: "Carers' mileage, second half of the month", net: 51_220, vatable: false, method: 'staff-claim', day: 28 },
  { category: 2, supplier: 'Medisafe Supplies Ltd', description: 'Nitrile gloves (20 boxes) and aprons', net: 18_450, vatable: true, method: 'company-card', day: 3 },
  { category: 2, supplier: 'Medisafe Supplies Ltd', description: 'Hand gel and fluid-resistant masks', net: 7_980, vatable: true, method: 'company-card', day: 19 },
  { category: 3, supplier: 'Skills for Care Training', description: 'Moving and handling refresher, 6 carers', net: 54_000, vatable: false, method: 'bacs', day: 10 },
  { category: 4, supplier: 'Viking Direct', description: 'Printer paper, toner and envelopes', net: 6_215, vatable: true, method: 'company-card', day: 7 },
  { category: 5, supplier: 'uCheck DBS', description: 'Enhanced DBS checks, 4 applicants', net: 19_200, vatable: false, method: 'direct-debit', day: 12 },
  { category: 5, supplier: 'Indeed', description: 'Sponsored care worker job advert', net: 15_000, vatable: true, method: 'company-card', day: 5 },
  { category: 6, supplier: 'Shell', description: 'Pool car fuel', net: 5_825, vatable: true, method: 'company-card', day: 21 },
  { category: 7, supplier: 'Microsoft', description: 'Microsoft 365 Business Basic, office staff', net: 3_600, vatable: true, method: 'direct-debit', day: 1 },
];

// Branches differ in size: the second and third spend less than the first, so reports tell them apart.
const BRANCH_SCALE = [100, 70, 55];

const vatOf = (net: number) => Math.round((net * 20) / 100);

/** The first day of the month `offset` months from `date` (YYYY-MM-DD), and its length in days. */
function monthStart(date: string, offset: number): { year: number; month: number; days: number } {
  const [year, month] = date.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 + offset, 1));
  const days = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return { year: first.getUTCFullYear(), month: first.getUTCMonth() + 1, days };
}

/** The demo expenses: last month's and this month's (up to today) per branch. */
export function demoExpenses(today: string, branchCount: number): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (let branch = 1; branch <= branchCount; branch += 1) {
    const scale = BRANCH_SCALE[(branch - 1) % BRANCH_SCALE.length]!;
    for (const offset of [-1, 0]) {
      const { year, month, days } = monthStart(today, offset);
      for (const [index, item] of MONTH.entries()) {
        const day = Math.min(item.day + ((branch - 1) % 3), days);
        const spentOn = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        if (spentOn > today) continue;
        const net = Math.round((item.net * scale) / 100);
        const vat = item.vatable ? vatOf(net) : 0;
        rows.push({
          branch_id: branch,
          spent_on: spentOn,
          category_id: item.category,
          supplier: item.supplier,
          description: item.description,
          net_pence: net,
          vat_pence: vat,
          total_pence: net + vat,
          payment_method: item.method,
          receipt_reference: `R${year}${String(month).padStart(2, '0')}-${branch}${String(index + 1).padStart(2, '0')}`,
        });
      }
    }
  }
  return rows;
}

/** Demo expense categories and two months of each branch's expenses. */
export async function seedDemoExpenses(tx: Transaction): Promise<void> {
  const branchCount = (await tx.select({ id: branches.id }).from(branches)).length;
  await seedDemoRows(tx, EXPENSE_RESOURCES, { 'expense-categories': CATEGORIES, expenses: demoExpenses(londonDate(), branchCount) }, expenseResourceTables);
}
