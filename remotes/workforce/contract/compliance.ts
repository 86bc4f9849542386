import type { Choice } from '@hcm/contract/engine';

// A carer's compliance (Schedule 3 of the 2014 Regulations, DOMAIN.md "Carer file"), as the server works it out
// from their checks, documents and training: one state per carer, what each check says, and whether they may be
// rostered. The scheduler reads it through GET /api/v1/carers/compliance (never this area's code).

export const COMPLIANCE_STATES = [
  { value: 'compliant', label: 'Compliant' },
  { value: 'expiring', label: 'Expiring soon' },
  { value: 'non-compliant', label: 'Not compliant' },
] as const satisfies readonly Choice[];
export type ComplianceState = (typeof COMPLIANCE_STATES)[number]['value'];

/** One check of a carer's file and where it stands. */
export type ComplianceCheck = {
  /** A stable key: 'dbs', 'right-to-work', 'driving-licence', 'business-insurance', 'references', 'work-history'… */
  key: string;
  label: string;
  state: 'valid' | 'expiring' | 'expired' | 'missing';
  /** The date it lapses (YYYY-MM-DD), when it has one. */
  expires_on: string | null;
  /** Days from today to expires_on (negative once lapsed). */
  days_left: number | null;
  /** Whether lapsing stops the carer being rostered (DBS, right to work). */
  blocks_rostering: boolean;
  /** What to do, in words. */
  detail: string;
};

/** A carer's compliance as stored and served. */
export type CarerCompliance = {
  carer_id: number;
  state: ComplianceState;
  rosterable: boolean;
  /** Why they may not be rostered (empty when they may). */
  blocked_because: string[];
  checks: ComplianceCheck[];
  /** The soonest date any check lapses. */
  next_expiry: string | null;
  /** A visa's cap on weekly working hours (a student visa: 20 in term time), null when none. */
  weekly_hours_cap: number | null;
  checked_at: string;
};
