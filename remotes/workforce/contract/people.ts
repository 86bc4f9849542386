import * as v from 'valibot';
import {
  choiceOf,
  defineResource,
  flag,
  MAX_ID,
  inOrder,
  isCalendarDate,
  isoDate,
  londonDate,
  objectMessage,
  optionalEmail,
  optionalIsoDate,
  optionalText,
  optionalUkPhone,
  optionalWholeNumber,
  requiredText,
  type Choice,
} from '@hcm/contract/engine';

// Carers (care workers, applicants included) and office employees: the people whose files this area keeps
// (DOMAIN.md, "Carer file"). Declared once; the engine serves their API, forms and history from here.

/** Where a carer is in their working life with the agency; an applicant becomes active when hired. */
export const CARER_STATUSES = [
  { value: 'applicant', label: 'Applicant' },
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'leaver', label: 'Leaver' },
] as const satisfies readonly Choice[];
export type CarerStatus = (typeof CARER_STATUSES)[number]['value'];

/** The recruitment pipeline an applicant moves along (rejected and withdrawn end it without hiring). */
export const RECRUITMENT_STAGES = [
  { value: 'applied', label: 'Applied' },
  { value: 'screening', label: 'Screening' },
  { value: 'interview', label: 'Interview' },
  { value: 'offer', label: 'Offer' },
  { value: 'checks', label: 'Pre-employment checks' },
  { value: 'ready', label: 'Ready to start' },
  { value: 'hired', label: 'Hired' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'withdrawn', label: 'Withdrawn' },
] as const satisfies readonly Choice[];
export type RecruitmentStage = (typeof RECRUITMENT_STAGES)[number]['value'];

export const APPLICANT_SOURCES = [
  { value: 'website', label: 'Our website' },
  { value: 'indeed', label: 'Indeed' },
  { value: 'totaljobs', label: 'Totaljobs' },
  { value: 'referral', label: 'Referred by a carer' },
  { value: 'job-centre', label: 'Jobcentre Plus' },
  { value: 'social-media', label: 'Social media' },
  { value: 'walk-in', label: 'Walk-in or phone call' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Choice[];

export const GENDERS = [
  { value: 'female', label: 'Female' },
  { value: 'male', label: 'Male' },
  { value: 'non-binary', label: 'Non-binary' },
  { value: 'not-said', label: 'Prefers not to say' },
] as const satisfies readonly Choice[];

export const CONTRACT_TYPES = [
  { value: 'full-time', label: 'Full time' },
  { value: 'part-time', label: 'Part time' },
  { value: 'zero-hours', label: 'Zero hours' },
  { value: 'bank', label: 'Bank (as and when)' },
] as const satisfies readonly Choice[];

export const EMPLOYEE_STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'probation', label: 'On probation' },
  { value: 'on-leave', label: 'On long-term leave' },
  { value: 'leaver', label: 'Leaver' },
] as const satisfies readonly Choice[];

const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/;

const postcode = v.pipe(
  v.string('Postcode is required.'),
  v.trim(),
  v.toUpperCase(),
  v.check((value) => UK_POSTCODE.test(value), 'Postcode must be a UK postcode, like NW1 8NP.'),
  v.transform((value) => value.replace(/\s+/g, '').replace(/^(.+)(\d[A-Z]{2})$/, '$1 $2')),
);

// HMRC's format: two letters (not D, F, I, Q, U or V; the second not O), six digits and A, B, C or D. Prefixes
// BG, GB, NK, KN, TN, NT and ZZ are never issued.
const NI_NUMBER = /^(?!BG|GB|NK|KN|TN|NT|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z]\d{6}[A-D]$/;

/** What a wrong NI number is told, on the form and from the API alike. */
export const NI_NUMBER_MESSAGE = 'Enter a National Insurance number like QQ 12 34 56 C.';

/**
 * A National Insurance number, optional until a carer is hired (payroll needs it); stored as QQ 12 34 56 C. One
 * pipe (not a union with ''), so a wrong number is told in a sentence rather than valibot's "Invalid type".
 */
const niNumber = v.optional(
  v.pipe(
    v.string(NI_NUMBER_MESSAGE),
    v.trim(),
    v.toUpperCase(),
    v.transform((value) => value.replace(/\s/g, '')),
    v.check((value) => value === '' || NI_NUMBER.test(value), NI_NUMBER_MESSAGE),
    v.transform((value) => value.replace(/^(..)(..)(..)(..)(.)$/, '$1 $2 $3 $4 $5')),
  ),
  '',
);

/** The youngest and oldest a member of staff may be (a date of birth outside is a typing mistake). */
export const MIN_STAFF_AGE = 16;
export const MAX_STAFF_AGE = 100;

/** Whole years from a date of birth to a day (both YYYY-MM-DD): a birthday not yet reached that year does not count. */
export function ageOn(dateOfBirth: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return day.slice(5) < dateOfBirth.slice(5) ? years - 1 : years;
}

/**
 * A member of staff's date of birth: a real day, at least 16 and at most 100 years before today in the UK (today
 * is read when the value is checked, from the one clock).
 */
const dateOfBirth = v.pipe(
  isoDate('Date of birth'),
  v.check((value) => !isCalendarDate(value) || value < londonDate(), 'Date of birth must be before today.'),
  v.check((value) => !isCalendarDate(value) || value >= londonDate() || ageOn(value, londonDate()) >= MIN_STAFF_AGE, `Date of birth makes them under ${MIN_STAFF_AGE}: staff must be at least ${MIN_STAFF_AGE}.`),
  v.check((value) => !isCalendarDate(value) || ageOn(value, londonDate()) <= MAX_STAFF_AGE, `Date of birth makes them over ${MAX_STAFF_AGE}: check the year.`),
);

/** A leaving date before the start date is a typing mistake (the same day is a one-day job). */
const LEAVING_BEFORE_START = 'Leaving date cannot be before the start date.';

/** Whether an NI number (spaces allowed) has HMRC's format. */
export const isValidNiNumber = (value: string) => NI_NUMBER.test(value.replace(/\s/g, '').toUpperCase());

/** An optional reference to another resource's row: empty or null is none. */
const optionalReference = (message: string) =>
  v.optional(
    v.union([
      v.pipe(v.union([v.literal(''), v.null()]), v.transform((): number | null => null)),
      v.pipe(v.union([v.number(), v.pipe(v.string(), v.minLength(1, message))]), v.transform(Number), v.integer(message), v.minValue(1, message), v.maxValue(MAX_ID, message)),
    ]),
    null,
  );

const personFields = {
  first_name: requiredText('First name', 80),
  last_name: requiredText('Last name', 80),
  preferred_name: optionalText('Preferred name', 80),
  gender: choiceOf(GENDERS, 'Choose a gender, or "Prefers not to say".'),
  date_of_birth: dateOfBirth,
  email: optionalEmail('Email'),
  phone: optionalUkPhone('Mobile phone'),
  address_line_1: requiredText('Address', 120),
  town: requiredText('Town', 80),
  postcode,
  ni_number: niNumber,
};

const personFieldSpecs = {
  first_name: { label: 'First name', kind: 'text', column: true, sortable: true, searchable: true },
  last_name: { label: 'Last name', kind: 'text', column: true, sortable: true, searchable: true },
  preferred_name: { label: 'Preferred name', kind: 'text', searchable: true },
  gender: { label: 'Gender', kind: 'choice', choices: GENDERS, filterable: true, hint: 'Clients may ask for a carer of one gender' },
  date_of_birth: { label: 'Date of birth', kind: 'date' },
  email: { label: 'Email', kind: 'email', searchable: true },
  phone: { label: 'Mobile phone', kind: 'phone', column: true },
  address_line_1: { label: 'Address', kind: 'text' },
  town: { label: 'Town', kind: 'text', column: true, sortable: true, searchable: true },
  postcode: { label: 'Postcode', kind: 'text', searchable: true },
  ni_number: { label: 'National Insurance number', kind: 'text', hint: 'Needed before the first payroll', searchable: true },
} as const;

/**
 * Carers, applicants included (status `applicant` with a recruitment stage): hiring one keeps the same record and
 * every document on it. Each belongs to a branch; staff see only their branches' carers. Compliance (DBS, right
 * to work…) is worked out by the server into its own table, not typed here.
 */
export const carers = defineResource({
  name: 'carers',
  title: 'Carers',
  singular: 'carer',
  schema: v.pipe(
    v.strictObject(
      {
        ...personFields,
        status: choiceOf(CARER_STATUSES, 'Choose a status.'),
        recruitment_stage: choiceOf(RECRUITMENT_STAGES, 'Choose a recruitment stage.'),
        source: choiceOf(APPLICANT_SOURCES, 'Choose where they heard of us.'),
        applied_on: optionalIsoDate('Applied on'),
        rejection_reason: optionalText('Why not taken forward', 1000),
        staffcode_id: optionalReference('Choose a role.'),
        band_id: optionalReference('Choose a pay band.'),
        contract_type: choiceOf(CONTRACT_TYPES, 'Choose a contract type.'),
        contracted_hours: optionalWholeNumber('Contracted hours a week', 0, 60),
        irregular_hours: flag(false),
        drives: flag(false),
        start_date: optionalIsoDate('Start date'),
        leaving_date: optionalIsoDate('Leaving date'),
        leaving_reason: optionalText('Why they left', 1000),
        emergency_contact_name: optionalText('Emergency contact', 120),
        emergency_contact_phone: optionalUkPhone('Emergency contact phone'),
        notes: optionalText('Notes', 4000),
      },
      objectMessage('carer'),
    ),
    inOrder('start_date', 'leaving_date', LEAVING_BEFORE_START),
  ),
  fields: {
    ...personFieldSpecs,
    status: { label: 'Status', kind: 'choice', choices: CARER_STATUSES, column: true, sortable: true, filterable: true },
    recruitment_stage: { label: 'Recruitment stage', kind: 'choice', choices: RECRUITMENT_STAGES, filterable: true, hint: '"Hired" once they start' },
    source: { label: 'Where they heard of us', kind: 'choice', choices: APPLICANT_SOURCES, filterable: true },
    applied_on: { label: 'Applied on', kind: 'date', sortable: true },
    rejection_reason: { label: 'Why not taken forward', kind: 'long-text', hint: 'Needed when rejected or withdrawn' },
    staffcode_id: { label: 'Role', kind: 'reference', references: { resource: 'staffcodes', labelField: 'name' }, filterable: true },
    band_id: { label: 'Pay band', kind: 'reference', references: { resource: 'bands', labelField: 'name' } },
    contract_type: { label: 'Contract', kind: 'choice', choices: CONTRACT_TYPES, filterable: true },
    contracted_hours: { label: 'Contracted hours a week', kind: 'integer', hint: 'Empty for zero-hours and bank' },
    irregular_hours: { label: 'Irregular hours (holiday accrues at 12.07 % of hours worked)', kind: 'boolean' },
    drives: { label: 'Drives to visits (licence and business insurance needed)', kind: 'boolean', filterable: true },
    start_date: { label: 'Start date', kind: 'date', sortable: true },
    leaving_date: { label: 'Leaving date', kind: 'date' },
    leaving_reason: { label: 'Why they left', kind: 'long-text' },
    emergency_contact_name: { label: 'Emergency contact', kind: 'text' },
    emergency_contact_phone: { label: 'Emergency contact phone', kind: 'phone' },
    notes: { label: 'Notes', kind: 'long-text' },
  },
  labelField: 'last_name',
  defaultSort: { field: 'last_name', mode: 'asc' },
  permissions: { view: 'carers.view', create: 'carers.create', edit: 'carers.edit', delete: 'carers.edit' },
  branchScoped: true,
  auditViews: true,
  filterSlot: 'carer',
  route: 'carers',
  area: 'workforce',
  deletion: 'soft',
});

/** Office employees: coordinators, administrators, managers. Their files are the manager's to keep. */
export const employees = defineResource({
  name: 'employees',
  title: 'Office employees',
  singular: 'office employee',
  schema: v.pipe(
    v.strictObject(
      {
        ...personFields,
        job_title: requiredText('Job title', 120),
        staffcode_id: optionalReference('Choose a role.'),
        status: choiceOf(EMPLOYEE_STATUSES, 'Choose a status.'),
        contract_type: choiceOf(CONTRACT_TYPES, 'Choose a contract type.'),
        contracted_hours: optionalWholeNumber('Contracted hours a week', 0, 60),
        start_date: optionalIsoDate('Start date'),
        probation_ends_on: optionalIsoDate('Probation ends on'),
        leaving_date: optionalIsoDate('Leaving date'),
        leaving_reason: optionalText('Why they left', 1000),
        emergency_contact_name: optionalText('Emergency contact', 120),
        emergency_contact_phone: optionalUkPhone('Emergency contact phone'),
        notes: optionalText('Notes', 4000),
      },
      objectMessage('office employee'),
    ),
    inOrder('start_date', 'leaving_date', LEAVING_BEFORE_START),
  ),
  fields: {
    ...personFieldSpecs,
    job_title: { label: 'Job title', kind: 'text', column: true, sortable: true, searchable: true },
    staffcode_id: { label: 'Role', kind: 'reference', references: { resource: 'staffcodes', labelField: 'name' }, filterable: true },
    status: { label: 'Status', kind: 'choice', choices: EMPLOYEE_STATUSES, column: true, sortable: true, filterable: true },
    contract_type: { label: 'Contract', kind: 'choice', choices: CONTRACT_TYPES, filterable: true },
    contracted_hours: { label: 'Contracted hours a week', kind: 'integer' },
    start_date: { label: 'Start date', kind: 'date', column: true, sortable: true },
    probation_ends_on: { label: 'Probation ends on', kind: 'date', sortable: true },
    leaving_date: { label: 'Leaving date', kind: 'date' },
    leaving_reason: { label: 'Why they left', kind: 'long-text' },
    emergency_contact_name: { label: 'Emergency contact', kind: 'text' },
    emergency_contact_phone: { label: 'Emergency contact phone', kind: 'phone' },
    notes: { label: 'Notes', kind: 'long-text' },
  },
  labelField: 'last_name',
  defaultSort: { field: 'last_name', mode: 'asc' },
  permissions: { view: 'employees.view', create: 'employees.create', edit: 'employees.edit', delete: 'employees.edit' },
  branchScoped: true,
  auditViews: true,
  route: 'employees',
  area: 'workforce',
  deletion: 'soft',
});

export const WORKFORCE_RESOURCES = [carers, employees] as const;
