// Demo rows for the workforce reference data (WORKFORCE_RESOURCES), seeded in that order into empty tables:
// a reference field holds the 1-based position of the referenced resource's demo row (band_id: 1 is Band 1).
// Figures: National Living Wage £12.21 an hour in 2025-26 and £12.71 from April 2026; dates are as of
// autumn 2026, so earlier periods are locked and the 2025-26 fiscal year is closed.
import type { DemoRows } from '@hcm/contract/engine';

const day = 24 * 60 * 60 * 1000;
const isoOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const addDays = (date: string, days: number) => isoOf(Date.parse(`${date}T00:00:00Z`) + days * day);

/** Periods whose wages were paid (or invoices raised) by this date are locked in the demo. */
const LOCKED_UP_TO = '2026-11-20';

const staffcodes = [
  { code: 'CW', name: 'Care Worker', staff_type: 'carer', description: 'Delivers personal care visits in clients’ homes.' },
  { code: 'SCW', name: 'Senior Care Worker', staff_type: 'carer', description: 'Leads double-up calls, inducts and shadows new carers.' },
  { code: 'FCS', name: 'Field Care Supervisor', staff_type: 'carer', description: 'Carries out spot checks, reviews and assessments; covers calls.' },
  { code: 'BANK', name: 'Bank Care Worker', staff_type: 'carer', description: 'Works as and when needed, no guaranteed hours.' },
  { code: 'CC', name: 'Care Coordinator', staff_type: 'office', description: 'Plans rotas and matches carers to clients.' },
  { code: 'ADM', name: 'Administrator', staff_type: 'office', description: 'Payroll, invoicing and recruitment administration.' },
  { code: 'RM', name: 'Registered Manager', staff_type: 'office', description: 'The manager registered with the CQC for the branch.' },
];

const bands = [
  { name: 'Band 1', level: 1, description: 'New starter: shadowing complete, Care Certificate in progress.' },
  { name: 'Band 2', level: 2, description: 'Care Certificate complete and assessed competent to give medication.' },
  { name: 'Band 3', level: 3, description: 'Experienced carer with the Level 2 Diploma in Adult Care; complex care (PEG, catheter, hoist).' },
  { name: 'Band 4', level: 4, description: 'Senior carer with the Level 3 Diploma: leads double-ups, inducts and mentors new carers.' },
];

// Weekday rates by band (pence); weekends +75p, nights +50p, bank holidays time and a half.
// An empty optional date is left out of a row (stored as NULL), never sent as ''.
function carerRates(weekday: readonly number[], validity: { valid_from: string; valid_to?: string }, nlwNote: string) {
  return weekday.flatMap((rate, index) => [
    { band_id: index + 1, day_type: 'weekday', rate_pence: rate, ...validity, notes: index === 0 ? nlwNote : '' },
    { band_id: index + 1, day_type: 'weekend', rate_pence: rate + 75, ...validity, notes: '' },
    { band_id: index + 1, day_type: 'night', rate_pence: rate + 50, ...validity, notes: '' },
    { band_id: index + 1, day_type: 'bank-holiday', rate_pence: Math.round(rate * 1.5), ...validity, notes: 'Time and a half.' },
  ]);
}

const carerHourlyRates = [
  ...carerRates([1225, 1275, 1325, 1400], { valid_from: '2025-04-01', valid_to: '2026-03-31' }, 'National Living Wage £12.21 from 1 April 2025.'),
  ...carerRates([1275, 1325, 1375, 1450], { valid_from: '2026-04-01' }, 'National Living Wage £12.71 from 1 April 2026.'),
];

const fiscalYears = [
  { name: '2025-26', start_date: '2025-04-01', end_date: '2026-03-31', closed: true, notes: 'Closed after the year-end pay run.' },
  { name: '2026-27', start_date: '2026-04-01', end_date: '2027-03-31', closed: false, notes: '' },
];

// Per fiscal year: standard care, sleep-in, waking night, travel, waiting, training, shadowing, mileage, office, on call.
function hourlyRatesOf(fiscal_year_id: number, nlw: number, uplift: number) {
  return [
    { fiscal_year_id, kind: 'standard-care', unit: 'hour', rate_pence: nlw + 29 + uplift, applies_to: 'carers', description: 'Contact time with clients, weekdays.' },
    { fiscal_year_id, kind: 'sleep-in', unit: 'night', rate_pence: 8000 + uplift * 10, applies_to: 'carers', description: 'Flat allowance per sleep-in shift (22:00 to 07:00); woken time is paid as waking night.' },
    { fiscal_year_id, kind: 'waking-night', unit: 'hour', rate_pence: nlw + 79 + uplift, applies_to: 'carers', description: 'Awake all night in the client’s home.' },
    { fiscal_year_id, kind: 'travel-time', unit: 'hour', rate_pence: nlw, applies_to: 'carers', description: 'Time travelling between consecutive visits.' },
    { fiscal_year_id, kind: 'waiting-time', unit: 'hour', rate_pence: nlw, applies_to: 'carers', description: 'Gaps of under an hour between visits.' },
    { fiscal_year_id, kind: 'training', unit: 'hour', rate_pence: nlw, applies_to: 'both', description: 'Mandatory and refresher training sessions.' },
    { fiscal_year_id, kind: 'shadowing', unit: 'hour', rate_pence: nlw, applies_to: 'carers', description: 'Shadow shifts before working alone.' },
    { fiscal_year_id, kind: 'mileage', unit: 'mile', rate_pence: 30 + uplift / 10, applies_to: 'carers', description: 'Business miles between visits in the carer’s own car.' },
    { fiscal_year_id, kind: 'office', unit: 'hour', rate_pence: 1350 + uplift, applies_to: 'office', description: 'Hourly-paid office staff.' },
    { fiscal_year_id, kind: 'on-call', unit: 'night', rate_pence: 2500 + uplift * 10, applies_to: 'office', description: 'Out-of-hours on-call phone, per night.' },
  ];
}

const hourlyRates = [...hourlyRatesOf(1, 1221, 0), ...hourlyRatesOf(2, 1271, 50)];

const organizationPeriodYears = [
  {
    name: '2026-27 payroll (four-weekly)',
    purpose: 'pay',
    frequency: 'four-weekly',
    start_date: '2026-04-06',
    end_date: '2027-04-04',
    notes: 'Thirteen four-week periods, Monday to Sunday; wages paid the Friday after each period.',
  },
  {
    name: '2026-27 invoicing (monthly)',
    purpose: 'invoice',
    frequency: 'monthly',
    start_date: '2026-04-01',
    end_date: '2027-03-31',
    notes: 'Calendar months; invoices raised in the first week of the following month.',
  },
];

const fourWeekly = Array.from({ length: 13 }, (_, index) => {
  const start_date = addDays('2026-04-06', index * 28);
  const end_date = addDays(start_date, 27);
  const pay_date = addDays(end_date, 5);
  return { organization_period_year_id: 1, number: index + 1, name: `Period ${index + 1}`, start_date, end_date, pay_date, locked: pay_date <= LOCKED_UP_TO };
});

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const monthly = Array.from({ length: 12 }, (_, index) => {
  const year = 2026 + Math.floor((index + 3) / 12);
  const month = (index + 3) % 12;
  const start_date = isoOf(Date.UTC(year, month, 1));
  const end_date = isoOf(Date.UTC(year, month + 1, 0));
  return {
    organization_period_year_id: 2,
    number: index + 1,
    name: `${MONTHS[month]} ${year}`,
    start_date,
    end_date,
    locked: end_date < LOCKED_UP_TO,
  };
});

const careerRoles = [
  { name: 'Care Worker', category: 'care', description: 'Supports clients at home with personal care, meals, medication and companionship.' },
  { name: 'Senior Care Worker', category: 'care', description: 'An experienced carer who leads double-up calls and mentors new starters.' },
  { name: 'Care Coordinator', category: 'office', description: 'Plans the rota, matches carers to clients and answers the on-call phone.' },
  { name: 'Field Care Supervisor', category: 'care', description: 'Carries out assessments, reviews, spot checks and supervisions in the community.' },
  { name: 'Registered Manager', category: 'management', description: 'Manages the branch and is registered with the CQC.' },
];

const careers = [
  {
    title: 'Care Worker – Camden',
    career_role_id: 1,
    location: 'Camden, London (NW1, NW3, NW5)',
    contract_type: 'part-time',
    hours_per_week: 25,
    pay_from_pence: 1350,
    pay_to_pence: 1450,
    pay_period: 'hour',
    driver_required: false,
    closing_date: '2026-12-18',
    status: 'open',
    description:
      'Support older people to live well at home in Camden: personal care, meals and medication. Paid travel time, free Care Certificate training, Oyster travel allowance, 28 days’ holiday including bank holidays. No experience needed.',
  },
  {
    title: 'Senior Care Worker – Leeds',
    career_role_id: 2,
    location: 'Leeds (LS1 to LS6)',
    contract_type: 'full-time',
    hours_per_week: 37,
    pay_from_pence: 1425,
    pay_to_pence: 1525,
    pay_period: 'hour',
    driver_required: true,
    closing_date: '2027-01-08',
    status: 'open',
    description:
      'Lead double-up calls and mentor new carers across north Leeds. Level 2 Diploma in Adult Care or above, full UK driving licence and a car insured for business use. Mileage paid at 35p a mile.',
  },
  {
    title: 'Care Coordinator – Bristol',
    career_role_id: 3,
    location: 'Bristol (BS6, BS7)',
    contract_type: 'full-time',
    hours_per_week: 37,
    pay_from_pence: 2_700_000,
    pay_to_pence: 3_000_000,
    pay_period: 'year',
    driver_required: false,
    closing_date: '2026-12-11',
    status: 'open',
    description:
      'Plan rotas for 60 clients and 35 carers in north Bristol, take part in the on-call rota (paid per night), and keep clients and families informed. Experience of care scheduling software an advantage.',
  },
  {
    title: 'Bank Care Worker – Leeds',
    career_role_id: 1,
    location: 'Leeds (LS1 to LS6)',
    contract_type: 'bank',
    hours_per_week: null,
    pay_from_pence: 1300,
    pay_to_pence: 1300,
    pay_period: 'hour',
    driver_required: false,
    closing_date: '2026-10-31',
    status: 'closed',
    description: 'Pick up shifts when it suits you: evenings and weekends. Filled in November 2026.',
  },
];

// DOMAIN.md: morning 06:00–10:59, lunch 11:00–13:59, afternoon 14:00–17:59, evening 18:00–21:59, night 22:00–05:59.
const visitSlots = [
  { name: 'Morning', start_time: '06:00', end_time: '10:59', display_order: 1, description: 'Getting up, breakfast and morning medication.' },
  { name: 'Lunch', start_time: '11:00', end_time: '13:59', display_order: 2, description: 'Lunch and midday medication.' },
  { name: 'Afternoon', start_time: '14:00', end_time: '17:59', display_order: 3, description: 'Tea-time calls, shopping and social support.' },
  { name: 'Evening', start_time: '18:00', end_time: '21:59', display_order: 4, description: 'Supper and getting ready for bed.' },
  { name: 'Night', start_time: '22:00', end_time: '05:59', display_order: 5, description: 'Sleep-ins, waking nights and late calls.' },
];

const npcCodes = [
  { code: 'HOSP', description: 'Client in hospital', billable: false, payable: false, notes: 'Suspend the package from the day of admission and tell the funder.' },
  { code: 'CANC', description: 'Cancelled by the client with notice', billable: false, payable: false, notes: 'At least 24 hours’ notice given.' },
  { code: 'CANC24', description: 'Cancelled by the client at short notice', billable: true, payable: true, notes: 'Less than 24 hours’ notice: most councils pay for the planned time.' },
  { code: 'REFUSED', description: 'Care refused at the visit', billable: true, payable: true, notes: 'The carer attended and the client declined care; record it in the log book.' },
  { code: 'NOACCESS', description: 'No access to the home', billable: true, payable: true, notes: 'No answer and the no-access procedure followed (office, next of kin called).' },
  { code: 'MISSED', description: 'Visit missed by the agency', billable: false, payable: false, notes: 'No carer attended: raise an incident and tell the funder.' },
  { code: 'RESPITE', description: 'Client away on respite or holiday', billable: false, payable: false, notes: '' },
];

const camden = { local_authority: 'London Borough of Camden', branch_name: 'Camden' };
const leeds = { local_authority: 'Leeds City Council', branch_name: 'Leeds' };
const bristol = { local_authority: 'Bristol City Council', branch_name: 'Bristol' };

const areacodes = [
  { code: 'NW1', name: 'Camden Town, Euston and Regent’s Park', ...camden },
  { code: 'NW3', name: 'Hampstead and Belsize Park', ...camden },
  { code: 'NW5', name: 'Kentish Town', ...camden },
  { code: 'LS1', name: 'Leeds city centre', ...leeds },
  { code: 'LS2', name: 'City centre north and Woodhouse', ...leeds },
  { code: 'LS3', name: 'Burley and Woodhouse', ...leeds },
  { code: 'LS4', name: 'Burley and Kirkstall', ...leeds },
  { code: 'LS5', name: 'Hawksworth and Kirkstall', ...leeds },
  { code: 'LS6', name: 'Headingley, Hyde Park and Meanwood', ...leeds },
  { code: 'BS6', name: 'Redland, Cotham and Westbury Park', ...bristol },
  { code: 'BS7', name: 'Bishopston, Horfield and Lockleaze', ...bristol },
];

const banks = [
  { name: 'Barclays Bank UK', sort_code: '20-00-00', bic: 'BUKBGB22' },
  { name: 'HSBC UK', sort_code: '40-05-30', bic: 'HBUKGB4B' },
  { name: 'Lloyds Bank', sort_code: '30-00-00', bic: 'LOYDGB2L' },
  { name: 'NatWest', sort_code: '60-00-01', bic: 'NWBKGB2L' },
  { name: 'Santander UK', sort_code: '09-01-28', bic: 'ABBYGB2L' },
  { name: 'Nationwide Building Society', sort_code: '07-04-36', bic: 'NAIAGB21' },
  { name: 'Halifax', sort_code: '11-00-01', bic: 'HLFXGB21' },
  { name: 'Royal Bank of Scotland', sort_code: '83-06-08', bic: 'RBOSGB2L' },
  { name: 'Monzo Bank', sort_code: '04-00-04', bic: 'MONZGB2L' },
  { name: 'Starling Bank', sort_code: '60-83-71', bic: 'SRLGGB2L' },
];

// The training catalogue (DOMAIN.md "Training", Skills for Care guidance): yearly refreshers, three-yearly ones,
// the Care Certificate once, and specialist courses for the clients who need them. Codes head the matrix columns.
const trainingCourses = [
  { name: 'Care Certificate (standards 1–16)', code: 'CC', category: 'induction', required_for: 'all', delivery: 'blended', notes: 'The 16 standards, including standard 16 (learning disability and autism, since March 2025), signed off by an assessor within 12 weeks of starting. Does not expire.' },
  { name: 'Moving and handling of people', code: 'MH', category: 'refresher', validity_months: 12, required_for: 'all', delivery: 'practical', notes: 'Includes hoists, slide sheets and stand aids; practical assessment yearly.' },
  { name: 'Basic life support and first aid', code: 'BLS', category: 'refresher', validity_months: 12, required_for: 'all', delivery: 'classroom', notes: 'Adult CPR, choking, recovery position, when to call 999.' },
  { name: 'Safe handling of medicines', code: 'MED', category: 'refresher', validity_months: 12, required_for: 'medication', delivery: 'blended', notes: 'NICE NG67: MAR charts, administering, prompting and assisting, PRN, refusals. Competence is assessed separately by observed administrations.' },
  { name: 'Safeguarding adults', code: 'SGA', category: 'refresher', validity_months: 12, required_for: 'all', delivery: 'e-learning', notes: 'Level 2: types of abuse, how to raise a concern, the local authority’s safeguarding team.' },
  { name: 'Fire safety', code: 'FIRE', category: 'refresher', validity_months: 12, required_for: 'all', delivery: 'e-learning', notes: 'Fire in clients’ homes: emollient creams, oxygen, smoke alarms, evacuation.' },
  { name: 'Health and safety', code: 'HS', category: 'refresher', validity_months: 12, required_for: 'all', delivery: 'e-learning', notes: 'Lone working, COSHH, RIDDOR, risk assessment in the home.' },
  { name: 'Mental Capacity Act and DoLS', code: 'MCA', category: 'refresher', validity_months: 36, required_for: 'all', delivery: 'e-learning', notes: 'The five principles, best interests, Deprivation of Liberty Safeguards.' },
  { name: 'Infection prevention and control', code: 'IPC', category: 'refresher', validity_months: 36, required_for: 'all', delivery: 'e-learning', notes: 'Hand hygiene, PPE, sharps, outbreaks.' },
  { name: 'Food safety and hygiene', code: 'FOOD', category: 'refresher', validity_months: 36, required_for: 'all', delivery: 'e-learning', notes: 'Level 2 food hygiene for preparing meals in clients’ homes.' },
  { name: 'Information governance and GDPR', code: 'GDPR', category: 'refresher', validity_months: 36, required_for: 'all', delivery: 'e-learning' },
  { name: 'Equality, diversity and human rights', code: 'EDHR', category: 'refresher', validity_months: 36, required_for: 'all', delivery: 'e-learning' },
  { name: 'Oliver McGowan mandatory training on learning disability and autism (Tier 1)', code: 'OMMT', category: 'mandatory', required_for: 'all', delivery: 'blended', notes: 'Health and Care Act 2022: e-learning plus a live online session co-delivered by people with lived experience.' },
  { name: 'Duty of care and person-centred care', code: 'PCC', category: 'mandatory', required_for: 'all', delivery: 'classroom' },
  { name: 'Lone working and personal safety', code: 'LONE', category: 'mandatory', required_for: 'all', delivery: 'e-learning' },
  { name: 'Dementia awareness', code: 'DEM', category: 'specialist', validity_months: 36, required_for: 'specific', delivery: 'classroom', notes: 'Tier 2 of the Dementia Training Standards Framework.' },
  { name: 'End-of-life and palliative care', code: 'EOL', category: 'specialist', validity_months: 36, required_for: 'specific', delivery: 'classroom', notes: 'Comfort, mouth care, working with district nurses and hospices; anticipatory medicines are given by nurses.' },
  { name: 'PEG feeding (enteral tube feeding)', code: 'PEG', category: 'specialist', validity_months: 12, required_for: 'specific', delivery: 'practical', notes: 'Delegated by the community nurse: flushing, feeds, stoma site care. Competency checked on the carer’s file.' },
  { name: 'Catheter care', code: 'CATH', category: 'specialist', validity_months: 12, required_for: 'specific', delivery: 'practical', notes: 'Emptying and changing bags, hygiene, spotting infection; catheter competency on the carer’s file.' },
  { name: 'Stoma care', code: 'STOMA', category: 'specialist', validity_months: 12, required_for: 'specific', delivery: 'practical', notes: 'Colostomy and ileostomy bags, skin care.' },
  { name: 'Epilepsy awareness and buccal midazolam', code: 'EPI', category: 'specialist', validity_months: 12, required_for: 'specific', delivery: 'classroom', notes: 'Recognising seizures; giving buccal midazolam to the person’s care plan.' },
  { name: 'Diabetes and insulin awareness', code: 'DIAB', category: 'specialist', validity_months: 24, required_for: 'specific', delivery: 'classroom', notes: 'Hypos and hypers, blood glucose checks; insulin is given by the district nurse unless delegated.' },
  { name: 'Pressure area care', code: 'PAC', category: 'specialist', validity_months: 24, required_for: 'specific', delivery: 'classroom', notes: 'React to Red: skin checks, repositioning, reporting.' },
  { name: 'Hoist and sling use', code: 'HOIST', category: 'specialist', validity_months: 12, required_for: 'specific', delivery: 'practical', notes: 'Ceiling and mobile hoists, sling sizes; always two carers.' },
  { name: 'Positive behaviour support', code: 'PBS', category: 'specialist', validity_months: 36, required_for: 'specific', delivery: 'classroom', notes: 'For supported living: proactive and reactive strategies, no restrictive practice.' },
  { name: 'Parkinson’s disease awareness', code: 'PARK', category: 'specialist', required_for: 'specific', delivery: 'e-learning', notes: 'Time-critical medicines: get it on time.' },
  { name: 'Stroke awareness', code: 'STRK', category: 'specialist', required_for: 'specific', delivery: 'e-learning' },
  { name: 'Oral health care', code: 'ORAL', category: 'specialist', required_for: 'specific', delivery: 'e-learning', notes: 'NICE NG48 mouth care.' },
  { name: 'Dysphagia and modified diets (IDDSI)', code: 'DYS', category: 'specialist', validity_months: 24, required_for: 'specific', delivery: 'classroom', notes: 'Thickened fluids and IDDSI levels from the speech and language therapist’s plan.' },
  { name: 'Level 2 Diploma in Adult Care', code: 'DIP2', category: 'specialist', required_for: 'specific', delivery: 'blended', notes: 'Qualification (RQF Level 2); recorded here so the matrix shows who holds it.' },
];

export const WORKFORCE_DEMO_ROWS: DemoRows = {
  staffcodes,
  bands,
  'carer-hourly-rates': carerHourlyRates,
  'fiscal-years': fiscalYears,
  'hourly-rates': hourlyRates,
  'organization-period-years': organizationPeriodYears,
  'organization-periods': [...fourWeekly, ...monthly],
  'career-roles': careerRoles,
  careers,
  'visit-slots': visitSlots,
  'npc-codes': npcCodes,
  areacodes,
  banks,
  'training-courses': trainingCourses,
};
