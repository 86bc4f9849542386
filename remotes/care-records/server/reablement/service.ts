import { londonDate } from '@hcm/contract/engine';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { branches, DocumentStore, pageOf, pageOffset, type BranchScope, type Database, type DocumentReader, type Paging } from '@hcm/server/platform';
import {
  CLIENT_DOCUMENTS,
  CLIENT_SENSITIVE_PERMISSIONS,
  ENDED_OUTCOMES,
  REABLEMENT_OUTCOMES,
  weekOn,
  type DashboardState,
  type GoalReview,
  type ReablementDashboard,
  type ReablementDashboardRow,
  type ReablementGoal,
  type ReablementProgramme,
  type WeekProgress,
  type WeekReview,
  type WeekReviewValues,
} from '../../contract/index.js';
import { packagesQuery } from '../live-events/reviews/reablement.js';
import { orderOf, rowsOf, type Sorting } from '../live-events/reviews/params.js';
import { reablementEquipmentsRead } from '../read-models.js';
import { clientDocuments, clientDocumentVersions } from '../tables.js';

// The reablement dashboard and a client's week, over each client's reablement record document: the figures are
// worked out in SQL over the documents' current versions (the same query as the live events' reablement lists),
// and a week's review is saved as a new version of the document through the platform's document engine, so it
// keeps the engine's rules (base_version and 409, validation, results, versions).

export const documentStore = (db: Database) => new DocumentStore(db, { documents: clientDocuments, versions: clientDocumentVersions }, CLIENT_DOCUMENTS);
export const readerOf = (user: DocumentReader['user']): DocumentReader => ({ user, sensitive: CLIENT_SENSITIVE_PERMISSIONS });
export const reablementSpec = () => CLIENT_DOCUMENTS.find((spec) => spec.name === 'reablement')!;

/** The first day of the 12 months whose ended programmes are counted. */
export function twelveMonthsBefore(today: string): string {
  const [year, month, dayOfMonth] = today.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year - 1, month - 1, dayOfMonth));
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

type DashboardFilters = { branchId?: number; state: DashboardState };

type Raw = {
  document_id: number | string;
  client_id: number | string;
  client_name: string;
  branch_id: number | string | null;
  branch_name: string | null;
  start_date: string | null;
  planned_end: string | null;
  goals: number | string;
  goals_achieved: number | string;
  last_review_week: number | string | null;
  last_review_date: string | null;
  days_left: number | string | null;
  state: 'open' | 'overdue' | 'ended';
  outcome: string;
  ended_on: string | null;
};

const num = (value: number | string | null) => (value === null ? null : Number(value));

/** The dashboard: the figures of the viewer's branches (or one), and a page of programmes in the chosen state. */
export async function reablementDashboard(db: Database, scope: BranchScope, filters: DashboardFilters, sorting: Sorting, paging: Paging, today: string): Promise<ReablementDashboard> {
  const since = twelveMonthsBefore(today);
  const packages = sql`(
    select p.*, ${branches.name} as branch_name,
      case when p.outcome not in ('', 'in-progress') then 'ended'
           when p.planned_end is not null and p.planned_end::date < ${today}::date then 'overdue'
           else 'open' end as state,
      case when p.latest_week ->> 'week' ~ '^\\d+$' then (p.latest_week ->> 'week')::int end as last_review_week,
      case when p.latest_week ->> 'date' ~ '^\\d{4}-\\d{2}-\\d{2}$' then p.latest_week ->> 'date' end as last_review_date
    from (${packagesQuery(scope, { branchId: filters.branchId, state: 'all' }, today)}) p
    left join ${branches} on ${branches.id} = p.branch_id
  )`;
  const [summary] = rowsOf<{ open: string | number; overdue: string | number; ended: string | number }>(
    await db.execute(sql`
      select count(*) filter (where state = 'open') as open, count(*) filter (where state = 'overdue') as overdue,
        count(*) filter (where state = 'ended' and ended_on >= ${since}) as ended
      from ${packages} programmes`),
  );
  const outcomeCounts = rowsOf<{ outcome: string; count: string | number }>(
    await db.execute(sql`select outcome, count(*) as count from ${packages} programmes where state = 'ended' and ended_on >= ${since} group by outcome`),
  );
  const ended = Number(summary?.ended ?? 0);
  const outcomes = ENDED_OUTCOMES.map((option) => {
    const count = Number(outcomeCounts.find((row) => row.outcome === option.value)?.count ?? 0);
    return { value: option.value, label: option.label, count, percent: ended ? Math.round((count * 1000) / ended) / 10 : 0 };
  });

  const where =
    filters.state === 'all'
      ? sql``
      : filters.state === 'open'
        ? sql`where state in ('open', 'overdue')`
        : filters.state === 'ended'
          ? sql`where state = 'ended'`
          : sql`where state = 'overdue'`;
  const [counted] = rowsOf<{ total: string | number }>(await db.execute(sql`select count(*) as total from ${packages} programmes ${where}`));
  const order = orderOf(
    sorting,
    { client_name: sql`client_name`, branch_name: sql`branch_name`, start_date: sql`start_date`, planned_end: sql`planned_end`, days_left: sql`days_left`, ended_on: sql`ended_on`, goals: sql`goals` },
    // Overdue first, then soonest to end; ended ones last, newest first.
    [sql`(case state when 'overdue' then 0 when 'open' then 1 else 2 end)`, sql`(case when state = 'ended' then null else days_left end) nulls last`, sql`ended_on desc nulls last`, sql`client_name`, sql`document_id`],
  );
  const rows = rowsOf<Raw>(
    await db.execute(sql`select * from ${packages} programmes ${where} order by ${sql.join(order, sql`, `)} limit ${paging.pageSize} offset ${pageOffset(paging)}`),
  );
  const data = rows.map((row): ReablementDashboardRow => ({
    document_id: Number(row.document_id),
    client_id: Number(row.client_id),
    client_name: row.client_name,
    branch_id: num(row.branch_id),
    branch_name: row.branch_name ?? '',
    start_date: row.start_date,
    planned_end: row.planned_end,
    week: row.state === 'ended' ? weekOn(row.start_date, row.ended_on ?? today) : weekOn(row.start_date, today),
    goals: Number(row.goals),
    goals_achieved: Number(row.goals_achieved),
    last_review_week: num(row.last_review_week),
    last_review_date: row.last_review_date,
    days_left: num(row.days_left),
    state: row.state,
    outcome: row.outcome,
    outcome_label: REABLEMENT_OUTCOMES.find((option) => option.value === row.outcome)?.label ?? (row.outcome || 'Not recorded'),
    ended_on: row.ended_on,
  }));
  return {
    ...pageOf(data, Number(counted?.total ?? 0), paging),
    summary: { open: Number(summary?.open ?? 0), overdue: Number(summary?.overdue ?? 0), ended, ended_since: since, outcomes },
  };
}

/** The client's reablement document: the live one (a newer programme before an older, ended one). */
export async function currentDocumentId(db: Database, clientId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: clientDocuments.id })
    .from(clientDocuments)
    .innerJoin(clientDocumentVersions, and(eq(clientDocumentVersions.document_id, clientDocuments.id), eq(clientDocumentVersions.version, clientDocuments.version)))
    .where(and(eq(clientDocuments.owner_id, clientId), eq(clientDocuments.kind, 'reablement'), sql`${clientDocuments.status} <> 'archived'`))
    .orderBy(sql`case when coalesce(${clientDocumentVersions.content} ->> 'outcome', '') in ('', 'in-progress') then 0 else 1 end`, sql`${clientDocumentVersions.content} ->> 'start_date' desc nulls last`, asc(clientDocuments.id))
    .limit(1);
  return row ? Number(row.id) : null;
}

export async function equipmentNames(db: Database): Promise<string[]> {
  const rows = await db
    .select({ name: reablementEquipmentsRead.name })
    .from(reablementEquipmentsRead)
    .where(and(eq(reablementEquipmentsRead.active, true), isNull(reablementEquipmentsRead.deleted_at)))
    .orderBy(asc(reablementEquipmentsRead.name));
  return rows.map((row) => row.name);
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const rowsIn = (content: Record<string, unknown>, key: string) => (Array.isArray(content[key]) ? (content[key] as Record<string, unknown>[]) : []);

/** The weeks reviewed so far, each with its per-goal progress, in week order. */
export function weeksOf(content: Record<string, unknown>, goalCount: number): WeekReview[] {
  const reviews = rowsIn(content, 'goal_reviews');
  return rowsIn(content, 'weekly')
    .filter((row) => typeof row.week === 'number')
    .map((row): WeekReview => {
      const week = row.week as number;
      const goals = Array.from({ length: goalCount }, (_, index): GoalReview => {
        const review = reviews.find((candidate) => candidate.week === week && candidate.goal === index + 1);
        return { progress: (str(review?.progress) as WeekProgress) || '', note: str(review?.note) };
      });
      return {
        week,
        date: str(row.date),
        progress: str(row.progress),
        visits: numberOrNull(row.visits),
        support_hours: numberOrNull(row.support_hours),
        therapist_notes: str(row.therapist_notes),
        equipment: str(row.equipment)
          .split(';')
          .map((item) => item.trim())
          .filter(Boolean),
        next_steps: str(row.next_steps),
        goals,
      };
    })
    .sort((a, b) => a.week - b.week);
}

/** The client's programme for the week page, or null when the client has no reablement document. */
export async function programmeOf(db: Database, reader: DocumentReader, client: { id: number; name: string }, today = londonDate()): Promise<ReablementProgramme | null> {
  const id = await currentDocumentId(db, client.id);
  if (id === null) return null;
  const view = await documentStore(db).view(client.id, reablementSpec(), id, reader);
  if (!view) return null;
  const content = view.content;
  const goals = rowsIn(content, 'goals').map((goal): ReablementGoal => ({ goal: str(goal.goal), baseline: str(goal.baseline), target: str(goal.target), status: str(goal.status), week_achieved: numberOrNull(goal.week_achieved) }));
  const start = str(content.start_date) || null;
  return {
    client_id: client.id,
    client_name: client.name,
    document_id: view.id,
    version: view.version,
    status: view.status,
    start_date: start,
    planned_end: str(content.planned_end) || null,
    therapist: str(content.therapist),
    current_week: weekOn(start, today),
    goals,
    weeks: weeksOf(content, goals.length),
    outcome: str(content.outcome),
    ended_on: str(content.ended_on),
    handover: str(content.handover),
    updated_by: view.updated_by,
    can_edit: view.can.edit,
    equipment_choices: await equipmentNames(db),
  };
}

/**
 * The document's content with week `weekno` written in: its weekly row replaced (or added), its goal_reviews rows
 * replaced, goals reviewed as achieved marked achieved (in that week unless already), and on the last week the
 * outcome. Other answers are kept as they were.
 */
export function contentWithWeek(content: Record<string, unknown>, weekno: number, values: WeekReviewValues, lastWeek: boolean): Record<string, unknown> {
  const weekly = rowsIn(content, 'weekly').filter((row) => row.week !== weekno);
  const previous = rowsIn(content, 'weekly').find((row) => row.week === weekno);
  weekly.push({
    week: weekno,
    date: values.date,
    progress: values.progress,
    calls_change: str(previous?.calls_change),
    visits: values.visits,
    support_hours: values.support_hours,
    therapist_notes: values.therapist_notes,
    equipment: values.equipment.join('; '),
    next_steps: values.next_steps,
  });
  weekly.sort((a, b) => Number(a.week) - Number(b.week));
  const goals = rowsIn(content, 'goals').map((goal, index) => {
    const review = values.goals[index];
    if (review?.progress !== 'achieved' || goal.status === 'achieved') return goal;
    return { ...goal, status: 'achieved', week_achieved: weekno };
  });
  const goalReviews = [
    ...rowsIn(content, 'goal_reviews').filter((row) => row.week !== weekno),
    ...values.goals.slice(0, goals.length).map((review, index) => ({ week: weekno, goal: index + 1, progress: review.progress, note: review.note })),
  ].sort((a, b) => Number(a.week) - Number(b.week) || Number(a.goal) - Number(b.goal));
  const next: Record<string, unknown> = { ...content, weekly, goals, goal_reviews: goalReviews };
  if (lastWeek && values.outcome) {
    const ended = values.outcome !== 'in-progress';
    next.outcome = values.outcome;
    next.ended_on = ended ? values.ended_on : '';
    next.handover = ended ? values.handover : str(content.handover);
  }
  return next;
}
