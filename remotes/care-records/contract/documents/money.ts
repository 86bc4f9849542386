import { defineDocument, type DocumentPermissions, type DocumentSpec } from '@hcm/contract/documents';

// The record documents of the "money" group of the client record (../record-tabs.ts): the agreements behind
// paying for care and getting medicines to the home. Funder codes and the financials are the finance area's tabs.

const PERMISSIONS: DocumentPermissions = { view: 'clients.view', edit: 'clients.edit', signOff: 'clients.sign-off' };

const directDebitContract = defineDocument({
  name: 'direct-debit-contract',
  title: 'Direct debit contract',
  description: 'The Direct Debit Instruction for the care the person pays for: who pays, from which account, when the agency collects, and the signatures of the mandate.',
  reviewEveryMonths: 12,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'payer',
      title: 'Who pays',
      fields: [
        {
          key: 'payer',
          label: 'The account belongs to',
          kind: 'choice',
          required: true,
          options: [
            { value: 'client', label: 'The client' },
            { value: 'attorney', label: 'The client, managed by their property and financial affairs attorney' },
            { value: 'deputy', label: 'The client, managed by their deputy' },
            { value: 'family', label: 'A family member paying for the client' },
          ],
        },
        { key: 'payer_name', label: 'Name of the person paying or managing the account', kind: 'text', required: true, maxLength: 120 },
        { key: 'payer_relationship', label: 'Relationship to the client', kind: 'text', required: true, maxLength: 120, showWhen: { field: 'payer', equals: ['attorney', 'deputy', 'family'] } },
        { key: 'billing_address', label: 'Address for invoices and notices', kind: 'long-text', required: true, maxLength: 500 },
        { key: 'billing_email', label: 'Email for invoices', kind: 'text', maxLength: 254 },
        {
          key: 'covers',
          label: 'The Direct Debit pays for',
          kind: 'choice',
          required: true,
          options: [
            { value: 'all-care', label: 'All care invoiced to the client (private care)' },
            { value: 'contribution', label: "The client's assessed contribution to council-funded care" },
            { value: 'top-up', label: 'A top-up above what the council or NHS pays' },
          ],
        },
      ],
    },
    {
      key: 'account',
      title: 'Bank or building society account',
      intro: 'Copy the details from the payer\'s bank card or statement and read them back to them.',
      fields: [
        { key: 'account_holder', label: 'Name of the account holder(s)', kind: 'text', required: true, maxLength: 18, hint: 'As the bank holds it: Bacs takes at most 18 characters.' },
        { key: 'bank_name', label: 'Bank or building society', kind: 'text', required: true, maxLength: 120 },
        { key: 'sort_code', label: 'Sort code', kind: 'text', required: true, maxLength: 8, hint: 'Six digits, e.g. 20-00-00.' },
        { key: 'account_number', label: 'Account number', kind: 'text', required: true, maxLength: 8, hint: 'Eight digits.' },
        { key: 'joint_signatures', label: 'The account needs more than one signature to authorise a Direct Debit', kind: 'yes-no', required: true, hint: 'If so, the mandate must be on paper, signed by every signatory.' },
      ],
    },
    {
      key: 'collections',
      title: 'Collections',
      fields: [
        { key: 'mandate_reference', label: 'Mandate reference', kind: 'text', required: true, maxLength: 18, hint: '6 to 18 letters and numbers, shown on the payer\'s statement.' },
        {
          key: 'frequency',
          label: 'How often',
          kind: 'choice',
          required: true,
          options: [
            { value: 'monthly', label: 'Monthly, for the previous month\'s invoice' },
            { value: 'four-weekly', label: 'Every four weeks, with the four-weekly invoice' },
          ],
        },
        { key: 'collection_day', label: 'Day of the month collected', kind: 'number', required: true, min: 1, max: 28, showWhen: { field: 'frequency', equals: ['monthly'] }, hint: 'Or the next working day.' },
        { key: 'first_collection', label: 'First collection', kind: 'date', required: true },
        { key: 'notice_days', label: 'Advance notice of each amount', kind: 'number', required: true, min: 3, max: 14, unit: 'working days', hint: 'The Direct Debit Guarantee: 10 working days unless the payer agrees otherwise (at least 3).' },
        {
          key: 'notice_by',
          label: 'Notice of each amount sent by',
          kind: 'choice',
          required: true,
          options: [
            { value: 'invoice', label: 'The invoice' },
            { value: 'email', label: 'Email' },
            { value: 'letter', label: 'Letter' },
          ],
        },
      ],
    },
    {
      key: 'authorisation',
      title: 'Guarantee and signatures',
      fields: [
        { key: 'guarantee_given', label: 'The Direct Debit Guarantee was given to the payer and explained', kind: 'yes-no', required: true },
        { key: 'payer_signature', label: 'Signed by the payer', kind: 'signature', required: true },
        { key: 'agency_signature', label: 'Taken for the agency by', kind: 'signature', required: true },
        { key: 'lodged_on', label: 'Mandate lodged with the bank (AUDDIS) on', kind: 'date' },
        { key: 'notes', label: 'Notes', kind: 'long-text', hint: 'Changes of account, cancellations, failed collections and what was agreed.' },
      ],
    },
  ],
});

const pharmacyContract = defineDocument({
  name: 'pharmacy-contract',
  title: 'Pharmacy contract',
  description: 'The agreement between the person, the agency and their community pharmacy: how medicines are supplied and delivered, who orders repeat prescriptions, and how changes reach the MAR chart.',
  reviewEveryMonths: 12,
  permissions: PERMISSIONS,
  sections: [
    {
      key: 'pharmacy',
      title: 'The pharmacy',
      fields: [
        { key: 'pharmacy_name', label: 'Pharmacy', kind: 'text', required: true, maxLength: 200 },
        { key: 'pharmacy_address', label: 'Address', kind: 'long-text', required: true, maxLength: 500 },
        { key: 'pharmacy_phone', label: 'Phone', kind: 'text', required: true, maxLength: 40 },
        { key: 'pharmacy_email', label: 'Email (NHSmail)', kind: 'text', maxLength: 254 },
        { key: 'pharmacy_contact', label: 'Named pharmacist or contact', kind: 'text', maxLength: 200 },
        { key: 'opening_hours', label: 'Opening hours', kind: 'text', maxLength: 300 },
      ],
    },
    {
      key: 'supply',
      title: 'Supply and delivery',
      fields: [
        {
          key: 'supply_format',
          label: 'Medicines supplied in',
          kind: 'choice',
          required: true,
          options: [
            { value: 'original-packs', label: 'Original packs' },
            { value: 'mds', label: 'A monitored dosage system (blister packs)' },
            { value: 'mixed', label: 'Blister packs, with some medicines in original packs' },
          ],
        },
        { key: 'mds_details', label: 'Which medicines are in the blister packs, and which are not', kind: 'long-text', required: true, sensitivity: 'clinical', showWhen: { field: 'supply_format', equals: ['mds', 'mixed'] }, hint: 'Liquids, inhalers, warfarin, PRN and "when required" medicines usually stay in original packs.' },
        {
          key: 'supply_cycle',
          label: 'Supply cycle',
          kind: 'choice',
          required: true,
          options: [
            { value: 'weekly', label: 'Every week (7-day packs)' },
            { value: 'four-weekly', label: 'Every four weeks (28-day supply)' },
            { value: 'monthly', label: 'Monthly' },
          ],
        },
        {
          key: 'delivery',
          label: 'Medicines get to the home by',
          kind: 'choice',
          required: true,
          options: [
            { value: 'delivered', label: 'Pharmacy delivery' },
            { value: 'family', label: 'Family collect them' },
            { value: 'carers', label: 'Carers collect them' },
            { value: 'client', label: 'The person collects them' },
          ],
        },
        { key: 'delivery_arrangements', label: 'Delivery day, time and who receives it', kind: 'long-text', required: true, showWhen: { field: 'delivery', equals: ['delivered'] }, hint: 'Never through the letterbox or left on the step.' },
        { key: 'collection_arrangements', label: 'Who collects, when, and how the medicines are checked in', kind: 'long-text', required: true, showWhen: { field: 'delivery', equals: ['family', 'carers', 'client'] } },
        { key: 'controlled_drugs', label: 'Controlled drugs are supplied', kind: 'yes-no', required: true, sensitivity: 'clinical' },
        { key: 'controlled_drugs_arrangements', label: 'Controlled drugs: collection, ID and storage', kind: 'long-text', required: true, sensitivity: 'clinical', showWhen: { field: 'controlled_drugs', equals: [true] } },
      ],
    },
    {
      key: 'prescriptions',
      title: 'Repeat prescriptions and changes',
      fields: [
        {
          key: 'ordering_by',
          label: 'Repeat prescriptions are ordered by',
          kind: 'choice',
          required: true,
          options: [
            { value: 'client', label: 'The person' },
            { value: 'family', label: 'Family' },
            { value: 'agency', label: 'The agency' },
            { value: 'pharmacy', label: 'The pharmacy (managed repeats)' },
            { value: 'erd', label: 'Electronic repeat dispensing from the GP' },
          ],
        },
        { key: 'responsibilities', label: 'Who does what', kind: 'long-text', required: true, hint: 'Ordering, checking the order against the MAR, chasing missing items, checking deliveries in, recording stock.' },
        { key: 'order_lead_days', label: 'Ordered before the supply runs out', kind: 'number', required: true, min: 1, max: 28, unit: 'days' },
        { key: 'eps_nominated', label: 'Electronic prescriptions nominated to this pharmacy', kind: 'yes-no', required: true },
        { key: 'changes', label: 'How changes to medicines reach us', kind: 'long-text', required: true, hint: 'New prescriptions, stopped medicines, hospital discharge letters: who tells whom, and the MAR updated the same day.' },
        { key: 'returns', label: 'Returning unwanted or out-of-date medicines', kind: 'long-text', required: true },
      ],
    },
    {
      key: 'agreement',
      title: 'Agreement',
      fields: [
        { key: 'start_date', label: 'Agreement starts', kind: 'date', required: true },
        { key: 'client_signature', label: 'Signed by the person or their representative', kind: 'signature' },
        { key: 'agency_signature', label: 'Signed for the agency', kind: 'signature', required: true },
        { key: 'pharmacy_signature', label: 'Signed for the pharmacy', kind: 'signature' },
      ],
    },
  ],
});

export const MONEY_DOCUMENTS: readonly DocumentSpec[] = [directDebitContract, pharmacyContract];
