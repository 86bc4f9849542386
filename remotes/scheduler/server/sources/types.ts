import type { VisitTask } from '../../contract/visits.js';

// What the scheduler knows of other areas' people, as it reads them through their APIs (never their code): the
// shapes below are the scheduler's own, mapped from the answers of care-records and workforce (./api-sources.ts).

export type CarerFacts = {
  id: number;
  name: string;
  branch_id: number;
  /** 'applicant' | 'active' | 'suspended' | 'leaver' */
  status: string;
  gender: string;
  drives: boolean;
  contracted_hours: number | null;
  postcode: string;
  start_date: string | null;
  leaving_date: string | null;
  /**
   * The carer's sign-in account (users.id), which their devices sign in as and push notifications go to; null
   * before they have one. The carer's `id` is workforce's carer record, never a users.id.
   */
  user_id: number | null;
};

export type ClientFacts = {
  id: number;
  name: string;
  branch_id: number;
  /** 'active' | 'in-hospital' | 'paused' | 'ended' | 'deceased' */
  status: string;
  postcode: string;
  /** From the client's staff-preference record: 'none' | 'female' | 'male' | 'female-personal-care' | 'male-personal-care'. */
  gender_preference: string;
  /** Carers named in the staff-preference record, matched to carers by the API's answer where it can. */
  preferred_carer_names: string[];
  declined_carer_names: string[];
  continuity: 'essential' | 'important' | 'not-important' | null;
  /** The tasks of the care plan a visit should carry by default (the wizard and templates start from them). */
  care_plan_tasks: VisitTask[];
};

/** A carer's day as workforce's availability read model says: duty pattern, temporary changes, approved holidays. */
export type CarerDay = { date: string; status: 'available' | 'unavailable' | 'holiday' | 'not-set'; windows: { from: string; to: string }[]; note: string };

/**
 * A check that stops a carer being rostered once it lapses (right to work, DBS…), with the last UK day it holds:
 * workforce's `rosterable` is about today, so a visit is judged on its own date against these.
 */
export type ComplianceLapse = { key: string; label: string; expires_on: string };

export type CarerCompliance = { rosterable: boolean; blocked_because: string[]; weekly_hours_cap: number | null; next_expiry: string | null; lapses: ComplianceLapse[] };

export type CarerTraining = { medication_competent: boolean; courses: { course_id: number; code: string; state: string | null; expires_on: string | null }[] };

export type CarerPreferences = { max_weekly_hours: number | null; max_travel_miles: number | null; transport_mode: string };

/**
 * The scheduler's reads of other areas, for one signed-in request (their permission checks apply: a planner
 * sees the carers and clients of their branches). Missing ids are simply absent from the answers.
 */
export interface SchedulingSources {
  carers(query: { branchIds?: readonly number[]; ids?: readonly number[] }): Promise<CarerFacts[]>;
  clients(query: { branchIds?: readonly number[]; ids?: readonly number[] }): Promise<ClientFacts[]>;
  availability(carerIds: readonly number[], from: string, to: string): Promise<Map<number, CarerDay[]>>;
  compliance(carerIds: readonly number[]): Promise<Map<number, CarerCompliance>>;
  training(carerIds: readonly number[], courseIds: readonly number[]): Promise<Map<number, CarerTraining>>;
  preferences(carerIds: readonly number[]): Promise<Map<number, CarerPreferences>>;
}
