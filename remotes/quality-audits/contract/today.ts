// The quality registers' "today" panel on the dashboard (issue 30): GET /api/v1/quality-audits/today answers the CQC
// notifications of the signed-in user's branches still drafts (not yet submitted to CQC, which wants them without
// delay): a count and the oldest first.

export const QUALITY_TODAY_PATH = 'api/v1/quality-audits/today';

/** How many drafts the panel lists (the count is of all of them). */
export const TODAY_FIRST_ITEMS = 5;

export type CqcDraft = {
  id: number;
  reference: string;
  branch_id: number;
  branch: string;
  /** The category in words ('Abuse or allegation of abuse'), the day of the event and the summary. */
  headline: string;
  occurred_on: string;
  summary: string;
  /** Days since the event (UK days). */
  days_since: number;
};

export type QualityToday = { date: string; cqc_drafts: { count: number; items: CqcDraft[] } };
