import { seedDemoRows, storable, type Transaction } from '@hcm/server/platform';
import { referenceDataTables } from './tables.js';
import type { ResourceSpec } from '@hcm/contract/engine';
import { inArray } from 'drizzle-orm';
import { funderCodes, funderScales, holidayReasons, medications, REFERENCE_DATA_RESOURCES } from '../contract/index.js';
import { REFERENCE_DATA_DEMO_ROWS } from './demo-rows.js';

// Demo reference data for the declared resources: what a UK home-care agency keeps in its catalogues.
// Each row goes through its declaration's schema, so the seed can never hold a row the API would refuse.

export const DEMO_MEDICATIONS = [
  { name: 'Paracetamol', strength: '500 mg', form: 'tablet', route: 'oral', type: 'scheduled', notes: 'No more than 8 tablets in 24 hours; check other medicines for paracetamol.' },
  { name: 'Warfarin', strength: '1 mg', form: 'tablet', route: 'oral', type: 'scheduled', high_risk: true, notes: 'Dose follows the latest INR in the yellow book; check it before every dose.' },
  { name: 'Morphine sulfate', strength: '10 mg/5 ml', form: 'liquid', route: 'oral', type: 'prn', controlled_drug: true, notes: 'Record each dose and the balance in the controlled drugs register; two signatures.' },
  { name: 'Salbutamol', strength: '100 micrograms/dose', form: 'inhaler', route: 'inhaled', type: 'prn' },
  { name: 'Fentanyl', strength: '12 micrograms/hour', form: 'patch', route: 'transdermal', type: 'scheduled', controlled_drug: true, high_risk: true, notes: 'Change every 72 hours; rotate sites and record where the patch is.' },
  { name: 'Levothyroxine', strength: '50 micrograms', form: 'tablet', route: 'oral', type: 'scheduled', notes: 'On an empty stomach, 30 minutes before breakfast.' },
  { name: 'Metformin', strength: '500 mg', form: 'tablet', route: 'oral', type: 'scheduled', notes: 'With or just after food.' },
  { name: 'Amlodipine', strength: '5 mg', form: 'tablet', route: 'oral', type: 'blister-pack' },
  { name: 'Lactulose', strength: '3.35 g/5 ml', form: 'liquid', route: 'oral', type: 'scheduled' },
  { name: 'Diprobase', strength: '', form: 'cream', route: 'topical', type: 'prn', notes: 'Flammable when it soaks into dressings or clothing: keep away from naked flames.' },
  { name: 'Insulin glargine', strength: '100 units/ml', form: 'injection', route: 'subcutaneous', type: 'scheduled', high_risk: true, notes: 'Given by the district nurse; carers record blood glucose only.' },
  { name: 'Donepezil', strength: '10 mg', form: 'tablet', route: 'oral', type: 'blister-pack' },
  { name: 'Omeprazole', strength: '20 mg', form: 'capsule', route: 'oral', type: 'scheduled' },
  { name: 'Chloramphenicol', strength: '0.5%', form: 'drops', route: 'eye', type: 'scheduled', notes: 'Discard 28 days after opening.' },
  { name: 'Lorazepam', strength: '1 mg', form: 'tablet', route: 'oral', type: 'prn', controlled_drug: true },
  {
    name: 'Midazolam (buccal)',
    strength: '10 mg/2 ml',
    form: 'liquid',
    route: 'buccal',
    type: 'prn',
    controlled_drug: true,
    notes: 'Rescue medicine for prolonged seizures (Buccolam, prefilled oral syringes): given between the gum and cheek by staff trained in its use, as the person’s seizure plan says. Schedule 3 controlled drug: count the syringes at each handover.',
  },
];

export const DEMO_HOLIDAY_REASONS = [
  { name: 'Annual leave', code: 'AL', paid: true, deducts_allowance: true, description: 'Booked holiday, taken from the yearly allowance.' },
  { name: 'Sickness', code: 'SICK', paid: true, deducts_allowance: false, requires_evidence: true, description: 'Statutory sick pay rules apply; a fit note is needed after 7 days.' },
  { name: 'Compassionate leave', code: 'COMP', paid: true, deducts_allowance: false, description: 'Bereavement or a family emergency.' },
  { name: 'Unpaid leave', code: 'UNPAID', paid: false, deducts_allowance: false },
  { name: 'Training', code: 'TRAIN', paid: true, deducts_allowance: false, description: 'Care Certificate, moving and handling, medication training.' },
  { name: 'Maternity leave', code: 'MAT', paid: true, deducts_allowance: false, requires_evidence: true, description: 'MATB1 form required.' },
  { name: 'Paternity leave', code: 'PAT', paid: true, deducts_allowance: false, requires_evidence: true },
  { name: 'Jury service', code: 'JURY', paid: false, deducts_allowance: false, requires_evidence: true, description: 'Court summons required; claim loss of earnings from the court.' },
];

export const DEMO_FUNDER_CODES = [
  { code: 'LBC', name: 'London Borough of Camden', funder_type: 'local-authority', invoice_frequency: 'four-weekly', payment_terms_days: 30, billing_basis: 'planned', invoice_email: 'homecare.invoices@camden.test' },
  { code: 'LCC', name: 'Leeds City Council', funder_type: 'local-authority', invoice_frequency: 'four-weekly', payment_terms_days: 30, billing_basis: 'planned', invoice_email: 'asc.payments@leeds.test' },
  { code: 'NHS-NCL', name: 'North Central London ICB (CHC)', funder_type: 'nhs-chc', invoice_frequency: 'monthly', payment_terms_days: 30, billing_basis: 'actual', invoice_email: 'chc.invoices@ncl-icb.test' },
  { code: 'PRIV', name: 'Private clients', funder_type: 'private', invoice_frequency: 'weekly', payment_terms_days: 14, billing_basis: 'actual' },
  { code: 'DP', name: 'Direct payments', funder_type: 'direct-payment', invoice_frequency: 'monthly', payment_terms_days: 14, billing_basis: 'minimum' },
];

const SCALE_VALID_FROM = '2026-04-01';
const DAY_UPLIFT = { weekday: 1, weekend: 1.1, 'bank-holiday': 1.5 } as const;

/** A funder's rates for every call length and day type, pro rata from an hourly rate in pence. */
function scalesFor(hourlyPence: number) {
  return (['15', '30', '45', '60'] as const).flatMap((minutes) =>
    (Object.keys(DAY_UPLIFT) as (keyof typeof DAY_UPLIFT)[]).map((dayType) => ({
      call_minutes: minutes,
      day_type: dayType,
      rate_pence: Math.round(((hourlyPence * Number(minutes)) / 60) * DAY_UPLIFT[dayType]),
      valid_from: SCALE_VALID_FROM,
    })),
  );
}

// Camden pays £32.14 an hour (30 minutes on a weekday: 1607p); the ICB £34.50; Leeds, priced per call (finance's
// fixed-price card), the average council fee of £24.10 (30 minutes on a weekday: 1205p).
export const DEMO_FUNDER_SCALES: Record<string, ReturnType<typeof scalesFor>> = {
  LBC: scalesFor(3214),
  LCC: scalesFor(2410),
  'NHS-NCL': scalesFor(3450),
};

/** Fills the reference catalogues; runs inside the demo seed's transaction. */
export async function seedReferenceData(tx: Transaction): Promise<void> {
  const table = (spec: ResourceSpec) => referenceDataTables[spec.name]!;
  const medicationIds = await tx
    .insert(table(medications))
    .values(DEMO_MEDICATIONS.map((row) => storable(medications, row)))
    .returning({ id: table(medications).id });
  await tx.insert(table(holidayReasons)).values(DEMO_HOLIDAY_REASONS.map((row) => storable(holidayReasons, row)));
  const funders = table(funderCodes);
  await tx.insert(funders).values(DEMO_FUNDER_CODES.map((row) => storable(funderCodes, row)));
  const funderRows = await tx
    .select({ id: funders.id, code: funders['code']! })
    .from(funders)
    .where(inArray(funders['code']!, Object.keys(DEMO_FUNDER_SCALES)));
  const scales = funderRows.flatMap(({ id, code }) =>
    (DEMO_FUNDER_SCALES[code as string] ?? []).map((scale) => storable(funderScales, { ...scale, funder_code_id: id })),
  );
  await tx.insert(table(funderScales)).values(scales);
  // The declared batches' demo rows; medications are the first rows of their table (a client's medicines refer
  // to them by position too).
  const seeded = [medications, holidayReasons, funderCodes, funderScales].map((spec) => spec.name);
  await seedDemoRows(
    tx,
    REFERENCE_DATA_RESOURCES.filter((spec) => !seeded.includes(spec.name)),
    REFERENCE_DATA_DEMO_ROWS,
    referenceDataTables,
    new Map([[medications.name, medicationIds.map((row) => Number(row.id))]]),
  );
}
