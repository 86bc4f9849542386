import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { likePrefix, type SearchProvider, type SearchQuery } from '@hcm/server/platform';
import { formatPence } from '../contract/pay.js';
import { inScope } from './invoicing/queries.js';
import { invoices } from './invoicing/tables.js';

// Invoices in the global search (GET /api/v1/search, the platform's server/src/search/), by number: the start of a
// number as printed ('INV-2026-27-0001', with or without its dashes; 'INV' alone lists the latest), or the number
// within its year ('123' or '000123': INV-…-000123 of every year). The invoices of the user's branches only, as the
// invoices list; void ones too, marked so. Migration 0004 indexes both ways (number text_pattern_ops, sequence).

const STATUS_WORDS: Record<string, string> = { posted: 'Posted', sent: 'Sent', 'part-paid': 'Part paid', paid: 'Paid', void: 'Void' };
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A number's start as printed, from its digits: '2026270001' → 'INV-2026-27-0001'. */
export function invoiceNumberPrefix(digits: string): string {
  return ['INV', digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 12)].filter(Boolean).join('-');
}

/** What the query can mean for an invoice (undefined: nothing). */
export function invoiceMatch(query: SearchQuery): SQL | undefined {
  const compact = query.compact;
  // The number within its year: at most six digits (the sequence is zero-padded to six when printed).
  if (/^\d{1,6}$/.test(compact)) return eq(invoices.sequence, Number(compact));
  const digits = /^(?:INV)?(\d*)$/.exec(compact)?.[1];
  if (digits === undefined || (!compact.startsWith('INV') && digits.length <= 6) || digits.length > 12) return undefined;
  return sql`${invoices.number} like ${likePrefix(invoiceNumberPrefix(digits))}`;
}

/** '25 Nov 2026' for '2026-11-25'. */
const printedDay = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return `${date} ${MONTHS[month! - 1]} ${year}`;
};

export const invoiceSearch: SearchProvider = {
  kind: 'invoices',
  label: 'Invoices',
  permission: 'finance.view',
  async find(db, { scope }, query, limit) {
    const match = invoiceMatch(query);
    if (!match) return [];
    const rows = await db
      .select({ id: invoices.id, number: invoices.number, payer_name: invoices.payer_name, issue_date: invoices.issue_date, status: invoices.status, total_pence: invoices.total_pence })
      .from(invoices)
      .where(and(inScope(invoices.branch_id, scope), match))
      .orderBy(desc(invoices.issue_date), desc(invoices.id))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      title: row.number,
      subtitle: [row.payer_name, `issued ${printedDay(row.issue_date)}`, STATUS_WORDS[row.status] ?? row.status, formatPence(row.total_pence)].join(' · '),
      href: `/app/finance/invoices/${row.id}`,
    }));
  },
};
