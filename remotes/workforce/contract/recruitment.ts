import * as v from 'valibot';
import { choiceOf, isoDate, objectMessage, optionalText, optionalWholeNumber, requiredText, timeOfDay, minutesOfDay, type Choice } from '@hcm/contract/engine';
import { APPLICANT_SOURCES, CONTRACT_TYPES, RECRUITMENT_STAGES, type RecruitmentStage } from './people.js';

// Recruitment (DOMAIN.md "Carer file"): applicants are carers with status 'applicant' and a recruitment stage;
// hiring keeps the same record and every document on it. What the API takes (schemas, used by the server and the
// forms) and answers (shapes) for the pipeline, interviews, the dashboard, the checks matrix, the reports, job
// vacancies and carer surveys.

/** The stages an applicant moves along, in order (rejected and withdrawn end it; hired is reached by hiring). */
export const PIPELINE_STAGES = ['applied', 'screening', 'interview', 'offer', 'checks', 'ready', 'hired'] as const satisfies readonly RecruitmentStage[];
/** Stages that end an application without hiring: moving there needs a reason. */
export const CLOSING_STAGES = ['rejected', 'withdrawn'] as const satisfies readonly RecruitmentStage[];

export const stageLabel = (stage: string | null) => RECRUITMENT_STAGES.find((choice) => choice.value === stage)?.label ?? (stage ?? '—');
export const sourceLabel = (source: string | null) => APPLICANT_SOURCES.find((choice) => choice.value === source)?.label ?? (source || '—');

/**
 * The pre-employment checks that must be clear before an applicant is ready to start or hired, by their key in
 * the carer's compliance (carer_compliance.checks): Schedule 3 of the 2014 Regulations.
 */
export const HIRING_CHECKS = [
  { key: 'dbs', label: 'DBS check' },
  { key: 'right-to-work', label: 'Right to work' },
  { key: 'references', label: 'Two references' },
  { key: 'work-history', label: 'Full work history' },
  { key: 'photo-id', label: 'Photo ID' },
  { key: 'health-declaration', label: 'Health declaration' },
] as const;

/** Where a pre-employment check stands, in words (never a colour alone). */
export const CHECK_PROGRESS = [
  { value: 'done', label: 'Done' },
  { value: 'in-progress', label: 'In progress' },
  { value: 'missing', label: 'Missing' },
] as const satisfies readonly Choice[];
export type CheckProgress = (typeof CHECK_PROGRESS)[number]['value'];

/** The columns of the pre-employment checks matrix (/app/recruitment/matrix). */
export const MATRIX_CHECKS = [
  { key: 'application-form', label: 'Application form' },
  { key: 'screening', label: 'Screening' },
  { key: 'interview', label: 'Interview' },
  { key: 'reference-1', label: 'Reference 1' },
  { key: 'reference-2', label: 'Reference 2' },
  { key: 'dbs', label: 'DBS' },
  { key: 'right-to-work', label: 'Right to work' },
  { key: 'photo-id', label: 'Photo ID' },
  { key: 'health-declaration', label: 'Health declaration' },
  { key: 'work-history', label: 'Work history' },
  { key: 'management-approval', label: 'Management approval' },
] as const;
export type MatrixCheckKey = (typeof MATRIX_CHECKS)[number]['key'];

export const INTERVIEW_STATUSES = [
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'held', label: 'Held' },
  { value: 'no-show', label: 'Did not attend' },
  { value: 'cancelled', label: 'Cancelled' },
] as const satisfies readonly Choice[];
export type InterviewStatus = (typeof INTERVIEW_STATUSES)[number]['value'];

export const DASHBOARD_PERIODS = [
  { value: 'year', label: 'This year' },
  { value: '90-days', label: 'Last 90 days' },
] as const satisfies readonly Choice[];
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number]['value'];

const message = (noun: string) => objectMessage(noun);

// ---- what the API takes

/** PUT /recruitment/applicants/:id/stage: a move forward or back; rejected and withdrawn need a reason. */
export const StageMoveSchema = v.pipe(
  v.strictObject(
    {
      stage: choiceOf(RECRUITMENT_STAGES, 'Choose a stage.'),
      reason: optionalText('Reason', 1000),
    },
    message('stage move'),
  ),
  v.forward(
    v.partialCheck([['stage'], ['reason']], (move) => !(CLOSING_STAGES as readonly string[]).includes(move.stage) || move.reason !== '', 'Say why the application ends here (the applicant may ask).'),
    ['reason'],
  ),
);
export type StageMoveInput = v.InferInput<typeof StageMoveSchema>;

const optionalId = (label: string) =>
  v.optional(
    v.union([
      v.pipe(v.union([v.literal(''), v.null()]), v.transform((): number | null => null)),
      v.pipe(
        v.union([v.number(), v.pipe(v.string(), v.minLength(1))], `Choose a ${label}.`),
        v.transform(Number),
        v.integer(`Choose a ${label}.`),
        v.minValue(1, `Choose a ${label}.`),
        v.maxValue(2_147_483_647, `Choose a ${label}.`),
      ),
    ]),
    null,
  );

/** POST /recruitment/applicants/:id/hire: the applicant becomes an active carer with a sign-in account. */
export const HireSchema = v.strictObject(
  {
    start_date: isoDate('Start date'),
    staffcode_id: optionalId('role'),
    band_id: optionalId('pay band'),
    contract_type: choiceOf(CONTRACT_TYPES, 'Choose a contract type.'),
    contracted_hours: optionalWholeNumber('Contracted hours a week', 0, 60),
  },
  message('hire'),
);
export type HireInput = v.InferInput<typeof HireSchema>;

/** An http(s) address (after `v.url`, which any scheme passes). */
/** An http(s) address: the only kind of video link saved (L8), and the only kind the screens make a link of. */
export function isWebAddress(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const interviewFields = {
  date: isoDate('Date'),
  start_time: timeOfDay('Start time'),
  end_time: timeOfDay('End time'),
  location: optionalText('Location', 200),
  video_link: v.optional(
    v.union([
      v.literal(''),
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(500, 'Video link must be at most 500 characters.'),
        v.url('Video link must be a web address, like https://meet.example.org/abc.'),
        // Only a web page: `javascript:`, `data:` and the like are URLs too, and the screens make the link clickable.
        v.check(isWebAddress, 'Video link must start with http:// or https://.'),
      ),
    ]),
    '',
  ),
  interviewers: requiredText('Interviewers', 300),
  notes: optionalText('Notes', 4000),
};

/** POST /recruitment/applicants/:id/interviews: an interview booked (in UK time). */
export const InterviewSchema = v.pipe(
  v.strictObject(interviewFields, message('interview')),
  v.forward(
    v.partialCheck([['start_time'], ['end_time']], (interview) => minutesOfDay(interview.end_time) > minutesOfDay(interview.start_time), 'End time must be after the start time.'),
    ['end_time'],
  ),
  v.forward(
    v.partialCheck([['location'], ['video_link']], (interview) => interview.location !== '' || interview.video_link !== '', 'Give a place or a video link.'),
    ['location'],
  ),
);
export type InterviewInput = v.InferInput<typeof InterviewSchema>;

/** PUT /recruitment/interviews/:id: moved, or its outcome recorded (held, did not attend, cancelled). */
export const InterviewUpdateSchema = v.pipe(
  v.strictObject({ ...interviewFields, status: choiceOf(INTERVIEW_STATUSES, 'Choose what happened.') }, message('interview')),
  v.forward(
    v.partialCheck([['start_time'], ['end_time']], (interview) => minutesOfDay(interview.end_time) > minutesOfDay(interview.start_time), 'End time must be after the start time.'),
    ['end_time'],
  ),
  v.forward(
    v.partialCheck([['location'], ['video_link']], (interview) => interview.location !== '' || interview.video_link !== '', 'Give a place or a video link.'),
    ['location'],
  ),
);
export type InterviewUpdateInput = v.InferInput<typeof InterviewUpdateSchema>;

/** PUT /recruitment/applicants/:id/vacancy: the job vacancy applied for (null: none). */
export const VacancyLinkSchema = v.strictObject({ career_id: optionalId('job vacancy') }, message('vacancy link'));

/** POST /recruitment/interviews/:id/cancel. */
export const InterviewCancelSchema = v.strictObject({ reason: optionalText('Reason', 500) }, message('cancellation'));

// ---- what the API answers

export type ChecksProgress = { clear: number; total: number; missing: string[] };

/** A row of the applicants pipeline (GET /recruitment/applicants). */
export type ApplicantRow = {
  id: number;
  name: string;
  stage: RecruitmentStage;
  source: string;
  branch_id: number;
  branch: string;
  applied_on: string | null;
  /** Days since the last stage move (or since applying). */
  days_in_stage: number;
  /** In the stage longer than the recruitment_stage_stale_days setting. */
  stale: boolean;
  next_interview: string | null;
  checks: ChecksProgress;
  vacancy: string | null;
  email: string;
  phone: string;
};

export type StageMove = { id: number; from_stage: RecruitmentStage | null; to_stage: RecruitmentStage; reason: string; moved_at: string; moved_by: string | null };

export type InterviewRow = {
  id: number;
  carer_id: number;
  carer_name: string;
  branch: string;
  stage: RecruitmentStage;
  /** UK date and times. */
  date: string;
  start_time: string;
  end_time: string;
  starts_at: string;
  location: string;
  video_link: string;
  interviewers: string;
  status: InterviewStatus;
  notes: string;
};

export type HiringCheck = { key: string; label: string; clear: boolean; detail: string };

/** GET /recruitment/applicants/:id: the carer file's recruitment tab. */
export type RecruitmentInfo = {
  id: number;
  name: string;
  status: string;
  stage: RecruitmentStage;
  source: string;
  applied_on: string | null;
  start_date: string | null;
  rejection_reason: string;
  email: string;
  staffcode_id: number | null;
  band_id: number | null;
  contract_type: string;
  contracted_hours: number | null;
  vacancy: { id: number; title: string } | null;
  history: StageMove[];
  interviews: InterviewRow[];
  checks: HiringCheck[];
  /** The checks not clear (what a move to ready or hiring waits for). */
  missing: string[];
  has_account: boolean;
};

export type FunnelStep = { stage: RecruitmentStage; label: string; reached: number; now: number; conversion: number | null };

/** GET /recruitment/dashboard?period=year|90-days */
export type RecruitmentDashboard = {
  period: DashboardPeriod;
  from: string;
  to: string;
  applied: number;
  hired: number;
  rejected: number;
  withdrawn: number;
  /** Hired of those who applied, in per cent (null when nobody applied). */
  conversion: number | null;
  funnel: FunnelStep[];
  average_days_to_hire: number | null;
  hires_counted: number;
  sources: { source: string; label: string; applied: number; hired: number }[];
  open_vacancies: { id: number; title: string; location: string; closing_date: string; applicants: number }[];
};

export type MatrixCell = { key: MatrixCheckKey; progress: CheckProgress; detail: string };
export type MatrixRow = { id: number; name: string; stage: RecruitmentStage; branch: string; cells: MatrixCell[]; done: number };

export type RecruitmentReport = {
  year: number;
  months: { month: string; source: string; label: string; applied: number; hired: number; rejected: number; withdrawn: number; in_progress: number }[];
  rejection_reasons: { stage: RecruitmentStage; reason: string; count: number }[];
  time_in_stage: { stage: RecruitmentStage; label: string; moves: number; average_days: number | null }[];
};

export type VacancyRow = {
  id: number;
  title: string;
  role: string | null;
  location: string;
  contract_type: string;
  hours_per_week: number | null;
  pay_from_pence: number;
  pay_to_pence: number;
  pay_period: string;
  driver_required: boolean;
  closing_date: string;
  status: string;
  applicants: number;
  by_stage: { stage: RecruitmentStage; count: number }[];
};
export type VacancyDetail = VacancyRow & { description: string; people: ApplicantRow[] };

export type SurveyRow = {
  id: number;
  title: string;
  description: string;
  status: string;
  opens_on: string;
  closes_on: string | null;
  anonymous: boolean;
  questions: number;
  submissions: number;
  /** Declared frequency: reference data declares none, so every survey is one-off. */
  frequency: string;
};
export type SurveyDue = {
  survey: SurveyRow;
  /** Active carers of the user's branches who have not answered it (empty for an anonymous survey: unknowable). */
  carers: { id: number; name: string; branch: string; email: string; user_id: number | null }[];
  active_carers: number;
  answered: number;
};
