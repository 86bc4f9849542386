// The workforce's "today" panel on the dashboard (issue 30): GET /api/v1/workforce/today answers, for the carers
// of the signed-in user's branches on the rota (active or suspended), the checks of their files that have lapsed
// (DBS, its Update Service check, right to work, licence, insurance…: the file alerts' "Lapsed") and the required
// training out of date (the rota's training rule): each a count and its first few, longest lapsed first.

export const WORKFORCE_TODAY_PATH = 'api/v1/workforce/today';

/** How many of each the panel lists (the counts are of all of them). */
export const TODAY_FIRST_ITEMS = 5;

export type LapsedCheck = {
  carer_id: number;
  carer_name: string;
  branch_id: number;
  /** The check's key and name ('dbs', 'DBS check'), the day it lapsed (null for one never done in time). */
  check: string;
  label: string;
  expires_on: string | null;
  /** Lapsed, it stops the carer being rostered (DBS, right to work). */
  blocks_rostering: boolean;
  /** The carer's file tab that records it (a segment under /app/carers/:id/edit/). */
  tab: string;
};

export type LapsedTraining = {
  carer_id: number;
  carer_name: string;
  branch_id: number;
  course: string;
  /** The first UK day it is out of date. */
  from: string;
  required_for: 'all' | 'medication';
};

export type WorkforceToday = {
  date: string;
  checks: { count: number; items: LapsedCheck[] };
  /** `count` courses out of date, of `carers` carers. */
  training: { count: number; carers: number; items: LapsedTraining[] };
};
