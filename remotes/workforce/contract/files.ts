import * as v from 'valibot';
import {
  choiceOf,
  flag,
  isCalendarDate,
  londonDate,
  objectMessage,
  optionalIsoDate,
  optionalText,
  optionalWholeNumber,
  pastOrTodayIsoDate,
  referenceTo,
  requiredText,
  timeOfDay,
  type Choice,
} from '@hcm/contract/engine';

// The staff file's own records (contract of the `files` part): uploads, call logs, branch transfers, a carer's
// preferences and their acceptance of the agency's terms. Each schema is declared once here and used by the
// server (422 per field) and by the form (valibot resolver), so both say the same thing.

// ---------------------------------------------------------------- uploads

/** The setting that caps an upload (whole MB), its default, and the most it may be set to. */
export const UPLOAD_MAX_MB_SETTING = 'upload_max_mb';
export const UPLOAD_MAX_MB_DEFAULT = 10;
export const UPLOAD_MAX_MB_CEILING = 50;

/** The kinds of file accepted on a staff file, told apart by their first bytes on the server. */
export const STAFF_UPLOAD_KINDS = [
  { kind: 'pdf', label: 'PDF', extensions: ['pdf'], preview: 'pdf' },
  { kind: 'jpeg', label: 'JPEG', extensions: ['jpg', 'jpeg'], preview: 'image' },
  { kind: 'png', label: 'PNG', extensions: ['png'], preview: 'image' },
  // Most browsers cannot show HEIC (iPhone photos): accepted, offered as a download.
  { kind: 'heic', label: 'HEIC', extensions: ['heic', 'heif'], preview: 'download' },
  { kind: 'docx', label: 'Word (.docx)', extensions: ['docx'], preview: 'download' },
] as const;
export type StaffUploadKind = (typeof STAFF_UPLOAD_KINDS)[number]['kind'];

export const STAFF_UPLOAD_EXTENSIONS: readonly string[] = STAFF_UPLOAD_KINDS.flatMap((kind) => kind.extensions);
/** For an <input type="file" accept>. */
export const STAFF_UPLOAD_ACCEPT = STAFF_UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');
export const STAFF_UPLOAD_TYPES_TEXT = STAFF_UPLOAD_KINDS.map((kind) => kind.label).join(', ');

const uploadTypeId = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,10}$/, 'Choose the type of document.'))], 'Choose the type of document.'),
  v.transform(Number),
  v.integer('Choose the type of document.'),
  v.minValue(1, 'Choose the type of document.'),
  v.maxValue(2_147_483_647, 'Choose the type of document.'),
);

/** The questions of an upload besides the file (multipart text fields). */
export const StaffUploadSchema = v.strictObject(
  {
    upload_type_id: uploadTypeId,
    title: requiredText('Title', 200),
    expires_on: optionalIsoDate('Expiry date'),
  },
  objectMessage('upload'),
);
export type StaffUploadInput = v.InferInput<typeof StaffUploadSchema>;

/** A new file in place of an upload's (a renewed DBS certificate, a new passport): its title and expiry. */
export const StaffUploadReplaceSchema = v.strictObject(
  {
    title: requiredText('Title', 200),
    expires_on: optionalIsoDate('Expiry date'),
  },
  objectMessage('replacement'),
);

export const StaffUploadRemovalSchema = v.strictObject({ reason: requiredText('Reason for removing it', 500) }, objectMessage('removal'));

/** What a file must be, checked before sending (the server checks again, reading its first bytes). */
export function staffUploadFileProblem(file: { name: string; size: number } | null | undefined, maxMb: number): string | null {
  if (!file) return 'Choose a file.';
  if (file.size === 0) return 'The file is empty.';
  if (file.size > maxMb * 1024 * 1024) return `The file is larger than ${maxMb} MB.`;
  const extension = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!STAFF_UPLOAD_EXTENSIONS.includes(extension)) return `Choose a ${STAFF_UPLOAD_TYPES_TEXT} file.`;
  return null;
}

export type StaffUploadTypeChoice = { id: number; name: string; expires: boolean; required: boolean; description: string };

/** GET …/upload-types: the document types for this kind of file and the size limit now in force. */
export type StaffUploadOptions = { types: StaffUploadTypeChoice[]; max_mb: number };

export type StaffUploadRow = {
  id: number;
  upload_type_id: number;
  upload_type: string;
  title: string;
  file_name: string;
  content_type: string;
  file_kind: StaffUploadKind;
  size_bytes: number;
  uploaded_by_name: string;
  uploaded_at: string;
  expires_on: string | null;
  expired: boolean;
  /** The upload this file replaced, when it is a replacement. */
  replaces_id: number | null;
};

// ---------------------------------------------------------------- call logs

export const STAFF_CALL_DIRECTIONS = [
  { value: 'in', label: 'Incoming (to the office)' },
  { value: 'out', label: 'Outgoing (from the office)' },
] as const satisfies readonly Choice[];

export const StaffCallLogSchema = v.pipe(
  v.strictObject(
    {
      call_date: pastOrTodayIsoDate('Date of the call'),
      call_time: timeOfDay('Time of the call'),
      direction: choiceOf(STAFF_CALL_DIRECTIONS, 'Choose whether the call came in or went out.'),
      with_name: requiredText('Who was on the call', 120),
      subject: requiredText('Subject', 200),
      notes: requiredText('Notes', 4000),
      follow_up_needed: flag(false),
      follow_up_due: optionalIsoDate('Follow-up due'),
    },
    objectMessage('call log entry'),
  ),
  v.forward(
    v.partialCheck([['follow_up_needed'], ['follow_up_due']], (call) => !call.follow_up_needed || call.follow_up_due !== '', 'Give the date the follow-up is due.'),
    ['follow_up_due'],
  ),
  v.forward(
    v.partialCheck(
      [['call_date'], ['follow_up_needed'], ['follow_up_due']],
      (call) => !call.follow_up_needed || call.follow_up_due === '' || !isCalendarDate(call.follow_up_due) || call.follow_up_due >= call.call_date,
      'The follow-up cannot be due before the call.',
    ),
    ['follow_up_due'],
  ),
);
export type StaffCallLogInput = v.InferInput<typeof StaffCallLogSchema>;

export const StaffFollowUpDoneSchema = v.strictObject({ outcome: optionalText('What was done', 1000) }, objectMessage('follow-up'));

export type StaffCallLogRow = {
  id: number;
  called_at: string;
  direction: 'in' | 'out';
  with_name: string;
  subject: string;
  notes: string;
  recorded_by_name: string;
  follow_up_needed: boolean;
  follow_up_due: string | null;
  follow_up_done_at: string | null;
  follow_up_done_by_name: string;
  follow_up_outcome: string;
  /** Needed, not done, and due before today. */
  follow_up_overdue: boolean;
};

/**
 * The instant of a wall-clock time in the UK as ISO text (09:00 on a summer day is 08:00Z, on a winter day
 * 09:00Z); a time in the hour skipped in March is read an hour later.
 */
export function ukInstant(date: string, time: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let instant = wall - ukOffsetMinutes(new Date(wall)) * 60_000;
  const corrected = wall - ukOffsetMinutes(new Date(instant)) * 60_000;
  if (corrected !== instant && ukOffsetMinutes(new Date(corrected)) * 60_000 === wall - corrected) instant = corrected;
  return new Date(instant).toISOString();
}

let ukParts: Intl.DateTimeFormat | undefined;

function ukOffsetMinutes(at: Date): number {
  ukParts ??= new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  const parts = Object.fromEntries(ukParts.formatToParts(at).map((part) => [part.type, Number(part.value)]));
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
  return Math.round((asUtc - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

// ---------------------------------------------------------------- branch transfer

export const CarerTransferSchema = v.strictObject(
  {
    to_branch_id: referenceTo('Choose the branch the carer moves to.'),
    effective_on: pastOrTodayIsoDate('Effective date'),
    reason: requiredText('Reason', 1000),
  },
  objectMessage('transfer'),
);
export type CarerTransferInput = v.InferInput<typeof CarerTransferSchema>;

export type CarerTransferRow = {
  id: number;
  from_branch_id: number;
  from_branch: string;
  to_branch_id: number;
  to_branch: string;
  effective_on: string;
  reason: string;
  recorded_by_name: string;
  recorded_at: string;
};

/** GET /carers/:id/transfers: where the carer is, where the user may move them, and the moves so far (newest first). */
export type CarerTransfers = {
  branch: { id: number; name: string };
  choices: { id: number; name: string }[];
  history: CarerTransferRow[];
};

// ---------------------------------------------------------------- carer settings (preferences)

export const TRANSPORT_MODES = [
  { value: 'car', label: 'Car' },
  { value: 'public-transport', label: 'Public transport' },
  { value: 'bicycle', label: 'Bicycle' },
  { value: 'walking', label: 'Walking' },
] as const satisfies readonly Choice[];
export type TransportMode = (typeof TRANSPORT_MODES)[number]['value'];

/** Kinds of client a carer is trained for and willing to support (the rota matches them to clients' needs). */
export const CLIENT_TYPES = [
  { value: 'older-people', label: 'Older people' },
  { value: 'dementia', label: 'Dementia' },
  { value: 'learning-disability', label: 'Learning disability' },
  { value: 'physical-disability', label: 'Physical disability' },
  { value: 'mental-health', label: 'Mental health' },
  { value: 'end-of-life', label: 'End of life (palliative)' },
  { value: 'children', label: 'Children and young people' },
  { value: 'complex-care', label: 'Complex care (PEG, tracheostomy, ventilation)' },
] as const satisfies readonly Choice[];
export type ClientType = (typeof CLIENT_TYPES)[number]['value'];

const CLIENT_TYPE_VALUES = CLIENT_TYPES.map((type) => type.value) as [ClientType, ...ClientType[]];

export const CarerSettingsSchema = v.strictObject(
  {
    app_access: flag(true),
    notify_sms: flag(true),
    notify_email: flag(true),
    notify_app: flag(true),
    max_weekly_hours: optionalWholeNumber('Most hours a week', 1, 60),
    max_travel_miles: optionalWholeNumber('Furthest travel', 1, 100),
    transport_mode: choiceOf(TRANSPORT_MODES, 'Choose how the carer travels between visits.'),
    client_types: v.optional(
      v.pipe(
        // A form with one box ticked may send a single value; none ticked, false.
        v.union([v.array(v.string()), v.string(), v.literal(false), v.null()], 'Choose the kinds of client from the list.'),
        v.transform((value) => (Array.isArray(value) ? value : typeof value === 'string' ? [value] : [])),
        // Checked as a whole, so the error lands on client_types itself (the form's group of boxes).
        v.check((value) => value.every((item) => (CLIENT_TYPE_VALUES as string[]).includes(item)), 'Choose the kinds of client from the list.'),
        v.transform((value) => [...new Set(value)] as ClientType[]),
      ),
      [],
    ),
  },
  objectMessage('carer’s settings'),
);
export type CarerSettingsInput = v.InferInput<typeof CarerSettingsSchema>;
export type CarerSettingsValues = v.InferOutput<typeof CarerSettingsSchema>;

/** A carer's settings as stored (the defaults when never saved: `saved_at` null). */
export type CarerSettings = {
  carer_id: number;
  app_access: boolean;
  notify_sms: boolean;
  notify_email: boolean;
  notify_app: boolean;
  max_weekly_hours: number | null;
  max_travel_miles: number | null;
  transport_mode: TransportMode;
  client_types: ClientType[];
  saved_at: string | null;
  saved_by_name: string;
};

/**
 * What the rota reads (GET /carers/preferences?ids=1,2,3): soft preferences, never a legal cap. Published to other
 * areas (server/published.ts): the type is the schema's.
 */
export const CarerPreferencesSchema = v.object({
  carer_id: v.number(),
  app_access: v.boolean(),
  max_weekly_hours: v.nullable(v.number()),
  max_travel_miles: v.nullable(v.number()),
  transport_mode: v.picklist(TRANSPORT_MODES.map((mode) => mode.value)),
  client_types: v.array(v.picklist(CLIENT_TYPE_VALUES)),
});
export type CarerPreferences = v.InferOutput<typeof CarerPreferencesSchema>;

/** The settings of a carer nobody has set yet. */
export const DEFAULT_CARER_SETTINGS: CarerSettingsValues = {
  app_access: true,
  notify_sms: true,
  notify_email: true,
  notify_app: true,
  max_weekly_hours: null,
  max_travel_miles: null,
  transport_mode: 'car',
  client_types: [],
};

// ---------------------------------------------------------------- terms and conditions

export const TERMS_ACCEPTANCE_METHODS = [
  { value: 'in-person', label: 'In person (signed copy)' },
  { value: 'app', label: 'In the carers’ app' },
  { value: 'email', label: 'By email' },
] as const satisfies readonly Choice[];
export type TermsAcceptanceMethod = (typeof TERMS_ACCEPTANCE_METHODS)[number]['value'];

export const TermsAcceptanceSchema = v.strictObject(
  {
    terms_id: referenceTo('Choose the version of the terms.'),
    accepted_on: pastOrTodayIsoDate('Date accepted'),
    method: choiceOf(TERMS_ACCEPTANCE_METHODS, 'Choose how the carer accepted the terms.'),
  },
  objectMessage('acceptance'),
);
export type TermsAcceptanceInput = v.InferInput<typeof TermsAcceptanceSchema>;

export type StaffTermsRow = { id: number; version: number; title: string; body: string; published_at: string; current: boolean };

export type TermsAcceptanceRow = {
  id: number;
  terms_id: number;
  version: number;
  title: string;
  accepted_on: string;
  method: TermsAcceptanceMethod;
  recorded_by_name: string;
  recorded_at: string;
};

/** GET /carers/:id/terms: the current version, whether the carer accepted it, and every acceptance (newest first). */
export type CarerTermsView = { current: StaffTermsRow | null; accepted: TermsAcceptanceRow | null; history: TermsAcceptanceRow[] };

/** Today in the UK (YYYY-MM-DD), for forms' defaults. */
export const ukToday = () => londonDate();
