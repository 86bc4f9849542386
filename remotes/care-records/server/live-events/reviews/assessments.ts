import type { Page } from '@hcm/contract';
import { sql, type SQL } from 'drizzle-orm';
import { pageOf, pageOffset, type BranchScope, type Database, type Paging } from '@hcm/server/platform';
import {
  CLIENT_DOCUMENTS,
  OTHER_ASSESSMENT_KINDS,
  RECORD_TABS,
  REQUIRED_ASSESSMENTS,
  REVIEW_AT_LEAST_MONTHS,
  documentNameOf,
  type AssessmentAlert,
  type AssessmentAlertRow,
} from '../../../contract/index.js';
import { visibleClients } from '../../client-visibility.js';
import { clientColumns as c, clientsTable } from '../../columns.js';
import { clientDocuments, clientDocumentVersions } from '../../tables.js';
import { orderOf, rowsOf, type Sorting } from './params.js';

// Assessment alerts: each client's assessments (the risk assessments' tabs and the other assessment documents)
// whose review is overdue or due within N days, awaiting sign-off, or never done where the client needs one.
// The due date is the document's review date, but never later than 12 months after its last review (UK practice:
// at least yearly, sooner after a change); only active documents count as done.

/** An assessment kind with its title and the record's tab it opens. */
export type AssessmentKind = { kind: string; title: string; tab: string };

export const ASSESSMENT_KINDS: readonly AssessmentKind[] = RECORD_TABS.filter(
  (tab) => tab.kind === 'document' && (tab.group === 'risks' || (OTHER_ASSESSMENT_KINDS as readonly string[]).includes(documentNameOf(tab.segment))),
).map((tab) => ({ kind: documentNameOf(tab.segment), title: CLIENT_DOCUMENTS.find((spec) => spec.name === documentNameOf(tab.segment))?.title ?? tab.title, tab: tab.segment }));

/** The UK day a record document (the row aliased `alias`) was last reviewed: its last change. */
export const lastReviewedSql = (alias: string): SQL => sql`(${sql.raw(alias)}.updated_at at time zone 'Europe/London')::date`;

/** The UK day its review is due: its own review date, but never later than 12 months after its last review. */
export function reviewDueSql(alias: string): SQL {
  const latest = sql`(${lastReviewedSql(alias)} + interval '${sql.raw(String(REVIEW_AT_LEAST_MONTHS))} months')::date`;
  return sql`least(coalesce(${sql.raw(alias)}.review_date, ${latest}), ${latest})`;
}

export type AssessmentFilters = { alert?: AssessmentAlert; kind?: string; branchId?: number; clientId?: number; within: number };

/** Clients still in the service: reviews matter; only 'active' ones must have their required assessments. */
const IN_SERVICE = ['active', 'in-hospital', 'paused'];

const clientName = sql`trim(${c.first_name} || ' ' || ${c.last_name})`;

function alertsQuery(scope: BranchScope, kinds: readonly AssessmentKind[], filters: AssessmentFilters, today: string): SQL {
  const kindNames = kinds.map((kind) => kind.kind);
  const titles = sql.join(kinds.map((kind) => sql`(${kind.kind}, ${kind.title}, ${kind.tab})`), sql`, `);
  const clientWhere = sql`${visibleClients(scope, { deleted: 'exclude' })}
    ${filters.branchId ? sql`and ${c.branch_id} = ${filters.branchId}` : sql``}
    ${filters.clientId ? sql`and ${c.id} = ${filters.clientId}` : sql``}`;
  const required = REQUIRED_ASSESSMENTS.filter((rule) => kindNames.includes(rule.kind)).map((rule) =>
    rule.when
      ? sql`select sp.owner_id as client_id, ${rule.kind}::text as kind, ${rule.reason}::text as reason
          from ${clientDocuments} sp
          join ${clientDocumentVersions} spv on spv.document_id = sp.id and spv.version = sp.version
          where sp.kind = 'support-plan' and sp.status = 'active' and spv.content ->> ${rule.when.field} in (${sql.join(rule.when.values.map((value) => sql`${value}`), sql`, `)})`
      : sql`select ${c.id} as client_id, ${rule.kind}::text as kind, ${rule.reason}::text as reason from ${clientsTable} where ${c.status} = 'active'`,
  );
  const last = lastReviewedSql('d');
  return sql`
    with titles(kind, title, tab) as (values ${titles}),
    scoped as (
      select ${c.id} as client_id, ${clientName} as client_name, ${c.branch_id} as branch_id, ${c.status} as client_status
      from ${clientsTable} where ${clientWhere}
    ),
    docs as (
      select d.id, d.owner_id, d.kind, d.version, d.signed_off_version, ${last} as last_reviewed,
        ${reviewDueSql('d')} as due_date
      from ${clientDocuments} d join scoped on scoped.client_id = d.owner_id
      where d.status = 'active' and d.kind in (${sql.join(kindNames.map((kind) => sql`${kind}`), sql`, `)})
        and scoped.client_status in (${sql.join(IN_SERVICE.map((status) => sql`${status}`), sql`, `)})
    ),
    required as (${required.length ? sql.join(required, sql` union `) : sql`select null::int as client_id, null::text as kind, null::text as reason where false`}),
    alerts as (
      select 'overdue' as alert, id as document_id, owner_id as client_id, kind, version, last_reviewed, due_date, (${today}::date - due_date) as days_overdue, 'The review date has passed.' as reason
        from docs where due_date < ${today}::date
      union all
      select 'due', id, owner_id, kind, version, last_reviewed, due_date, (${today}::date - due_date), 'Review due within ' || ${filters.within}::text || ' days.'
        from docs where due_date >= ${today}::date and due_date <= ${today}::date + ${filters.within}::int
      union all
      select 'sign-off', id, owner_id, kind, version, last_reviewed, due_date, null::int, 'Version ' || version || ' is not signed off.'
        from docs where signed_off_version is distinct from version
      union all
      select 'never-done', null::int, r.client_id, r.kind, null::int, null::date, null::date, null::int, r.reason
        from required r join scoped on scoped.client_id = r.client_id
        where scoped.client_status = 'active' and not exists (select 1 from docs where docs.owner_id = r.client_id and docs.kind = r.kind)
    )
    select alerts.alert, alerts.document_id, alerts.client_id, alerts.kind, alerts.version, alerts.last_reviewed::text as last_reviewed,
      alerts.due_date::text as due_date, alerts.days_overdue, alerts.reason, scoped.client_name, scoped.branch_id, titles.title, titles.tab,
      case alerts.alert when 'overdue' then 1 when 'never-done' then 2 when 'due' then 3 else 4 end as alert_rank
    from alerts join scoped on scoped.client_id = alerts.client_id join titles on titles.kind = alerts.kind
    where true
      ${filters.alert ? sql`and alerts.alert = ${filters.alert}` : sql``}
      ${filters.kind ? sql`and alerts.kind = ${filters.kind}` : sql``}`;
}

type AlertRecord = Omit<AssessmentAlertRow, 'key'>;

export async function listAssessmentAlerts(
  db: Database,
  scope: BranchScope,
  kinds: readonly AssessmentKind[],
  filters: AssessmentFilters,
  sorting: Sorting,
  paging: Paging,
  today: string,
): Promise<Page<AssessmentAlertRow>> {
  if (!kinds.length) return pageOf([], 0, paging);
  const query = alertsQuery(scope, kinds, filters, today);
  const [counted] = rowsOf<{ total: number | string }>(await db.execute(sql`select count(*) as total from (${query}) listed`));
  const order = orderOf(
    sorting,
    { client_name: sql`client_name`, title: sql`title`, alert: sql`alert_rank`, last_reviewed: sql`last_reviewed`, due_date: sql`due_date`, days_overdue: sql`days_overdue` },
    [sql`alert_rank`, sql`days_overdue desc nulls last`, sql`due_date nulls last`, sql`client_name`, sql`title`],
  );
  const rows = rowsOf<AlertRecord>(
    await db.execute(sql`select * from (${query}) listed order by ${sql.join(order, sql`, `)} limit ${paging.pageSize} offset ${pageOffset(paging)}`),
  );
  const data = rows.map((row): AssessmentAlertRow => ({
    key: `${row.alert}-${row.document_id ?? `${row.client_id}-${row.kind}`}`,
    alert: row.alert,
    client_id: Number(row.client_id),
    client_name: row.client_name,
    branch_id: row.branch_id === null ? null : Number(row.branch_id),
    document_id: row.document_id === null ? null : Number(row.document_id),
    kind: row.kind,
    title: row.title,
    tab: row.tab,
    version: row.version === null ? null : Number(row.version),
    last_reviewed: row.last_reviewed,
    due_date: row.due_date,
    days_overdue: row.days_overdue === null ? null : Number(row.days_overdue),
    reason: row.reason,
  }));
  return pageOf(data, Number(counted?.total ?? 0), paging);
}
