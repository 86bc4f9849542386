import * as v from 'valibot';
import { objectMessage } from './validation.js';

/**
 * A branch of the agency: the office that runs care in an area, registered with the CQC as a location.
 * This schema is the one validation rule for the branch form in the browser and the branch API.
 */
export const BRANCH_TYPES = ['domiciliary', 'supported-living'] as const;
export type BranchType = (typeof BRANCH_TYPES)[number];

export const BRANCH_TYPE_LABELS: Record<BranchType, string> = {
  domiciliary: 'Domiciliary care',
  'supported-living': 'Supported living',
};

// UK postcode, outward and inward parts, space optional (GOV.UK pattern, simplified to the common forms).
const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i;
// CQC location ids look like 1-123456789 (9 to 11 digits after '1-').
const CQC_LOCATION_ID = /^1-\d{9,11}$/;
const UK_PHONE = /^\+?[\d ()-]{10,20}$/;

const trimmed = (label: string, max: number) =>
  v.pipe(v.string(), v.trim(), v.maxLength(max, `${label} must be at most ${max} characters.`));

const optionalText = (label: string, max: number) => v.optional(trimmed(label, max), '');

export const BranchInputSchema = v.strictObject({
  name: v.pipe(trimmed('Name', 120), v.minLength(2, 'Name must be at least 2 characters.')),
  code: v.pipe(
    v.string(),
    v.trim(),
    v.toUpperCase(),
    v.regex(/^[A-Z0-9-]{2,10}$/, 'Code must be 2 to 10 letters, digits or dashes.'),
  ),
  type: v.picklist(BRANCH_TYPES, 'Choose the kind of care this branch provides.'),
  address_line_1: v.pipe(trimmed('Address', 160), v.minLength(1, 'Address is required.')),
  address_line_2: optionalText('Address line 2', 160),
  town: v.pipe(trimmed('Town', 80), v.minLength(1, 'Town is required.')),
  postcode: v.pipe(
    v.string(),
    v.trim(),
    v.toUpperCase(),
    v.regex(UK_POSTCODE, 'Enter a UK postcode, like SW1A 1AA.'),
  ),
  phone: v.optional(
    v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.regex(UK_PHONE, 'Enter a phone number, like 020 7946 0000.'))]),
    '',
  ),
  email: v.optional(
    v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.email('Enter an email address, like office@example.com.'))]),
    '',
  ),
  cqc_location_id: v.optional(
    v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.regex(CQC_LOCATION_ID, 'A CQC location id looks like 1-123456789.'))]),
    '',
  ),
  registered_manager: optionalText('Registered manager', 120),
  active: v.optional(v.boolean('Active must be true or false.'), true),
}, objectMessage('branch'));

export type BranchInput = v.InferInput<typeof BranchInputSchema>;
export type BranchValues = v.InferOutput<typeof BranchInputSchema>;

export type Branch = BranchValues & {
  id: number;
  created_at: string;
  updated_at: string;
};

/** Columns of the branch list that the server lets a client sort by. */
export const BRANCH_SORTABLE = ['name', 'code', 'type', 'town', 'postcode', 'active', 'created_at'] as const;
export type BranchSortColumn = (typeof BRANCH_SORTABLE)[number];
