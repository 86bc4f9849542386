import * as v from 'valibot';
import { choiceOf, optionalText, optionalWholeNumber } from '@hcm/contract/engine';
import type { MarGap } from './mar.js';

// Medication at visits, as carers' devices send it and the office's live-events lists show it: MAR outcomes
// (with the dose and INR of an anticoagulant), photos of the MAR sheet or blister pack, and stock reports
// (running low, out, not delivered, damaged) the office marks handled. One schema per body, for the API and
// any form alike.

/**
 * Anticoagulants by the catalogue medicine's name (generic or brand): warfarin and the DOACs. A dose of any of
 * these is listed under medications-warfarin with the dose given and, for warfarin, the INR. By name because
 * the catalogue (reference data) carries no drug class; the high-risk flag alone would also catch insulin and
 * opioids.
 */
export const ANTICOAGULANT_NAMES = ['warfarin', 'marevan', 'apixaban', 'eliquis', 'rivaroxaban', 'xarelto', 'edoxaban', 'lixiana', 'dabigatran', 'pradaxa'] as const;

export const isAnticoagulant = (medicine: string) => ANTICOAGULANT_NAMES.some((name) => medicine.toLowerCase().includes(name));

/** An optional id (a number, or '' / null for none). */
const idOrNull = (message: string) =>
  v.optional(
    v.union([
      v.pipe(v.union([v.literal(''), v.null()]), v.transform((): number | null => null)),
      v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(2_147_483_647, message)),
    ], message),
    null,
  );

/** INR as the anticoagulation clinic writes it: 0.8 to 10, one decimal place or two. */
export const INR = /^(?:[0-9](?:\.[0-9]{1,2})?|10(?:\.0{1,2})?)$/;

/** A MAR outcome recorded at a visit (POST /api/v1/carer-app/clients/:clientId/medication-outcomes). */
export const DeviceOutcomeSchema = v.strictObject(
  {
    schedule_id: v.pipe(v.number('Choose the medicine.'), v.integer('Choose the medicine.'), v.minValue(1, 'Choose the medicine.')),
    due_date: optionalText('Due date', 10),
    due_slot: optionalText('Dose time', 20),
    outcome: v.pipe(v.string('Choose an outcome.'), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{1,4}$/, 'Choose an outcome.')),
    /** The time on the device when it was given or not given (kept when sent offline later). */
    recorded_at: v.optional(v.string('Give the time on the device when it happened.'), ''),
    dose_given: optionalText('Dose given', 80),
    note: optionalText('Note', 2000),
    prn_reason: optionalText('Reason for giving it', 500),
    over_limit_reason: optionalText('Reason for giving it over the limit', 500),
    /** An anticoagulant's latest INR, when the carer knows it (the yellow book). */
    inr: v.optional(v.pipe(v.string('INR must be a number like 2.5.'), v.trim(), v.check((value) => value === '' || INR.test(value), 'INR must be a number like 2.5.')), ''),
  },
  (issue) => (issue.expected === 'Object' ? 'Send the outcome as a JSON object.' : issue.expected === 'never' ? `${String(issue.received)} is not a field of a medication outcome.` : 'This field is required.'),
);
export type DeviceOutcomeInput = v.InferInput<typeof DeviceOutcomeSchema>;
export type DeviceOutcomeValues = v.InferOutput<typeof DeviceOutcomeSchema>;

// ---------------------------------------------------------------- photos

export const MEDICATION_IMAGE_KINDS = [
  { value: 'mar-sheet', label: 'MAR sheet' },
  { value: 'blister-pack', label: 'Blister pack' },
  { value: 'medicine', label: 'Medicine or label' },
] as const;
export type MedicationImageKind = (typeof MEDICATION_IMAGE_KINDS)[number]['value'];

/** Photos only, told by their first bytes: JPEG, PNG, WebP, HEIC. */
export const MEDICATION_IMAGE_TYPES = ['jpeg', 'png', 'webp', 'heic'] as const;
export const MEDICATION_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const MEDICATION_IMAGE_TOO_LARGE = 'The photo is larger than 5 MB. Take it again at a lower resolution.';
export const MEDICATION_IMAGE_WRONG_TYPE = 'Send a photo: JPEG, PNG, WebP or HEIC (judged by its content).';

/** A photo as base64 JSON (POST …/medication-images). */
export const MedicationImageSchema = v.strictObject(
  {
    kind: choiceOf(MEDICATION_IMAGE_KINDS, 'Say what the photo shows.'),
    schedule_id: idOrNull('Choose a medicine on the chart, or none.'),
    caption: optionalText('Caption', 500),
    recorded_at: v.optional(v.string('Give the time on the device when it was taken.'), ''),
    file_name: optionalText('File name', 200),
    /** The bytes, base64 (a data: URL prefix is accepted). */
    data: v.pipe(v.string('Send the photo.'), v.minLength(1, 'Send the photo.')),
  },
  (issue) => (issue.expected === 'Object' ? 'Send the photo as a JSON object.' : issue.expected === 'never' ? `${String(issue.received)} is not a field of a medication photo.` : 'This field is required.'),
);
export type MedicationImageValues = v.InferOutput<typeof MedicationImageSchema>;

// ---------------------------------------------------------------- stock

export const AVAILABILITY_PROBLEMS = [
  { value: 'running-low', label: 'Running low' },
  { value: 'out-of-stock', label: 'Run out' },
  { value: 'not-delivered', label: 'Not delivered' },
  { value: 'damaged', label: 'Damaged or spoilt' },
] as const;
export type AvailabilityProblem = (typeof AVAILABILITY_PROBLEMS)[number]['value'];

export const MedicationAvailabilitySchema = v.pipe(
  v.strictObject(
    {
      problem: choiceOf(AVAILABILITY_PROBLEMS, 'Say what is wrong with the supply.'),
      schedule_id: idOrNull('Choose a medicine on the chart, or name it.'),
      medicine_name: optionalText('Medicine', 200),
      quantity_left: optionalWholeNumber('Quantity left', 0, 10_000),
      note: optionalText('Note', 2000),
      recorded_at: v.optional(v.string('Give the time on the device when it was noticed.'), ''),
    },
    (issue) => (issue.expected === 'Object' ? 'Send the report as a JSON object.' : issue.expected === 'never' ? `${String(issue.received)} is not a field of a stock report.` : 'This field is required.'),
  ),
  v.forward(
    v.partialCheck([['schedule_id'], ['medicine_name']], (input) => input.schedule_id !== null || input.medicine_name !== '', 'Choose the medicine on the chart, or name it.'),
    ['medicine_name'],
  ),
);
export type MedicationAvailabilityValues = v.InferOutput<typeof MedicationAvailabilitySchema>;

export const HandleAvailabilitySchema = v.strictObject(
  { note: v.pipe(v.string('Say what was done.'), v.trim(), v.minLength(1, 'Say what was done (e.g. pharmacy rang, delivery tomorrow).'), v.maxLength(2000, 'At most 2000 characters.')) },
  (issue) => (issue.expected === 'Object' ? 'Send the note as a JSON object.' : issue.expected === 'never' ? `${String(issue.received)} is not a field here.` : 'This field is required.'),
);
export type HandleAvailabilityValues = v.InferOutput<typeof HandleAvailabilitySchema>;

// ---------------------------------------------------------------- what the device reads and the lists answer

/** A dose due at a visit, as the device's care sheet lists it. */
const CareSheetDoseSchema = v.object({
  schedule_id: v.number(),
  medicine: v.string(),
  dose: v.string(),
  route: v.string(),
  directions: v.string(),
  support: v.string(),
  day: v.string(),
  slot: v.string(),
  time_critical: v.boolean(),
  anticoagulant: v.boolean(),
  recorded: v.nullable(v.object({ id: v.number(), outcome: v.string(), outcome_label: v.string(), given_at: v.string(), dose_given: v.string() })),
});
export type CareSheetDose = v.InferOutput<typeof CareSheetDoseSchema>;

/**
 * What the device reads at a visit (GET /api/v1/carer-app/clients/:clientId/care). Published to other areas (the
 * scheduler's device routes read the client's facts from it): the type is the schema's.
 */
export const CareSheetSchema = v.object({
  client: v.object({ id: v.number(), name: v.string(), allergies: v.string(), address: v.string(), postcode: v.string() }),
  /**
   * key_safe: that the client has a key safe, and where it is, when the carer's role holds clients.key-safe.view
   * (else null). Never the code: the sheet is kept on the phone; the code is read on a tap from
   * GET …/key-safe (KeySafeAnswer), audited each time and never kept.
   */
  key_facts: v.object({ resuscitation: v.nullable(v.string()), access: v.string(), key_safe: v.nullable(v.object({ location: v.string() })) }),
  calls: v.array(v.object({ call: v.string(), time: v.string(), duration: v.nullable(v.number()), tasks: v.string() })),
  what_matters: v.string(),
  /** PRN (when needed) medicines with their limits and the doses counted as given in the 24 hours before the read. */
  as_needed: v.array(
    v.object({
      schedule_id: v.number(),
      medicine: v.string(),
      dose: v.string(),
      prn_reason: v.string(),
      max_doses: v.nullable(v.number()),
      min_gap_hours: v.nullable(v.number()),
      given_24h: v.array(v.string()),
    }),
  ),
  doses: v.array(CareSheetDoseSchema),
  /** The agency's active MAR outcome codes, in the office's order (the office edits them: mar/outcome-codes). */
  outcome_codes: v.array(v.object({ code: v.string(), label: v.string(), description: v.string(), counts_as_given: v.boolean(), note_required: v.boolean() })),
});
export type CareSheet = v.InferOutput<typeof CareSheetSchema>;
export type CareSheetPrn = CareSheet['as_needed'][number];
export type CareSheetOutcomeCode = CareSheet['outcome_codes'][number];

/** The key-safe code, read on a tap (GET /api/v1/carer-app/clients/:clientId/key-safe): audited, never cached. */
export type KeySafeAnswer = { location: string; code: string };

export type MedicationEventRow = {
  id: number;
  client_id: number;
  client_name: string;
  branch_id: number | null;
  medicine: string;
  due_date: string | null;
  due_slot: string | null;
  outcome: string;
  outcome_label: string;
  counts_as_given: boolean;
  given_at: string;
  recorded_at: string;
  carer_id: number;
  carer_name: string;
  dose_given: string;
  note: string;
  created_via: 'office' | 'device';
  time_critical: boolean;
  inr: string | null;
};

export type MedicationImageRow = {
  id: number;
  client_id: number;
  client_name: string;
  kind: MedicationImageKind;
  schedule_id: number | null;
  medicine: string | null;
  caption: string;
  mime: string;
  size_bytes: number;
  taken_at: string;
  carer_id: number;
  carer_name: string;
};

export type AvailabilityRow = {
  id: number;
  client_id: number;
  client_name: string;
  problem: AvailabilityProblem;
  schedule_id: number | null;
  medicine: string;
  quantity_left: number | null;
  note: string;
  reported_at: string;
  carer_id: number;
  carer_name: string;
  handled_at: string | null;
  handled_by_name: string | null;
  handled_note: string;
};

export type MarGapClientRow = {
  client_id: number;
  client_name: string;
  branch_id: number | null;
  gaps: number;
  time_critical_gaps: number;
  latest_gap: string | null;
  gap_list: MarGap[];
};

export const labelOfChoice = (choices: readonly { value: string; label: string }[], value: string) => choices.find((choice) => choice.value === value)?.label ?? value;
