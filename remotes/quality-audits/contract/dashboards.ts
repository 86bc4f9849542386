import * as v from 'valibot';

// The client and carer dashboards (spec §2.2 "dashboard"): one answer per page, a list of charts the screen draws
// as they come, each bar/slice/point naming the rows behind it (GET …/rows?chart&series&key).

export type DashboardKind = 'client' | 'carer';

export interface DashboardPageSpec {
  value: string;
  title: string;
  description: string;
  /** The period the page defaults to: this week, the last four weeks, or the last 12 months. */
  period: 'week' | 'month' | 'year';
}

export const DASHBOARD_PAGES: Record<DashboardKind, readonly DashboardPageSpec[]> = {
  client: [
    { value: 'client-performance', title: 'Client performance', description: 'Hours planned and delivered per client, and their late and missed visits.', period: 'month' },
    { value: 'weekly-pie-charts', title: 'Weekly pie charts', description: 'The week’s visits by outcome and the hours delivered by funder.', period: 'week' },
    { value: 'line-chart-per-branch', title: 'Hours per branch, week by week', description: 'Hours delivered each week per branch over the 12 weeks to the period’s end.', period: 'week' },
    { value: 'weekly-branch-comparison', title: 'Weekly branch comparison', description: 'Each branch this week against the week before: hours, visits, late visits and missed visits.', period: 'week' },
    { value: 'growth-chart-per-branch', title: 'Client growth per branch', description: 'Active clients per branch at the end of each of 12 months.', period: 'year' },
    { value: 'start', title: 'Clients who started', description: 'Clients whose care started in the period, per branch and service.', period: 'year' },
    { value: 'end', title: 'Clients who ended', description: 'Clients whose care ended in the period, by reason and per branch.', period: 'year' },
  ],
  carer: [
    { value: 'performance', title: 'Carer performance', description: 'Hours delivered per carer, and their late and missed visits.', period: 'month' },
    { value: 'growth-chart-per-branch', title: 'Carer growth per branch', description: 'Working carers per branch at the end of each of 12 months.', period: 'year' },
    { value: 'start', title: 'Carers who started', description: 'Carers who started in the period, per branch.', period: 'year' },
    { value: 'end', title: 'Carers who left', description: 'Carers who left in the period, by reason and per branch.', period: 'year' },
    { value: 'competency-stats', title: 'Competency and training', description: 'Working carers’ training by course: in date, expiring within 30 days, expired.', period: 'month' },
    { value: 'spot-check-stats', title: 'Spot checks', description: 'Spot checks done in the period per branch and their outcomes; working carers in date, due within 30 days, overdue.', period: 'month' },
  ],
};

export type ChartKind = 'bar' | 'line' | 'pie';
export type RowKind = 'visits' | 'clients' | 'carers';

export interface DashboardSeries {
  key: string;
  label: string;
  points: { key: string; label: string; value: number }[];
}

export interface DashboardChart {
  id: string;
  kind: ChartKind;
  layout?: 'grouped' | 'stacked';
  donut?: boolean;
  title: string;
  unit: 'hours' | 'count' | 'percent';
  categoryLabel: string;
  /** What clicking a mark lists. */
  rows: RowKind;
  series: DashboardSeries[];
}

export interface DashboardAnswer {
  kind: DashboardKind;
  page: string;
  title: string;
  from: string;
  to: string;
  branch_id: number | null;
  charts: DashboardChart[];
}

/** One row behind a mark: a visit, a client or a carer, with a link to its record. */
export interface DashboardRow {
  id: number;
  name: string;
  branch: string;
  date: string | null;
  detail: string;
  link: string;
}

const optionalDate = v.optional(v.union([v.literal(''), v.pipe(v.string(), v.isoDate('Enter a date as YYYY-MM-DD.'))]), '');
const optionalBranch = v.optional(
  v.union([v.literal(''), v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Choose a branch.'), v.transform(Number)), v.pipe(v.number(), v.integer('Choose a branch.'))]),
  '',
);

export const DashboardQuerySchema = v.pipe(
  v.object({ branch_id: optionalBranch, from: optionalDate, to: optionalDate }),
  v.forward(
    v.check((input) => !input.from || !input.to || input.from <= input.to, 'The start must be on or before the end.'),
    ['to'],
  ),
);

export const DashboardRowsQuerySchema = v.pipe(
  v.object({
    branch_id: optionalBranch,
    from: optionalDate,
    to: optionalDate,
    chart: v.pipe(v.string('Choose a chart.'), v.minLength(1, 'Choose a chart.'), v.maxLength(60)),
    series: v.pipe(v.string('Choose a series.'), v.minLength(1, 'Choose a series.'), v.maxLength(60)),
    key: v.pipe(v.string('Choose a bar.'), v.minLength(1, 'Choose a bar.'), v.maxLength(60)),
  }),
  v.forward(
    v.check((input) => !input.from || !input.to || input.from <= input.to, 'The start must be on or before the end.'),
    ['to'],
  ),
);
