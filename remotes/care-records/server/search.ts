import { and, asc, or, sql, type SQL } from 'drizzle-orm';
import { likePrefix, type SearchProvider, type SearchQuery } from '@hcm/server/platform';
import { CLIENT_STATUSES } from '../contract/resources.js';
import { visibleClients } from './client-visibility.js';
import { clientColumns as c, clientsTable } from './columns.js';

// Clients in the global search (GET /api/v1/search, the platform's server/src/search/): by name, NHS number or
// postcode, the user's branches only (./client-visibility.ts), removed clients never. The hits carry what the
// clients list shows (name, NHS number, postcode, status): a list of names, not a read of anyone's care record, so
// nothing is audited, as for the list; opening a hit opens the record, and that view is audited as always.
// Migration 0004 gives each matched expression a prefix index (text_pattern_ops).

/** An NHS number as stored (3-3-4 digits), up to as many digits as were typed: '9434765' → '943 476 5'. */
export function nhsNumberPrefix(digits: string): string {
  return [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 10)].filter(Boolean).join(' ');
}

/** A postcode's start as typed, spaces left out: an outward code and maybe part of the inward one ('NW1', 'NW11A'). */
const POSTCODE_START = /^[A-Z]{1,2}\d[A-Z\d]?(\d[A-Z]{0,2})?$/;

/** Each word the start of the first, last or preferred name. */
function nameCondition(terms: readonly string[]): SQL | undefined {
  if (!terms.length) return undefined;
  return and(
    ...terms.map((term) => {
      const pattern = likePrefix(term);
      return or(sql`lower(${c.first_name}) like ${pattern}`, sql`lower(${c.last_name}) like ${pattern}`, sql`lower(${c.preferred_name}) like ${pattern}`);
    }),
  );
}

/** What the query can mean for a client: their name, the start of their NHS number (3+ digits), of their postcode. */
export function clientMatch(query: SearchQuery): SQL | undefined {
  const ways: (SQL | undefined)[] = [nameCondition(query.terms)];
  const digits = query.compact;
  if (/^\d{3,10}$/.test(digits)) ways.push(sql`${c.nhs_number} like ${likePrefix(nhsNumberPrefix(digits))}`);
  if (POSTCODE_START.test(query.compact)) ways.push(sql`replace(${c.postcode}, ' ', '') like ${likePrefix(query.compact)}`);
  return or(...ways);
}

const statusLabel = (value: string) => CLIENT_STATUSES.find((status) => status.value === value)?.label ?? value;

export const clientSearch: SearchProvider = {
  kind: 'clients',
  label: 'Clients',
  permission: 'clients.view',
  async find(db, { scope }, query, limit) {
    const match = clientMatch(query);
    if (!match) return [];
    const rows = await db
      .select({ id: c.id, first_name: c.first_name, last_name: c.last_name, preferred_name: c.preferred_name, nhs_number: c.nhs_number, postcode: c.postcode, status: c.status })
      .from(clientsTable)
      .where(and(visibleClients(scope, { deleted: 'exclude' }), match))
      .orderBy(asc(c.last_name), asc(c.first_name), asc(c.id))
      .limit(limit);
    return rows.map((row) => {
      const r = row as { id: number; first_name: string; last_name: string; preferred_name: string | null; nhs_number: string; postcode: string; status: string };
      const preferred = r.preferred_name && r.preferred_name !== r.first_name ? ` (${r.preferred_name})` : '';
      return {
        id: r.id,
        title: `${r.first_name} ${r.last_name}${preferred}`,
        subtitle: [`NHS ${r.nhs_number}`, r.postcode, statusLabel(r.status)].join(' · '),
        href: `/app/clients/${r.id}`,
      };
    });
  },
};
