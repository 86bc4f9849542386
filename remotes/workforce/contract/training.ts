import * as v from 'valibot';
import { isCalendarDate, londonDate, optionalIsoDate, optionalText, type Choice } from '@hcm/contract/engine';

// Training (DOMAIN.md "Training", Skills for Care guidance): a carer's training records against the course
// catalogue (reference data's training-courses), each course's state on their file (valid, expiring, expired,
// missing), the training matrix (people × courses), and competence from observed checks. Declared once: the
// server validates and works states out with these, the screens show and check the same.

/** A course as the catalogue (reference data, table training_courses) holds it. */
export type TrainingCourse = {
  id: number;
  name: string;
  code: string;
  category: 'induction' | 'mandatory' | 'refresher' | 'specialist';
  validity_months: number | null;
  required_for: 'all' | 'medication' | 'specific';
  delivery: string;
};

export const TRAINING_CATEGORY_LABELS: Record<TrainingCourse['category'], string> = {
  induction: 'Induction (Care Certificate)',
  mandatory: 'Mandatory (once)',
  refresher: 'Mandatory refresher',
  specialist: 'Specialist',
};

/** How a course stands on a carer's file. A course required of no one here shows no state until done. */
export const TRAINING_STATES = [
  { value: 'valid', label: 'Valid', short: 'OK' },
  { value: 'expiring', label: 'Expiring', short: 'DUE' },
  { value: 'expired', label: 'Expired', short: 'EXP' },
  { value: 'missing', label: 'Missing', short: 'MISS' },
] as const satisfies readonly (Choice & { short: string })[];
export type TrainingState = (typeof TRAINING_STATES)[number]['value'];
export const isTrainingState = (value: string): value is TrainingState => TRAINING_STATES.some((state) => state.value === value);
export const trainingStateLabel = (state: TrainingState | null) => TRAINING_STATES.find((choice) => choice.value === state)?.label ?? 'Not required';

/** What came of a course. Only a completed one counts; in progress and not passed leave the course missing. */
export const TRAINING_RESULTS = [
  { value: 'passed', label: 'Passed' },
  { value: 'attended', label: 'Attended' },
  { value: 'competent', label: 'Assessed competent' },
  { value: 'in-progress', label: 'In progress' },
  { value: 'not-passed', label: 'Not passed (to retake)' },
] as const satisfies readonly Choice[];
export type TrainingResult = (typeof TRAINING_RESULTS)[number]['value'];
export const COMPLETED_RESULTS: readonly TrainingResult[] = ['passed', 'attended', 'competent'];

/** Settings (reference data's global settings), read by key with these defaults when absent. */
export const TRAINING_SETTINGS = {
  /** Days before expiry when alerts go out, e.g. "30,14,7": the largest is when a course shows as expiring. */
  alertDays: { key: 'training_alert_days', fallback: '30,14,7' },
  /** Observed medication administrations assessed competent before a carer gives medication alone. */
  medicationObservations: { key: 'medication_competence_observations', fallback: '3' },
} as const;

/** The expiring window in days from the alert setting's value (the largest of its numbers; 30 when unreadable). */
export function alertWindowOf(value: string | null | undefined): number {
  const days = String(value ?? '')
    .split(/[,;\s]+/)
    .map((part) => Number(part))
    .filter((day) => Number.isInteger(day) && day >= 0 && day <= 366);
  return days.length ? Math.max(...days) : 30;
}

/** A whole-number setting (e.g. 3 observations), or its fallback when absent or unreadable. */
export function wholeSettingOf(value: string | null | undefined, fallback: number, min = 1, max = 20): number {
  const number = Number(String(value ?? '').trim());
  return Number.isInteger(number) && number >= min && number <= max && String(value ?? '').trim() !== '' ? number : fallback;
}

/** A day some months after another (YYYY-MM-DD), kept in the month: 31 January + 1 month is 28 (or 29) February. */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth).padStart(2, '0')}-${String(Math.min(date, lastDay)).padStart(2, '0')}`;
}

/** Days from one day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** When a course done on `completedOn` lapses: its validity after completion, or never (null). */
export function expiryOf(completedOn: string, validityMonths: number | null): string | null {
  return validityMonths ? addMonths(completedOn, validityMonths) : null;
}

/**
 * A course's state on a file from its latest record: missing without a completed record (none, in progress or
 * not passed), expired once the expiry day has passed (valid up to and including that day), expiring within
 * `alertDays` of it, otherwise valid. A course required of no one (required: false) without a completed record
 * has no state (null): it is not missing from this file.
 */
export function trainingState(
  latest: { result: string; expires_on: string | null } | null,
  today: string,
  alertDays: number,
  required = true,
): TrainingState | null {
  if (!latest || !(COMPLETED_RESULTS as readonly string[]).includes(latest.result)) return required ? 'missing' : null;
  if (!latest.expires_on) return 'valid';
  const left = daysBetween(today, latest.expires_on);
  if (left < 0) return 'expired';
  return left <= alertDays ? 'expiring' : 'valid';
}

/** Whether a carer must hold a course: required of all carers or for medication visits (every carer here). */
export const isRequiredCourse = (course: Pick<TrainingCourse, 'required_for'>) => course.required_for !== 'specific';

// ---- A training record: the body of POST and PUT /api/v1/carers/:id/training.

const courseId = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.minLength(1, 'Choose a course.'))], 'Choose a course.'),
  v.transform(Number),
  v.integer('Choose a course.'),
  v.minValue(1, 'Choose a course.'),
  v.maxValue(2_147_483_647, 'Choose a course.'),
);

/** An optional number from a form ('' or null is none): a score 0–100, hours 0–200 to the quarter hour. */
const optionalNumber = (label: string, min: number, max: number, step: number) =>
  v.optional(
    v.union([
      v.pipe(v.union([v.literal(''), v.null()]), v.transform((): number | null => null)),
      v.pipe(
        v.union([v.number(), v.pipe(v.string(), v.trim(), v.minLength(1))], `${label} must be a number.`),
        v.transform(Number),
        v.number(`${label} must be a number.`),
        v.minValue(min, `${label} must be at least ${min}.`),
        v.maxValue(max, `${label} must be at most ${max}.`),
        v.check((value) => Number.isInteger(Math.round(value / step * 1e6) / 1e6), step === 1 ? `${label} must be a whole number.` : `${label} must be in steps of ${step}.`),
      ),
    ]),
    null,
  );

export const TrainingRecordSchema = v.pipe(
  v.strictObject(
    {
      course_id: courseId,
      result: v.picklist(TRAINING_RESULTS.map((choice) => choice.value) as [TrainingResult, ...TrainingResult[]], 'Choose a result.'),
      completed_on: optionalIsoDate('Completed on'),
      expires_on: optionalIsoDate('Expires on'),
      provider: optionalText('Provider', 160),
      certificate_number: optionalText('Certificate number', 80),
      score: optionalNumber('Score (%)', 0, 100, 1),
      hours: optionalNumber('Hours', 0, 200, 0.25),
      notes: optionalText('Notes', 2000),
    },
    (issue) => (issue.expected === 'never' ? `"${String(issue.received).replace(/"/g, '')}" is not a field of a training record.` : 'Send the training record as a JSON object.'),
  ),
  v.forward(
    v.partialCheck([['result'], ['completed_on']], (record) => record.result === 'in-progress' || record.completed_on !== '', 'Give the date it was completed.'),
    ['completed_on'],
  ),
  v.forward(
    v.partialCheck([['completed_on']], (record) => record.completed_on === '' || !isCalendarDate(record.completed_on) || record.completed_on <= londonDate(), 'Completed on cannot be in the future.'),
    ['completed_on'],
  ),
  v.forward(
    v.partialCheck([['completed_on'], ['expires_on']], (record) => record.expires_on === '' || record.completed_on === '' || record.expires_on > record.completed_on, 'Expires on must be after the day it was completed.'),
    ['expires_on'],
  ),
);
export type TrainingRecordInput = v.InferInput<typeof TrainingRecordSchema>;
export type TrainingRecordValues = v.InferOutput<typeof TrainingRecordSchema>;

/** A stored training record as the API answers it. */
export type TrainingRecordRow = {
  id: number;
  carer_id: number;
  course_id: number;
  course_name: string;
  course_code: string;
  category: TrainingCourse['category'];
  result: TrainingResult;
  completed_on: string | null;
  /** The day it lapses (derived from the course's validity unless overridden), null when it does not. */
  expires_on: string | null;
  /** Whether expires_on was typed rather than worked out from the course's validity. */
  expiry_overridden: boolean;
  provider: string;
  certificate_number: string;
  score: number | null;
  hours: number | null;
  notes: string;
  recorded_by: string | null;
  updated_at: string;
};

/** One course on a carer's file: its latest record and what state that leaves it in. */
export type CarerCourseStatus = {
  course: TrainingCourse;
  required: boolean;
  state: TrainingState | null;
  in_progress: boolean;
  latest: TrainingRecordRow | null;
  days_left: number | null;
};

/** GET /api/v1/carers/:id/training */
export type CarerTraining = {
  carer_id: number;
  today: string;
  alert_days: number;
  courses: CarerCourseStatus[];
  records: TrainingRecordRow[];
  counts: Record<TrainingState, number>;
  competence: CarerCompetence;
};

// ---- Competence from observed checks (contract/documents/competence.ts).

/** Medication competence: observed administrations assessed competent against the number required. */
const MedicationCompetenceSchema = v.object({ observed: v.number(), competent_observations: v.number(), required: v.number(), competent: v.boolean(), last_observed_on: v.nullable(v.string()) });
export type MedicationCompetence = v.InferOutput<typeof MedicationCompetenceSchema>;
const SkillCompetenceSchema = v.object({ skill: v.string(), label: v.string(), competent: v.boolean(), assessed_on: v.nullable(v.string()) });
export type SkillCompetence = v.InferOutput<typeof SkillCompetenceSchema>;

/** GET /api/v1/carers/:id/competence (and within GET /carers/training, which other areas read: the schema is the type). */
const CarerCompetenceSchema = v.object({
  medication: MedicationCompetenceSchema,
  catheter: v.object({ checks: v.number(), competent: v.boolean(), assessed_on: v.nullable(v.string()) }),
  additional: v.array(SkillCompetenceSchema),
  shadowing: v.object({ shifts: v.number(), ready_to_work_alone: v.boolean(), last_shift_on: v.nullable(v.string()) }),
});
export type CarerCompetence = v.InferOutput<typeof CarerCompetenceSchema>;

// ---- The training matrix: GET /api/v1/carers/training-matrix (and .csv).

export type MatrixCell = { course_id: number; state: TrainingState | null; in_progress: boolean; completed_on: string | null; expires_on: string | null };
export type MatrixRow = { carer_id: number; name: string; branch: string; status: string; cells: MatrixCell[] };
export type MatrixCourse = TrainingCourse & { counts: Record<TrainingState, number> };
export type TrainingMatrix = {
  today: string;
  alert_days: number;
  courses: MatrixCourse[];
  rows: MatrixRow[];
  total: number;
  page: number;
  page_size: number;
  last_page: number;
};

/**
 * GET /api/v1/carers/training?ids=&courses= — for the rota: each carer's states and competence. Published to
 * other areas (server/published.ts): the type is the schema's.
 */
export const RotaTrainingSchema = v.object({
  carer_id: v.number(),
  courses: v.array(v.object({ course_id: v.number(), code: v.string(), state: v.nullable(v.picklist(TRAINING_STATES.map((state) => state.value))), expires_on: v.nullable(v.string()) })),
  medication_competent: v.boolean(),
  competence: CarerCompetenceSchema,
});
export type RotaTraining = v.InferOutput<typeof RotaTrainingSchema>;

/** GET /api/v1/carers/:id/training-stats */
export type CarerTrainingStats = {
  carer_id: number;
  today: string;
  required: number;
  compliant: number;
  percent_compliant: number;
  counts: Record<TrainingState, number>;
  hours_this_year: number;
  courses_this_year: number;
  /** Courses completed and hours per year, the last five years, oldest first. */
  history: { year: number; courses: number; hours: number }[];
};

export const emptyCounts = (): Record<TrainingState, number> => ({ valid: 0, expiring: 0, expired: 0, missing: 0 });

/** Day as the UK writes it: 24/11/2026. */
export const ukDay = (day: string | null) => (day ? day.split('-').reverse().join('/') : '');

// ---- The Care Certificate, standard by standard (Skills for Care, NHS England and Skills for Health, updated
// March 2025: 16 standards, the 16th on learning disability and autism). One course of the catalogue (code CC),
// complete only when every standard is: each standard carries the day it was completed and who assessed it.

/** The catalogue's code of the Care Certificate course. */
export const CARE_CERTIFICATE_CODE = 'CC';

/** The 16 standards of the Care Certificate (2025), by number. */
export const CARE_CERTIFICATE_STANDARDS = [
  { number: 1, name: 'Understand your role' },
  { number: 2, name: 'Your personal development' },
  { number: 3, name: 'Duty of care' },
  { number: 4, name: 'Equality, diversity, inclusion and human rights' },
  { number: 5, name: 'Work in a person-centred way' },
  { number: 6, name: 'Communication' },
  { number: 7, name: 'Privacy and dignity' },
  { number: 8, name: 'Fluids and nutrition' },
  { number: 9, name: 'Awareness of mental health and dementia' },
  { number: 10, name: 'Safeguarding adults' },
  { number: 11, name: 'Safeguarding children' },
  { number: 12, name: 'Basic life support' },
  { number: 13, name: 'Health and safety' },
  { number: 14, name: 'Handling information' },
  { number: 15, name: 'Infection prevention and control' },
  { number: 16, name: 'Awareness of learning disability and autism' },
] as const;
export const CARE_CERTIFICATE_TOTAL = CARE_CERTIFICATE_STANDARDS.length;

/** Whether a number names a standard (1–16). */
export const isCareCertificateStandard = (value: number) => CARE_CERTIFICATE_STANDARDS.some((standard) => standard.number === value);

/**
 * One standard as completed: the day and the assessor, both needed; notes optional. An empty day and assessor
 * clear the standard (not completed). The body of PUT /api/v1/carers/:id/care-certificate/standards/:number.
 */
export const CareCertificateStandardSchema = v.pipe(
  v.strictObject(
    {
      completed_on: optionalIsoDate('Completed on'),
      assessor: optionalText('Assessor', 120),
      notes: optionalText('Notes', 1000),
    },
    (issue) => (issue.expected === 'never' ? `"${String(issue.received).replace(/"/g, '')}" is not a field of a Care Certificate standard.` : 'Send the standard as a JSON object.'),
  ),
  v.forward(
    v.partialCheck([['completed_on'], ['assessor']], (standard) => standard.assessor === '' || standard.completed_on !== '', 'Give the day it was completed.'),
    ['completed_on'],
  ),
  v.forward(
    v.partialCheck([['completed_on']], (standard) => standard.completed_on === '' || !isCalendarDate(standard.completed_on) || standard.completed_on <= londonDate(), 'Completed on cannot be in the future.'),
    ['completed_on'],
  ),
  v.forward(
    v.partialCheck([['completed_on'], ['assessor']], (standard) => standard.completed_on === '' || standard.assessor !== '', 'Name the assessor who signed the standard off.'),
    ['assessor'],
  ),
);
export type CareCertificateStandardInput = v.InferInput<typeof CareCertificateStandardSchema>;

/** A standard on a carer's file: completed (with its day and assessor) or not yet. */
export type CareCertificateStandard = {
  number: number;
  name: string;
  completed_on: string | null;
  assessor: string;
  notes: string;
  recorded_by: string | null;
  updated_at: string | null;
};

/** GET /api/v1/carers/:id/care-certificate: the 16 standards and whether the certificate is complete. */
export type CareCertificate = {
  carer_id: number;
  standards: CareCertificateStandard[];
  completed: number;
  total: number;
  /** Every standard completed: the certificate is complete, on the day the last one was. */
  complete: boolean;
  completed_on: string | null;
};

/** The certificate's state from its standards: complete when all 16 are, on the latest of their days. */
export function careCertificateOf(carerId: number, done: readonly Omit<CareCertificateStandard, 'name'>[]): CareCertificate {
  const standards = CARE_CERTIFICATE_STANDARDS.map(({ number, name }): CareCertificateStandard => {
    const found = done.find((standard) => standard.number === number && standard.completed_on);
    return found ? { ...found, name } : { number, name, completed_on: null, assessor: '', notes: '', recorded_by: null, updated_at: null };
  });
  const completed = standards.filter((standard) => standard.completed_on).length;
  const complete = completed === CARE_CERTIFICATE_TOTAL;
  const completedOn = complete ? standards.map((standard) => standard.completed_on!).sort().at(-1)! : null;
  return { carer_id: carerId, standards, completed, total: CARE_CERTIFICATE_TOTAL, complete, completed_on: completedOn };
}
