import { randomBytes } from 'node:crypto';
import { CARER_ROLE } from '@hcm/contract/schemas';
import type { DemoRows } from '@hcm/contract/engine';
import { eq, inArray } from 'drizzle-orm';
import { hashPassword, roles, seedDemoRows, userBranches, users, type Transaction } from '@hcm/server/platform';
import { WORKFORCE_RESOURCES } from '../../contract/people.js';
import { carerAccounts, workforceTables } from './people-tables.js';
import { carerColumns } from './visibility.js';
import { demoDates } from '../demo-day.js';

// The demo agency's people (as of late November 2026): 30 carers across the three branches (Camden 12, Leeds 9,
// Bristol 9; two suspended, two who left), 8 applicants across the recruitment pipeline, and 6 office employees.
// The first seven carers are the demo users of the carer role (messages and notices name them), linked by email.
// Positions matter: other parts' demo data (compliance, training, holidays) name carers by their email.
// DEMO_PEOPLE is written as of 25 November 2026; demoPeople() moves its start, application, leaving and probation
// dates (and the dates in notes) to the day the demo is seeded (../demo-day.ts). Dates of birth are not moved.

type CarerSeed = [first: string, last: string, gender: 'female' | 'male', branch: 1 | 2 | 3, role: 1 | 2 | 3 | 4, band: 1 | 2 | 3 | 4, contract: string, hours: number | null, start: string, extra?: Record<string, unknown>];

// Roles are staffcodes' demo positions (1 care worker, 2 senior, 3 field care supervisor, 4 bank); bands 1–4.
const CARERS: CarerSeed[] = [
  ['Aisha', 'Bello', 'female', 1, 2, 3, 'full-time', 37, '2021-03-15', { email: 'aisha.bello@homecare.test', drives: true }],
  ['Tom', 'Fletcher', 'male', 1, 1, 2, 'part-time', 24, '2023-06-05', { email: 'tom.fletcher@homecare.test', drives: true }],
  ['Siân', 'Evans', 'female', 1, 3, 4, 'full-time', 37, '2019-09-02', { email: 'sian.evans@homecare.test', drives: true }],
  ['Callum', 'McLeod', 'male', 2, 1, 2, 'zero-hours', null, '2024-01-22', { email: 'callum.mcleod@homecare.test', irregular_hours: true }],
  ['Priya', 'Nair', 'female', 2, 1, 1, 'part-time', 20, '2025-10-06', { email: 'priya.nair@homecare.test', notes: 'Student visa: 20 hours a week in term time.' }],
  ['Megan', 'Hughes', 'female', 3, 2, 3, 'full-time', 37, '2022-02-14', { email: 'megan.hughes@homecare.test', drives: true }],
  ['Joseph', 'Adeyemi', 'male', 3, 1, 2, 'full-time', 37, '2023-11-13', { email: 'joseph.adeyemi@homecare.test', drives: true }],
  ['Grace', 'Okafor', 'female', 1, 1, 2, 'part-time', 30, '2022-08-01', { drives: true }],
  ['Daniel', 'Kowalski', 'male', 1, 1, 1, 'zero-hours', null, '2026-09-07', { irregular_hours: true }],
  ['Fatima', 'Rahman', 'female', 1, 2, 3, 'full-time', 37, '2020-05-18', { drives: true }],
  ['Liam', "O'Connor", 'male', 1, 4, 1, 'bank', null, '2025-02-03', { irregular_hours: true }],
  ['Chloe', 'Bennett', 'female', 1, 1, 2, 'part-time', 25, '2024-04-08', { drives: true }],
  ['Ruth', 'Mensah', 'female', 1, 1, 2, 'full-time', 37, '2021-11-29', { status: 'suspended', notes: 'Suspended on full pay from 18 November 2026 pending a safeguarding investigation (not a finding).' }],
  ['Kwame', 'Asante', 'male', 1, 1, 1, 'zero-hours', null, '2025-07-14', { status: 'leaver', leaving_date: '2026-10-31', leaving_reason: 'Moved to a hospital healthcare assistant post.', irregular_hours: true }],
  ['Hannah', 'Whitaker', 'female', 2, 3, 4, 'full-time', 37, '2018-06-11', { drives: true }],
  ['Mohammed', 'Iqbal', 'male', 2, 1, 2, 'full-time', 37, '2023-03-20', { drives: true }],
  ['Emily', 'Shaw', 'female', 2, 1, 2, 'part-time', 22, '2024-09-16' ],
  ['Jordan', 'Reid', 'male', 2, 2, 3, 'full-time', 37, '2020-10-05', { drives: true }],
  ['Zainab', 'Hussain', 'female', 2, 1, 1, 'zero-hours', null, '2026-08-24', { irregular_hours: true }],
  ['Oliver', 'Grant', 'male', 2, 4, 2, 'bank', null, '2022-12-12', { irregular_hours: true }],
  ['Lucy', 'Armstrong', 'female', 2, 1, 2, 'part-time', 16, '2021-05-10', { status: 'leaver', leaving_date: '2026-09-30', leaving_reason: 'Retired.' }],
  ['Rhys', 'Morgan', 'male', 3, 3, 4, 'full-time', 37, '2017-04-24', { drives: true }],
  ['Amara', 'Eze', 'female', 3, 1, 2, 'full-time', 37, '2024-02-19', { drives: true }],
  ['Ben', 'Carter', 'male', 3, 1, 1, 'part-time', 20, '2026-06-01', { drives: true }],
  ['Sophie', 'Lloyd', 'female', 3, 2, 3, 'full-time', 37, '2019-01-07', { drives: true }],
  ['Tendai', 'Moyo', 'male', 3, 1, 2, 'full-time', 37, '2022-07-25', { notes: 'Health and Care Worker visa: right to work until 14 December 2026, renewal applied for.' }],
  ['Isla', 'Campbell', 'female', 3, 1, 2, 'part-time', 24, '2023-08-14', { drives: true }],
  ['Nathan', 'Price', 'male', 3, 4, 1, 'bank', null, '2025-11-03', { irregular_hours: true }],
  ['Esther', 'Boateng', 'female', 3, 1, 2, 'full-time', 37, '2021-02-01', { status: 'suspended', notes: 'Suspended from rostering: DBS Update Service check showed a new disclosure; DBS risk assessment under way.' }],
  ['Patrick', 'Doyle', 'male', 1, 1, 2, 'part-time', 28, '2023-01-16', { drives: true }],
];

type ApplicantSeed = [first: string, last: string, gender: 'female' | 'male', branch: 1 | 2 | 3, stage: string, source: string, applied: string, extra?: Record<string, unknown>];

const APPLICANTS: ApplicantSeed[] = [
  ['Maria', 'Santos', 'female', 1, 'applied', 'indeed', '2026-11-21'],
  ['George', 'Taylor', 'male', 1, 'screening', 'website', '2026-11-14'],
  ['Yasmin', 'Ali', 'female', 2, 'interview', 'referral', '2026-11-06', { notes: 'Referred by Mohammed Iqbal.' }],
  ['Harry', 'Walsh', 'male', 3, 'interview', 'job-centre', '2026-11-03'],
  ['Olivia', 'Brown', 'female', 1, 'offer', 'totaljobs', '2026-10-27'],
  ['Samuel', 'Osei', 'male', 3, 'checks', 'social-media', '2026-10-12', { drives: true }],
  ['Ella', 'Jones', 'female', 2, 'ready', 'website', '2026-09-29', { start_date: '2026-12-01' }],
  ['Adam', 'Clarke', 'male', 1, 'rejected', 'indeed', '2026-10-20', { rejection_reason: 'Could not give two years of employment references; invited to reapply once available.' }],
];

const EMPLOYEES = [
  { first_name: 'Claire', last_name: 'Donovan', job_title: 'Registered Manager', staffcode_id: 7, branch_id: 1, start_date: '2016-09-05', gender: 'female', date_of_birth: '1978-03-12' },
  { first_name: 'Marcus', last_name: 'Webb', job_title: 'Care Coordinator', staffcode_id: 5, branch_id: 1, start_date: '2022-04-19', gender: 'male', date_of_birth: '1990-07-02' },
  { first_name: 'Nadia', last_name: 'Karim', job_title: 'Recruitment and Payroll Administrator', staffcode_id: 6, branch_id: 1, start_date: '2026-08-03', gender: 'female', date_of_birth: '1995-11-20', status: 'probation', probation_ends_on: '2027-02-03' },
  { first_name: 'Gareth', last_name: 'Powell', job_title: 'Registered Manager', staffcode_id: 7, branch_id: 2, start_date: '2019-02-11', gender: 'male', date_of_birth: '1975-05-30' },
  { first_name: 'Leah', last_name: 'Fisher', job_title: 'Care Coordinator', staffcode_id: 5, branch_id: 2, start_date: '2023-10-02', gender: 'female', date_of_birth: '1988-01-17', status: 'on-leave', notes: 'Maternity leave from 1 October 2026.' },
  { first_name: 'Imran', last_name: 'Chaudhry', job_title: 'Care Coordinator', staffcode_id: 5, branch_id: 3, start_date: '2021-06-14', gender: 'male', date_of_birth: '1986-09-08' },
];

const TOWNS = [
  { town: 'London', postcodes: ['NW1 9HX', 'NW5 2AE', 'N7 6PA', 'NW3 4QG', 'N19 5JT', 'NW6 1RL'] },
  { town: 'Leeds', postcodes: ['LS6 2DF', 'LS4 2PR', 'LS7 3HB', 'LS8 1AA', 'LS11 5QN'] },
  { town: 'Bristol', postcodes: ['BS7 8AX', 'BS6 5JP', 'BS10 6RN', 'BS34 7DG', 'BS5 0HE'] },
];
const STREETS = ['Albert Road', 'Station Street', 'Victoria Terrace', 'Church Lane', 'Park Avenue', 'Mill Close', 'Queens Road', 'Elm Grove'];

// Valid-format National Insurance numbers (prefixes AB, CE, JG… are issued; the digits are the demo's own).
const NI_PREFIXES = ['AB', 'CE', 'JG', 'KL', 'MP', 'NR', 'PE', 'RT', 'SW', 'TA'];

function person(index: number, first: string, last: string, gender: string, branch: number, extra: Record<string, unknown> = {}) {
  const place = TOWNS[branch - 1]!;
  const year = 1965 + ((index * 7) % 38);
  const month = String(1 + ((index * 5) % 12)).padStart(2, '0');
  const day = String(1 + ((index * 11) % 28)).padStart(2, '0');
  const email = `${first}.${last}`.toLowerCase().normalize('NFD').replace(/[^a-z.]/g, '') + '@homecare.test';
  return {
    first_name: first,
    last_name: last,
    preferred_name: '',
    gender,
    date_of_birth: `${year}-${month}-${day}`,
    email,
    phone: `07700 900${String(100 + index).slice(-3)}`,
    address_line_1: `${1 + ((index * 13) % 90)} ${STREETS[index % STREETS.length]}`,
    town: place.town,
    postcode: place.postcodes[index % place.postcodes.length],
    ni_number: `${NI_PREFIXES[index % NI_PREFIXES.length]} ${String(10 + index).padStart(2, '0')} ${String(30 + ((index * 3) % 60)).padStart(2, '0')} ${String(40 + index).slice(-2)} ${'ABCD'[index % 4]}`,
    branch_id: branch,
    ...extra,
  };
}

export const DEMO_PEOPLE: DemoRows = {
  carers: [
    ...CARERS.map(([first, last, gender, branch, role, band, contract, hours, start, extra = {}], index) => ({
      ...person(index, first, last, gender, branch),
      status: 'active',
      recruitment_stage: 'hired',
      source: (['website', 'indeed', 'referral', 'job-centre', 'totaljobs'] as const)[index % 5],
      applied_on: '',
      rejection_reason: '',
      staffcode_id: role,
      band_id: band,
      contract_type: contract,
      contracted_hours: hours,
      irregular_hours: false,
      drives: false,
      start_date: start,
      leaving_date: '',
      leaving_reason: '',
      emergency_contact_name: `${last} family`,
      emergency_contact_phone: `01632 960${String(200 + index).slice(-3)}`,
      notes: '',
      ...extra,
    })),
    ...APPLICANTS.map(([first, last, gender, branch, stage, source, applied, extra = {}], index) => ({
      ...person(40 + index, first, last, gender, branch),
      status: 'applicant',
      recruitment_stage: stage,
      source,
      applied_on: applied,
      rejection_reason: '',
      staffcode_id: 1,
      band_id: 1,
      contract_type: 'part-time',
      contracted_hours: null,
      irregular_hours: false,
      drives: false,
      start_date: '',
      leaving_date: '',
      leaving_reason: '',
      emergency_contact_name: '',
      emergency_contact_phone: '',
      notes: '',
      ...extra,
    })),
  ],
  employees: EMPLOYEES.map(({ first_name, last_name, gender, branch_id, ...rest }, index) => ({
    ...person(60 + index, first_name, last_name, gender, branch_id),
    status: 'active',
    contract_type: 'full-time',
    contracted_hours: 37,
    probation_ends_on: '',
    leaving_date: '',
    leaving_reason: '',
    emergency_contact_name: '',
    emergency_contact_phone: '',
    notes: '',
    ...rest,
  })),
};

/** The dates of the story, moved; dates of birth and everything else kept. */
const MOVED = ['start_date', 'applied_on', 'leaving_date', 'probation_ends_on', 'notes'];

/** DEMO_PEOPLE as of the day the demo is seeded. */
export function demoPeople(): DemoRows {
  const move = (row: Record<string, unknown>) => ({ ...row, ...demoDates(Object.fromEntries(MOVED.filter((key) => key in row).map((key) => [key, row[key]]))) });
  return Object.fromEntries(Object.entries(DEMO_PEOPLE).map(([resource, rows]) => [resource, rows.map(move)]));
}

/**
 * Seeds the demo carers, applicants and employees, then gives each active or suspended carer a sign-in account of
 * the carer role (the seven demo carer users already exist: linked by email; the others get one with a random
 * password nobody knows, as hiring does).
 */
export async function seedDemoPeople(tx: Transaction): Promise<void> {
  await seedDemoRows(tx, WORKFORCE_RESOURCES, demoPeople(), workforceTables);
  const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, CARER_ROLE));
  const hired = await tx
    .select({ id: carerColumns.id, email: carerColumns.email, first: carerColumns.first_name, last: carerColumns.last_name, branch_id: carerColumns.branch_id })
    .from(workforceTables['carers']!)
    .where(inArray(carerColumns.status, ['active', 'suspended']));
  const existing = await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, hired.map((row) => String(row.email))));
  const userByEmail = new Map(existing.map((row) => [row.email, row.id]));
  const hash = await hashPassword(randomBytes(32).toString('base64url'));
  for (const carer of hired) {
    let userId = userByEmail.get(String(carer.email));
    if (!userId) {
      const [user] = await tx
        .insert(users)
        .values({ name: `${String(carer.first)} ${String(carer.last)}`, email: String(carer.email), password_hash: hash, role_id: role!.id, user_type: 'domiciliary' })
        .returning({ id: users.id });
      userId = user!.id;
      await tx.insert(userBranches).values({ user_id: userId, branch_id: Number(carer.branch_id) }).onConflictDoNothing();
    }
    await tx.insert(carerAccounts).values({ carer_id: Number(carer.id), user_id: userId }).onConflictDoNothing();
  }
}
