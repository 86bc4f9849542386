import { asc, inArray } from 'drizzle-orm';
import { fileStorage, users, type FileStorage, type Transaction } from '@hcm/server/platform';
import { CLIENT_TYPES, ukInstant, type ClientType, type TermsAcceptanceMethod, type TransportMode } from '../../contract/files.js';
import { carersTable, employeesTable } from '../people/people-tables.js';
import { carerColumns, employeeColumns } from '../people/visibility.js';
import { staffUploadTypes, type StaffOwnerKind } from './common.js';
import { idCardPng, letterPdf } from './demo-files.js';
import { demoDates, demoDay } from '../demo-day.js';
import { saveUpload } from './uploads.js';
import { carerPreferences, carerTermsAcceptances, carerTransfers, staffCallLogs, staffTerms } from './tables.js';

// The demo's staff-file records as of late November 2026: documents uploaded to several carers' files and two
// office employees' (generated PDF letters and PNG card scans, stored through the FileStorage like any upload),
// calls with carers and employees (some follow-ups open, one overdue), Amara Eze's move from Camden to Bristol in
// May 2025, every hired carer's settings, and the carer handbook's terms v2 (2024) and v3 (January 2026), v3
// accepted by most active carers (three bank or zero-hours carers have not signed yet). Every date (the letters'
// words included) is written as of 25 November 2026 and moved to the day the demo is seeded (../demo-day.ts).

type Person = { id: number; first: string; last: string; branch: number; status: string; start: string; drives: boolean; hours: number | null; contract: string };
type Uploader = { id: number | null; name: string };

const AGENCY = 'Bluebell Home Care';

export async function seedDemoFiles(tx: Transaction, storage: FileStorage = fileStorage()): Promise<void> {
  const carerRows = await tx
    .select({
      id: carerColumns.id,
      email: carerColumns.email,
      first: carerColumns.first_name,
      last: carerColumns.last_name,
      branch: carerColumns.branch_id,
      status: carerColumns.status,
      start: carerColumns.start_date,
      drives: carerColumns.drives,
      hours: carerColumns.contracted_hours,
      contract: carerColumns.contract_type,
    })
    .from(carersTable)
    .orderBy(asc(carerColumns.id));
  if (!carerRows.length) return;
  const carers = new Map<string, Person>(
    carerRows.map((row) => [
      String(row.email),
      { id: Number(row.id), first: String(row.first), last: String(row.last), branch: Number(row.branch), status: String(row.status), start: String(row.start ?? ''), drives: Boolean(row.drives), hours: row.hours === null ? null : Number(row.hours), contract: String(row.contract) },
    ]),
  );
  const employeeRows = await tx.select({ id: employeeColumns.id, email: employeeColumns.email }).from(employeesTable);
  const employees = new Map(employeeRows.map((row) => [String(row.email), Number(row.id)]));
  const staff = await tx.select({ id: users.id, email: users.email, name: users.name }).from(users).where(inArray(users.email, ['office@homecare.test', 'manager@homecare.test']));
  const office: Uploader = staff.find((user) => user.email === 'office@homecare.test') ?? { id: null, name: 'Office' };
  const manager: Uploader = staff.find((user) => user.email === 'manager@homecare.test') ?? office;

  await seedUploads(tx, storage, carers, employees, office, manager);
  await seedCallLogs(tx, carers, employees, office, manager);
  await seedTransfer(tx, carers, manager);
  await seedPreferences(tx, carerRows.map((row) => carers.get(String(row.email))!), office);
  await seedTerms(tx, carers, office);
}

// ---- uploads

type DemoUpload = { owner: StaffOwnerKind; email: string; type: string; title: string; expires?: string; file: () => Promise<{ name: string; bytes: Uint8Array }>; by: 'office' | 'manager' };

const pdf = (name: string, letter: Parameters<typeof letterPdf>[0]) => async () => ({ name, bytes: await letterPdf(demoDates(letter)) });
const png = (name: string, tint: readonly [number, number, number], lines?: number) => async () => ({ name, bytes: idCardPng(tint, lines) });

const UPLOADS: DemoUpload[] = [
  {
    owner: 'carers', email: 'aisha.bello@homecare.test', type: 'Enhanced DBS certificate', title: 'Enhanced DBS certificate (adult workforce, barred list checked)', expires: '2027-03-04', by: 'office',
    file: pdf('aisha-bello-dbs.pdf', { from: 'Disclosure and Barring Service', title: 'Enhanced certificate', to: 'Aisha Bello', date: '2024-03-04', fields: [['Certificate number', '001784522931'], ['Workforce', 'Adult workforce'], ['Adults’ barred list', 'None recorded'], ['Police records of convictions, cautions, reprimands and warnings', 'None recorded'], ['Other relevant information', 'None recorded']], paragraphs: ['Scanned copy of the original certificate, seen by the office on 6 March 2024. Subscribed to the DBS Update Service.'] }),
  },
  { owner: 'carers', email: 'aisha.bello@homecare.test', type: 'Photo ID', title: 'Passport photo page', expires: '2031-06-12', by: 'office', file: png('aisha-bello-passport.png', [214, 196, 214]) },
  {
    owner: 'carers', email: 'aisha.bello@homecare.test', type: 'Car insurance for business use', title: 'Car insurance certificate with business use (class 1)', expires: '2027-02-28', by: 'office',
    file: pdf('aisha-bello-insurance.pdf', { from: 'Admiral Insurance', title: 'Certificate of motor insurance', to: 'Ms Aisha Bello', date: '2026-03-01', fields: [['Vehicle', 'Toyota Yaris, LB19 XKT'], ['Period', '1 March 2026 to 28 February 2027'], ['Use', 'Social, domestic and pleasure, and business use by the policyholder']], paragraphs: ['This certificate is evidence of insurance as required by the Road Traffic Act 1988.'] }),
  },
  {
    owner: 'carers', email: 'tendai.moyo@homecare.test', type: 'Right to work', title: 'Health and Care Worker visa: online right to work check', expires: '2026-12-14', by: 'manager',
    file: pdf('tendai-moyo-right-to-work.pdf', { from: 'UK Visas and Immigration', title: 'Right to work check: profile', to: 'Tendai Moyo', date: '2023-12-11', fields: [['Share code', 'W7K 4PX 9QD'], ['Permission', 'Skilled Worker (Health and Care) visa'], ['Can work until', '14 December 2026'], ['Conditions', 'Work for the sponsoring employer in the sponsored role']], paragraphs: ['Checked online by Maya Manager with Tendai present on a video call; the photo matched.'] }),
  },
  {
    owner: 'carers', email: 'tendai.moyo@homecare.test', type: 'Right to work', title: 'Home Office acknowledgement of the visa extension application', by: 'manager',
    file: pdf('tendai-moyo-application.pdf', { from: 'UK Visas and Immigration', title: 'Your application has been received', to: 'Tendai Moyo', date: '2026-11-17', paragraphs: ['We have received your application to extend your Skilled Worker (Health and Care) visa, made before your current permission ends.', 'While your application is decided, your rights to work continue under section 3C of the Immigration Act 1971. Your employer can check this with the Employer Checking Service.'] }),
  },
  {
    owner: 'carers', email: 'priya.nair@homecare.test', type: 'Right to work', title: 'Student visa: online right to work check (20 hours a week in term time)', expires: '2027-10-31', by: 'manager',
    file: pdf('priya-nair-right-to-work.pdf', { from: 'UK Visas and Immigration', title: 'Right to work check: profile', to: 'Priya Nair', date: '2025-09-29', fields: [['Share code', 'S2M 8RT 4LB'], ['Permission', 'Student visa'], ['Can work until', '31 October 2027'], ['Conditions', 'At most 20 hours a week in term time; full time in the university’s official vacations']], paragraphs: ['The term dates letter from the University of Leeds is kept with this check: rota only within the limit.'] }),
  },
  { owner: 'carers', email: 'priya.nair@homecare.test', type: 'Photo ID', title: 'Passport photo page', expires: '2033-02-20', by: 'manager', file: png('priya-nair-passport.png', [200, 214, 232]) },
  {
    owner: 'carers', email: 'daniel.kowalski@homecare.test', type: 'Reference', title: 'Reference from Sainsbury’s, Camden Road (last employer)', by: 'office',
    file: pdf('daniel-kowalski-reference-1.pdf', { from: 'Sainsbury’s Camden Road', title: 'Employment reference', to: 'Home Care Camden', date: '2026-08-12', fields: [['Employed', 'April 2022 to August 2026'], ['Role', 'Customer assistant'], ['Would re-employ', 'Yes']], paragraphs: ['Daniel was reliable and kind with customers, and trusted to train new colleagues.'], signed: 'Store manager' }),
  },
  {
    owner: 'carers', email: 'daniel.kowalski@homecare.test', type: 'Reference', title: 'Character reference from his volunteering coordinator', by: 'office',
    file: pdf('daniel-kowalski-reference-2.pdf', { from: 'Camden Age UK befriending service', title: 'Character reference', to: 'Home Care Camden', date: '2026-08-14', paragraphs: ['Daniel has visited two older people every week since 2024 as a volunteer befriender. He is patient, punctual and respects their choices.'], signed: 'Volunteer coordinator' }),
  },
  { owner: 'carers', email: 'daniel.kowalski@homecare.test', type: 'Photo ID', title: 'Photocard driving licence', expires: '2034-05-01', by: 'office', file: png('daniel-kowalski-licence.png', [236, 214, 222], 6) },
  {
    owner: 'carers', email: 'megan.hughes@homecare.test', type: 'Car insurance for business use', title: 'Car insurance certificate with business use', expires: '2026-10-31', by: 'manager',
    file: pdf('megan-hughes-insurance.pdf', { from: 'Direct Line', title: 'Certificate of motor insurance', to: 'Ms Megan Hughes', date: '2025-11-01', fields: [['Period', '1 November 2025 to 31 October 2026'], ['Use', 'Including business use']], paragraphs: ['Renewal due on 1 November 2026: ask Megan for the new certificate.'] }),
  },
  { owner: 'carers', email: 'zainab.hussain@homecare.test', type: 'Photo ID', title: 'Passport photo page', expires: '2030-09-09', by: 'manager', file: png('zainab-hussain-passport.png', [214, 200, 190]) },
  {
    owner: 'employees', email: 'claire.donovan@homecare.test', type: 'Contract of employment', title: 'Contract of employment: Registered Manager (signed)', by: 'manager',
    file: pdf('claire-donovan-contract.pdf', { from: AGENCY, title: 'Contract of employment', to: 'Claire Donovan', date: '2016-08-22', fields: [['Job title', 'Registered Manager'], ['Start date', '5 September 2016'], ['Hours', '37.5 a week, Monday to Friday, with an on-call rota'], ['Holiday', '28 days including bank holidays']], paragraphs: ['This is the written statement of the terms of your employment under the Employment Rights Act 1996.'], signed: 'Director' }),
  },
  {
    owner: 'employees', email: 'nadia.karim@homecare.test', type: 'Contract of employment', title: 'Contract of employment: Recruitment and Payroll Administrator (signed)', by: 'manager',
    file: pdf('nadia-karim-contract.pdf', { from: AGENCY, title: 'Contract of employment', to: 'Nadia Karim', date: '2026-07-20', fields: [['Job title', 'Recruitment and Payroll Administrator'], ['Start date', '3 August 2026'], ['Probation', 'Six months, ending 3 February 2027'], ['Hours', '37.5 a week']], paragraphs: ['This is the written statement of the terms of your employment under the Employment Rights Act 1996.'], signed: 'Claire Donovan, Registered Manager' }),
  },
];

async function seedUploads(tx: Transaction, storage: FileStorage, carers: Map<string, Person>, employees: Map<string, number>, office: Uploader, manager: Uploader): Promise<void> {
  const types = { carers: await staffUploadTypes(tx, 'carers'), employees: await staffUploadTypes(tx, 'employees') };
  for (const upload of UPLOADS) {
    const ownerId = upload.owner === 'carers' ? carers.get(upload.email)?.id : employees.get(upload.email);
    const type = types[upload.owner].find((candidate) => candidate.name === upload.type);
    if (!ownerId || !type) continue;
    const file = await upload.file();
    await saveUpload(tx, storage, {
      owner: upload.owner,
      ownerId,
      uploadTypeId: type.id,
      title: upload.title,
      expiresOn: upload.expires ? demoDay(upload.expires) : null,
      fileName: file.name,
      bytes: file.bytes,
      uploadedBy: upload.by === 'office' ? office : manager,
      actor: null,
      maxMb: 50,
    });
  }
}

// ---- call logs

type DemoCall = {
  owner: StaffOwnerKind;
  email: string;
  at: [string, string];
  direction: 'in' | 'out';
  with: string;
  subject: string;
  notes: string;
  by: 'office' | 'manager';
  followUp?: { due: string; done?: { at: [string, string]; outcome: string } };
};

const CALLS: DemoCall[] = [
  {
    owner: 'carers', email: 'tendai.moyo@homecare.test', at: ['2026-11-18', '10:15'], direction: 'out', with: 'Tendai Moyo', by: 'manager', subject: 'Visa renewal',
    notes: 'Tendai applied to extend his visa on 17 November, before it ends on 14 December. Asked him to send the Home Office acknowledgement (received the next day, now on his file). Employer Checking Service check to request if no decision by 7 December.',
    followUp: { due: '2026-12-07' },
  },
  {
    owner: 'carers', email: 'priya.nair@homecare.test', at: ['2026-11-20', '16:40'], direction: 'in', with: 'Priya Nair', by: 'manager', subject: 'More hours over the university vacation',
    notes: 'Priya would like full-time hours from 13 December to 11 January, the university’s winter vacation. Her visa allows it in official vacations: asked her for the university’s term dates letter before the rota gives her more than 20 hours.',
    followUp: { due: '2026-11-30' },
  },
  {
    owner: 'carers', email: 'esther.boateng@homecare.test', at: ['2026-11-12', '11:00'], direction: 'out', with: 'Esther Boateng', by: 'manager', subject: 'Meeting about the DBS update',
    notes: 'Told Esther she will not be rostered until the DBS risk assessment is done, and why. Offered a meeting with a colleague or union representative present. She will call back with a date.',
    followUp: { due: '2026-11-19' },
  },
  {
    owner: 'carers', email: 'ruth.mensah@homecare.test', at: ['2026-11-18', '14:30'], direction: 'out', with: 'Ruth Mensah', by: 'manager', subject: 'Suspension on full pay',
    notes: 'Confirmed the suspension on full pay while the safeguarding concern is looked into; explained it is not a finding or a disciplinary sanction. Gave the name of her contact at the office and the employee assistance line. Weekly welfare call agreed.',
    followUp: { due: '2026-11-25' },
  },
  {
    owner: 'carers', email: 'aisha.bello@homecare.test', at: ['2026-11-10', '07:05'], direction: 'in', with: 'Aisha Bello', by: 'office', subject: 'Car in the garage',
    notes: 'Aisha’s car failed to start. She can do her morning calls by bus if the 08:00 and 08:30 calls swap. Tom Fletcher covers the 09:15 call in Kentish Town.',
    followUp: { due: '2026-11-10', done: { at: ['2026-11-10', '07:40'], outcome: 'Calls swapped on the rota; both clients told of the new times.' } },
  },
  {
    owner: 'carers', email: 'daniel.kowalski@homecare.test', at: ['2026-09-03', '12:20'], direction: 'out', with: 'Daniel Kowalski', by: 'office', subject: 'Shadowing shifts before working alone',
    notes: 'Booked three shadowing shifts with Siân Evans (8, 9 and 11 September) after the Care Certificate induction days.',
    followUp: { due: '2026-09-11', done: { at: ['2026-09-11', '17:10'], outcome: 'All three shifts done; Siân signed the shadowing record.' } },
  },
  {
    owner: 'carers', email: 'tom.fletcher@homecare.test', at: ['2026-11-23', '18:50'], direction: 'in', with: 'Tom Fletcher', by: 'office', subject: 'Sick tomorrow',
    notes: 'Tom has a chest infection and will not work tomorrow. His four calls are covered. Self-certifies for up to seven days.',
  },
  {
    owner: 'employees', email: 'leah.fisher@homecare.test', at: ['2026-11-02', '10:00'], direction: 'out', with: 'Leah Fisher', by: 'manager', subject: 'Keeping-in-touch day',
    notes: 'Leah is well. She would like one keeping-in-touch day in December for the rota system training; paid at her normal rate.',
    followUp: { due: '2026-12-01' },
  },
  {
    owner: 'employees', email: 'marcus.webb@homecare.test', at: ['2026-11-21', '08:10'], direction: 'in', with: 'Marcus Webb', by: 'manager', subject: 'Late in: train cancelled',
    notes: 'Marcus will be in at 10:00; on-call covered the first hour of the phones.',
  },
];

async function seedCallLogs(tx: Transaction, carers: Map<string, Person>, employees: Map<string, number>, office: Uploader, manager: Uploader): Promise<void> {
  const rows = CALLS.flatMap((written) => {
    const call = demoDates(written);
    const ownerId = call.owner === 'carers' ? carers.get(call.email)?.id : employees.get(call.email);
    if (!ownerId) return [];
    const by = call.by === 'office' ? office : manager;
    return [
      {
        carer_id: call.owner === 'carers' ? ownerId : null,
        employee_id: call.owner === 'employees' ? ownerId : null,
        called_at: new Date(ukInstant(...call.at)),
        direction: call.direction,
        with_name: call.with,
        subject: call.subject,
        notes: call.notes,
        follow_up_needed: call.followUp !== undefined,
        follow_up_due: call.followUp?.due ?? null,
        follow_up_done_at: call.followUp?.done ? new Date(ukInstant(...call.followUp.done.at)) : null,
        follow_up_done_by_name: call.followUp?.done ? by.name : '',
        follow_up_outcome: call.followUp?.done?.outcome ?? '',
        recorded_by: by.id,
        recorded_by_name: by.name,
        created_at: new Date(ukInstant(...call.at)),
      },
    ];
  });
  if (rows.length) await tx.insert(staffCallLogs).values(rows);
}

// ---- the past transfer

async function seedTransfer(tx: Transaction, carers: Map<string, Person>, manager: Uploader): Promise<void> {
  const amara = carers.get('amara.eze@homecare.test');
  // Amara started in Camden in February 2024 and has worked from Bristol North since May 2025.
  if (!amara || amara.branch !== 3) return;
  await tx.insert(carerTransfers).values({
    carer_id: amara.id,
    from_branch_id: 1,
    to_branch_id: 3,
    effective_on: demoDay('2025-05-12'),
    reason: 'Moved to Bristol to be near her family and asked to keep working with us. Her Camden clients were handed over to Chloe Bennett and Patrick Doyle with introductory visits.',
    recorded_by: manager.id,
    recorded_by_name: manager.name,
    recorded_at: new Date(ukInstant(demoDay('2025-04-28'), '15:20')),
  });
}

// ---- settings

const KINDS: ClientType[] = CLIENT_TYPES.map((type) => type.value);

async function seedPreferences(tx: Transaction, carers: Person[], office: Uploader): Promise<void> {
  const hired = carers.filter((carer) => carer.status === 'active' || carer.status === 'suspended');
  const [since, settled] = [demoDay('2026-01-05'), demoDay('2026-01-12')];
  const rows = hired.map((carer, index) => {
    const transport: TransportMode = carer.drives ? 'car' : (['public-transport', 'public-transport', 'bicycle', 'walking'] as const)[index % 4]!;
    const student = carer.first === 'Priya' && carer.last === 'Nair';
    return {
      carer_id: carer.id,
      // A suspended carer cannot sign in to the carers' app until the suspension ends.
      app_access: carer.status === 'active',
      notify_sms: index % 5 !== 2,
      notify_email: index % 3 !== 1,
      notify_app: true,
      // What the carer says they want, soft: a student visa's legal cap is the compliance part's, not this.
      max_weekly_hours: student ? 20 : carer.hours !== null ? Math.min(60, carer.hours + (index % 3) * 4) : [16, 24, 30][index % 3]!,
      max_travel_miles: transport === 'car' ? 8 + (index % 4) * 3 : transport === 'walking' ? 2 : transport === 'bicycle' ? 4 : 5,
      transport_mode: transport,
      client_types: ['older-people', ...[KINDS[1 + (index % 5)]!, KINDS[1 + ((index * 3) % 6)]!]].filter((kind, at, all) => all.indexOf(kind) === at) as ClientType[],
      updated_by_name: office.name,
      updated_at: new Date(ukInstant(carer.start && carer.start > since ? carer.start : settled, '10:00')),
    };
  });
  if (rows.length) await tx.insert(carerPreferences).values(rows);
}

// ---- terms and conditions

const V2_BODY = [
  'These terms form part of your contract and the carer handbook. Where they differ from your written statement of employment, the written statement wins.',
  '1. Pay. You are paid for every visit and for the time travelling between visits, and never less than the National Minimum Wage for all the hours you work, travel included. Business miles are paid at the rate in force (45p a mile).',
  '2. Working time. The Working Time Regulations 1998 limit the average working week to 48 hours unless you opt out in writing; you may cancel an opt-out with one week’s notice.',
  '3. Holiday. 5.6 weeks a year, bank holidays included, pro rata for part-time work. Carers with irregular hours accrue 12.07% of the hours worked.',
  '4. Sickness. Tell the on-call phone before 07:00 (or three hours before your first call). Statutory Sick Pay applies; self-certify up to seven days, then a fit note.',
  '5. Confidentiality. What you learn about clients stays private (UK GDPR and the Data Protection Act 2018). Never photograph clients or their homes, or discuss them on social media.',
  '6. Gifts and money. Do not accept gifts, loans or money from clients or families, or be named in a will; tell the office of any offer.',
  '7. Safeguarding. Report any concern about abuse or neglect to the office the same day, or to the police on 999 when someone is in danger.',
].join('\n\n');

const V3_BODY = [
  V2_BODY,
  '8. The carers’ app (new in version 3). Check in and out of each visit in the app. Your location is read only at check-in and check-out, to confirm the visit. The office never tracks you between visits.',
  '9. Uniform and PPE. Wear the uniform and your ID badge on every visit. Gloves, aprons and masks are free from the office; use them as the client’s care plan says.',
  '10. Notice. One week’s notice in your first two years, then a week for each full year worked up to twelve (the statutory minimum), unless your contract gives more.',
].join('\n\n');

const METHODS: TermsAcceptanceMethod[] = ['app', 'app', 'in-person', 'email'];

/** Bank and zero-hours carers who have not signed version 3 yet (the tab shows them as not accepted). */
const NOT_YET_ACCEPTED = new Set(['callum.mcleod@homecare.test', 'oliver.grant@homecare.test', 'nathan.price@homecare.test']);

async function seedTerms(tx: Transaction, carers: Map<string, Person>, office: Uploader): Promise<void> {
  const [v2On, v3On] = [demoDay('2024-04-01'), demoDay('2026-01-05')];
  const [v2, v3] = await tx
    .insert(staffTerms)
    .values([
      { version: 2, title: 'Carer handbook: terms and conditions (2024)', body: V2_BODY, published_at: new Date(ukInstant(v2On, '09:00')), created_at: new Date(ukInstant(demoDay('2024-03-25'), '12:00')) },
      { version: 3, title: 'Carer handbook: terms and conditions 2026 (version 3)', body: V3_BODY, published_at: new Date(ukInstant(v3On, '09:00')), created_at: new Date(ukInstant(demoDay('2025-12-15'), '12:00')) },
    ])
    .returning({ id: staffTerms.id });
  const rows: (typeof carerTermsAcceptances.$inferInsert)[] = [];
  let index = 0;
  for (const [email, carer] of carers) {
    if (carer.status === 'applicant' || !carer.start) continue;
    index += 1;
    const method = METHODS[index % METHODS.length]!;
    // Version 2 was signed by everyone working here while it was current.
    if (carer.start < v3On) {
      const on = carer.start > v2On ? carer.start : demoDay(`2024-04-${String(2 + (index % 20)).padStart(2, '0')}`);
      rows.push({ carer_id: carer.id, terms_id: v2!.id, accepted_on: on, method: carer.start > v2On ? 'in-person' : method, recorded_by: office.id, recorded_by_name: office.name, recorded_at: new Date(ukInstant(on, '16:00')) });
    }
    if (carer.status !== 'active' || NOT_YET_ACCEPTED.has(email)) continue;
    const on = carer.start >= v3On ? carer.start : demoDay(`2026-01-${String(6 + (index % 22)).padStart(2, '0')}`);
    rows.push({ carer_id: carer.id, terms_id: v3!.id, accepted_on: on, method: carer.start >= v3On ? 'in-person' : method, recorded_by: office.id, recorded_by_name: office.name, recorded_at: new Date(ukInstant(on, '16:30')) });
  }
  if (rows.length) await tx.insert(carerTermsAcceptances).values(rows);
}
