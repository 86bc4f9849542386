import type { Page } from '@hcm/contract';
import { sql, type SQL } from 'drizzle-orm';
import { pageOf, pageOffset, type BranchScope, type Database, type Paging } from '@hcm/server/platform';
import { clientDocument, type ReablementRow } from '../../../contract/index.js';
import { visibleClients } from '../../client-visibility.js';
import { clientColumns as c, clientsTable } from '../../columns.js';
import { clientDocuments, clientDocumentVersions } from '../../tables.js';
import { orderOf, rowsOf, type Sorting } from './params.js';

// Reablement packages, read from each client's reablement record document (its current version): the period
// (start, planned end: usually six weeks), the goals and how many are achieved, the newest weekly review, and the
// outcome. A package is open until its outcome says how it ended; an open one past its planned end is overdue
// (no closing review yet).

export type ReablementFilters = { branchId?: number; clientId?: number; state?: 'open' | 'closed' | 'all'; overdueOnly?: boolean };

const content = sql`v.content`;
/** A date answer, or null when not a date (a draft may hold anything the form allowed). */
const dateAnswer = (key: string) => sql`(case when ${content} ->> ${key} ~ '^\\d{4}-\\d{2}-\\d{2}$' then (${content} ->> ${key})::date end)`;
const rowsAnswer = (key: string) => sql`(case when jsonb_typeof(${content} -> ${key}) = 'array' then ${content} -> ${key} else '[]'::jsonb end)`;
const outcome = sql`coalesce(${content} ->> 'outcome', '')`;
const closed = sql`(${outcome} not in ('', 'in-progress'))`;

/** The packages as SQL rows (also read by the reablement dashboard, ../../reablement/service.ts). */
export function packagesQuery(scope: BranchScope, filters: ReablementFilters, today: string): SQL {
  const state = filters.overdueOnly ? 'open' : (filters.state ?? 'open');
  return sql`
    select d.id as document_id, d.version as document_version, ${c.id} as client_id, trim(${c.first_name} || ' ' || ${c.last_name}) as client_name, ${c.branch_id} as branch_id,
      d.status, ${dateAnswer('start_date')}::text as start_date, ${dateAnswer('planned_end')}::text as planned_end,
      coalesce(${content} ->> 'therapist', '') as therapist,
      jsonb_array_length(${rowsAnswer('goals')}) as goals,
      (select count(*) from jsonb_array_elements(${rowsAnswer('goals')}) goal where goal ->> 'status' = 'achieved')::int as goals_achieved,
      (select week from jsonb_array_elements(${rowsAnswer('weekly')}) week
        order by case when week ->> 'week' ~ '^\\d+$' then (week ->> 'week')::int end desc nulls last limit 1) as latest_week,
      ${outcome} as outcome, ${dateAnswer('ended_on')}::text as ended_on,
      (${dateAnswer('planned_end')} - ${today}::date) as days_left
    from ${clientDocuments} d
    join ${clientDocumentVersions} v on v.document_id = d.id and v.version = d.version
    join ${clientsTable} on ${c.id} = d.owner_id
    where d.kind = 'reablement' and d.status <> 'archived' and ${visibleClients(scope, { deleted: 'exclude' })}
      ${filters.branchId ? sql`and ${c.branch_id} = ${filters.branchId}` : sql``}
      ${filters.clientId ? sql`and ${c.id} = ${filters.clientId}` : sql``}
      ${state === 'open' ? sql`and not ${closed}` : state === 'closed' ? sql`and ${closed}` : sql``}
      ${filters.overdueOnly ? sql`and ${dateAnswer('planned_end')} < ${today}::date` : sql``}`;
}

type PackageRecord = Omit<ReablementRow, 'latest_progress' | 'outcome_label' | 'days_overdue'> & { latest_week: Record<string, unknown> | null };

const OUTCOMES = (() => {
  const field = clientDocument('reablement')
    ?.sections.flatMap((section) => section.fields)
    .find((candidate) => candidate.key === 'outcome');
  return field && 'options' in field && Array.isArray(field.options) ? (field.options as { value: string; label: string }[]) : [];
})();

function progressOf(week: Record<string, unknown> | null): string {
  if (!week) return '';
  const progress = typeof week.progress === 'string' ? week.progress : '';
  const on = typeof week.date === 'string' ? ` (${week.date})` : '';
  return `Week ${String(week.week ?? '?')}${on}: ${progress}`;
}

export async function listReablement(db: Database, scope: BranchScope, filters: ReablementFilters, sorting: Sorting, paging: Paging, today: string): Promise<Page<ReablementRow>> {
  const query = packagesQuery(scope, filters, today);
  const [counted] = rowsOf<{ total: number | string }>(await db.execute(sql`select count(*) as total from (${query}) packages`));
  const order = orderOf(
    sorting,
    { client_name: sql`client_name`, start_date: sql`start_date`, planned_end: sql`planned_end`, days_left: sql`days_left`, days_overdue: sql`(0 - days_left)`, goals: sql`goals` },
    // Soonest to end first, so the most overdue lead.
    [sql`days_left nulls last`, sql`client_name`, sql`document_id`],
  );
  const rows = rowsOf<PackageRecord>(
    await db.execute(sql`select * from (${query}) packages order by ${sql.join(order, sql`, `)} limit ${paging.pageSize} offset ${pageOffset(paging)}`),
  );
  const data = rows.map((row): ReablementRow => {
    const daysLeft = row.days_left === null ? null : Number(row.days_left);
    return {
      document_id: Number(row.document_id),
      client_id: Number(row.client_id),
      client_name: row.client_name,
      branch_id: row.branch_id === null ? null : Number(row.branch_id),
      status: row.status,
      start_date: row.start_date,
      planned_end: row.planned_end,
      therapist: row.therapist,
      goals: Number(row.goals),
      goals_achieved: Number(row.goals_achieved),
      latest_progress: progressOf(row.latest_week),
      outcome: row.outcome,
      outcome_label: OUTCOMES.find((option) => option.value === row.outcome)?.label ?? (row.outcome ? row.outcome : 'Not recorded'),
      ended_on: row.ended_on,
      days_left: daysLeft,
      days_overdue: daysLeft !== null && daysLeft < 0 ? -daysLeft : null,
    };
  });
  return pageOf(data, Number(counted?.total ?? 0), paging);
}
