import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { branches } from '@hcm/server/schema';
import { isCalendarDate } from '@hcm/contract/engine';
import { outer, type BranchScope, type Database, type Transaction } from '@hcm/server/platform';
import { dueOf, type DueKindSpec, type DueOwner, type DueRow } from '../../contract/due.js';
import { carerDocuments, carerDocumentVersions, carersTable, employeeDocuments, employeeDocumentVersions, employeesTable } from '../people/people-tables.js';
import { carerColumns, employeeColumns, visibleCarers, visibleEmployees } from '../people/visibility.js';
import { settingsRead } from '../read-models.js';

// Who is due a supervision, spot check or appraisal: for each working carer (office employee), the date the last
// live (draft or active) document of that kind planned for the next one ("Next supervision", "Next appraisal")
// when given, else its own date field (or the day it was created) plus the settings' interval; never done counts
// from the start date. Read from carer_documents / employee_documents.

type Db = Database | Transaction;

/** The interval of a kind from its setting: a whole number from 1 to 120, else the default. */
export async function dueInterval(db: Db, spec: DueKindSpec): Promise<{ every: number; unit: 'weeks' | 'months' }> {
  const [row] = await db.select({ value: settingsRead.value }).from(settingsRead).where(eq(settingsRead.key, spec.setting.key)).limit(1);
  const value = Number(row?.value?.trim());
  const every = Number.isInteger(value) && value >= 1 && value <= 120 ? value : spec.setting.default;
  return { every, unit: spec.setting.unit };
}

/** Who counts: carers at work (not applicants, suspended or leavers); office employees at work or on probation. */
const WORKING: Record<DueOwner, readonly string[]> = { carers: ['active'], employees: ['active', 'probation'] };

function ownerParts(owner: DueOwner) {
  return owner === 'carers'
    ? { table: carersTable, columns: carerColumns, documents: carerDocuments, versions: carerDocumentVersions, visible: visibleCarers }
    : { table: employeesTable, columns: employeeColumns, documents: employeeDocuments, versions: employeeDocumentVersions, visible: visibleEmployees };
}

/** The due rows of everyone the scope may see (optionally one branch), soonest due first. */
export async function dueRows(db: Db, owner: DueOwner, scope: BranchScope, spec: DueKindSpec, options: { branchId?: number; today: string }): Promise<DueRow[]> {
  const { table, columns, documents, versions, visible } = ownerParts(owner);
  const interval = await dueInterval(db, spec);
  const kinds = sql.join(
    spec.documents.map((kind) => sql`${kind}`),
    sql`, `,
  );
  // The last live document of the kinds: its own date when given, else its created day (UK).
  const last = (select: SQL) => sql`(
    select ${select}
    from ${documents} d
    join ${versions} v on v.document_id = d.id and v.version = d.version
    where d.owner_id = ${outer(table, columns.id)} and d.kind in (${kinds}) and d.status in ('draft', 'active')
    order by coalesce(nullif(v.content ->> ${spec.dateField}, ''), to_char(d.created_at at time zone 'Europe/London', 'YYYY-MM-DD')) desc, d.id desc
    limit 1
  )`;
  const day = sql`coalesce(nullif(v.content ->> ${spec.dateField}, ''), to_char(d.created_at at time zone 'Europe/London', 'YYYY-MM-DD'))`;
  // The next one's date as the last form planned it ("Next supervision"), when the kind has one and it was given.
  const planned = spec.nextField ? sql`nullif(v.content ->> ${spec.nextField}, '')` : sql`null::text`;
  const conditions: (SQL | undefined)[] = [visible(scope), inArray(columns.status, [...WORKING[owner]])];
  if (options.branchId !== undefined) conditions.push(eq(columns.branch_id, options.branchId));
  const rows = await db
    .select({
      id: columns.id,
      first_name: columns.first_name,
      last_name: columns.last_name,
      branch_id: columns.branch_id,
      branch: branches.name,
      start_date: columns.start_date,
      last_date: sql<string | null>`${last(day)}`,
      last_document_id: sql<number | null>`${last(sql`d.id`)}`,
      planned: sql<string | null>`${last(planned)}`,
    })
    .from(table)
    .innerJoin(branches, eq(branches.id, columns.branch_id))
    .where(and(...conditions))
    .orderBy(asc(columns.last_name), asc(columns.first_name), asc(columns.id));

  return rows
    .map((row): DueRow => {
      const start = typeof row.start_date === 'string' && row.start_date ? row.start_date : null;
      const lastDate = row.last_date ? String(row.last_date) : null;
      // Never done and no start date: due from today (the office should plan one now).
      // The planned date only counts when it is a real day (a draft may hold anything the form let through).
      const planned = lastDate && typeof row.planned === 'string' && isCalendarDate(row.planned) ? row.planned : null;
      const due = lastDate ?? start ? dueOf((lastDate ?? start)!, interval, options.today, planned) : { next_due: options.today, state: 'due' as const, days_overdue: 0 };
      return {
        id: Number(row.id),
        name: `${String(row.first_name)} ${String(row.last_name)}`,
        branch_id: Number(row.branch_id),
        branch: row.branch,
        start_date: start,
        kind: spec.kind,
        last_date: lastDate,
        last_document_id: row.last_document_id === null ? null : Number(row.last_document_id),
        ...due,
        never_done: lastDate === null,
      };
    })
    .sort((a, b) => a.next_due.localeCompare(b.next_due) || a.name.localeCompare(b.name) || a.id - b.id);
}
