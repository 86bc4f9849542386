import type { CarerStatus, RecruitmentStage } from './people.js';
import type { ComplianceCheck, ComplianceState } from './compliance.js';

// Shapes of the workforce API's own read models (the declared resources' shapes come from the engine).

/** A row of the carers list (/api/v1/carers/overview): the carer with their branch, role and compliance. */
export type CarerOverviewRow = {
  id: number;
  name: string;
  first_name: string;
  last_name: string;
  status: CarerStatus;
  recruitment_stage: RecruitmentStage;
  branch_id: number;
  branch: string;
  role: string | null;
  phone: string;
  town: string;
  start_date: string | null;
  compliance: ComplianceState | null;
  rosterable: boolean | null;
  next_expiry: string | null;
};

/** The header of a carer's record (/api/v1/carers/:id/summary). */
export type CarerSummary = CarerOverviewRow & {
  preferred_name: string;
  email: string;
  gender: string;
  date_of_birth: string;
  contract_type: string;
  blocked_because: string[];
  checks: ComplianceCheck[];
  weekly_hours_cap: number | null;
  user_id: number | null;
};

/** The header of an office employee's record (/api/v1/employees/:id/summary). */
export type EmployeeSummary = {
  id: number;
  name: string;
  preferred_name: string;
  job_title: string;
  status: string;
  branch_id: number;
  branch: string;
  email: string;
  phone: string;
  start_date: string | null;
  probation_ends_on: string | null;
};

/** Sort keys of the carers list. */
export const CARER_LIST_SORTS = ['name', 'status', 'branch', 'compliance', 'next_expiry', 'start_date'] as const;
