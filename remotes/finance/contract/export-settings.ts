import * as v from 'valibot';

// The codes the accounting exports write (GET/PUT /api/v1/finance/export-settings; the "Accounting codes" section of
// export/finance): Xero's sales account, Sage 50's sales and bank nominal codes, and the prefixes of Sage's customer
// account references. One schema for the form and the server. The defaults are what the exports always wrote.

/** What the exports write when nobody has changed the settings. */
export const DEFAULT_EXPORT_SETTINGS = {
  /** Xero's account code of the invoice lines (200: Sales in Xero's standard chart of accounts). */
  xero_sales_account: '200',
  /** Sage 50's nominal code of invoices and credit notes (4000: Sales Type A in Sage's standard chart). */
  sage_sales_nominal: '4000',
  /** Sage 50's bank nominal code the receipts are paid into (1200: Bank Current Account). */
  sage_bank_nominal: '1200',
  /** A funder's Sage account reference: this prefix and the funder's id (F7). */
  sage_funder_prefix: 'F',
  /** A private client's Sage account reference: this prefix and the client's id (C12). */
  sage_client_prefix: 'C',
} as const;

export type ExportSettingsValues = { -readonly [K in keyof typeof DEFAULT_EXPORT_SETTINGS]: string };

/** The settings as the API answers them: the values, and who changed them last (null: the defaults, never changed). */
export type ExportSettings = ExportSettingsValues & { updated_by_name: string | null; updated_at: string | null };

export const EXPORT_SETTING_LABELS: Record<keyof ExportSettingsValues, string> = {
  xero_sales_account: 'Xero sales account code',
  sage_sales_nominal: 'Sage sales nominal code',
  sage_bank_nominal: 'Sage bank nominal code (receipts)',
  sage_funder_prefix: 'Sage account prefix for funders',
  sage_client_prefix: 'Sage account prefix for private clients',
};

const code = (label: string, pattern: RegExp, rule: string) =>
  v.pipe(v.string(`${label} must be text.`), v.trim(), v.nonEmpty(`${label} is required.`), v.regex(pattern, `${label} ${rule}`));

/** A Sage account reference is at most 8 characters: a prefix of up to 3 letters leaves 5 digits for the id. */
const prefix = (label: string) => v.pipe(code(label, /^[A-Za-z]{1,3}$/, 'is 1 to 3 letters.'), v.toUpperCase());

export const ExportSettingsSchema = v.pipe(
  v.strictObject(
    {
      xero_sales_account: code(EXPORT_SETTING_LABELS.xero_sales_account, /^[A-Za-z0-9]{1,10}$/, 'is up to 10 letters or digits, as in Xero’s chart of accounts.'),
      sage_sales_nominal: code(EXPORT_SETTING_LABELS.sage_sales_nominal, /^\d{1,8}$/, 'is up to 8 digits, as in Sage’s chart of accounts.'),
      sage_bank_nominal: code(EXPORT_SETTING_LABELS.sage_bank_nominal, /^\d{1,8}$/, 'is up to 8 digits, as in Sage’s chart of accounts.'),
      sage_funder_prefix: prefix(EXPORT_SETTING_LABELS.sage_funder_prefix),
      sage_client_prefix: prefix(EXPORT_SETTING_LABELS.sage_client_prefix),
    },
    'Send the accounting codes.',
  ),
  v.forward(
    v.partialCheck(
      [['sage_funder_prefix'], ['sage_client_prefix']],
      (input) => input.sage_funder_prefix !== input.sage_client_prefix,
      'Funders and private clients need different prefixes, or their Sage accounts would be the same.',
    ),
    ['sage_client_prefix'],
  ),
  v.forward(
    v.partialCheck(
      [['sage_sales_nominal'], ['sage_bank_nominal']],
      (input) => input.sage_sales_nominal !== input.sage_bank_nominal,
      'Receipts go to a bank account, not to the sales nominal code.',
    ),
    ['sage_bank_nominal'],
  ),
);
export type ExportSettingsInput = v.InferInput<typeof ExportSettingsSchema>;
