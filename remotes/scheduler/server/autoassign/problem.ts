// The auto-assign problem (scheduler/auto-assign) as plain data, shared by the solver, the greedy baseline and the
// independent checker (which shares nothing else with the solver). UK visits have commissioned times: the times
// are fixed, the question is which carer(s) go to each. Times are whole minutes on one clock (minutes since the
// Unix epoch, so daylight saving needs no care); `day` groups a UK calendar day (for daily rest and breaks).

export type Point = { latitude: number; longitude: number };

export type ProblemVisit = {
  id: number;
  clientId: number;
  clientName: string;
  day: number;
  start: number;
  end: number;
  place: Point | null;
  carersNeeded: 1 | 2;
  medication: boolean;
  /** Carers already on the visit (kept as they are; auto-assign only fills the empty positions). */
  fixedCarerIds: number[];
  /** The client's gender requirement for this visit (null: none). */
  gender: 'female' | 'male' | null;
  declinedCarerIds: number[];
  preferredCarerIds: number[];
};

/** A window of availability on the same clock. */
export type Window = { start: number; end: number };

export type ProblemCarer = {
  id: number;
  name: string;
  gender: string;
  home: Point | null;
  /** Active on the days they are available (applicants, suspended carers and leavers have no windows). */
  windows: Window[];
  /** Not rosterable (compliance) or mandatory training lapsed: never assigned. */
  rosterable: boolean;
  /**
   * The minute a blocking check lapses (the UK midnight after the last day of their right to work, DBS…): never
   * assigned a visit starting then or later; null when none ends.
   */
  lapsesAt: number | null;
  trainingOk: boolean;
  /** Competence and in-date medication training: may take medication visits. */
  medication: boolean;
  /** The visa's weekly hours cap, in minutes (hard). */
  capMinutes: number | null;
  /** Their own most hours a week, in minutes (soft). */
  maxMinutes: number | null;
  /** Furthest they travel from home, in km (soft). */
  maxTravelKm: number | null;
  contractedMinutes: number | null;
  /** Working Time Regulations: opted out of the 48-hour week, and the minutes and weeks worked in the 16 weeks before. */
  optedOut: boolean;
  priorMinutes: number;
  priorWeeks: number;
};

export type Problem = {
  visits: ProblemVisit[];
  carers: ProblemCarer[];
  /** Straight-line km × roadFactorPercent / 100 at speedKmh; minutes rounded up. */
  travel: { speedKmh: number; roadFactorPercent: number };
  /** A carer may arrive this many minutes after a planned start when travel needs it. */
  punctualityMinutes: number;
  /**
   * A visit reached later than the punctuality window once lateness carries over the carer's day (each visit lasting
   * its commissioned length): refused (true) or only penalised (false). A single hop needing more than the window is
   * always refused.
   */
  latenessHard: boolean;
  /** Working Time Regulations refuse (true) or warn (false). */
  wtrHard: boolean;
  /** Client id → carer id → visits in the recent past (continuity). */
  history: Map<number, Map<number, number>>;
};

/** One carer put on one visit by auto-assign (position: the first empty one). */
export type Assignment = { visitId: number; carerId: number };

export type Unassigned = { visitId: number; missing: number; reason: string };

/** Visits reached later than the punctuality window, the carers' days simulated (rules/day.ts): how many, the worst. */
export type LatenessReport = { lateVisits: number; maxLateMinutes: number };

/**
 * Working Time Regulations breaches in an answer: days with less than 11 hours' rest before the next, the carers
 * concerned and the shortest rest (minutes; null: none); days over 6 hours without a 20-minute break; carers over
 * the 48-hour average without an opt-out. Counted where auto-assign added a visit (the planner's own are theirs).
 */
export type WtrReport = { restBreaches: number; carers: number; shortestRestMinutes: number | null; breakBreaches: number; weeklyBreaches: number };

/** Why the search stopped: it ran out of improvements, its work budget (moves), or the wall-clock ceiling. */
export type StoppedBy = 'converged' | 'work' | 'ceiling';

export type Metrics = {
  /** Carer positions filled by auto-assign, and those left empty. */
  assigned: number;
  unassigned: number;
  /** Share of filled positions (fixed and new) where the carer already knows the client or is preferred, in %. */
  continuityPercent: number;
  /** Average distinct carers a client sees in the week. */
  carersPerClient: number;
  /** Minutes of travel between consecutive visits of a carer on the same day. */
  travelMinutes: number;
  /** Spread of load: the standard deviation of contracted-hours use across carers with contracted hours, in %. */
  loadSpreadPercent: number;
  milliseconds: number;
  /** Moves of local search made (a visit tried elsewhere): the work done, whatever the budget. */
  moves: number;
  late: LatenessReport;
  wtr: WtrReport;
  stoppedBy: StoppedBy;
};

export type Solution = { assignments: Assignment[]; unassigned: Unassigned[]; metrics: Metrics };
