import * as v from 'valibot';
import { choiceOf, flag, isCalendarDate, isoDate, londonDate, objectMessage, optionalIsoDate, optionalText, optionalWholeNumber, requiredText, type Choice } from '@hcm/contract/engine';

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
export const ComplianceCheckSchema = v.object({
  /** A stable key: 'dbs', 'right-to-work', 'driving-licence', 'business-insurance', 'references', 'work-history'… */
  key: v.string(),
  label: v.string(),
  state: v.picklist(['valid', 'expiring', 'expired', 'missing']),
  /** The date it lapses (YYYY-MM-DD), when it has one. */
  expires_on: v.nullable(v.string()),
  /** Days from today to expires_on (negative once lapsed). */
  days_left: v.nullable(v.number()),
  /** Whether lapsing stops the carer being rostered (DBS, right to work). */
  blocks_rostering: v.boolean(),
  /** What to do, in words. */
  detail: v.string(),
});
export type ComplianceCheck = v.InferOutput<typeof ComplianceCheckSchema>;

/**
 * A carer's compliance as stored and served; GET /api/v1/carers/compliance answers a list of them (published to
 * other areas: server/published.ts), so the type is the schema's and the two cannot drift.
 */
export const CarerComplianceSchema = v.object({
  carer_id: v.number(),
  state: v.picklist(COMPLIANCE_STATES.map((state) => state.value)),
  rosterable: v.boolean(),
  /** Why they may not be rostered (empty when they may). */
  blocked_because: v.array(v.string()),
  checks: v.array(ComplianceCheckSchema),
  /** The soonest date any check lapses. */
  next_expiry: v.nullable(v.string()),
  /** A visa's cap on weekly working hours (a student visa: 20 in term time), null when none. */
  weekly_hours_cap: v.nullable(v.number()),
  checked_at: v.string(),
});
export type CarerCompliance = v.InferOutput<typeof CarerComplianceSchema>;

// ---- The checks the office records (Schedule 3), their schemas (server and forms), and the API's shapes. ----

export const DBS_LEVELS = [
  { value: 'basic', label: 'Basic' },
  { value: 'standard', label: 'Standard' },
  { value: 'enhanced', label: 'Enhanced' },
  { value: 'enhanced-barred', label: 'Enhanced with the adult barred list' },
] as const satisfies readonly Choice[];
export type DbsLevel = (typeof DBS_LEVELS)[number]['value'];

export const DBS_UPDATE_RESULTS = [
  { value: 'no-new-information', label: 'No new information' },
  { value: 'new-information', label: 'New information' },
] as const satisfies readonly Choice[];

export const RIGHT_TO_WORK_DOCUMENTS = [
  { value: 'british-irish-passport', label: 'British or Irish passport (or Irish passport card)' },
  { value: 'birth-certificate-ni', label: 'UK birth certificate with a National Insurance number' },
  { value: 'share-code', label: 'Online check with a share code' },
  { value: 'brp-evisa', label: 'eVisa or Biometric Residence Permit' },
] as const satisfies readonly Choice[];

export const VISA_TYPES = [
  { value: 'none', label: 'No visa needed (British or Irish)' },
  { value: 'settled', label: 'Settled status (EU Settlement Scheme) or indefinite leave' },
  { value: 'pre-settled', label: 'Pre-settled status' },
  { value: 'health-care-worker', label: 'Health and Care Worker' },
  { value: 'skilled-worker', label: 'Skilled Worker' },
  { value: 'student', label: 'Student' },
  { value: 'graduate', label: 'Graduate' },
  { value: 'dependant', label: 'Dependant of a visa holder' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Choice[];

/** Documents that prove a right to work without a time limit (no expiry, no follow-up check). */
export const UNLIMITED_RIGHT_TO_WORK = ['british-irish-passport', 'birth-certificate-ni'] as const;
const UNLIMITED_VISAS = ['none', 'settled'];

export const PHOTO_ID_DOCUMENTS = [
  { value: 'passport', label: 'Passport' },
  { value: 'driving-licence', label: 'Photocard driving licence' },
  { value: 'national-id', label: 'National identity card' },
  { value: 'brp', label: 'Biometric Residence Permit' },
  { value: 'citizen-card', label: 'PASS card (e.g. CitizenCard)' },
] as const satisfies readonly Choice[];

export const REFEREE_RELATIONSHIPS = [
  { value: 'employer-care', label: 'Employer in care work' },
  { value: 'employer', label: 'Most recent employer' },
  { value: 'tutor', label: 'Tutor or teacher' },
  { value: 'character', label: 'Character reference' },
] as const satisfies readonly Choice[];

const notFuture = (label: string) => v.pipe(isoDate(label), v.check((value) => !isCalendarDate(value) || value <= londonDate(), `${label} cannot be in the future.`));
const optionalDate = (label: string) => optionalIsoDate(label);

/** A DBS certificate number: 12 digits (spaces allowed when typed). */
const certificateNumber = v.pipe(
  v.string('Certificate number is required.'),
  v.transform((value) => value.replace(/\s+/g, '')),
  v.minLength(1, 'Certificate number is required.'),
  v.regex(/^\d{12}$/, 'Certificate number is the 12 digits printed on the certificate.'),
);

export const DbsCheckSchema = v.pipe(
  v.strictObject(
    {
      certificate_number: certificateNumber,
      level: choiceOf(DBS_LEVELS, 'Choose the level of the check.'),
      barred_list_checked: flag(false),
      issue_date: notFuture('Issue date'),
      disclosure: flag(false),
      disclosure_text: optionalText('What the certificate discloses', 4000),
      update_service: flag(false),
      update_service_id: optionalText('Update Service subscription ID', 20),
      notes: optionalText('Notes', 2000),
    },
    objectMessage('DBS check'),
  ),
  v.forward(
    v.check((input) => !input.barred_list_checked || input.level === 'enhanced-barred', 'Only an enhanced check with the adult barred list includes the barred list.'),
    ['barred_list_checked'],
  ),
  v.forward(v.check((input) => !input.disclosure || input.disclosure_text !== '', 'Say what the certificate discloses.'), ['disclosure_text']),
  v.forward(
    v.check((input) => !input.update_service || /^[A-Za-z0-9]{6,20}$/.test(input.update_service_id), 'The subscription ID is 6 to 20 letters and digits (on the Update Service confirmation).'),
    ['update_service_id'],
  ),
);
export type DbsCheckInput = v.InferInput<typeof DbsCheckSchema>;

export const DbsUpdateCheckSchema = v.strictObject(
  {
    checked_on: notFuture('Date checked'),
    result: choiceOf(DBS_UPDATE_RESULTS, 'Choose what the Update Service said.'),
    checked_by: requiredText('Checked by', 120),
  },
  objectMessage('Update Service check'),
);

export const RightToWorkSchema = v.pipe(
  v.strictObject(
    {
      document_type: choiceOf(RIGHT_TO_WORK_DOCUMENTS, 'Choose how the right to work was checked.'),
      visa_type: choiceOf(VISA_TYPES, 'Choose the immigration status.'),
      share_code: optionalText('Share code', 11),
      checked_on: notFuture('Checked on'),
      expires_on: optionalDate('Permission ends on'),
      conditions: optionalText('Conditions', 2000),
      weekly_hours_cap: optionalWholeNumber('Weekly hours limit', 1, 48),
      follow_up_on: optionalDate('Follow-up check due'),
    },
    objectMessage('right to work check'),
  ),
  v.forward(
    v.check((input) => input.document_type !== 'share-code' || /^[A-Z0-9]{9}$/i.test(input.share_code.replace(/\s/g, '')), 'A share code is 9 letters and digits, like W4X 8RT 9KP.'),
    ['share_code'],
  ),
  v.forward(
    v.check(
      (input) => !(UNLIMITED_RIGHT_TO_WORK as readonly string[]).includes(input.document_type) || input.visa_type === 'none',
      'A British or Irish document needs no visa: choose "No visa needed".',
    ),
    ['visa_type'],
  ),
  v.forward(
    v.check((input) => input.expires_on === '' || !(UNLIMITED_RIGHT_TO_WORK as readonly string[]).includes(input.document_type), 'A British or Irish passport proves a right to work without an end date: leave it empty.'),
    ['expires_on'],
  ),
  v.forward(
    v.check((input) => input.expires_on !== '' || UNLIMITED_VISAS.includes(input.visa_type), 'Permission for a limited time has an end date: enter it.'),
    ['expires_on'],
  ),
  v.forward(
    v.check((input) => input.visa_type !== 'student' || input.weekly_hours_cap !== null, 'A Student visa limits work (usually 20 hours a week in term time): enter the limit.'),
    ['weekly_hours_cap'],
  ),
  v.forward(
    v.check((input) => input.follow_up_on === '' || input.expires_on === '' || input.follow_up_on <= input.expires_on, 'The follow-up check is due on or before the permission ends.'),
    ['follow_up_on'],
  ),
);
export type RightToWorkInput = v.InferInput<typeof RightToWorkSchema>;

/** A GB driving licence number: 5 characters of the surname (9 padding), 6 digits, 2 initials (9 padding), a digit, 2 letters. */
const LICENCE_NUMBER = /^[A-Z9]{5}\d{6}[A-Z9]{2}\d[A-Z]{2}$/;

export const DrivingLicenceSchema = v.strictObject(
  {
    licence_number: v.pipe(
      v.string('Licence number is required.'),
      v.transform((value) => value.replace(/\s+/g, '').toUpperCase()),
      v.minLength(1, 'Licence number is required.'),
      v.regex(LICENCE_NUMBER, 'A GB licence number is 16 characters, like MORGA753116SM9IJ.'),
    ),
    expires_on: isoDate('Licence expires on'),
    points: optionalWholeNumber('Penalty points', 0, 12),
    checked_on: notFuture('Checked on'),
  },
  objectMessage('driving licence'),
);

export const BusinessInsuranceSchema = v.strictObject(
  {
    insurer: requiredText('Insurer', 120),
    policy_number: optionalText('Policy number', 40),
    expires_on: isoDate('Insurance expires on'),
    business_use_confirmed: flag(false),
    checked_on: notFuture('Checked on'),
  },
  objectMessage('business car insurance'),
);

export const PhotoIdSchema = v.strictObject(
  {
    document_type: choiceOf(PHOTO_ID_DOCUMENTS, 'Choose the photo ID seen.'),
    seen_on: notFuture('Seen on'),
    seen_by: requiredText('Seen by', 120),
  },
  objectMessage('photo ID'),
);

export const ReferenceRequestSchema = v.strictObject(
  {
    referee_name: requiredText("Referee's name", 120),
    referee_email: v.pipe(v.string("Referee's email is required."), v.trim(), v.minLength(1, "Referee's email is required."), v.email("Referee's email must be an email address, like manager@example.org."), v.maxLength(200)),
    organisation: optionalText('Organisation', 160),
    relationship: choiceOf(REFEREE_RELATIONSHIPS, 'Choose how the referee knows the carer.'),
  },
  objectMessage('reference request'),
);
export type ReferenceRequestInput = v.InferInput<typeof ReferenceRequestSchema>;

// ---- Answers of the compliance API.

export type DbsUpdateCheckRow = { id: number; checked_on: string; result: 'no-new-information' | 'new-information'; checked_by: string };

export type DbsCheckRow = {
  id: number;
  certificate_number: string;
  level: DbsLevel;
  barred_list_checked: boolean;
  issue_date: string;
  disclosure: boolean;
  /** Null when the reader may not see disclosures (workforce.disclosures.view); `disclosure_withheld` says so. */
  disclosure_text: string | null;
  disclosure_withheld: boolean;
  update_service: boolean;
  update_service_id: string;
  notes: string;
  update_checks: DbsUpdateCheckRow[];
  recorded_at: string;
};

export type RightToWorkRow = {
  id: number;
  document_type: string;
  visa_type: string;
  share_code: string;
  checked_on: string;
  expires_on: string | null;
  conditions: string;
  weekly_hours_cap: number | null;
  follow_up_on: string | null;
  recorded_at: string;
};

export type DrivingLicenceRow = { id: number; licence_number: string; expires_on: string; points: number | null; checked_on: string; recorded_at: string };
export type BusinessInsuranceRow = { id: number; insurer: string; policy_number: string; expires_on: string; business_use_confirmed: boolean; checked_on: string; recorded_at: string };
export type PhotoIdRow = { id: number; document_type: string; seen_on: string; seen_by: string; recorded_at: string };

/** GET /api/v1/carers/:id/compliance: the whole picture, newest record of each kind first. */
export type CompliancePicture = {
  carer_id: number;
  drives: boolean;
  status: string;
  compliance: CarerCompliance;
  dbs: DbsCheckRow[];
  right_to_work: RightToWorkRow[];
  driving_licences: DrivingLicenceRow[];
  business_insurance: BusinessInsuranceRow[];
  photo_ids: PhotoIdRow[];
};

export const REFERENCE_REQUEST_STATES = [
  { value: 'sent', label: 'Sent, not opened' },
  { value: 'opened', label: 'Opened, not answered' },
  { value: 'answered', label: 'Answered' },
  { value: 'expired', label: 'Expired' },
] as const satisfies readonly Choice[];
export type ReferenceRequestState = (typeof REFERENCE_REQUEST_STATES)[number]['value'];

export type ReferenceRequestRow = {
  id: number;
  referee_name: string;
  referee_email: string;
  organisation: string;
  relationship: string;
  state: ReferenceRequestState;
  sent_at: string;
  expires_at: string;
  opened_at: string | null;
  answered_at: string | null;
  document_id: number | null;
  sent_by: string | null;
};

/** How close a check is to lapsing, as the file alerts list it: a window reached (days), lapsed, or missing. */
export type AlertWindow = '30' | '14' | '7' | 'expired' | 'missing' | (string & {});

/** A row of GET /api/v1/carers/file-alerts (and /employees/file-alerts). */
export type FileAlertRow = {
  person_id: number;
  person_name: string;
  branch_id: number;
  branch: string;
  check: string;
  label: string;
  state: ComplianceCheck['state'];
  expires_on: string | null;
  days_left: number | null;
  window: AlertWindow;
  blocks_rostering: boolean;
  detail: string;
  /** The record tab that fixes it (a segment under /app/carers/:id/edit/ or /app/employees/:id/edit/). */
  tab: string;
};

/** The checks the alerts can be filtered by, and the tab of the carer's record that fixes each. */
export const COMPLIANCE_CHECKS = [
  { value: 'photo-id', label: 'Photo ID', tab: 'references-documents' },
  { value: 'dbs', label: 'DBS check', tab: 'references-documents/dbs-documents' },
  { value: 'dbs-update-service', label: 'DBS Update Service check', tab: 'references-documents/dbs-documents' },
  { value: 'dbs-risk-assessment', label: 'DBS risk assessment', tab: 'dbs-risk-assessment' },
  { value: 'right-to-work', label: 'Right to work', tab: 'references-documents/student-visa-terms' },
  { value: 'references', label: 'Two references', tab: 'reference-form' },
  { value: 'work-history', label: 'Full work history, gaps explained', tab: 'references-documents/work-history' },
  { value: 'health-declaration', label: 'Health declaration', tab: 'medical-history' },
  { value: 'driving-licence', label: 'Driving licence', tab: 'references-documents' },
  { value: 'business-insurance', label: 'Business car insurance', tab: 'references-documents' },
] as const;

export const tabOfCheck = (key: string) => COMPLIANCE_CHECKS.find((check) => check.value === key)?.tab ?? 'checklist';

/** The alert windows from the setting's text ("30,14,7"), largest first; the defaults when unreadable. */
export function alertWindowsOf(text: string | null | undefined): number[] {
  const days = (text ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((value) => Number.isInteger(value) && value > 0 && value <= 366);
  return days.length ? [...new Set(days)].sort((a, b) => b - a) : [30, 14, 7];
}

/** The window a check has reached: the smallest window its days left fall within ('expired', 'missing', or null when none). */
export function windowOf(check: Pick<ComplianceCheck, 'state' | 'days_left'>, windows: readonly number[]): AlertWindow | null {
  if (check.state === 'missing') return 'missing';
  if (check.state === 'expired') return 'expired';
  if (check.days_left === null) return null;
  const reached = [...windows].sort((a, b) => a - b).find((window) => check.days_left! <= window);
  return reached === undefined ? null : String(reached);
}
