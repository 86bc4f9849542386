import type { Page } from '@hcm/contract';
import { eq, sql, type SQL } from 'drizzle-orm';
import { branches, users } from '@hcm/server/schema';
import { branchVisible, pageOf, pageOffset, type BranchScope, type Database, type Paging, type Transaction } from '@hcm/server/platform';
import { AUDIT_DUE_SOON_DAYS, CLIENT_ASSESSMENT_TABS, type AuditInterval, type AuditListSpec, type AuditRow, type AuditSort, type AuditState, type AuditSummary } from '../../contract/audits.js';
import { carerDocumentsRead, carersRead, clientDocumentsRead, clientsRead, logBookAuditsRead, marAuditsRead, moneyAuditsRead, settingsRead } from './columns.js';

// One query per list, in SQL over the other areas' tables: a source (by the list's declaration) gives every record
// with its person, branch, date, outcome, next due and whether it is closed; the state is worked out from those on
// `today`; the filters, sort and page and the summary are applied to that one shape.

type Db = Database | Transaction;

export type AuditFilters = {
  branchId?: number;
  state?: AuditState;
  outcome?: string;
  from?: string;
  to?: string;
  q?: string;
  today: string;
  /** The period of "done in period" (from/to, else the last 12 months to today). */
  period: { from: string; to: string };
};

/** Clients still in the service (their audits and reviews still fall due). */
const CLIENTS_IN_SERVICE = ['active', 'in-hospital', 'paused'];
/** Carers at work. */
const CARERS_AT_WORK = ['active'];

const list = (values: readonly string[]) => sql.join(values.map((value) => sql`${value}`), sql`, `);

/** An interval's setting, a whole number from 1 to 120, else the declaration's default. */
async function intervalOf(db: Db, interval: AuditInterval | undefined): Promise<AuditInterval | undefined> {
  if (!interval?.setting) return interval;
  const [row] = await db.select({ value: settingsRead.value }).from(settingsRead).where(eq(settingsRead.key, interval.setting)).limit(1);
  const value = Number(row?.value?.trim());
  return { ...interval, every: Number.isInteger(value) && value >= 1 && value <= 120 ? value : interval.every };
}

const plus = (day: SQL, interval: AuditInterval) => sql`(${day} + interval '${sql.raw(String(Math.trunc(interval.every)))} ${sql.raw(interval.unit)}')::date`;

/** A content field as text ('' when absent), and as a date (null when empty). */
const field = (key: string) => sql`coalesce(v.content ->> ${key}, '')`;
const fieldDay = (key: string) => sql`(nullif(v.content ->> ${key}, ''))::date`;

function personParts(group: AuditListSpec['group']) {
  return group === 'carers'
    ? { person: carersRead, docs: carerDocumentsRead, inService: CARERS_AT_WORK }
    : { person: clientsRead, docs: clientDocumentsRead, inService: CLIENTS_IN_SERVICE };
}

/** The records of a list as (id, person_id, person_name, branch_id, record_title, record_date, detail, outcome, next_due, closed, in_service, tab). */
async function sourceOf(db: Db, spec: AuditListSpec, scope: BranchScope): Promise<SQL> {
  const { person, inService } = personParts(spec.group);
  const source = spec.source;
  const personName = sql`trim(coalesce(${person.first_name}, '') || ' ' || coalesce(${person.last_name}, ''))`;
  const visible = sql`${person.deleted_at} is null and ${branchVisible(scope, person.branch_id) ?? sql`true`}`;
  const inServiceSql = sql`${person.status} in (${list(inService)})`;
  const common = sql`${person.id} as person_id, ${personName} as person_name, ${person.branch_id} as branch_id, ${inServiceSql} as in_service`;

  if (source.from === 'carer-documents' || source.from === 'client-documents') {
    const { documents, versions } = personParts(spec.group).docs;
    const dayOf = (alias: 'd' | 'd2', versionAlias: 'v' | 'v2') =>
      source.date
        ? sql`coalesce((nullif(${sql.raw(versionAlias)}.content ->> ${source.date}, ''))::date, (${sql.raw(alias)}.created_at at time zone 'Europe/London')::date)`
        : sql`(${sql.raw(alias)}.updated_at at time zone 'Europe/London')::date`;
    const day = dayOf('d', 'v');
    const interval = await intervalOf(db, source.nextDue.interval);
    let nextDue: SQL = sql`null::date`;
    if (source.nextDue.reviewDate && interval) nextDue = sql`least(coalesce(d.review_date, ${plus(day, interval)}), ${plus(day, interval)})`;
    else if (source.nextDue.field && interval) nextDue = sql`coalesce(${fieldDay(source.nextDue.field)}, ${plus(day, interval)})`;
    else if (source.nextDue.field) nextDue = fieldDay(source.nextDue.field);
    else if (interval) nextDue = plus(day, interval);

    const outcome = !source.outcome
      ? sql`null::text`
      : 'field' in source.outcome
        ? sql`nullif(${field(source.outcome.field)}, '')`
        : 'resultLevel' in source.outcome
          ? sql`(v.results -> 0 ->> 'level')`
          : sql`case when d.status = 'draft' then 'draft' when d.signed_off_version = d.version then 'signed-off' else 'awaiting-sign-off' end`;

    const closed: SQL[] = [sql`false`];
    if (source.closed.field) closed.push(sql`${field(source.closed.field)} <> ''`);
    if (source.closed.superseded)
      closed.push(sql`exists (
        select 1 from ${documents} d2 join ${versions} v2 on v2.document_id = d2.id and v2.version = d2.version
        where d2.owner_id = d.owner_id and d2.kind in (${list(source.kinds)}) and d2.status <> 'archived' and d2.id <> d.id
          and (${dayOf('d2', 'v2')} > ${day} or (${dayOf('d2', 'v2')} = ${day} and d2.id > d.id)))`);

    const assessments = source.nextDue.reviewDate;
    const titles = sql.join(
      (assessments ? CLIENT_ASSESSMENT_TABS : source.kinds.map((kind) => ({ kind, tab: spec.tab ?? kind, title: spec.title }))).map((tab) => sql`(${tab.kind}::text, ${tab.title}::text, ${tab.tab}::text)`),
      sql`, `,
    );
    const detail = source.detail ? field(source.detail) : sql`'Version ' || d.version::text`;
    return sql`
      select d.id, ${common}, t.title as record_title, ${day} as record_date, ${detail} as detail, ${outcome} as outcome,
        ${nextDue} as next_due, (${sql.join(closed, sql` or `)}) as closed, t.tab as tab
      from ${documents} d
      join ${versions} v on v.document_id = d.id and v.version = d.version
      join (values ${titles}) as t(kind, title, tab) on t.kind = d.kind
      join ${person} on ${person.id} = d.owner_id
      where d.status <> 'archived' and ${visible}`;
  }

  const tab = spec.tab ?? '';
  const month = (column: SQL) => sql`to_date(${column} || '-01', 'YYYY-MM-DD')`;
  // A month's audit: the next month's is due by the 7th of the month after that one ends.
  const monthlyDue = (column: SQL) => sql`(${month(column)} + interval '2 months' + interval '6 days')::date`;
  const monthName = (column: SQL) => sql`to_char(${month(column)}, 'FMMonth YYYY')`;
  if (source.from === 'mar-audits') {
    const m = marAuditsRead;
    return sql`
      select ${m.id} as id, ${common}, ${spec.title}::text as record_title, ${m.audited_on} as record_date,
        ${monthName(sql`${m.month}`)} || ', by ' || ${users.name} as detail, ${m.outcome} as outcome,
        ${monthlyDue(sql`${m.month}`)} as next_due,
        exists (select 1 from ${m} later where later.client_id = ${m.client_id} and later.month > ${m.month}) as closed, ${tab}::text as tab
      from ${m} join ${person} on ${person.id} = ${m.client_id} join ${users} on ${users.id} = ${m.auditor_id}
      where ${visible}`;
  }
  if (source.from === 'log-book-audits') {
    const l = logBookAuditsRead;
    return sql`
      select ${l.id} as id, ${common}, ${spec.title}::text as record_title, (${l.audited_at} at time zone 'Europe/London')::date as record_date,
        ${monthName(sql`${l.month}`)} || ', by ' || ${l.auditor_name} as detail, ${l.outcome} as outcome,
        ${monthlyDue(sql`${l.month}`)} as next_due,
        exists (select 1 from ${l} later where later.client_id = ${l.client_id} and later.month > ${l.month}) as closed, ${tab}::text as tab
      from ${l} join ${person} on ${person.id} = ${l.client_id}
      where ${visible}`;
  }
  const a = moneyAuditsRead;
  return sql`
    select ${a.id} as id, ${common}, ${spec.title}::text as record_title, (${a.audited_at} at time zone 'Europe/London')::date as record_date,
      to_char(${a.period_from}, 'DD/MM/YYYY') || ' to ' || to_char(${a.period_to}, 'DD/MM/YYYY') || ', by ' || ${a.auditor_name} as detail, ${a.outcome} as outcome,
      (${a.period_to} + interval '1 month')::date as next_due,
      exists (select 1 from ${a} later where later.client_id = ${a.client_id} and (later.period_to > ${a.period_to} or (later.period_to = ${a.period_to} and later.id > ${a.id}))) as closed, ${tab}::text as tab
    from ${a} join ${person} on ${person.id} = ${a.client_id}
    where ${visible}`;
}

/** The state of a record on `today`: done when closed, its person no longer in service or nothing falls due. */
const stateSql = (today: string) => sql`case
  when src.closed or not src.in_service or src.next_due is null then 'done'
  when src.next_due < ${today}::date then 'overdue'
  when src.next_due <= ${today}::date + ${AUDIT_DUE_SOON_DAYS}::int then 'due'
  else 'upcoming' end`;

const STATE_RANK = sql`case state when 'overdue' then 0 when 'due' then 1 when 'upcoming' then 2 else 3 end`;

const SORTS: Record<AuditSort, SQL> = {
  person_name: sql`person_name`,
  branch: sql`branch`,
  record_title: sql`record_title`,
  record_date: sql`record_date`,
  outcome: sql`outcome`,
  next_due: sql`next_due`,
  state: STATE_RANK,
};

export type AuditQueryRow = AuditRow;

/** A page of a list's rows with the summary of every row the filters keep (the state filter aside). */
export async function auditList(
  db: Db,
  spec: AuditListSpec,
  scope: BranchScope,
  filters: AuditFilters,
  sorting: { sort?: AuditSort; mode?: 'asc' | 'desc' },
  paging: Paging,
): Promise<Page<AuditRow> & { summary: AuditSummary }> {
  const source = await sourceOf(db, spec, scope);
  const base = sql`with src as (${source}),
    rows as (
      select src.*, ${branches.name} as branch, ${stateSql(filters.today)} as state,
        case when src.next_due < ${filters.today}::date then ${filters.today}::date - src.next_due else 0 end as days_overdue
      from src join ${branches} on ${branches.id} = src.branch_id
    )`;
  const conditions: SQL[] = [sql`true`];
  if (filters.branchId !== undefined) conditions.push(sql`branch_id = ${filters.branchId}`);
  if (filters.outcome) conditions.push(sql`outcome = ${filters.outcome}`);
  if (filters.from) conditions.push(sql`record_date >= ${filters.from}::date`);
  if (filters.to) conditions.push(sql`record_date <= ${filters.to}::date`);
  if (filters.q) conditions.push(sql`person_name ilike ${`%${filters.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`}`);
  const kept = sql.join(conditions, sql` and `);
  const shown = filters.state ? sql`${kept} and state = ${filters.state}` : kept;

  const direction = sql.raw(sorting.mode === 'desc' ? 'desc' : 'asc');
  const order = sorting.sort ? sql`${SORTS[sorting.sort]} ${direction} nulls last, ${STATE_RANK}, next_due nulls last, id` : sql`${STATE_RANK}, next_due nulls last, person_name, id`;

  const [pageResult, countResult, outcomeResult] = await Promise.all([
    db.execute(sql`${base} select *, count(*) over () as total from rows where ${shown} order by ${order} limit ${paging.pageSize} offset ${pageOffset(paging)}`),
    db.execute(sql`${base} select
        count(*) filter (where state = 'overdue') as overdue,
        count(*) filter (where state = 'due') as due,
        count(*) filter (where state = 'upcoming') as upcoming,
        count(*) filter (where state = 'done') as done,
        count(*) filter (where record_date between ${filters.period.from}::date and ${filters.period.to}::date) as done_in_period,
        (select count(*) from rows where ${shown}) as shown
      from rows where ${kept}`),
    db.execute(sql`${base} select outcome, count(*) as count from rows where ${kept} group by outcome`),
  ]);
  const rows = rowsOf<Record<string, unknown>>(pageResult);
  const counts = rowsOf<Record<string, unknown>>(countResult)[0] ?? {};
  const labelOf = (value: string | null) => (value === null ? 'Not recorded' : (spec.outcomes.find((outcome) => outcome.value === value)?.label ?? value));
  const byOutcome = new Map(rowsOf<{ outcome: string | null; count: unknown }>(outcomeResult).map((row) => [row.outcome, Number(row.count)]));
  const outcomes = [
    ...spec.outcomes.map((outcome) => ({ value: outcome.value, label: outcome.label, count: byOutcome.get(outcome.value) ?? 0 })),
    ...[...byOutcome].filter(([value]) => !spec.outcomes.some((outcome) => outcome.value === value)).map(([value, count]) => ({ value: value ?? '', label: labelOf(value), count })),
  ];
  const data: AuditRow[] = rows.map((row) => ({
    id: Number(row.id),
    person_id: Number(row.person_id),
    person_name: String(row.person_name),
    branch_id: Number(row.branch_id),
    branch: String(row.branch),
    record_title: String(row.record_title),
    record_date: dayOf(row.record_date),
    detail: String(row.detail ?? ''),
    outcome: row.outcome === null || row.outcome === undefined ? null : String(row.outcome),
    outcome_label: labelOf(row.outcome === null || row.outcome === undefined ? null : String(row.outcome)),
    next_due: dayOf(row.next_due),
    state: String(row.state) as AuditState,
    days_overdue: Number(row.days_overdue),
    tab: String(row.tab),
  }));
  const summary: AuditSummary = {
    overdue: Number(counts.overdue ?? 0),
    due: Number(counts.due ?? 0),
    upcoming: Number(counts.upcoming ?? 0),
    done: Number(counts.done ?? 0),
    done_in_period: Number(counts.done_in_period ?? 0),
    period: filters.period,
    outcomes,
  };
  return { ...pageOf(data, Number(counts.shown ?? 0), paging), summary };
}

/** A YYYY-MM-DD day from either driver (a string, or a Date at midnight UTC). */
function dayOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}

/** Rows of db.execute from either driver (PGlite and node-postgres both answer { rows }). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A YYYY-MM-DD day plus whole months (negative goes back), on the month's last day when it has no such day. */
export function addMonthsTo(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, last));
  return target.toISOString().slice(0, 10);
}
