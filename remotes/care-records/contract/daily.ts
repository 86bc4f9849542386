import * as v from 'valibot';
import {
  isCalendarDate,
  MAX_ID,
  isoDate,
  londonDate,
  moneyPence,
  optionalIsoDate,
  optionalText,
  optionalWholeNumber,
  pastOrTodayIsoDate,
  requiredText,
  timeOfDay,
  wholeNumber,
  type Choice,
} from '@hcm/contract/engine';


// The client's daily records (spec §2.2: client-logs, daily-reporting, care-note-summary, call-logs,
// communication-log-book-audit, financial-transaction, financial-transaction-audit) and uploads: one schema per
// form, read by the screens (react-hook-form) and the API alike, so a rule is written once. Form inputs send
// text; devices send JSON numbers and booleans: both are accepted where it makes sense.

// ---------------------------------------------------------------- shared pieces

const choiceValues = (choices: readonly Choice[]) => choices.map((choice) => choice.value) as [string, ...string[]];

/** A choice that may be left empty (''): stored as ''. */
const optionalChoice = (choices: readonly Choice[], message: string) => v.optional(v.picklist(['', ...choiceValues(choices)], message), '');

/** The label of a choice's value, or the value itself. */
export const labelOf = (choices: readonly Choice[], value: string) => choices.find((choice) => choice.value === value)?.label ?? value;

/** An optional reference to a row: '' or null (or missing) is null. */
const optionalId = (message: string) =>
  v.optional(
    v.union([
      v.pipe(v.union([v.literal(''), v.null()]), v.transform((): number | null => null)),
      v.pipe(
        v.union([v.number(message), v.pipe(v.string(message), v.trim(), v.regex(/^\d{1,10}$/, message))], message),
        v.transform(Number),
        v.integer(message),
        v.minValue(1, message),
        v.maxValue(MAX_ID, message),
      ),
    ]),
    null,
  );

/** Yes or no as a form's radio buttons send it ('yes' / 'no'), or a device's boolean: stored as a boolean. */
const yesNo = (question: string) =>
  v.pipe(
    v.union([v.boolean(), v.picklist(['yes', 'no'])], `Answer yes or no: ${question}`),
    v.transform((value) => value === true || value === 'yes'),
  );

/** An optional HH:MM time ('' when not known). */
const optionalTime = (label: string) =>
  v.optional(
    v.union([
      v.literal(''),
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^([01]?\d|2[0-3]):[0-5]\d$/, `${label} must be a 24-hour time like 09:30.`),
        v.transform((value) => value.padStart(5, '0')),
      ),
    ]),
    '',
  );

/** A month as YYYY-MM, not after the current one. */
const pastMonth = (label: string) =>
  v.pipe(
    v.string(`${label} is required.`),
    v.trim(),
    v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${label} must be a month like 2026-03.`),
    v.check((value) => value >= '2000-01' && value <= londonDate().slice(0, 7), `${label} cannot be in the future.`),
  );

const SLUG = /^[a-z][a-z0-9-]{1,39}$/;

// The UK wall-clock helpers live in the shared contract (the scheduler plans visits in wall-clock time too).
export { londonInstant, londonOffsetMinutes, londonTime } from '@hcm/contract/engine';

/** The days from `from` to `to` inclusive, as YYYY-MM-DD. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = new Date(`${from}T00:00:00Z`); day.toISOString().slice(0, 10) <= to && days.length < 400; day.setUTCDate(day.getUTCDate() + 1)) {
    days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

/** The longest period a summary or a list filter may cover. */
export const MAX_PERIOD_DAYS = 366;

/** Pounds and pence for people: £1,234.50, −£3.20. */
export function formatPence(pence: number): string {
  const sign = pence < 0 ? '−' : '';
  const abs = Math.abs(pence);
  return `${sign}£${Math.trunc(abs / 100).toLocaleString('en-GB')}.${String(abs % 100).padStart(2, '0')}`;
}

// ---------------------------------------------------------------- care notes (client-logs)

/** The categories a new install starts with; the office can rename, add and retire them (care_note_categories). */
export const DEFAULT_CARE_NOTE_CATEGORIES: readonly Choice[] = [
  { value: 'personal-care', label: 'Personal care' },
  { value: 'nutrition-hydration', label: 'Nutrition and hydration' },
  { value: 'continence', label: 'Continence' },
  { value: 'medication', label: 'Medication' },
  { value: 'mobility', label: 'Mobility' },
  { value: 'skin', label: 'Skin integrity' },
  { value: 'mood-wellbeing', label: 'Mood and wellbeing' },
  { value: 'social', label: 'Social and activities' },
  { value: 'household', label: 'Household tasks' },
  { value: 'incident-concern', label: 'Incident or concern' },
  { value: 'other', label: 'Other' },
];

export const MOODS: readonly Choice[] = [
  { value: 'happy', label: 'Happy, cheerful' },
  { value: 'settled', label: 'Settled, content' },
  { value: 'quiet', label: 'Quiet, tired' },
  { value: 'low', label: 'Low, tearful' },
  { value: 'anxious', label: 'Anxious, worried' },
  { value: 'confused', label: 'Confused, disorientated' },
  { value: 'agitated', label: 'Agitated, irritable' },
  { value: 'distressed', label: 'Distressed' },
];

export const FOOD_PORTIONS: readonly Choice[] = [
  { value: 'all', label: 'All of it' },
  { value: 'most', label: 'Most (about ¾)' },
  { value: 'half', label: 'About half' },
  { value: 'little', label: 'A little (about ¼)' },
  { value: 'none', label: 'None' },
  { value: 'declined', label: 'Declined the meal' },
];

/** Portions that count as a meal eaten in the day's totals. */
export const MEAL_EATEN: readonly string[] = ['all', 'most', 'half'];

export const BOWEL_OUTCOMES: readonly Choice[] = [
  { value: 'opened-normal', label: 'Opened, normal' },
  { value: 'opened-loose', label: 'Opened, loose' },
  { value: 'opened-hard', label: 'Opened, hard' },
  { value: 'not-opened', label: 'Not opened' },
  { value: 'incontinent', label: 'Incontinent of faeces' },
];

export const BLADDER_OUTCOMES: readonly Choice[] = [
  { value: 'passed', label: 'Passed urine, continent' },
  { value: 'incontinent', label: 'Incontinent, pad changed' },
  { value: 'catheter-emptied', label: 'Catheter bag emptied' },
  { value: 'not-passed', label: 'Not passed urine' },
  { value: 'urine-concern', label: 'Dark, strong-smelling or blood seen' },
];

/** The largest fluid intake one note may record (a visit, not a day). */
export const MAX_FLUID_ML_PER_NOTE = 3000;

/**
 * A care note. `written_at` is when the carer wrote it (a device sends its own time, so a note made offline keeps
 * it; the office's form leaves it empty: now). A correction names the note it amends and says why.
 */
export const CareNoteSchema = v.pipe(
  v.strictObject(
    {
      category: v.pipe(v.string('Choose a category.'), v.trim(), v.regex(SLUG, 'Choose a category.')),
      visit_date: pastOrTodayIsoDate('Visit date'),
      planned_time: optionalTime('Planned call time'),
      external_visit_id: optionalText('Visit reference', 64),
      written_at: v.optional(v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.isoTimestamp('Written at must be a date and time.'))]), ''),
      note: requiredText('Note', 4000),
      mood: optionalChoice(MOODS, 'Choose a mood from the list.'),
      fluid_ml: optionalWholeNumber('Fluids taken (ml)', 0, MAX_FLUID_ML_PER_NOTE),
      food_portion: optionalChoice(FOOD_PORTIONS, 'Choose how much was eaten.'),
      food_description: optionalText('What was eaten', 300),
      bowel: optionalChoice(BOWEL_OUTCOMES, 'Choose a bowel outcome from the list.'),
      bladder: optionalChoice(BLADDER_OUTCOMES, 'Choose a bladder outcome from the list.'),
      concern: v.optional(v.boolean('Choose yes or no.'), false),
      escalated_to: optionalText('Escalated to', 200),
      body_map_reference: optionalText('Body map reference', 200),
      amends_id: optionalId('Choose the note this corrects.'),
      amendment_reason: optionalText('Reason for the correction', 500),
    },
    (issue) => (issue.expected === 'never' ? `${String(issue.received)} is not a field of a care note.` : 'Send the care note as a JSON object.'),
  ),
  v.forward(
    v.partialCheck([['concern'], ['escalated_to']], (note) => !note.concern || note.escalated_to !== '', 'Say who the concern was escalated to (name and role).'),
    ['escalated_to'],
  ),
  v.forward(
    v.partialCheck([['amends_id'], ['amendment_reason']], (note) => note.amends_id === null || note.amendment_reason !== '', 'Say why the earlier note is corrected.'),
    ['amendment_reason'],
  ),
);
export type CareNoteInput = v.InferInput<typeof CareNoteSchema>;
export type CareNoteValues = v.InferOutput<typeof CareNoteSchema>;

/** The office's categories: add one, rename or retire it (retired ones stay on the notes that used them). */
export const CareNoteCategorySchema = v.strictObject(
  {
    label: requiredText('Name', 80),
    active: v.optional(v.boolean('Choose yes or no.'), true),
  },
  (issue) => (issue.expected === 'never' ? `${String(issue.received)} is not a field of a category.` : 'Send the category as a JSON object.'),
);

export type CareNoteCategory = { id: number; key: string; label: string; position: number; active: boolean };

export type CareNoteRow = {
  id: number;
  client_id: number;
  category: string;
  category_label: string;
  visit_date: string;
  planned_time: string;
  external_visit_id: string;
  written_at: string;
  recorded_at: string;
  author_id: number | null;
  author_name: string;
  note: string;
  mood: string;
  fluid_ml: number | null;
  food_portion: string;
  food_description: string;
  bowel: string;
  bladder: string;
  concern: boolean;
  escalated_to: string;
  body_map_reference: string;
  amends_id: number | null;
  amendment_reason: string;
  /** The newest note that corrects this one (it stays readable, marked amended). */
  amended_by_id: number | null;
  source: 'office' | 'device';
};

export type CareNoteFilters = { from?: string; to?: string; category?: string; author?: number; flagged?: boolean };

export type DailyReport = {
  date: string;
  notes: CareNoteRow[];
  totals: { notes: number; fluid_ml: number; meals_eaten: number; meals_offered: number; concerns: number; calls: number };
};

export type CareNoteSummary = {
  from: string;
  to: string;
  total_notes: number;
  by_category: { category: string; label: string; count: number }[];
  concerns: { id: number; visit_date: string; category_label: string; note: string; escalated_to: string; author_name: string }[];
  concerns_escalated: number;
  days: { date: string; notes: number; fluid_ml: number; meals_eaten: number; meals_offered: number; concerns: number }[];
};

// ---------------------------------------------------------------- call log

export const CALL_DIRECTIONS: readonly Choice[] = [
  { value: 'in', label: 'Incoming (to the office)' },
  { value: 'out', label: 'Outgoing (from the office)' },
];

export const CallLogSchema = v.pipe(
  v.strictObject(
    {
      call_date: pastOrTodayIsoDate('Date of the call'),
      call_time: timeOfDay('Time of the call'),
      direction: v.picklist(choiceValues(CALL_DIRECTIONS), 'Choose whether the call came in or went out.'),
      contact_id: optionalId('Choose one of the client’s contacts.'),
      caller_name: optionalText('Who the call was with', 120),
      subject: requiredText('Subject', 200),
      summary: requiredText('What was said', 4000),
      follow_up_needed: v.optional(v.boolean('Choose yes or no.'), false),
      follow_up_action: optionalText('Follow-up to do', 500),
      follow_up_due: optionalIsoDate('Follow-up due'),
    },
    (issue) => (issue.expected === 'never' ? `${String(issue.received)} is not a field of a call log entry.` : 'Send the call as a JSON object.'),
  ),
  v.forward(
    v.partialCheck([['contact_id'], ['caller_name']], (call) => call.contact_id !== null || call.caller_name !== '', 'Choose a contact or write who the call was with.'),
    ['caller_name'],
  ),
  v.forward(
    v.partialCheck([['follow_up_needed'], ['follow_up_action']], (call) => !call.follow_up_needed || call.follow_up_action !== '', 'Say what needs following up.'),
    ['follow_up_action'],
  ),
  v.forward(
    v.partialCheck([['follow_up_needed'], ['follow_up_due']], (call) => !call.follow_up_needed || call.follow_up_due !== '', 'Give the date the follow-up is due.'),
    ['follow_up_due'],
  ),
);
export type CallLogInput = v.InferInput<typeof CallLogSchema>;

export const FollowUpDoneSchema = v.strictObject(
  { outcome: requiredText('What was done', 1000) },
  (issue) => (issue.expected === 'never' ? `${String(issue.received)} is not a field of a follow-up.` : 'Send the follow-up as a JSON object.'),
);

export type CallLogRow = {
  id: number;
  client_id: number;
  called_at: string;
  direction: 'in' | 'out';
  contact_id: number | null;
  with_name: string;
  with_relationship: string;
  subject: string;
  summary: string;
  recorded_by_name: string;
  follow_up_needed: boolean;
  follow_up_action: string;
  follow_up_due: string | null;
  follow_up_done_at: string | null;
  follow_up_done_by_name: string;
  follow_up_outcome: string;
  /** Due and not done, on or before today. */
  follow_up_overdue: boolean;
};

export type ClientContactChoice = { id: number; name: string; relationship: string; phone: string };

// ---------------------------------------------------------------- communication log book and its audit

export const LOG_BOOK_AUTHOR_ROLES: readonly Choice[] = [
  { value: 'carer', label: 'Carer' },
  { value: 'family', label: 'Family or friend' },
  { value: 'client', label: 'The client' },
  { value: 'office', label: 'Office' },
  { value: 'health-professional', label: 'Health professional (GP, district nurse, OT)' },
];

export const LOG_BOOK_AUDIENCES: readonly Choice[] = [
  { value: 'everyone', label: 'Everyone who reads the book' },
  { value: 'carers', label: 'Carers' },
  { value: 'family', label: 'Family' },
  { value: 'office', label: 'Office' },
];

export const LogBookEntrySchema = v.strictObject(
  {
    entry_date: pastOrTodayIsoDate('Date written'),
    entry_time: timeOfDay('Time written'),
    author_name: requiredText('Written by', 120),
    author_role: v.picklist(choiceValues(LOG_BOOK_AUTHOR_ROLES), 'Choose who wrote it.'),
    audience: v.picklist(choiceValues(LOG_BOOK_AUDIENCES), 'Choose who it is for.'),
    message: requiredText('Message', 4000),
    needs_reply: v.optional(v.boolean('Choose yes or no.'), false),
  },
  (issue) => (issue.expected === 'never' ? `${String(issue.received)} is not a field of a log book entry.` : 'Send the entry as a JSON object.'),
);
export type LogBookEntryInput = v.InferInput<typeof LogBookEntrySchema>;

export const LogBookReplySchema = v.strictObject(
  { reply: requiredText('Reply', 2000) },
  (issue) => (issue.expected === 'never' ? `${String(issue.received)} is not a field of a reply.` : 'Send the reply as a JSON object.'),
);

export type LogBookEntryRow = {
  id: number;
  client_id: number;
  written_at: string;
  author_name: string;
  author_role: string;
  audience: string;
  message: string;
  needs_reply: boolean;
  reply: string;
  replied_at: string | null;
  replied_by_name: string;
  recorded_by_name: string;
};

/** The checks of the monthly log book audit (CQC Regulation 17: records complete, contemporaneous and secure). */
export const LOG_BOOK_AUDIT_CHECKS = [
  { key: 'entries_dated_signed', label: 'Every entry is dated, timed and signed with a printed name' },
  { key: 'entries_factual', label: 'Entries are legible, factual and respectful (no abbreviations or opinions)' },
  { key: 'concerns_escalated', label: 'Concerns written in the book were passed to the office and acted on' },
  { key: 'replies_timely', label: 'Entries needing a reply were answered within 48 hours' },
  { key: 'confidentiality_kept', label: 'No confidential information about other people is written in the book' },
  { key: 'stored_safely', label: 'The book is kept in the agreed place in the home' },
] as const;

export const LOG_BOOK_AUDIT_OUTCOMES: readonly Choice[] = [
  { value: 'satisfactory', label: 'Satisfactory' },
  { value: 'minor-issues', label: 'Minor issues, put right' },
  { value: 'action-required', label: 'Action required' },
];

const issueRow = v.strictObject({
  entry_date: optionalIsoDate('Entry date'),
  issue: requiredText('Issue', 500),
  action: optionalText('Action taken', 500),
});

export const LogBookAuditSchema = v.pipe(
  v.strictObject(
    {
      month: pastMonth('Month audited'),
      entries_checked: wholeNumber('Entries checked', 0, 2000),
      ...(Object.fromEntries(LOG_BOOK_AUDIT_CHECKS.map((check) => [check.key, yesNo(check.label)])) as Record<
        (typeof LOG_BOOK_AUDIT_CHECKS)[number]['key'],
        ReturnType<typeof yesNo>
      >),
      issues: v.optional(v.pipe(v.array(issueRow, 'Issues found are a list of rows.'), v.maxLength(50, 'At most 50 issues.')), []),
      outcome: v.picklist(choiceValues(LOG_BOOK_AUDIT_OUTCOMES), 'Choose the outcome.'),
      actions: optionalText('Actions', 2000),
    },
    (issue) => (issue.expected === 'never' ? `${String(issue.received)} is not a field of a log book audit.` : 'Send the audit as a JSON object.'),
  ),
  v.forward(
    v.partialCheck([['outcome'], ['actions']], (audit) => audit.outcome === 'satisfactory' || audit.actions !== '', 'Say what will be done, by whom and by when.'),
    ['actions'],
  ),
);
export type LogBookAuditInput = v.InferInput<typeof LogBookAuditSchema>;

export type LogBookAuditRow = {
  id: number;
  client_id: number;
  month: string;
  auditor_name: string;
  audited_at: string;
  entries_checked: number;
  /** How many entries the book has for that month in this system. */
  entries_recorded: number;
  checks: Record<(typeof LOG_BOOK_AUDIT_CHECKS)[number]['key'], boolean>;
  issues: { entry_date: string; issue: string; action: string }[];
  outcome: string;
  actions: string;
};

// ---------------------------------------------------------------- money handled for the client

/** How each kind of entry moves the cash carers hold for the client: + in, − out. */
export const MONEY_TYPES: readonly (Choice & { sign: 1 | -1 })[] = [
  { value: 'received', label: 'Cash received from the client or family', sign: 1 },
  { value: 'withdrawal', label: 'Cash withdrawn for the client (with consent)', sign: 1 },
  { value: 'spent', label: 'Spent for the client', sign: -1 },
  { value: 'returned', label: 'Cash or change returned to the client', sign: -1 },
];
export const MONEY_TYPE_LABELS: Record<string, string> = { ...Object.fromEntries(MONEY_TYPES.map((type) => [type.value, type.label])), reversal: 'Reversal (correction)' };

export const signOfMoneyType = (type: string): 1 | -1 => MONEY_TYPES.find((choice) => choice.value === type)?.sign ?? 1;

/** Most a single entry may be (a carer never handles more for a client at once). */
export const MAX_MONEY_ENTRY_POUNDS = 2000;

export const MoneyEntrySchema = v.pipe(
  v.strictObject(
    {
      transaction_date: pastOrTodayIsoDate('Date'),
      type: v.picklist(choiceValues(MONEY_TYPES), 'Choose what kind of entry this is.'),
      amount: v.pipe(moneyPence('Amount', MAX_MONEY_ENTRY_POUNDS), v.minValue(1, 'Amount must be more than £0.00.')),
      description: requiredText('What for', 300),
      receipt_upload_id: optionalId('Choose the receipt again.'),
      no_receipt_reason: optionalText('Why there is no receipt', 300),
      handled_by: requiredText('Carer who handled it', 120),
      witnessed_by: optionalText('Witnessed by', 120),
      consent_confirmed: v.optional(v.boolean('Choose yes or no.'), false),
      negative_reason: optionalText('Why the balance goes below zero', 300),
    },
    (issue) => (issue.expected === 'never' ? `${String(issue.received)} is not a field of a money entry.` : 'Send the money entry as a JSON object.'),
  ),
  v.forward(
    v.partialCheck(
      [['type'], ['receipt_upload_id'], ['no_receipt_reason']],
      (entry) => entry.type !== 'spent' || entry.receipt_upload_id !== null || entry.no_receipt_reason !== '',
      'Attach the receipt, or say why there is none.',
    ),
    ['no_receipt_reason'],
  ),
  v.forward(
    v.partialCheck([['type'], ['consent_confirmed']], (entry) => entry.type !== 'withdrawal' || entry.consent_confirmed, 'A withdrawal needs the client’s consent (or their attorney’s) first.'),
    ['consent_confirmed'],
  ),
  v.forward(
    v.partialCheck([['type'], ['witnessed_by']], (entry) => entry.type !== 'withdrawal' || entry.witnessed_by !== '', 'A cash withdrawal is witnessed: give the witness’s name.'),
    ['witnessed_by'],
  ),
);
export type MoneyEntryInput = v.InferInput<typeof MoneyEntrySchema>;
export type MoneyEntryValues = v.InferOutput<typeof MoneyEntrySchema>;

export const MoneyReversalSchema = v.strictObject(
  { reason: requiredText('Reason for the reversal', 500) },
  (issue) => (issue.expected === 'never' ? `${String(issue.received)} is not a field of a reversal.` : 'Send the reversal as a JSON object.'),
);

export type MoneyEntryRow = {
  id: number;
  client_id: number;
  transaction_date: string;
  type: string;
  /** Positive pence, as entered. */
  amount_pence: number;
  /** What the entry did to the balance: + in, − out. */
  change_pence: number;
  balance_after_pence: number;
  description: string;
  receipt_upload_id: number | null;
  receipt_title: string;
  receipt_content_type: string;
  no_receipt_reason: string;
  handled_by: string;
  witnessed_by: string;
  consent_confirmed: boolean;
  negative_flag: boolean;
  negative_reason: string;
  reverses_id: number | null;
  reversal_reason: string;
  reversed_by_id: number | null;
  recorded_by_name: string;
  recorded_at: string;
};

export type MoneyBalance = {
  on: string;
  balance_pence: number;
  /** Spends in the period with no receipt attached (an audit checks these). */
  spends: number;
  spends_without_receipt: { id: number; transaction_date: string; amount_pence: number; description: string; no_receipt_reason: string }[];
};

export const MONEY_AUDIT_OUTCOMES: readonly Choice[] = [
  { value: 'balanced', label: 'Balanced: cash matches the records' },
  { value: 'explained', label: 'Difference found and explained' },
  { value: 'unexplained', label: 'Difference not explained: raise a safeguarding concern' },
];

const discrepancyRow = v.strictObject({
  entry_date: optionalIsoDate('Entry date'),
  description: requiredText('Discrepancy', 300),
  amount: v.optional(v.union([v.pipe(v.literal(''), v.transform((): number | null => null)), moneyPence('Amount', MAX_MONEY_ENTRY_POUNDS)]), ''),
  explanation: optionalText('Explanation', 500),
});

export const MoneyAuditSchema = v.pipe(
  v.strictObject(
    {
      period_from: isoDate('Period from'),
      period_to: pastOrTodayIsoDate('Period to'),
      cash_counted: moneyPence('Cash counted', 100_000),
      counted_with: requiredText('Counted with (witness)', 120),
      receipts_present: yesNo('Is there a receipt for every spend?'),
      records_signed: yesNo('Is every entry signed, and witnessed where needed?'),
      discrepancies: v.optional(v.pipe(v.array(discrepancyRow, 'Discrepancies are a list of rows.'), v.maxLength(50, 'At most 50 discrepancies.')), []),
      outcome: v.picklist(choiceValues(MONEY_AUDIT_OUTCOMES), 'Choose the outcome.'),
      actions: optionalText('Actions', 2000),
    },
    (issue) => (issue.expected === 'never' ? `${String(issue.received)} is not a field of a money audit.` : 'Send the audit as a JSON object.'),
  ),
  v.forward(
    v.partialCheck(
      [['period_from'], ['period_to']],
      (audit) => !isCalendarDate(audit.period_from) || !isCalendarDate(audit.period_to) || audit.period_from <= audit.period_to,
      'The period ends on or after it starts.',
    ),
    ['period_to'],
  ),
  v.forward(
    v.partialCheck([['outcome'], ['actions']], (audit) => audit.outcome === 'balanced' || audit.actions !== '', 'Say what will be done, by whom and by when.'),
    ['actions'],
  ),
);
export type MoneyAuditInput = v.InferInput<typeof MoneyAuditSchema>;

export type MoneyAuditRow = {
  id: number;
  client_id: number;
  period_from: string;
  period_to: string;
  auditor_name: string;
  audited_at: string;
  balance_per_records_pence: number;
  cash_counted_pence: number;
  /** Cash counted less the balance per records: 0 when they agree. */
  variance_pence: number;
  counted_with: string;
  spends_in_period: number;
  spends_without_receipt: number;
  receipts_present: boolean;
  records_signed: boolean;
  discrepancies: { entry_date: string; description: string; amount: number | null; explanation: string }[];
  outcome: string;
  actions: string;
};

// ---------------------------------------------------------------- uploads

/** The largest file accepted (10 MB: a phone photo or a scanned letter, not a video). */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** The kinds of file accepted on a client's record, told apart by their first bytes on the server. */
export const UPLOAD_KINDS = [
  { kind: 'pdf', label: 'PDF', extensions: ['pdf'], preview: 'pdf' },
  { kind: 'jpeg', label: 'JPEG', extensions: ['jpg', 'jpeg'], preview: 'image' },
  { kind: 'png', label: 'PNG', extensions: ['png'], preview: 'image' },
  { kind: 'webp', label: 'WebP', extensions: ['webp'], preview: 'image' },
  // Most browsers cannot show HEIC (iPhone photos): accepted, offered as a download.
  { kind: 'heic', label: 'HEIC', extensions: ['heic', 'heif'], preview: 'download' },
  { kind: 'docx', label: 'Word (.docx)', extensions: ['docx'], preview: 'download' },
] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number]['kind'];

export const UPLOAD_EXTENSIONS: readonly string[] = UPLOAD_KINDS.flatMap((kind) => kind.extensions);
/** For an <input type="file" accept>. */
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');
export const UPLOAD_TYPES_TEXT = UPLOAD_KINDS.map((kind) => kind.label).join(', ');
export const UPLOAD_MAX_TEXT = `${UPLOAD_MAX_BYTES / 1024 / 1024} MB`;

/** The questions of an upload, besides the file (multipart fields: text). */
export const UploadDetailsSchema = v.strictObject(
  {
    upload_type_id: v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,10}$/, 'Choose the type of document.'))], 'Choose the type of document.'),
      v.transform(Number),
      v.integer('Choose the type of document.'),
      v.minValue(1, 'Choose the type of document.'),
      v.maxValue(MAX_ID, 'Choose the type of document.'),
    ),
    title: requiredText('Title', 200),
    description: optionalText('Description', 1000),
    expires_on: optionalIsoDate('Expiry date'),
  },
  (issue) => (issue.expected === 'never' ? `${String(issue.received)} is not a field of an upload.` : 'Send the upload’s details.'),
);
export type UploadDetailsInput = v.InferInput<typeof UploadDetailsSchema>;

/** A receipt of money spent for the client: the file and an optional title. */
export const ReceiptDetailsSchema = v.strictObject(
  { title: optionalText('Title', 200) },
  (issue) => (issue.expected === 'never' ? `${String(issue.received)} is not a field of a receipt.` : 'Send the receipt’s details.'),
);

export const UploadRemovalSchema = v.strictObject(
  { reason: requiredText('Reason for removing it', 500) },
  (issue) => (issue.expected === 'never' ? `${String(issue.received)} is not a field of a removal.` : 'Send the reason as a JSON object.'),
);

/** What a file must be, checked before sending (the server checks again, and reads its first bytes). */
export function uploadFileProblem(file: { name: string; size: number } | null | undefined): string | null {
  if (!file) return 'Choose a file.';
  if (file.size === 0) return 'The file is empty.';
  if (file.size > UPLOAD_MAX_BYTES) return `The file is larger than ${UPLOAD_MAX_TEXT}.`;
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!UPLOAD_EXTENSIONS.includes(extension)) return `Choose a ${UPLOAD_TYPES_TEXT} file.`;
  return null;
}

export type UploadTypeChoice = { id: number; name: string; expires: boolean; required: boolean; description: string };

export type UploadRow = {
  id: number;
  client_id: number;
  kind: 'document' | 'receipt';
  upload_type_id: number | null;
  upload_type: string;
  title: string;
  description: string;
  file_name: string;
  content_type: string;
  file_kind: UploadKind;
  size_bytes: number;
  uploaded_by_name: string;
  uploaded_at: string;
  expires_on: string | null;
  expired: boolean;
};
