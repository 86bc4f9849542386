import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { likePrefix, type SearchProvider } from '@hcm/server/platform';
import { branches } from '@hcm/server/schema';
import { CARER_STATUSES, EMPLOYEE_STATUSES } from '../contract/people.js';
import { carersTable, employeesTable } from './people/people-tables.js';
import { carerColumns, employeeColumns, visibleCarers, visibleEmployees } from './people/visibility.js';

// Carers (applicants included, as in the carers list) and office employees in the global search (GET
// /api/v1/search, the platform's server/src/search/): each word of the query the start of a first, last or
// preferred name; the user's branches only (./people/visibility.ts), removed people never. A hit shows what the
// lists show (name, status, branch, job title): nothing is audited, as for the lists.

type Names = { first_name: PgColumn; last_name: PgColumn; preferred_name: PgColumn };

/** Each word the start of the first, last or preferred name (lower-cased, as the prefix indexes are). */
function namesMatch(columns: Names, terms: readonly string[]): SQL | undefined {
  if (!terms.length) return undefined;
  return and(
    ...terms.map((term) => {
      const pattern = likePrefix(term);
      return or(sql`lower(${columns.first_name}) like ${pattern}`, sql`lower(${columns.last_name}) like ${pattern}`, sql`lower(${columns.preferred_name}) like ${pattern}`);
    }),
  );
}

const labelOf = (choices: readonly { value: string; label: string }[], value: string) => choices.find((choice) => choice.value === value)?.label ?? value;

type PersonRow = { id: number; first_name: string; last_name: string; preferred_name: string | null; status: string; branch: string | null; job_title?: string };

const title = (row: PersonRow) => `${row.first_name} ${row.last_name}${row.preferred_name && row.preferred_name !== row.first_name ? ` (${row.preferred_name})` : ''}`;

export const carerSearch: SearchProvider = {
  kind: 'carers',
  label: 'Carers',
  permission: 'carers.view',
  async find(db, { scope }, query, limit) {
    const match = namesMatch(carerColumns, query.terms);
    if (!match) return [];
    const c = carerColumns;
    const rows = (await db
      .select({ id: c.id, first_name: c.first_name, last_name: c.last_name, preferred_name: c.preferred_name, status: c.status, branch: branches.name })
      .from(carersTable)
      .leftJoin(branches, eq(branches.id, c.branch_id))
      .where(and(visibleCarers(scope), match))
      .orderBy(asc(c.last_name), asc(c.first_name), asc(c.id))
      .limit(limit)) as PersonRow[];
    return rows.map((row) => ({
      id: row.id,
      title: title(row),
      subtitle: [labelOf(CARER_STATUSES, row.status), row.branch].filter(Boolean).join(' · '),
      href: `/app/carers/${row.id}`,
    }));
  },
};

export const employeeSearch: SearchProvider = {
  kind: 'employees',
  label: 'Office employees',
  permission: 'employees.view',
  async find(db, { scope }, query, limit) {
    const match = namesMatch(employeeColumns, query.terms);
    if (!match) return [];
    const e = employeeColumns;
    const rows = (await db
      .select({ id: e.id, first_name: e.first_name, last_name: e.last_name, preferred_name: e.preferred_name, status: e.status, job_title: e.job_title, branch: branches.name })
      .from(employeesTable)
      .leftJoin(branches, eq(branches.id, e.branch_id))
      .where(and(visibleEmployees(scope), match))
      .orderBy(asc(e.last_name), asc(e.first_name), asc(e.id))
      .limit(limit)) as PersonRow[];
    return rows.map((row) => ({
      id: row.id,
      title: title(row),
      subtitle: [row.job_title, labelOf(EMPLOYEE_STATUSES, row.status), row.branch].filter(Boolean).join(' · '),
      href: `/app/employees/${row.id}`,
    }));
  },
};
