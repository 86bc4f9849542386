import * as v from 'valibot';
import type { SavedFilterSlot } from '@hcm/contract';

// The quality-assurance registers, declared once for their screens and their server: one model per register
// kind (a shared core plus the kind's own fields), ONE valibot schema per kind (registerSchema) used by the form
// and by the API (422 per field), the complaints' working-day timetable and the CQC notification rule
// (./registers-cqc.ts).

export const REGISTER_KINDS = ['incident-and-accidents', 'safeguardings', 'complaints', 'medication-errors', 'compliments', 'cqc-notifications'] as const;
export type RegisterKind = (typeof REGISTER_KINDS)[number];
export const isRegisterKind = (value: unknown): value is RegisterKind => typeof value === 'string' && (REGISTER_KINDS as readonly string[]).includes(value);

export type Choice = { value: string; label: string };
const choices = (pairs: readonly (readonly [string, string])[]): Choice[] => pairs.map(([value, label]) => ({ value, label }));

export const RECORD_STATUSES = choices([
  ['open', 'Open'],
  ['under_investigation', 'Under investigation'],
  ['closed', 'Closed'],
]);
export const CQC_STATUSES = choices([
  ['draft', 'Draft'],
  ['submitted', 'Submitted'],
]);
export const SEVERITIES = choices([
  ['low', 'Low'],
  ['moderate', 'Moderate'],
  ['high', 'High'],
  ['critical', 'Critical'],
]);

export type RegisterInfo = {
  kind: RegisterKind;
  /** The list's heading. */
  title: string;
  /** One record, in a sentence ("incident"). */
  singular: string;
  /** The reference number's prefix: INC-0001. */
  prefix: string;
  /** The spec's saved-filter slot holding the list's filters (CQC notifications have none). */
  filterSlot: SavedFilterSlot | null;
  statuses: Choice[];
  /** What the core date means for this kind. */
  dateLabel: string;
  hasSeverity: boolean;
};

export const REGISTERS: Record<RegisterKind, RegisterInfo> = {
  'incident-and-accidents': { kind: 'incident-and-accidents', title: 'Incidents and accidents', singular: 'incident', prefix: 'INC', filterSlot: 'incident_and_accident', statuses: RECORD_STATUSES, dateLabel: 'Date it happened', hasSeverity: true },
  safeguardings: { kind: 'safeguardings', title: 'Safeguarding', singular: 'safeguarding concern', prefix: 'SAF', filterSlot: 'safeguarding', statuses: RECORD_STATUSES, dateLabel: 'Date raised', hasSeverity: true },
  complaints: { kind: 'complaints', title: 'Complaints', singular: 'complaint', prefix: 'CMP', filterSlot: 'complaint', statuses: RECORD_STATUSES, dateLabel: 'Date received', hasSeverity: true },
  'medication-errors': { kind: 'medication-errors', title: 'Medication errors', singular: 'medication error', prefix: 'MED', filterSlot: 'medication_error', statuses: RECORD_STATUSES, dateLabel: 'Date of the error', hasSeverity: true },
  compliments: { kind: 'compliments', title: 'Compliments', singular: 'compliment', prefix: 'CPL', filterSlot: 'compliment', statuses: RECORD_STATUSES, dateLabel: 'Date received', hasSeverity: false },
  'cqc-notifications': { kind: 'cqc-notifications', title: 'CQC notifications', singular: 'CQC notification', prefix: 'CQC', filterSlot: null, statuses: CQC_STATUSES, dateLabel: 'Date of the event', hasSeverity: false },
};

// ---- The kinds' own fields.

export type FieldKind = 'text' | 'textarea' | 'date' | 'time' | 'choice' | 'boolean';
export type RegisterField = {
  name: string;
  label: string;
  kind: FieldKind;
  options?: Choice[];
  required?: boolean;
  hint?: string;
  /** Shown (and read) only when another field holds one of these values. */
  showWhen?: { field: string; values: string[] };
};

export const INCIDENT_TYPES = choices([
  ['fall', 'Fall'],
  ['injury', 'Injury (not a fall)'],
  ['skin_tear', 'Skin tear or pressure damage'],
  ['near_miss', 'Near miss'],
  ['property', 'Property damage or loss'],
  ['behaviour', 'Behaviour that challenges'],
  ['missed_visit', 'Missed or late visit'],
  ['other', 'Other'],
]);
export const INJURY_SEVERITIES = choices([
  ['none', 'No injury'],
  ['minor', 'Minor (first aid)'],
  ['moderate', 'Moderate (GP or minor injuries unit)'],
  ['serious', 'Serious (fracture, hospital treatment)'],
  ['death', 'Death'],
]);
/** The Care Act 2014 statutory guidance's categories of abuse and neglect. */
export const ABUSE_CATEGORIES = choices([
  ['physical', 'Physical abuse'],
  ['domestic', 'Domestic abuse'],
  ['sexual', 'Sexual abuse'],
  ['psychological', 'Psychological abuse'],
  ['financial', 'Financial or material abuse'],
  ['modern_slavery', 'Modern slavery'],
  ['discriminatory', 'Discriminatory abuse'],
  ['organisational', 'Organisational abuse'],
  ['neglect', 'Neglect and acts of omission'],
  ['self_neglect', 'Self-neglect'],
]);
export const PERPETRATOR_RELATIONS = choices([
  ['', 'Not known yet'],
  ['family', 'Family member'],
  ['partner', 'Partner'],
  ['staff', 'Member of our staff'],
  ['other_professional', 'Another professional'],
  ['neighbour_friend', 'Neighbour or friend'],
  ['stranger', 'Stranger'],
  ['self', 'Self (self-neglect)'],
]);
export const SECTION_42 = choices([
  ['', 'Not decided yet'],
  ['yes', 'Section 42 enquiry opened'],
  ['no', 'No Section 42 enquiry'],
]);
export const SAFEGUARDING_OUTCOMES = choices([
  ['', 'Pending'],
  ['substantiated', 'Substantiated'],
  ['partly_substantiated', 'Partly substantiated'],
  ['not_substantiated', 'Not substantiated'],
  ['inconclusive', 'Inconclusive'],
]);
export const COMPLAINANT_RELATIONS = choices([
  ['client', 'The client'],
  ['family', 'Family member'],
  ['advocate', 'Advocate or representative'],
  ['professional', 'Professional'],
  ['other', 'Other'],
]);
export const CHANNELS = choices([
  ['phone', 'Phone'],
  ['email', 'Email'],
  ['letter', 'Letter'],
  ['in_person', 'In person'],
  ['online', 'Online review'],
]);
export const FINDINGS = choices([
  ['', 'Not decided yet'],
  ['upheld', 'Upheld'],
  ['partly_upheld', 'Partly upheld'],
  ['not_upheld', 'Not upheld'],
]);
export const MEDICATION_ERROR_TYPES = choices([
  ['omission', 'Omission (dose missed)'],
  ['wrong_dose', 'Wrong dose'],
  ['wrong_time', 'Wrong time'],
  ['wrong_person', 'Wrong person'],
  ['wrong_medicine', 'Wrong medicine'],
  ['recording', 'Recording error (MAR)'],
]);
export const HARM_LEVELS = choices([
  ['no_harm', 'No harm'],
  ['low', 'Low harm'],
  ['moderate', 'Moderate harm'],
  ['severe', 'Severe harm'],
  ['death', 'Death'],
]);
export const ADVICE_SOUGHT = choices([
  ['none', 'None needed'],
  ['gp', 'GP'],
  ['nhs_111', 'NHS 111'],
  ['pharmacist', 'Pharmacist'],
  ['emergency', '999 / A&E'],
]);

/** Registration Regulations 2009: the notifications a home-care provider sends CQC (DOMAIN.md, Quality and regulation). */
export const CQC_CATEGORIES = choices([
  ['death', 'Death of a person using the service (Regulation 16)'],
  ['serious_injury', 'Serious injury, incl. grade 3+ pressure ulcers (Regulation 18(2)(a))'],
  ['abuse', 'Abuse or allegation of abuse (Regulation 18(2)(e))'],
  ['police', 'Incident reported to or investigated by the police (Regulation 18(2)(f))'],
  ['service_disruption', 'Event stopping the service running safely (Regulation 18(2)(g))'],
  ['dols', 'Deprivation of liberty application outcome (Regulation 18(4A))'],
  ['manager_absence', 'Absence of the registered manager for 28 days or more (Regulation 14)'],
]);
export const cqcCategoryLabel = (value: string) => CQC_CATEGORIES.find((choice) => choice.value === value)?.label ?? value;

const on = (field: string, ...values: string[]) => ({ field, values });

export const KIND_FIELDS: Record<RegisterKind, RegisterField[]> = {
  'incident-and-accidents': [
    { name: 'incident_type', label: 'Type of incident', kind: 'choice', options: INCIDENT_TYPES, required: true },
    { name: 'injury_severity', label: 'Injury', kind: 'choice', options: INJURY_SEVERITIES, required: true },
    { name: 'body_location', label: 'Where on the body', kind: 'text', hint: 'e.g. left hip, right forearm' },
    { name: 'hospital_attendance', label: 'Went to hospital', kind: 'boolean' },
    { name: 'police_involved', label: 'Police involved', kind: 'boolean' },
    { name: 'riddor_reportable', label: 'RIDDOR reportable (staff injury or dangerous occurrence)', kind: 'boolean' },
  ],
  safeguardings: [
    { name: 'abuse_category', label: 'Category of abuse (Care Act 2014)', kind: 'choice', options: ABUSE_CATEGORIES, required: true },
    { name: 'alleged_perpetrator', label: 'Alleged perpetrator', kind: 'choice', options: PERPETRATOR_RELATIONS },
    { name: 'la_referral_on', label: 'Referred to the local authority on', kind: 'date' },
    { name: 'la_reference', label: 'Local authority reference', kind: 'text' },
    { name: 'section_42', label: 'Section 42 enquiry', kind: 'choice', options: SECTION_42 },
    { name: 'safeguarding_outcome', label: 'Safeguarding outcome', kind: 'choice', options: SAFEGUARDING_OUTCOMES },
    { name: 'police_involved', label: 'Police involved', kind: 'boolean' },
  ],
  complaints: [
    { name: 'complainant_name', label: 'Complainant', kind: 'text', required: true },
    { name: 'complainant_relation', label: 'Complainant is', kind: 'choice', options: COMPLAINANT_RELATIONS, required: true },
    { name: 'channel', label: 'Received by', kind: 'choice', options: CHANNELS, required: true },
    { name: 'acknowledged_on', label: 'Acknowledged on', kind: 'date' },
    { name: 'responded_on', label: 'Full response sent on', kind: 'date' },
    { name: 'finding', label: 'Finding', kind: 'choice', options: FINDINGS },
    { name: 'ombudsman_escalated', label: 'Escalated to the Local Government and Social Care Ombudsman', kind: 'boolean' },
  ],
  'medication-errors': [
    { name: 'medicine', label: 'Medicine', kind: 'text', required: true },
    { name: 'error_type', label: 'Type of error', kind: 'choice', options: MEDICATION_ERROR_TYPES, required: true },
    { name: 'harm_level', label: 'Harm', kind: 'choice', options: HARM_LEVELS, required: true },
    { name: 'advice_sought', label: 'Advice sought from', kind: 'choice', options: ADVICE_SOUGHT, required: true },
  ],
  compliments: [
    { name: 'from_name', label: 'From', kind: 'text', required: true },
    { name: 'about_whom', label: 'About whom', kind: 'text', hint: 'The carer, team or branch praised' },
    { name: 'shared_with_carer', label: 'Shared with the carer', kind: 'boolean' },
  ],
  'cqc-notifications': [
    { name: 'category', label: 'Notification category', kind: 'choice', options: [{ value: '', label: 'Choose a category' }, ...CQC_CATEGORIES], required: true },
    { name: 'person_condition', label: "The person's condition now", kind: 'textarea', showWhen: on('category', 'serious_injury', 'abuse', 'police', 'dols') },
    { name: 'death_expected', label: 'Was the death expected?', kind: 'choice', options: choices([['', 'Choose'], ['expected', 'Expected'], ['unexpected', 'Unexpected']]), showWhen: on('category', 'death') },
    { name: 'cause_of_death', label: 'Cause of death, if known', kind: 'text', showWhen: on('category', 'death') },
    { name: 'injury_description', label: 'The injury and its treatment', kind: 'textarea', showWhen: on('category', 'serious_injury') },
    { name: 'police_reference', label: 'Police reference', kind: 'text', showWhen: on('category', 'police', 'abuse') },
    { name: 'la_informed', label: 'Local authority safeguarding team informed', kind: 'boolean', showWhen: on('category', 'abuse') },
    { name: 'absence_from', label: 'Manager absent from', kind: 'date', showWhen: on('category', 'manager_absence') },
    { name: 'absence_until', label: 'Expected back on', kind: 'date', showWhen: on('category', 'manager_absence') },
    { name: 'acting_manager', label: 'Who manages meanwhile', kind: 'text', showWhen: on('category', 'manager_absence') },
    { name: 'submitted_on', label: 'Submitted to CQC on', kind: 'date' },
    { name: 'cqc_reference', label: 'CQC reference', kind: 'text' },
  ],
};

// ---- People involved and who was told.

export const PERSON_TYPES = choices([
  ['client', 'Client'],
  ['carer', 'Carer'],
  ['employee', 'Office employee'],
  ['other', 'Someone else'],
]);
export const TOLD_PARTIES = choices([
  ['family', 'Family'],
  ['local_authority', 'Local authority safeguarding team'],
  ['police', 'Police'],
  ['cqc', 'CQC'],
  ['commissioner', 'Commissioner'],
  ['gp', 'GP'],
  ['other', 'Other'],
]);

export type PersonInvolved = { person_type: string; person_id: number | null; name: string; role: string };
export type ToldRow = { party: string; told_on: string; told_time: string; by_whom: string; reference: string };

/** What a form holds and an API write sends. Kind fields are flat beside the core ones. */
export type RegisterValues = {
  branch_id: number | string;
  occurred_on: string;
  occurred_time: string;
  reported_by: string;
  summary: string;
  immediate_actions: string;
  investigation: string;
  outcome: string;
  lessons_learnt: string;
  status: string;
  closed_on: string;
  due_on: string;
  severity: string;
  source_kind: string;
  source_id: number | null;
  people: PersonInvolved[];
  told: ToldRow[];
  base_version?: number;
  [field: string]: unknown;
};

export const CORE_FIELDS = ['occurred_on', 'occurred_time', 'reported_by', 'summary', 'immediate_actions', 'investigation', 'outcome', 'lessons_learnt', 'status', 'closed_on', 'due_on', 'severity'] as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const isCalendarDate = (value: string) => {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

const text = (max: number, required: boolean, message = 'This field is required.') =>
  required ? v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, `At most ${max} characters.`)) : v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, `At most ${max} characters.`)), '');
const date = (required: boolean, message = 'Give a date.') =>
  required
    ? v.pipe(v.string(message), v.check(isCalendarDate, message))
    : v.optional(v.pipe(v.string(), v.check((value) => value === '' || isCalendarDate(value), 'Give a real date (YYYY-MM-DD) or leave it empty.')), '');
const time = () => v.optional(v.pipe(v.string(), v.check((value) => value === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(value), 'Give a time as HH:MM.')), '');
const choice = (options: Choice[], required: boolean, message = 'Choose one.') => {
  const values = options.map((option) => option.value).filter((value) => !required || value !== '');
  const picked = v.picklist(values as [string, ...string[]], message);
  return required ? picked : v.optional(picked, '');
};
const id = v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/, 'Choose a branch.'), v.transform(Number))], 'Choose a branch.'), v.integer('Choose a branch.'), v.minValue(1, 'Choose a branch.'), v.maxValue(2_147_483_647, 'Choose a branch.'));

const PersonSchema = v.object({
  person_type: v.picklist(PERSON_TYPES.map((option) => option.value) as [string, ...string[]], 'Choose who this is.'),
  person_id: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647))), null),
  name: text(120, true, 'Give the name.'),
  role: text(120, false),
});
const ToldSchema = v.object({
  party: v.picklist(TOLD_PARTIES.map((option) => option.value) as [string, ...string[]], 'Choose who was told.'),
  told_on: date(true, 'Give the date they were told.'),
  told_time: time(),
  by_whom: text(120, true, 'Say who told them.'),
  reference: text(120, false),
});

function kindEntries(kind: RegisterKind): v.ObjectEntries {
  const entries: Record<string, v.GenericSchema> = {};
  for (const field of KIND_FIELDS[kind]) {
    const required = Boolean(field.required);
    if (field.kind === 'boolean') entries[field.name] = v.optional(v.boolean(), false);
    else if (field.kind === 'date') entries[field.name] = date(false);
    else if (field.kind === 'time') entries[field.name] = time();
    else if (field.kind === 'choice') entries[field.name] = choice(field.options ?? [], required, kind === 'cqc-notifications' && field.name === 'category' ? 'Choose the notification category.' : 'Choose one.');
    else entries[field.name] = text(field.kind === 'textarea' ? 4000 : 200, required);
  }
  return entries;
}

const errorAt = (key: string, message: string, input: Record<string, unknown>) => ({ message, path: [{ type: 'object', origin: 'value', input, key, value: input[key] }] as [v.ObjectPathItem] });

/**
 * The one schema of a register kind: the form's resolver and the API's validation. Rules across fields: a closed
 * (or submitted) record needs its date, not before the event; a date in the future is refused for the event.
 */
export function registerSchema(kind: RegisterKind, today?: string) {
  const info = REGISTERS[kind];
  const statuses = info.statuses.map((status) => status.value) as [string, ...string[]];
  const object = v.object({
    branch_id: id,
    occurred_on: date(true, kind === 'cqc-notifications' ? 'Give the date of the event.' : `Give the ${info.dateLabel.toLowerCase()}.`),
    occurred_time: time(),
    reported_by: text(120, true, 'Say who reported it.'),
    summary: text(4000, true, kind === 'compliments' ? 'Say what was said.' : 'Say what happened.'),
    immediate_actions: text(4000, false),
    investigation: text(4000, false),
    outcome: text(4000, false),
    lessons_learnt: text(4000, false),
    status: v.optional(v.picklist(statuses, 'Choose a status.'), statuses[0]),
    closed_on: date(false),
    due_on: date(false),
    severity: info.hasSeverity ? choice([{ value: '', label: '' }, ...SEVERITIES], false) : v.optional(v.literal(''), ''),
    source_kind: v.optional(v.union([v.literal(''), v.picklist(REGISTER_KINDS as unknown as [string, ...string[]])]), ''),
    source_id: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647))), null),
    people: v.optional(v.pipe(v.array(PersonSchema), v.maxLength(30, 'At most 30 people.')), []),
    told: v.optional(v.pipe(v.array(ToldSchema), v.maxLength(30, 'At most 30 rows.')), []),
    base_version: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
    ...kindEntries(kind),
  });
  return v.pipe(
    object,
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const value = dataset.value as Record<string, unknown>;
      const occurred = String(value['occurred_on']);
      if (today && occurred > today) addIssue(errorAt('occurred_on', 'This date is in the future.', value));
      if (kind === 'cqc-notifications') {
        if (value['status'] === 'submitted' && !value['submitted_on']) addIssue(errorAt('submitted_on', 'Give the date it was submitted to CQC.', value));
        if (value['category'] === 'death' && !value['death_expected']) addIssue(errorAt('death_expected', 'Say whether the death was expected.', value));
        if (value['category'] === 'manager_absence' && !value['absence_from']) addIssue(errorAt('absence_from', 'Give the first day of the absence.', value));
        return;
      }
      const closed = String(value['closed_on'] ?? '');
      if (value['status'] === 'closed' && !closed) addIssue(errorAt('closed_on', 'Give the date it was closed.', value));
      if (closed && closed < occurred) addIssue(errorAt('closed_on', 'It cannot close before it happened.', value));
      if (kind === 'complaints') {
        const responded = String(value['responded_on'] ?? '');
        if (responded && responded < occurred) addIssue(errorAt('responded_on', 'The response cannot be before the complaint.', value));
        if (value['status'] === 'closed' && !responded) addIssue(errorAt('responded_on', 'Send the full response before closing the complaint.', value));
      }
    }),
  );
}
export type RegisterSchema = ReturnType<typeof registerSchema>;

/** An empty form of a kind (every kind field at its empty value). */
export function emptyValues(kind: RegisterKind, branchId: number | string = ''): RegisterValues {
  const values: RegisterValues = {
    branch_id: branchId,
    occurred_on: '',
    occurred_time: '',
    reported_by: '',
    summary: '',
    immediate_actions: '',
    investigation: '',
    outcome: '',
    lessons_learnt: '',
    status: REGISTERS[kind].statuses[0]!.value,
    closed_on: '',
    due_on: '',
    severity: '',
    source_kind: '',
    source_id: null,
    people: [],
    told: [],
  };
  for (const field of KIND_FIELDS[kind]) {
    if (field.kind === 'boolean') values[field.name] = false;
    else if (field.kind === 'choice' && field.required && field.options?.[0] && kind !== 'cqc-notifications') values[field.name] = field.options[0].value;
    else values[field.name] = '';
  }
  return values;
}

/** The kind fields of a values object (what the server keeps in `details`). */
export function detailsOf(kind: RegisterKind, values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(KIND_FIELDS[kind].map((field) => [field.name, values[field.name] ?? (field.kind === 'boolean' ? false : '')]));
}

export const referenceOf = (kind: RegisterKind, seq: number) => `${REGISTERS[kind].prefix}-${String(seq).padStart(4, '0')}`;
export const labelOf = (options: Choice[], value: unknown) => options.find((option) => option.value === value)?.label ?? String(value ?? '');

// ---- Answers of the API.

export type CqcPrompt = { category: string; label: string; reason: string };
export type LinkedNotification = { id: number; reference: string; status: string; submitted_on: string };

export type RegisterRow = {
  id: number;
  kind: RegisterKind;
  reference: string;
  branch_id: number;
  branch: string;
  occurred_on: string;
  summary: string;
  status: string;
  severity: string;
  due_on: string;
  overdue: boolean;
  /** The kind's headline detail (incident type, category, complainant...). */
  headline: string;
  people: string;
  updated_at: string;
};

export type ComplaintTimetable = { acknowledge_by: string; respond_by: string; acknowledge_working_days: number; response_working_days: number; acknowledge_overdue: boolean; response_overdue: boolean };

export type RegisterRecord = RegisterValues & {
  id: number;
  kind: RegisterKind;
  reference: string;
  branch_id: number;
  branch: string;
  version: number;
  created_at: string;
  updated_at: string;
  updated_by: string;
  overdue: boolean;
  cqc_prompt: CqcPrompt | null;
  cqc_notification: LinkedNotification | null;
  source_reference: string;
  timetable: ComplaintTimetable | null;
};

export type DashboardAnswer = {
  branch_id: number | null;
  counts: { kind: RegisterKind; status: string; count: number }[];
  /** The last 12 months, oldest first, as YYYY-MM. */
  months: string[];
  trends: { kind: RegisterKind; month: string; count: number }[];
  overdue: { id: number; kind: RegisterKind; reference: string; branch: string; what: string; due_on: string; summary: string }[];
};

// ---- Working days (complaints' timetable).

const addDays = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** The date `days` working days after `from` (weekends and the given bank holidays skipped; `from` itself not counted). */
export function addWorkingDays(from: string, days: number, holidays: ReadonlySet<string> | readonly string[] = []): string {
  const closed = holidays instanceof Set ? holidays : new Set(holidays as readonly string[]);
  let date = from;
  let left = days;
  while (left > 0) {
    date = addDays(date, 1);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6 || closed.has(date)) continue;
    left -= 1;
  }
  return date;
}

export const COMPLAINT_SETTINGS = {
  complaint_acknowledge_working_days: { default: 3, label: 'Complaints: acknowledge within (working days)' },
  complaint_response_working_days: { default: 20, label: 'Complaints: full response within (working days)' },
} as const;

export function complaintTimetable(received: string, settings: { acknowledge: number; respond: number }, holidays: ReadonlySet<string>, facts: { acknowledged_on: string; responded_on: string }, today: string): ComplaintTimetable {
  const acknowledge_by = addWorkingDays(received, settings.acknowledge, holidays);
  const respond_by = addWorkingDays(received, settings.respond, holidays);
  return {
    acknowledge_by,
    respond_by,
    acknowledge_working_days: settings.acknowledge,
    response_working_days: settings.respond,
    acknowledge_overdue: !facts.acknowledged_on && acknowledge_by < today,
    response_overdue: !facts.responded_on && respond_by < today,
  };
}
