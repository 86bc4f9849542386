// The KPI formulas, pure: the server gathers their inputs (sums and counts, aggregated in SQL over the other areas'
// tables, see README.kpis.md) and these functions turn them into figures. The screens show the same
// definitions (./definitions.ts). Every ratio is rounded to one decimal place; a ratio over nothing is null
// ("no data"), never 0 %.

/** `numerator / denominator × scale`, one decimal; null when the denominator is 0. */
export function ratio(numerator: number, denominator: number, scale = 100): number | null {
  if (!denominator) return null;
  return Math.round((numerator / denominator) * scale * 10) / 10;
}

/** Minutes as hours with two decimals. */
export const hoursOf = (minutes: number): number => Math.round((minutes / 60) * 100) / 100;

// ---- Visits (the scheduler's visits): one visit as a KPI sees it, and the sums the server aggregates in SQL.

/** Call-length bands councils report by (DOMAIN.md): a visit's planned length, rounded to the nearest band. */
export const CALL_BANDS = [
  { key: 'band_15', label: '15 min', upTo: 22 },
  { key: 'band_30', label: '30 min', upTo: 37 },
  { key: 'band_45', label: '45 min', upTo: 52 },
  { key: 'band_60', label: '60 min or more', upTo: Number.POSITIVE_INFINITY },
] as const;
export type CallBand = (typeof CALL_BANDS)[number]['key'];

export function bandOf(plannedMinutes: number): CallBand {
  return CALL_BANDS.find((band) => plannedMinutes <= band.upTo)!.key;
}

/** A short visit: delivered in less than this share of its planned length. */
export const SHORT_VISIT_SHARE = 0.75;
/** The lateness threshold when the branch has no live settings of its own (the scheduler's default). */
export const DEFAULT_PUNCTUALITY_MINUTES = 15;
/** A gap between two visits of a carer's day longer than this is a break, not travel. */
export const TRAVEL_GAP_CAP_MINUTES = 60;

/** One visit whose planned end has passed, as the KPIs read it. */
export type VisitFact = {
  planned_minutes: number;
  status: 'unassigned' | 'assigned' | 'in-progress' | 'completed' | 'missed' | 'cancelled';
  cancel_reason: string | null;
  /** Check-in minus planned start, in minutes (negative when early); null without a check-in. */
  late_minutes: number | null;
  /** Check-out minus check-in; null without both. */
  actual_minutes: number | null;
  /** Confirmed (by itself or by the office): only then do its actual minutes count as delivered. */
  confirmed: boolean;
};

/** The sums behind the hours and care-quality figures; SQL computes the same over many visits. */
export type VisitTotals = {
  visits: number;
  commissioned_minutes: number;
  delivered_minutes: number;
  lost_client_minutes: number;
  lost_agency_minutes: number;
  lost_missed_minutes: number;
  band_15: number;
  band_30: number;
  band_45: number;
  band_60: number;
  /** Visits that were due (not cancelled). */
  due_visits: number;
  checked_in: number;
  punctual: number;
  missed: number;
  /** Visits with both check-in and check-out. */
  timed: number;
  short: number;
};

export const emptyTotals = (): VisitTotals => ({
  visits: 0,
  commissioned_minutes: 0,
  delivered_minutes: 0,
  lost_client_minutes: 0,
  lost_agency_minutes: 0,
  lost_missed_minutes: 0,
  band_15: 0,
  band_30: 0,
  band_45: 0,
  band_60: 0,
  due_visits: 0,
  checked_in: 0,
  punctual: 0,
  missed: 0,
  timed: 0,
  short: 0,
});

/**
 * Sums visits one by one: the reference the server's SQL must agree with (its test compares them).
 * Agency cancellations are not commissioned (the agency chose not to deliver: lost hours); client cancellations
 * are commissioned but lost; a missed visit is due, never checked in.
 */
export function totalVisits(facts: readonly VisitFact[], punctualityMinutes = DEFAULT_PUNCTUALITY_MINUTES): VisitTotals {
  const totals = emptyTotals();
  for (const fact of facts) {
    totals.visits += 1;
    const cancelled = fact.status === 'cancelled';
    const byAgency = cancelled && fact.cancel_reason === 'agency';
    if (byAgency) totals.lost_agency_minutes += fact.planned_minutes;
    else totals.commissioned_minutes += fact.planned_minutes;
    if (cancelled && !byAgency) totals.lost_client_minutes += fact.planned_minutes;
    if (fact.confirmed && fact.actual_minutes !== null) totals.delivered_minutes += fact.actual_minutes;
    if (cancelled) continue;
    totals.due_visits += 1;
    totals[bandOf(fact.planned_minutes)] += 1;
    if (fact.late_minutes === null) {
      totals.missed += 1;
      totals.lost_missed_minutes += fact.planned_minutes;
      continue;
    }
    totals.checked_in += 1;
    if (fact.late_minutes <= punctualityMinutes) totals.punctual += 1;
    if (fact.actual_minutes !== null) {
      totals.timed += 1;
      if (fact.actual_minutes < fact.planned_minutes * SHORT_VISIT_SHARE) totals.short += 1;
    }
  }
  return totals;
}

export function addTotals(into: VisitTotals, more: VisitTotals): VisitTotals {
  for (const key of Object.keys(into) as (keyof VisitTotals)[]) into[key] += more[key];
  return into;
}

// ---- HDS: hours delivered summary

export type HdsFigures = {
  commissioned_hours: number;
  delivered_hours: number;
  delivery_percent: number | null;
  lost_client_hours: number;
  lost_missed_hours: number;
  lost_agency_hours: number;
  band_15: number;
  band_30: number;
  band_45: number;
  band_60: number;
};

export function hdsFigures(totals: VisitTotals): HdsFigures {
  return {
    commissioned_hours: hoursOf(totals.commissioned_minutes),
    delivered_hours: hoursOf(totals.delivered_minutes),
    delivery_percent: ratio(totals.delivered_minutes, totals.commissioned_minutes),
    lost_client_hours: hoursOf(totals.lost_client_minutes),
    lost_missed_hours: hoursOf(totals.lost_missed_minutes),
    lost_agency_hours: hoursOf(totals.lost_agency_minutes),
    band_15: totals.band_15,
    band_30: totals.band_30,
    band_45: totals.band_45,
    band_60: totals.band_60,
  };
}

// ---- CQM: care quality measures

/** What the care-quality figures need beyond the visits' sums. */
export type CqmInputs = {
  visits: VisitTotals;
  /** Distinct (client, ISO week, carer) of checked-in visits, and distinct (client, ISO week). */
  client_week_carers: number;
  client_weeks: number;
  /** Checked-in visits needing medication, and those with a MAR record for the client that day. */
  medication_visits: number;
  medication_visits_recorded: number;
  incidents: number;
  safeguarding_concerns: number;
  complaints: number;
  /** Clients receiving care at some point of the period. */
  clients: number;
  /** Active carers × required courses, and those pairs held (completed, not expired at the period's end). */
  training_required: number;
  training_held: number;
  /** Active carers, and those supervised within the interval before the period's end (or started within it). */
  supervision_due: number;
  supervision_in_date: number;
  /** Carers who left in the 12 months to the period's end; headcount at the start and end of those 12 months. */
  leavers_12m: number;
  headcount_start: number;
  headcount_end: number;
};

export type CqmFigures = {
  punctuality_percent: number | null;
  missed_visits: number;
  missed_per_1000: number | null;
  short_visits: number;
  short_percent: number | null;
  carers_per_client_week: number | null;
  mar_compliance_percent: number | null;
  incidents: number;
  incidents_per_1000_hours: number | null;
  safeguarding_concerns: number;
  complaints: number;
  complaints_per_100_clients: number | null;
  training_compliance_percent: number | null;
  supervision_compliance_percent: number | null;
  leavers_12m: number;
  turnover_percent: number | null;
};

export function cqmFigures(input: CqmInputs): CqmFigures {
  const { visits } = input;
  const averageHeadcount = (input.headcount_start + input.headcount_end) / 2;
  return {
    punctuality_percent: ratio(visits.punctual, visits.checked_in),
    missed_visits: visits.missed,
    missed_per_1000: ratio(visits.missed, visits.due_visits, 1000),
    short_visits: visits.short,
    short_percent: ratio(visits.short, visits.timed),
    carers_per_client_week: input.client_weeks ? Math.round((input.client_week_carers / input.client_weeks) * 100) / 100 : null,
    mar_compliance_percent: ratio(input.medication_visits_recorded, input.medication_visits),
    incidents: input.incidents,
    incidents_per_1000_hours: ratio(input.incidents, visits.delivered_minutes / 60, 1000),
    safeguarding_concerns: input.safeguarding_concerns,
    complaints: input.complaints,
    complaints_per_100_clients: ratio(input.complaints, input.clients, 100),
    training_compliance_percent: ratio(input.training_held, input.training_required),
    supervision_compliance_percent: ratio(input.supervision_in_date, input.supervision_due),
    leavers_12m: input.leavers_12m,
    turnover_percent: ratio(input.leavers_12m, averageHeadcount),
  };
}

// ---- Recruitment funnel

/** The pipeline in order (the workforce area's stages); rejected and withdrawn end it. */
export const FUNNEL_STAGES = ['applied', 'screening', 'interview', 'offer', 'checks', 'ready', 'hired'] as const;

/** One applicant of the period: how far they got, whether the application ended, and when they were hired. */
export type ApplicantFact = {
  source: string;
  applied_on: string;
  /** Index in FUNNEL_STAGES of the furthest stage ever reached. */
  furthest: number;
  closed: 'rejected' | 'withdrawn' | null;
  hired_on: string | null;
};

export type RecruitmentFigures = {
  applicants: number;
  screened: number;
  interviewed: number;
  offered: number;
  hired: number;
  rejected: number;
  withdrew: number;
  in_progress: number;
  screened_percent: number | null;
  interview_percent: number | null;
  offer_percent: number | null;
  /** Offers turned into starts. */
  offer_accept_percent: number | null;
  /** Applicants hired. */
  conversion_percent: number | null;
  median_days_to_hire: number | null;
  sources: { source: string; applicants: number; hired: number }[];
};

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function recruitmentFigures(applicants: readonly ApplicantFact[]): RecruitmentFigures {
  const reached = (stage: (typeof FUNNEL_STAGES)[number]) => applicants.filter((a) => a.furthest >= FUNNEL_STAGES.indexOf(stage)).length;
  const count = applicants.length;
  const screened = reached('screening');
  const interviewed = reached('interview');
  const offered = reached('offer');
  const hired = applicants.filter((a) => a.hired_on !== null || a.furthest === FUNNEL_STAGES.indexOf('hired')).length;
  const rejected = applicants.filter((a) => a.closed === 'rejected').length;
  const withdrew = applicants.filter((a) => a.closed === 'withdrawn').length;
  const bySource = new Map<string, { source: string; applicants: number; hired: number }>();
  for (const applicant of applicants) {
    const row = bySource.get(applicant.source) ?? { source: applicant.source, applicants: 0, hired: 0 };
    row.applicants += 1;
    if (applicant.hired_on !== null) row.hired += 1;
    bySource.set(applicant.source, row);
  }
  return {
    applicants: count,
    screened,
    interviewed,
    offered,
    hired,
    rejected,
    withdrew,
    in_progress: count - hired - rejected - withdrew,
    screened_percent: ratio(screened, count),
    interview_percent: ratio(interviewed, screened),
    offer_percent: ratio(offered, interviewed),
    offer_accept_percent: ratio(hired, offered),
    conversion_percent: ratio(hired, count),
    median_days_to_hire: median(applicants.filter((a) => a.hired_on !== null).map((a) => daysBetween(a.applied_on, a.hired_on!))),
    sources: [...bySource.values()].sort((a, b) => b.applicants - a.applicants || a.source.localeCompare(b.source)),
  };
}

// ---- BUR: branch utilisation review

export type BurInputs = {
  /** Sum of active carers' contracted weekly hours, and the month's days (contracted hours = weekly × days / 7). */
  contracted_weekly_hours: number;
  days: number;
  /** Planned minutes × carers of the month's visits not cancelled (a double-up rosters two carers). */
  rostered_minutes: number;
  delivered_minutes: number;
  /** Visits not cancelled with fewer carers than they need. */
  unfilled_visits: number;
  /** Time between consecutive visits of a carer's day (gaps up to TRAVEL_GAP_CAP_MINUTES). */
  travel_minutes: number;
};

export type BurFigures = {
  contracted_hours: number;
  rostered_hours: number;
  utilisation_percent: number | null;
  delivered_hours: number;
  unfilled_visits: number;
  travel_hours: number;
  travel_share_percent: number | null;
};

export function burFigures(input: BurInputs): BurFigures {
  const contractedMinutes = input.contracted_weekly_hours * 60 * (input.days / 7);
  return {
    contracted_hours: hoursOf(contractedMinutes),
    rostered_hours: hoursOf(input.rostered_minutes),
    utilisation_percent: ratio(input.rostered_minutes, contractedMinutes),
    delivered_hours: hoursOf(input.delivered_minutes),
    unfilled_visits: input.unfilled_visits,
    travel_hours: hoursOf(input.travel_minutes),
    travel_share_percent: ratio(input.travel_minutes, input.travel_minutes + input.rostered_minutes),
  };
}
