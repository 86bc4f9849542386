import * as v from 'valibot';
import {
  choiceOf,
  defineResource,
  flag,
  inOrder,
  isoDate,
  objectMessage,
  optionalIsoDate,
  optionalText,
  referenceTo,
  requiredText,
  type Choice,
} from '@hcm/contract/engine';

// Two episodes in a client's care that the office manages outside the record's documents (spec §2.1,
// client-hospitals and client-pre-exit): a stay in hospital, during which visits are usually paused and the
// discharge has to be planned with the ward, and the ending of care, from the notice to the last visit,
// the keys and the archived file. Both are nested under the client: their rows follow the client's branch.

export const ADMISSION_ROUTES = [
  { value: 'ambulance', label: '999 ambulance' },
  { value: 'gp-referral', label: 'GP referral' },
  { value: 'planned', label: 'Planned admission' },
  { value: 'other', label: 'Other' },
] as const;

export const DISCHARGE_DESTINATIONS = [
  { value: 'home-same-package', label: 'Home, same care package' },
  { value: 'home-changed-package', label: 'Home, care package changed (review needed)' },
  { value: 'intermediate-care', label: 'Intermediate care or reablement bed' },
  { value: 'residential-home', label: 'Residential care home' },
  { value: 'nursing-home', label: 'Nursing home' },
  { value: 'family-home', label: "A relative's home" },
  { value: 'died-in-hospital', label: 'Died in hospital' },
  { value: 'other', label: 'Other' },
] as const;

export const ENDING_REASONS = [
  { value: 'residential-nursing-care', label: 'Moving to residential or nursing care' },
  { value: 'moved-out-of-area', label: 'Moved out of the area' },
  { value: 'family-taking-over', label: 'Family taking over care' },
  { value: 'funding-ended', label: 'Funding ended' },
  { value: 'hospital-long-term', label: 'Long-term stay in hospital' },
  { value: 'deceased', label: 'Deceased' },
  { value: 'client-choice', label: "Client's choice" },
  { value: 'other', label: 'Other' },
] as const;

export const NOTICE_GIVERS = [
  { value: 'client', label: 'Client' },
  { value: 'family', label: 'Family' },
  { value: 'funder', label: 'Funder' },
  { value: 'agency', label: 'Agency' },
] as const;

/** A choice that may be left empty (''), e.g. a discharge destination before the discharge. */
const optionalChoice = (choices: readonly Choice[], message: string) =>
  v.optional(v.picklist(['', ...choices.map((choice) => choice.value)] as [string, ...string[]], message), '');

/** An optional HH:MM time ('' when not known), stored as HH:MM so times sort as text. */
const optionalTime = (label: string) =>
  v.optional(
    v.union(
      [
        v.literal(''),
        v.pipe(
          v.string(),
          v.trim(),
          v.regex(/^([01]?\d|2[0-3]):[0-5]\d$/, `${label} must be a 24-hour time like 09:30.`),
          v.transform((value) => value.padStart(5, '0')),
        ),
      ],
      `${label} must be a 24-hour time like 09:30.`,
    ),
    '',
  );

/**
 * An object-level rule: when `when` holds a value, `field` must too. The issue lands on `field`, so the form
 * shows it there (a discharge date without where the client went).
 */
function requiredWith<TInput extends Record<string, unknown>>(
  when: keyof TInput & string,
  field: keyof TInput & string,
  message: string,
): v.BaseValidation<TInput, TInput, v.BaseIssue<unknown>> {
  const check = v.partialCheck(
    [[when], [field]] as [[string], [string]],
    (input: Record<string, unknown>) => input[when] === '' || input[when] === undefined || (input[field] !== '' && input[field] !== undefined),
    message,
  );
  return v.forward(check as never, [field] as never) as unknown as v.BaseValidation<TInput, TInput, v.BaseIssue<unknown>>;
}

/**
 * `inOrder` with the message on the earlier field: the date in `earlier` is not after the one in `later`
 * (a final visit after the planned end is wrong on the final visit, not on the end).
 */
function notAfter<TInput extends Record<string, unknown>>(
  earlier: keyof TInput & string,
  later: keyof TInput & string,
  message: string,
): v.BaseValidation<TInput, TInput, v.BaseIssue<unknown>> {
  const check = v.partialCheck(
    [[earlier], [later]] as [[string], [string]],
    (input: Record<string, unknown>) => {
      const from = input[earlier];
      const to = input[later];
      return typeof from !== 'string' || typeof to !== 'string' || from === '' || to === '' || from <= to;
    },
    message,
  );
  return v.forward(check as never, [earlier] as never) as unknown as v.BaseValidation<TInput, TInput, v.BaseIssue<unknown>>;
}

/** A client's stay in hospital: where, since when, how they went in, the discharge, and whether visits are paused. */
export const clientHospitals = defineResource({
  name: 'client-hospitals',
  title: 'Hospital stays',
  singular: 'hospital stay',
  schema: v.pipe(
    v.strictObject(
      {
        client_id: referenceTo('Choose a client.'),
        hospital: requiredText('Hospital', 160),
        ward: optionalText('Ward', 80),
        admitted_on: isoDate('Admitted on'),
        admitted_via: choiceOf(ADMISSION_ROUTES, 'Choose how they were admitted.'),
        reason: requiredText('Reason for admission', 1000),
        expected_discharge_on: optionalIsoDate('Expected discharge date'),
        discharged_on: optionalIsoDate('Discharged on'),
        discharge_destination: optionalChoice(DISCHARGE_DESTINATIONS, 'Choose where they were discharged to.'),
        visits_paused: flag(true),
        reported_by: requiredText('Who told the office', 160),
        reported_on: isoDate('Date the office was told'),
        reported_time: optionalTime('Time the office was told'),
        notes: optionalText('Notes', 4000),
      },
      objectMessage('hospital stay'),
    ),
    inOrder('admitted_on', 'discharged_on', 'Discharged on cannot be before the admission.'),
    inOrder('admitted_on', 'expected_discharge_on', 'Expected discharge date cannot be before the admission.'),
    requiredWith('discharged_on', 'discharge_destination', 'Choose where they were discharged to.'),
  ),
  fields: {
    client_id: { label: 'Client', kind: 'reference', references: { resource: 'clients', labelField: 'last_name' }, column: true, filterable: true, fixedAfterCreate: true },
    hospital: { label: 'Hospital', kind: 'text', hint: 'e.g. Royal Free Hospital, Hampstead', column: true, sortable: true, searchable: true },
    ward: { label: 'Ward', kind: 'text', hint: 'With the ward phone number if known, e.g. 8 West, 020 7794 0500', column: true, searchable: true },
    admitted_on: { label: 'Admitted on', kind: 'date', column: true, sortable: true, filterable: true },
    admitted_via: { label: 'Admitted via', kind: 'choice', choices: ADMISSION_ROUTES, filterable: true },
    reason: { label: 'Reason for admission', kind: 'long-text', hint: 'What happened, as the family or the hospital told it' },
    expected_discharge_on: { label: 'Expected discharge date', kind: 'date', hint: 'From the ward or the discharge team', column: true, sortable: true },
    discharged_on: { label: 'Discharged on', kind: 'date', hint: 'Empty while the client is still in hospital', column: true, sortable: true, filterable: true },
    discharge_destination: { label: 'Discharge destination', kind: 'choice', choices: DISCHARGE_DESTINATIONS, filterable: true },
    visits_paused: { label: 'Visits paused', kind: 'boolean', hint: 'Calls are paused while the client is in hospital (the rota and invoices follow)', column: true, filterable: true },
    reported_by: { label: 'Who told the office', kind: 'text', hint: 'e.g. daughter by phone, ward sister, carer at the door', searchable: true },
    reported_on: { label: 'Date the office was told', kind: 'date' },
    reported_time: { label: 'Time the office was told', kind: 'time' },
    notes: { label: 'Notes', kind: 'long-text', hint: 'Discharge planning: needs on return, equipment, a review before calls restart' },
  },
  labelField: 'hospital',
  defaultSort: { field: 'admitted_on', mode: 'desc' },
  permissions: { view: 'clients.view', create: 'clients.edit', edit: 'clients.edit', delete: 'clients.edit' },
  // Nested under the client (rows follow the client's branch) yet with screens of its own at /app/client-hospitals.
  parent: { resource: 'clients', field: 'client_id' },
  auditViews: true,
  filterSlot: 'client_hospital',
  route: 'client-hospitals',
  area: 'care-records',
  deletion: 'soft',
});

/** The ending of a client's care: why, who gave notice and when, the last visit, and what is left to close. */
export const clientPreExits = defineResource({
  name: 'client-pre-exit',
  title: 'Ending care',
  singular: 'care ending',
  schema: v.pipe(
    v.strictObject(
      {
        client_id: referenceTo('Choose a client.'),
        reason: choiceOf(ENDING_REASONS, 'Choose the reason care is ending.'),
        notice_given_by: choiceOf(NOTICE_GIVERS, 'Choose who gave notice.'),
        notice_date: isoDate('Notice date'),
        planned_end_date: isoDate('Planned end date'),
        final_visit_date: optionalIsoDate('Final visit date'),
        handover_to: optionalText('Handover to', 200),
        equipment_to_collect: optionalText('Equipment to collect', 2000),
        keys_returned: flag(false),
        documents_to_archive: optionalText('Documents to archive', 2000),
        exit_survey_sent: flag(false),
        notes: optionalText('Notes', 4000),
      },
      objectMessage('care ending'),
    ),
    inOrder('notice_date', 'planned_end_date', 'Planned end date cannot be before the notice date.'),
    inOrder('notice_date', 'final_visit_date', 'Final visit date cannot be before the notice date.'),
    notAfter('final_visit_date', 'planned_end_date', 'Final visit date cannot be after the planned end date.'),
  ),
  fields: {
    client_id: { label: 'Client', kind: 'reference', references: { resource: 'clients', labelField: 'last_name' }, column: true, filterable: true, fixedAfterCreate: true },
    reason: { label: 'Reason for ending', kind: 'choice', choices: ENDING_REASONS, column: true, filterable: true },
    notice_given_by: { label: 'Notice given by', kind: 'choice', choices: NOTICE_GIVERS, column: true, filterable: true },
    notice_date: { label: 'Notice date', kind: 'date', column: true, sortable: true },
    planned_end_date: { label: 'Planned end date', kind: 'date', hint: 'The last day of care under the contract', column: true, sortable: true, filterable: true },
    final_visit_date: { label: 'Final visit date', kind: 'date', column: true, sortable: true },
    handover_to: { label: 'Handover to', kind: 'text', hint: 'Who takes over: the care home, the family, the new provider, the district nurses', searchable: true },
    equipment_to_collect: { label: 'Equipment to collect', kind: 'long-text', hint: "The agency's: care file, MAR folder, gloves and aprons, a loaned key safe" },
    keys_returned: { label: 'Keys returned or key-safe code changed', kind: 'boolean', hint: 'No carer can still let themselves in', column: true, filterable: true },
    documents_to_archive: { label: 'Documents to archive', kind: 'long-text', hint: 'Brought back from the home and kept for the retention period' },
    exit_survey_sent: { label: 'Exit survey sent', kind: 'boolean', column: true, filterable: true },
    notes: { label: 'Notes', kind: 'long-text' },
  },
  labelField: 'planned_end_date',
  defaultSort: { field: 'planned_end_date', mode: 'asc' },
  permissions: { view: 'clients.view', create: 'clients.edit', edit: 'clients.edit', delete: 'clients.edit' },
  parent: { resource: 'clients', field: 'client_id' },
  auditViews: true,
  route: 'client-pre-exit',
  area: 'care-records',
  deletion: 'soft',
});
