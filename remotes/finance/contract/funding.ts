import * as v from 'valibot';

// A client's funding (the client record's funder-code tab; GET/PUT /api/v1/finance/clients/:id/funding): one
// schema for the form and the server.

const MAX_ID = 2_147_483_647;
const text = (label: string, max: number) =>
  v.optional(v.pipe(v.string(`${label} must be text.`), v.trim(), v.maxLength(max, `${label} is at most ${max.toLocaleString('en-GB')} characters.`)), '');

export const ClientFundingSchema = v.strictObject(
  {
    /** 0 before the first save. */
    version: v.pipe(v.number('Send the version you opened.'), v.integer('Send the version you opened.'), v.minValue(0, 'Send the version you opened.')),
    funder_code_id: v.optional(
      v.union([
        v.pipe(v.union([v.literal(''), v.null()]), v.transform((): number | null => null)),
        v.pipe(v.union([v.number(), v.pipe(v.string(), v.minLength(1))]), v.transform(Number), v.integer('Choose a funder.'), v.minValue(1, 'Choose a funder.'), v.maxValue(MAX_ID, 'Choose a funder.')),
      ]),
      null,
    ),
    purchase_order: text('Purchase order', 60),
    council_reference: text('Council reference', 60),
    billing_name: text('Billing name', 120),
    billing_address: text('Billing address', 500),
    billing_email: v.optional(
      v.pipe(
        v.string('Billing email must be text.'),
        v.trim(),
        v.maxLength(254, 'Billing email is at most 254 characters.'),
        v.check((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), 'Billing email must be an email address, like accounts@example.com.'),
      ),
      '',
    ),
    notes: text('Notes', 2000),
  },
  'Send the funding details.',
);

export type ClientFundingValues = v.InferOutput<typeof ClientFundingSchema>;
export type ClientFundingInput = v.InferInput<typeof ClientFundingSchema>;

/** A client's funding as the API answers it (version 0 and empty fields before the first save). */
export type ClientFunding = {
  client_id: number;
  funder_code_id: number | null;
  purchase_order: string;
  council_reference: string;
  billing_name: string;
  billing_address: string;
  billing_email: string;
  notes: string;
  version: number;
  updated_by_name: string | null;
  updated_at: string | null;
};

/** The funders a client may be given (GET answers them with the funding, for the form's choice). */
export type FunderChoice = { id: number; code: string; name: string; funder_type: string };

export type ClientFundingAnswer = { funding: ClientFunding; funders: FunderChoice[]; client: { id: number; name: string; branch_id: number } };
