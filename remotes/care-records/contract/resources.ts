import * as v from 'valibot';
import { choiceOf, defineResource, flag, isoDate, objectMessage, optionalEmail, optionalIsoDate, optionalText, optionalUkPhone, pastOrTodayIsoDate, referenceTo, requiredText } from '@hcm/contract/engine';
import { DOSE_TIMINGS, MEDICATION_ROUTES, SCHEDULE_ENTRIES, SUPPORT_LEVELS } from './mar.js';
import { clientHospitals, clientPreExits } from './episodes.js';

// The client (service user) and the parts of the care record a health professional is shown: care needs,
// medications and contacts (DOMAIN.md, "People and records" and "Medication and MAR charts").

export const CLIENT_STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'in-hospital', label: 'In hospital' },
  { value: 'paused', label: 'Paused' },
  { value: 'ended', label: 'Ended' },
  { value: 'deceased', label: 'Deceased' },
] as const;

const SERVICE_TYPES = [
  { value: 'domiciliary', label: 'Domiciliary care' },
  { value: 'supported-living', label: 'Supported living' },
] as const;

/** A 10-digit NHS number whose last digit is the modulus-11 check digit of the first nine. */
export function isValidNhsNumber(value: string): boolean {
  const digits = value.replace(/\s/g, '');
  if (!/^\d{10}$/.test(digits)) return false;
  const sum = [...digits.slice(0, 9)].reduce((total, digit, index) => total + Number(digit) * (10 - index), 0);
  const check = 11 - (sum % 11);
  if (check === 10) return false;
  return (check === 11 ? 0 : check) === Number(digits[9]);
}

// Required: the table's unique index on nhs_number (the area's baseline migration) counts '' as a value, so a second client
// without one could not be stored. Should a client without an NHS number ever need adding, a migration
// making that index partial (nhs_number <> '') comes first.
const nhsNumber = v.pipe(
  v.string('NHS number is required.'),
  v.trim(),
  v.nonEmpty('NHS number is required.'),
  v.check(isValidNhsNumber, 'NHS number must be 10 digits with a valid check digit, like 943 476 5919.'),
  // Stored as 3-3-4 groups, the way it is printed on NHS letters.
  v.transform((value) => value.replace(/\s/g, '').replace(/^(\d{3})(\d{3})(\d{4})$/, '$1 $2 $3')),
);

const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/;

const postcode = v.pipe(
  v.string('Postcode is required.'),
  v.trim(),
  v.toUpperCase(),
  v.check((value) => UK_POSTCODE.test(value), 'Postcode must be a UK postcode, like LS1 4AP.'),
  v.transform((value) => value.replace(/\s+/g, '').replace(/^(.+)(\d[A-Z]{2})$/, '$1 $2')),
);

/** People receiving care. Each belongs to a branch; staff see only their branches' clients. */
export const clients = defineResource({
  name: 'clients',
  title: 'Clients',
  singular: 'client',
  schema: v.strictObject(
    {
      first_name: requiredText('First name', 80),
      last_name: requiredText('Last name', 80),
      preferred_name: optionalText('Preferred name', 80),
      date_of_birth: pastOrTodayIsoDate('Date of birth'),
      nhs_number: nhsNumber,
      local_authority_id: optionalText('Local-authority client id', 40),
      service_type: choiceOf(SERVICE_TYPES, 'Choose a type of service.'),
      status: choiceOf(CLIENT_STATUSES, 'Choose a status.'),
      address_line_1: requiredText('Address', 120),
      town: requiredText('Town', 80),
      postcode,
      phone: optionalUkPhone('Phone'),
      gp_practice: optionalText('GP practice', 160),
      start_date: isoDate('Start of care'),
      end_date: optionalIsoDate('End of care'),
      care_needs: optionalText('Care needs', 8000),
      medical_conditions: optionalText('Medical conditions', 4000),
      allergies: optionalText('Allergies', 2000),
      communication_needs: optionalText('Communication needs', 2000),
    },
    objectMessage('client'),
  ),
  fields: {
    first_name: { label: 'First name', kind: 'text', column: true, sortable: true, searchable: true },
    last_name: { label: 'Last name', kind: 'text', column: true, sortable: true, searchable: true },
    preferred_name: { label: 'Preferred name', kind: 'text', hint: 'What they like to be called', searchable: true },
    date_of_birth: { label: 'Date of birth', kind: 'date', column: true, sortable: true },
    nhs_number: { label: 'NHS number', kind: 'text', column: true, searchable: true, unique: true },
    local_authority_id: { label: 'Local-authority client id', kind: 'text', hint: 'Can replace the name on invoices', searchable: true },
    service_type: { label: 'Service', kind: 'choice', choices: SERVICE_TYPES, filterable: true },
    status: { label: 'Status', kind: 'choice', choices: CLIENT_STATUSES, column: true, sortable: true, filterable: true },
    address_line_1: { label: 'Address', kind: 'text' },
    town: { label: 'Town', kind: 'text', column: true, sortable: true, searchable: true },
    postcode: { label: 'Postcode', kind: 'text', column: true, searchable: true },
    phone: { label: 'Phone', kind: 'phone' },
    gp_practice: { label: 'GP practice', kind: 'text' },
    start_date: { label: 'Start of care', kind: 'date', sortable: true, filterable: true },
    end_date: { label: 'End of care', kind: 'date' },
    care_needs: { label: 'Care needs', kind: 'long-text', hint: 'What support they need at each visit, in their words where possible' },
    medical_conditions: { label: 'Medical conditions', kind: 'long-text' },
    allergies: { label: 'Allergies', kind: 'long-text', hint: 'Write "None known" rather than leaving it empty' },
    communication_needs: { label: 'Communication needs', kind: 'long-text' },
  },
  labelField: 'last_name',
  defaultSort: { field: 'last_name', mode: 'asc' },
  permissions: { view: 'clients.view', create: 'clients.create', edit: 'clients.edit', delete: 'clients.delete' },
  branchScoped: true,
  auditViews: true,
  filterSlot: 'client',
  route: 'clients',
  area: 'care-records',
  deletion: 'soft',
});

/**
 * A client's medication schedule (the eMAR, contract/mar.ts): a medicine of the catalogue with its dose, route,
 * support level, times (set times or periods of the day) or PRN limits, time-critical window, prescriber,
 * pharmacy and blister pack. The engine serves its reads (list, record, history, CSV) and builds its table from
 * this declaration; it serves no writes (`operations: []`): the rules of NG67 are more than the engine's create
 * and update can say — the same medicine twice warns and asks for confirmation, a dose or time is never edited
 * (the schedule is stopped and re-created), nothing is deleted — so server/mar/ writes schedules (POST
 * /clients/:id/medications, .../:id/stop) with MedicationScheduleSchema, and audits them under this resource.
 */
export const clientMedications = defineResource({
  name: 'client-medications',
  title: 'Medications',
  singular: 'medication',
  schema: v.strictObject(SCHEDULE_ENTRIES, objectMessage('medication')),
  fields: {
    client_id: { label: 'Client', kind: 'reference', references: { resource: 'clients', labelField: 'last_name' }, filterable: true, fixedAfterCreate: true },
    medication_id: { label: 'Medicine', kind: 'reference', references: { resource: 'medications', labelField: 'name' }, column: true, fixedAfterCreate: true },
    dose: { label: 'Dose', kind: 'text', hint: 'e.g. 1 tablet (10 mg), 5 ml, 2 puffs', column: true },
    route: { label: 'Route', kind: 'choice', choices: MEDICATION_ROUTES, column: true },
    frequency: { label: 'Directions', kind: 'text', hint: 'As the pharmacy label words them, e.g. "One to be taken twice a day"' },
    support_level: { label: 'Support', kind: 'choice', choices: SUPPORT_LEVELS, column: true, filterable: true },
    as_needed: { label: 'When needed (PRN)', kind: 'boolean', column: true, filterable: true },
    timing: { label: 'Timing', kind: 'choice', choices: DOSE_TIMINGS },
    times: { label: 'Times', kind: 'text', hint: 'Set times (08:00,20:00) or periods of the day (morning,evening)', column: true },
    days_of_week: { label: 'Days of the week', kind: 'text', hint: 'Empty for every day; else the days, e.g. mon,thu' },
    prn_reason: { label: 'When to give it (PRN)', kind: 'text' },
    prn_max_doses: { label: 'Maximum doses in 24 hours (PRN)', kind: 'integer' },
    prn_min_gap_hours: { label: 'Minimum hours between doses (PRN)', kind: 'integer' },
    time_critical: { label: 'Time-critical', kind: 'boolean', hint: 'e.g. insulin, Parkinson\'s medicines: a missed dose is flagged sooner', column: true },
    time_critical_window: { label: 'Time-critical window (minutes either side)', kind: 'integer' },
    start_date: { label: 'Start date', kind: 'date', column: true, sortable: true },
    stop_date: { label: 'Stop date', kind: 'date', hint: 'The first day no dose is due', column: true, sortable: true },
    stop_reason: { label: 'Reason for stopping', kind: 'text' },
    prescriber: { label: 'Prescriber', kind: 'text' },
    pharmacy: { label: 'Pharmacy', kind: 'text' },
    blister_pack: { label: 'Blister pack (monitored dosage system)', kind: 'boolean' },
    instructions: { label: 'Special instructions', kind: 'long-text' },
    replaces_id: { label: 'Re-creates schedule', kind: 'integer' },
  },
  labelField: 'dose',
  defaultSort: { field: 'start_date', mode: 'desc' },
  // Medication is clinical content (shared/contract permissions): reading it needs the clinical permission.
  permissions: { view: 'clients.clinical.view', create: 'clients.edit', edit: 'clients.edit', delete: 'clients.edit' },
  operations: [],
  // Nested: its screens are the client record's medication tab (src/medication/), no route of its own.
  parent: { resource: 'clients', field: 'client_id' },
  area: 'care-records',
  // Never deleted: no delete route is served (a stopped schedule stays, with its administrations).
  deletion: 'hard',
});

const RELATIONSHIPS = [
  { value: 'spouse', label: 'Spouse or partner' },
  { value: 'child', label: 'Son or daughter' },
  { value: 'relative', label: 'Other relative' },
  { value: 'friend', label: 'Friend or neighbour' },
  { value: 'advocate', label: 'Advocate' },
  { value: 'social-worker', label: 'Social worker' },
  { value: 'other', label: 'Other' },
] as const;

/** Next of kin and the client's support network. */
export const clientContacts = defineResource({
  name: 'client-contacts',
  title: 'Contacts',
  singular: 'contact',
  schema: v.strictObject(
    {
      client_id: referenceTo('Choose a client.'),
      name: requiredText('Name', 120),
      relationship: choiceOf(RELATIONSHIPS, 'Choose a relationship.'),
      phone: optionalUkPhone('Phone'),
      email: optionalEmail('Email'),
      next_of_kin: flag(false),
      lasting_power_of_attorney: flag(false),
      notes: optionalText('Notes', 2000),
    },
    objectMessage('contact'),
  ),
  fields: {
    client_id: { label: 'Client', kind: 'reference', references: { resource: 'clients', labelField: 'last_name' }, filterable: true, fixedAfterCreate: true },
    name: { label: 'Name', kind: 'text', column: true, sortable: true, searchable: true },
    relationship: { label: 'Relationship', kind: 'choice', choices: RELATIONSHIPS, column: true, filterable: true },
    phone: { label: 'Phone', kind: 'phone', column: true },
    email: { label: 'Email', kind: 'email', column: true },
    next_of_kin: { label: 'Next of kin', kind: 'boolean', column: true },
    lasting_power_of_attorney: { label: 'Holds lasting power of attorney', kind: 'boolean', hint: 'Health and welfare, or property and financial affairs' },
    notes: { label: 'Notes', kind: 'long-text' },
  },
  labelField: 'name',
  defaultSort: { field: 'name', mode: 'asc' },
  permissions: { view: 'clients.view', create: 'clients.edit', edit: 'clients.edit', delete: 'clients.edit' },
  parent: { resource: 'clients', field: 'client_id' },
  area: 'care-records',
  deletion: 'hard',
});

const PROFESSIONS = [
  { value: 'gp', label: 'GP' },
  { value: 'district-nurse', label: 'District nurse' },
  { value: 'community-mental-health-nurse', label: 'Community mental health nurse' },
  { value: 'social-worker', label: 'Social worker' },
  { value: 'pharmacist', label: 'Pharmacist' },
  { value: 'occupational-therapist', label: 'Occupational therapist' },
  { value: 'physiotherapist', label: 'Physiotherapist' },
  { value: 'other', label: 'Other' },
] as const;

/** GPs, nurses, social workers and others who are shown the records of the clients shared with them. */
export const healthProfessionals = defineResource({
  name: 'health-professionals',
  title: 'Health professionals',
  singular: 'health professional',
  schema: v.strictObject(
    {
      name: requiredText('Name', 120),
      profession: choiceOf(PROFESSIONS, 'Choose a profession.'),
      organisation: requiredText('Organisation', 160),
      email: v.pipe(
        v.string('Email is required.'),
        v.trim(),
        v.toLowerCase(),
        v.email('Email must be an email address, like gp@example.nhs.uk.'),
      ),
      phone: optionalUkPhone('Phone'),
      active: flag(true),
    },
    objectMessage('health professional'),
  ),
  fields: {
    name: { label: 'Name', kind: 'text', column: true, sortable: true, searchable: true },
    profession: { label: 'Profession', kind: 'choice', choices: PROFESSIONS, column: true, sortable: true, filterable: true },
    organisation: { label: 'Organisation', kind: 'text', hint: 'e.g. Leeds Road Surgery', column: true, sortable: true, searchable: true },
    email: { label: 'Email', kind: 'email', column: true, searchable: true, unique: true },
    phone: { label: 'Phone', kind: 'phone' },
    active: { label: 'Active', kind: 'boolean', hint: 'An inactive professional cannot sign in or use a link', column: true, filterable: true },
  },
  labelField: 'name',
  defaultSort: { field: 'name', mode: 'asc' },
  permissions: {
    view: 'health-professionals.view',
    create: 'health-professionals.edit',
    edit: 'health-professionals.edit',
    delete: 'health-professionals.edit',
  },
  filterSlot: 'health_professional',
  route: 'health-professionals',
  area: 'care-records',
  deletion: 'soft',
});

export const CLIENT_RESOURCES = [clients, clientMedications, clientContacts, healthProfessionals, clientHospitals, clientPreExits] as const;
