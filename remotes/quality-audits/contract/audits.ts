import type { Page } from '@hcm/contract';

// The audits of carers' and clients' records (issue 18, "Audits"): eleven lists declared once here and read by one
// server route (GET /api/v1/audits/:group/:kind) and one screen (src/audits/AuditList.tsx). Each list reads
// records the other areas keep (carers' file documents, clients' record documents, MAR, log book and money
// audits) by table name, and says for each record when the next one (or the follow-up) is due, whether it is
// overdue, and its outcome.

export type AuditGroup = 'carers' | 'clients';

/** Overdue: the due date has passed; due: within AUDIT_DUE_SOON_DAYS; upcoming: later; done: followed up (or nothing left to do). */
export type AuditState = 'overdue' | 'due' | 'upcoming' | 'done';

/** How many days ahead counts as due (as the record documents' reviews and the carers' due lists). */
export const AUDIT_DUE_SOON_DAYS = 14;

export const AUDIT_STATES: readonly { value: AuditState; label: string }[] = [
  { value: 'overdue', label: 'Overdue' },
  { value: 'due', label: `Due within ${AUDIT_DUE_SOON_DAYS} days` },
  { value: 'upcoming', label: 'Not due yet' },
  { value: 'done', label: 'Done or followed up' },
];

export type AuditOutcome = { value: string; label: string };

/** An interval from a global setting (reference data's settings), with its default. */
export type AuditInterval = { setting?: string; unit: 'days' | 'weeks' | 'months'; every: number };

/**
 * Where a list's rows come from (the server reads each by table name):
 * - `carer-documents` / `client-documents`: record documents (`carer_documents` / `client_documents` and their
 *   versions) of `kinds`, not archived; `date` is the content field holding the record's own date (its created day
 *   when empty); the next due is the content field `nextDue.field` when given, else `date` plus `nextDue.interval`
 *   (`reviewDate`: the document's review date, never later than `interval` after its last save); `outcome` is a
 *   content field, the level of a computed result, or the sign-off state; `closed` says when a record needs
 *   nothing more: a newer record of the same person (`superseded`) or a content field filled in;.
 * - `mar-audits`, `log-book-audits`, `money-audits`: the office's audits of a client's MAR chart, log book and money
 *   held (care-records' tables), each due again a month after the period it covered, superseded by a later one.
 */
export type AuditSource =
  | {
      from: 'carer-documents' | 'client-documents';
      kinds: readonly string[];
      date?: string;
      nextDue: { field?: string; interval?: AuditInterval; reviewDate?: boolean };
      outcome?: { field: string } | { resultLevel: true } | { signOff: true };
      detail?: string;
      closed: { superseded?: boolean; field?: string };
    }
  | { from: 'mar-audits' | 'log-book-audits' | 'money-audits' };

/** The columns a list may show (every list has them; the declaration names them for its records). */
export type AuditColumnKey = 'person_name' | 'branch' | 'record_title' | 'record_date' | 'detail' | 'outcome' | 'next_due' | 'state';
export type AuditColumn = { key: AuditColumnKey; label: string };

/** The columns the API sorts by (whitelisted). */
export const AUDIT_SORTS = ['person_name', 'branch', 'record_title', 'record_date', 'outcome', 'next_due', 'state'] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];

export type AuditListSpec = {
  group: AuditGroup;
  kind: string;
  title: string;
  /** What the list shows and how due is worked out, in a sentence or two. */
  description: string;
  source: AuditSource;
  columns: readonly AuditColumn[];
  outcomes: readonly AuditOutcome[];
  /** What the empty list would show. */
  empty: string;
  /** The record's tab: the carer file tab (/app/carers/:id/edit/<tab>) or the client record tab (/app/clients/:id/<tab>). */
  tab: string | null;
};

const RECURRING = { key: 'state', label: 'State' } as const;

const carerColumns = (date: string, detail: string, outcome: string, due: string): AuditColumn[] => [
  { key: 'person_name', label: 'Carer' },
  { key: 'branch', label: 'Branch' },
  { key: 'record_date', label: date },
  { key: 'detail', label: detail },
  { key: 'outcome', label: outcome },
  { key: 'next_due', label: due },
  RECURRING,
];

const clientColumns = (date: string, detail: string, outcome: string, due: string, title = false): AuditColumn[] => [
  { key: 'person_name', label: 'Client' },
  { key: 'branch', label: 'Branch' },
  ...(title ? [{ key: 'record_title', label: 'Assessment' } as const] : []),
  { key: 'record_date', label: date },
  { key: 'detail', label: detail },
  { key: 'outcome', label: outcome },
  { key: 'next_due', label: due },
  RECURRING,
];

/** The client assessments the audit lists: the record's risk assessments and the other assessments (care-records' record tabs). */
export const CLIENT_ASSESSMENT_TABS: readonly { kind: string; tab: string; title: string }[] = [
  ['risk-assessment', 'General risk assessment'],
  ['environmental-risk', 'Environmental risk'],
  ['coshh-risk', 'COSHH risk'],
  ['falls-risk-assessment', 'Falls risk assessment'],
  ['falls-risk', 'Falls history and prevention'],
  ['pressure-area-assessment', 'Pressure area (Waterlow)'],
  ['pressure-ulcer-bruise', 'Pressure ulcers and bruises'],
  ['nutrition', 'Nutrition (MUST)'],
  ['weight-management', 'Weight management'],
  ['fluid-intake', 'Fluid intake'],
  ['choking', 'Choking'],
  ['food-poisoning', 'Food safety'],
  ['diabetes-assessment', 'Diabetes'],
  ['epilepsy-risk-assessment', 'Epilepsy'],
  ['mental-capacity', 'Mental capacity'],
  ['mental-capacity/risk-assessment', 'Best-interests risk assessment'],
  ['behaviour-risks', 'Behaviour risks'],
  ['self-harm', 'Self-harm'],
  ['suicide', 'Suicide risk'],
  ['knives', 'Knives and sharp objects'],
  ['restrictive-physical-intervention', 'Restrictive physical intervention'],
  ['injury-to-staff', 'Injury to staff'],
  ['covid-risk-assessment', 'COVID-19 risk'],
  ['medication-assessment', 'Medication assessment'],
  ['assessment-report', 'Assessment report'],
].map(([tab, title]) => ({ kind: tab!.replaceAll('/', '-'), tab: tab!, title: title! }));

export const AUDIT_LISTS: readonly AuditListSpec[] = [
  {
    group: 'carers',
    kind: 'supervisions',
    title: 'Supervisions',
    description: "Every carer's supervisions: the next is due on the date the supervision set, else the settings' interval after it (8 weeks by default). A newer supervision completes the last one.",
    source: {
      from: 'carer-documents',
      kinds: ['supervisions'],
      date: 'supervision_date',
      nextDue: { field: 'next_supervision', interval: { setting: 'supervision_interval_weeks', unit: 'weeks', every: 8 } },
      outcome: { field: 'wellbeing' },
      detail: 'supervisor',
      closed: { superseded: true },
    },
    columns: carerColumns('Supervised on', 'Supervisor', 'Wellbeing', 'Next due'),
    outcomes: [
      { value: 'good', label: 'Good' },
      { value: 'ok', label: 'Managing' },
      { value: 'struggling', label: 'Struggling: support offered' },
    ],
    empty: "No supervision is recorded for your branches' carers. Supervisions saved in a carer's file (Supervision and conduct) appear here with when the next is due.",
    tab: 'supervisions',
  },
  {
    group: 'carers',
    kind: 'spot-checks',
    title: 'Spot checks',
    description: "Every carer's spot checks with the standards met: the next is due the settings' interval after the last (3 months by default). A newer spot check completes the last one.",
    source: {
      from: 'carer-documents',
      kinds: ['spot-check'],
      date: 'check_date',
      nextDue: { interval: { setting: 'spot_check_interval_months', unit: 'months', every: 3 } },
      outcome: { resultLevel: true },
      detail: 'observed_by',
      closed: { superseded: true },
    },
    columns: carerColumns('Checked on', 'Observed by', 'Result', 'Next due'),
    outcomes: [
      { value: 'none', label: 'Good' },
      { value: 'low', label: 'Good, with points to work on' },
      { value: 'high', label: 'Improvement needed' },
    ],
    empty: "No spot check is recorded for your branches' carers. Spot checks saved in a carer's file appear here with their result and when the next is due.",
    tab: 'spot-check',
  },
  {
    group: 'carers',
    kind: 'annual-appraisals',
    title: 'Annual appraisals',
    description: "Every carer's appraisals with the rating: the next is due on the date the appraisal set, else the settings' interval after it (12 months by default).",
    source: {
      from: 'carer-documents',
      kinds: ['annual-appraisal'],
      date: 'appraisal_date',
      nextDue: { field: 'next_appraisal', interval: { setting: 'appraisal_interval_months', unit: 'months', every: 12 } },
      outcome: { field: 'rating' },
      detail: 'appraiser',
      closed: { superseded: true },
    },
    columns: carerColumns('Appraised on', 'Appraiser', 'Rating', 'Next due'),
    outcomes: [
      { value: 'outstanding', label: 'Outstanding' },
      { value: 'good', label: 'Good' },
      { value: 'requires-improvement', label: 'Requires improvement' },
      { value: 'unsatisfactory', label: 'Unsatisfactory' },
    ],
    empty: "No appraisal is recorded for your branches' carers. Annual appraisals saved in a carer's file appear here with the rating and the next date.",
    tab: 'annual-appraisal',
  },
  {
    group: 'carers',
    kind: 'disciplinary',
    title: 'Disciplinary',
    description: "Discussion notes about a carer's practice or conduct, informal (the first stage of the disciplinary procedure) or a formal step: due on their follow-up date, done when a later discussion note follows or no follow-up was set.",
    source: {
      from: 'carer-documents',
      kinds: ['discussion-notes'],
      date: 'discussion_date',
      nextDue: { field: 'follow_up' },
      outcome: { field: 'informal' },
      detail: 'discussed_with',
      closed: { superseded: true },
    },
    columns: carerColumns('Held on', 'Held by', 'Stage', 'Follow up on'),
    outcomes: [
      { value: 'true', label: 'Informal discussion' },
      { value: 'false', label: 'Formal (disciplinary) step' },
    ],
    empty: "No discussion note is recorded for your branches' carers. Discussion notes saved in a carer's file (Supervision and conduct) appear here until followed up.",
    tab: 'discussion-notes',
  },
  {
    group: 'carers',
    kind: 'complaints',
    title: 'Complaints about carers',
    description: 'Complaints about a carer with their outcome: the response is due 28 days after the complaint was received, done once a response has been sent.',
    source: {
      from: 'carer-documents',
      kinds: ['complaints'],
      date: 'received_on',
      nextDue: { interval: { unit: 'days', every: 28 } },
      outcome: { field: 'outcome' },
      detail: 'complainant',
      closed: { field: 'response_sent_on' },
    },
    columns: carerColumns('Received on', 'Complainant', 'Outcome', 'Response due'),
    outcomes: [
      { value: 'open', label: 'Open: being investigated' },
      { value: 'upheld', label: 'Upheld' },
      { value: 'partly-upheld', label: 'Partly upheld' },
      { value: 'not-upheld', label: 'Not upheld' },
      { value: 'withdrawn', label: 'Withdrawn' },
    ],
    empty: "No complaint about your branches' carers is recorded. Complaints saved in a carer's file appear here until the response is sent.",
    tab: 'complaints',
  },
  {
    group: 'carers',
    kind: 'compliments',
    title: 'Compliments to carers',
    description: 'Compliments for a carer: passing them on is due within 7 days of receiving them, done once passed on.',
    source: {
      from: 'carer-documents',
      kinds: ['compliments'],
      date: 'received_on',
      nextDue: { interval: { unit: 'days', every: 7 } },
      outcome: { field: 'from' },
      detail: 'from_name',
      closed: { field: 'shared_with_worker' },
    },
    columns: carerColumns('Received on', 'From (name)', 'From', 'Pass on by'),
    outcomes: [
      { value: 'client', label: 'A client' },
      { value: 'family', label: "A client's family" },
      { value: 'professional', label: 'A professional' },
      { value: 'colleague', label: 'A colleague' },
    ],
    empty: "No compliment for your branches' carers is recorded. Compliments saved in a carer's file appear here.",
    tab: 'compliments',
  },
  {
    group: 'clients',
    kind: 'marchart',
    title: 'MAR chart audits',
    description: "The office's monthly audits of each client's MAR chart: the next month's audit is due by the 7th of the month after it ends. A later month's audit completes the last one.",
    source: { from: 'mar-audits' },
    columns: clientColumns('Audited on', 'Month and auditor', 'Outcome', 'Next audit due'),
    outcomes: [
      { value: 'satisfactory', label: 'Satisfactory: no action needed' },
      { value: 'actions', label: 'Actions needed' },
      { value: 'concern', label: 'Serious concern: escalated' },
    ],
    empty: "No MAR chart audit is recorded for your branches' clients. Audits made on a client's MAR chart audit tab appear here.",
    tab: 'marchart-audit',
  },
  {
    group: 'clients',
    kind: 'logbook',
    title: 'Logbook audits',
    description: "The office's monthly audits of each client's communication log book: the next month's audit is due by the 7th of the month after it ends.",
    source: { from: 'log-book-audits' },
    columns: clientColumns('Audited on', 'Month and auditor', 'Outcome', 'Next audit due'),
    outcomes: [
      { value: 'satisfactory', label: 'Satisfactory' },
      { value: 'minor-issues', label: 'Minor issues, put right' },
      { value: 'action-required', label: 'Action required' },
    ],
    empty: "No log book audit is recorded for your branches' clients. Audits made on a client's communication log book tab appear here.",
    tab: 'communication-log-book-audit',
  },
  {
    group: 'clients',
    kind: 'assessments',
    title: 'Assessments',
    description: "Clients' assessments (risk assessments, the medication assessment, assessment reports): the review is due on the review date, never later than 12 months after the last save (archived ones are left out).",
    source: {
      from: 'client-documents',
      kinds: CLIENT_ASSESSMENT_TABS.map((tab) => tab.kind),
      nextDue: { reviewDate: true, interval: { unit: 'months', every: 12 } },
      outcome: { signOff: true },
      closed: {},
    },
    columns: clientColumns('Last saved', 'Version', 'Sign-off', 'Review due', true),
    outcomes: [
      { value: 'signed-off', label: 'Signed off' },
      { value: 'awaiting-sign-off', label: 'Awaiting sign-off' },
      { value: 'draft', label: 'Draft' },
    ],
    empty: "No assessment is recorded for your branches' clients. Risk assessments and other assessments saved in a client's record appear here with their review date.",
    tab: null,
  },
  {
    group: 'clients',
    kind: 'reviews-conducted',
    title: 'Reviews conducted',
    description: "Care reviews held with each client: the next is due on the date the review set, else 6 months after it. A newer review completes the last one.",
    source: {
      from: 'client-documents',
      kinds: ['review-form'],
      date: 'review_date',
      nextDue: { field: 'next_review', interval: { unit: 'months', every: 6 } },
      outcome: { field: 'satisfaction' },
      detail: 'reviewer',
      closed: { superseded: true },
    },
    columns: clientColumns('Reviewed on', 'Reviewed by', 'Satisfaction', 'Next review'),
    outcomes: [
      { value: '5', label: 'Very satisfied' },
      { value: '4', label: 'Satisfied' },
      { value: '3', label: 'Neither satisfied nor dissatisfied' },
      { value: '2', label: 'Dissatisfied' },
      { value: '1', label: 'Very dissatisfied' },
    ],
    empty: "No care review is recorded for your branches' clients. Reviews saved on a client's Reviews tab appear here.",
    tab: 'review-form',
  },
  {
    group: 'clients',
    kind: 'financial-transaction',
    title: 'Financial transactions',
    description: "The office's audits of the money carers handle for each client (records against cash counted): the next is due a month after the period audited ends.",
    source: { from: 'money-audits' },
    columns: clientColumns('Audited on', 'Period and auditor', 'Outcome', 'Next audit due'),
    outcomes: [
      { value: 'balanced', label: 'Balanced: cash matches the records' },
      { value: 'explained', label: 'Difference found and explained' },
      { value: 'unexplained', label: 'Difference not explained' },
    ],
    empty: "No money audit is recorded for your branches' clients. Audits made on a client's money audit tab appear here.",
    tab: 'financial-transaction-audit',
  },
];

export const auditListOf = (group: string, kind: string) => AUDIT_LISTS.find((list) => list.group === group && list.kind === kind);

/** The record a row opens: the carer file tab or the client record tab. */
export const auditRecordPath = (group: AuditGroup, personId: number, tab: string) => (group === 'carers' ? `/app/carers/${personId}/edit/${tab}` : `/app/clients/${personId}/${tab}`);

export type AuditRow = {
  /** The record's id in its own table (document or audit). */
  id: number;
  person_id: number;
  person_name: string;
  branch_id: number;
  branch: string;
  record_title: string;
  record_date: string | null;
  detail: string;
  outcome: string | null;
  outcome_label: string;
  next_due: string | null;
  state: AuditState;
  /** Days past the due date (0 unless overdue). */
  days_overdue: number;
  /** The record's tab segment (see auditRecordPath). */
  tab: string;
};

export type AuditSummary = {
  /** Of the rows the filters (but the state filter) keep. */
  overdue: number;
  due: number;
  upcoming: number;
  done: number;
  /** Records dated within the period (the from/to filter, else the last 12 months). */
  done_in_period: number;
  period: { from: string; to: string };
  outcomes: { value: string; label: string; count: number }[];
};

export type AuditList = Page<AuditRow> & { summary: AuditSummary };
