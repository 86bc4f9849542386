import * as v from 'valibot';
import { objectMessage, referenceId } from '@hcm/contract/engine';

// CSV imports of visits (visits/csv-imports): the file is sent as text in a JSON body, parsed on the server
// (RFC 4180), previewed row by row with its errors in words, and imported after confirmation: only the valid
// rows, in one transaction (never half an import).

export const CSV_COLUMNS = [
  { key: 'client', label: 'Client', help: 'The client’s NHS number (10 digits) or local-authority id' },
  { key: 'date', label: 'Date', help: 'YYYY-MM-DD (or DD/MM/YYYY)' },
  { key: 'start', label: 'Start', help: 'HH:MM, UK time' },
  { key: 'end', label: 'End', help: 'HH:MM, UK time' },
  { key: 'carers_needed', label: 'Carers needed', help: '1, or 2 for a double-up' },
  { key: 'funder_code', label: 'Funder code', help: 'A funder code of the reference data (may be empty)' },
  { key: 'carer_email', label: 'Carer email', help: 'Optional: the carer (by the email they sign in with) put on the visit when the rules allow; else it is left unassigned and flagged for a planner' },
  { key: 'notes', label: 'Notes', help: 'Optional notes for the carers' },
] as const;

export const MAX_CSV_BYTES = 1_000_000;
export const MAX_CSV_ROWS = 2_000;

export const CsvUploadSchema = v.strictObject(
  {
    branch_id: referenceId('Branch'),
    file_name: v.pipe(v.string('Choose a file.'), v.trim(), v.nonEmpty('Choose a file.'), v.maxLength(200, 'A file name is at most 200 characters.'), v.regex(/\.csv$/i, 'Choose a .csv file.')),
    content: v.pipe(v.string('Choose a file.'), v.nonEmpty('The file is empty.'), v.maxLength(MAX_CSV_BYTES, 'The file is larger than 1 MB: split it.')),
  },
  objectMessage('CSV upload'),
);
export type CsvUploadValues = v.InferOutput<typeof CsvUploadSchema>;

export const CsvConfirmSchema = v.strictObject({ confirm: v.literal(true, 'Confirm the import.') }, objectMessage('confirmation'));

export const IMPORT_STATUSES = [
  { value: 'previewed', label: 'Previewed, not imported' },
  { value: 'imported', label: 'Imported' },
  { value: 'failed', label: 'Failed: nothing imported' },
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number]['value'];

/** One row of the file as previewed: what it says, what it would create, and why it cannot be imported. */
export type ImportRow = {
  line: number;
  values: Record<string, string>;
  errors: string[];
  client_id: number | null;
  client_name: string | null;
  visit_id: number | null;
  /** The carer the row names (Carer email), when they are a carer of the branch. */
  carer_id?: number | null;
  carer_name?: string | null;
  /** After the import: why the visit needs a planner (the carer left off by the rules, or a warning), else null. */
  attention?: string | null;
};

export type CsvImportRow = {
  id: number;
  file_name: string;
  branch_id: number;
  branch: string;
  uploaded_by_name: string | null;
  status: ImportStatus;
  total_rows: number;
  valid_rows: number;
  imported_rows: number;
  skipped_rows: number;
  failure: string;
  created_at: string;
  imported_at: string | null;
};
export type CsvImportDetail = CsvImportRow & { rows: ImportRow[] };
