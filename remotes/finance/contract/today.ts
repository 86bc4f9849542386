// Finance's "today" panel on the dashboard (issue 30): GET /api/v1/finance/today answers the payments received in
// the signed-in user's branches not yet wholly allocated to invoices (the rest held on the payer's account, as the
// payments list's "unallocated" filter shows them): how many, how much in all, and the oldest first.

export const FINANCE_TODAY_PATH = 'api/v1/finance/today';

/** How many payments the panel lists (the count and total are of all of them). */
export const TODAY_FIRST_ITEMS = 5;

export type PaymentToAllocate = {
  id: number;
  branch_id: number;
  payer_name: string;
  payer_kind: 'funder' | 'client';
  received_on: string;
  reference: string;
  amount_pence: number;
  unallocated_pence: number;
};

export type FinanceToday = { date: string; to_allocate: { count: number; unallocated_pence: number; items: PaymentToAllocate[] } };
