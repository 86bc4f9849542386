// The care records' "today" panel on the dashboard (issue 30): GET /api/v1/care-records/today answers, for the
// clients of the signed-in user's branches, the care plans and assessments whose review is overdue: due on their
// own review date, never later than 12 months after their last review (the rule of the reviews falling due and of
// the assessment alerts), of clients still in the service, of the kinds the user may read. A count, how many are
// care plans and how many assessments, and the most overdue first.

export const CARE_RECORDS_TODAY_PATH = 'api/v1/care-records/today';

/** How many reviews the panel lists (the counts are of all of them). */
export const TODAY_FIRST_ITEMS = 5;

export type OverdueReview = {
  document_id: number;
  client_id: number;
  client_name: string;
  branch_id: number;
  /** The document's kind (support-plan, risk-assessment-general…), its title, and the record's tab that opens it. */
  kind: string;
  title: string;
  tab: string;
  /** The UK day the review fell due, and how many days ago. */
  due_on: string;
  days_overdue: number;
};

export type CareRecordsToday = {
  date: string;
  reviews_overdue: { count: number; care_plans: number; assessments: number; items: OverdueReview[] };
};
