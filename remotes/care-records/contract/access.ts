import * as v from 'valibot';
import { isCalendarDate, londonDate, optionalText, optionalUkPhone } from '@hcm/contract/engine';

// How carers get into a client's home (DOMAIN.md: "access notes (key safe code kept restricted)"): the key safe
// and its code, the door, parking, pets, the alarm, and who holds a key. One form, one schema for the screen
// and the API (PUT /api/v1/clients/:clientId/access). Reading it needs clients.key-safe.view and is audited.

/** Push-button and dial key safes take 3 to 12 digits (some models letters too). Stored in capitals. */
export const KEY_SAFE_CODE = /^[0-9A-Z]{3,12}$/;

const keySafeCode = v.optional(
  v.pipe(
    v.string('Key-safe code must be 3 to 12 digits or letters, like 4827.'),
    v.trim(),
    v.toUpperCase(),
    v.check((value) => value === '' || KEY_SAFE_CODE.test(value), 'Key-safe code must be 3 to 12 digits or letters, like 4827.'),
  ),
  '',
);

/** The day the code was last changed ('' when not known): a real day, not after today (UK). */
const changedOn = v.optional(
  v.pipe(
    v.string('Code last changed must be a date.'),
    v.trim(),
    v.check((value) => value === '' || isCalendarDate(value), 'Code last changed must be a date.'),
    v.check((value) => value === '' || !isCalendarDate(value) || value <= londonDate(), 'Code last changed cannot be in the future.'),
  ),
  '',
);

export const ClientAccessSchema = v.pipe(
  v.strictObject(
    {
      key_safe_location: optionalText('Where the key safe is', 300),
      key_safe_code: keySafeCode,
      key_safe_code_changed_on: changedOn,
      door_access: optionalText('Getting in', 1000),
      parking: optionalText('Parking', 1000),
      pets: optionalText('Pets', 1000),
      alarm: optionalText('Alarm', 1000),
      key_holder_name: optionalText('Key holder', 120),
      key_holder_relationship: optionalText("Key holder's relationship", 80),
      key_holder_phone: optionalUkPhone("Key holder's phone"),
      notes: optionalText('Other access notes', 2000),
    },
    (issue) => (issue.expected === 'Object' ? 'Send the access details as a JSON object.' : issue.expected === 'never' ? `${String(issue.received)} is not a field of the access details.` : 'This field is required.'),
  ),
  // A code with nowhere to use it is no help at the door; a key holder without a number cannot be called.
  v.forward(
    v.partialCheck([['key_safe_code'], ['key_safe_location']], (input) => input.key_safe_code === '' || input.key_safe_location !== '', 'Say where the key safe is.'),
    ['key_safe_location'],
  ),
  v.forward(
    v.partialCheck([['key_holder_name'], ['key_holder_phone']], (input) => input.key_holder_name === '' || input.key_holder_phone !== '', "Give the key holder's phone number."),
    ['key_holder_phone'],
  ),
);

export type ClientAccessInput = v.InferInput<typeof ClientAccessSchema>;
export type ClientAccessValues = v.InferOutput<typeof ClientAccessSchema>;

/** The access details as the API answers them: the values, and who changed them last and when (null before any save). */
export type ClientAccess = ClientAccessValues & { client_id: number; updated_at: string | null; updated_by: string | null };

/** The fields of the form, in order (also the columns of the client_access table). */
export const CLIENT_ACCESS_FIELDS = [
  'key_safe_location',
  'key_safe_code',
  'key_safe_code_changed_on',
  'door_access',
  'parking',
  'pets',
  'alarm',
  'key_holder_name',
  'key_holder_relationship',
  'key_holder_phone',
  'notes',
] as const satisfies readonly (keyof ClientAccessValues)[];

/** Empty access details: what a client without a saved row reads. */
export const EMPTY_CLIENT_ACCESS: ClientAccessValues = Object.fromEntries(CLIENT_ACCESS_FIELDS.map((key) => [key, ''])) as ClientAccessValues;
