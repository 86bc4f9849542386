import { inArray } from 'drizzle-orm';
import * as v from 'valibot';
import { documentSchema, type DocumentSpec, type DocumentStatus, type DocumentValues, type Signature } from '@hcm/contract/documents';
import { resultsOf, users, type Transaction } from '@hcm/server/platform';
import { carerDocument, employeeDocument } from '../../contract/documents/index.js';
import { carerDocuments, carerDocumentVersions, carersTable, employeeDocuments, employeeDocumentVersions, employeesTable } from '../people/people-tables.js';
import { carerColumns, employeeColumns } from '../people/visibility.js';
import { demoDates } from '../demo-day.js';

// The demo agency's staff-file documents as of late November 2026 (../people/demo.ts names the people): most
// working carers supervised in the last eight weeks and some not since the summer, spot checks and appraisals in
// every state, health declarations and risk assessments, two return-to-work interviews, a complaint and
// compliments, exit interviews for the two leavers; the applicants' documents as far as their stage has gone;
// the office employees' supervisions, appraisals, checks and Nadia Karim's probation reviews. Dates are written as
// of 25 November 2026 and moved, with the dates in their words, to the day the demo is seeded (../demo-day.ts), so
// the due lists show the same overdue carers whenever the demo starts.

type Who = 'office' | 'manager' | 'admin';
const DEMO_USERS: Record<Who, string> = { office: 'office@homecare.test', manager: 'manager@homecare.test', admin: 'admin@homecare.test' };

export type DemoStaffDocument = {
  owner: 'carer' | 'employee';
  /** The person's email (../people/demo.ts). */
  email: string;
  document: string;
  /** Oldest first; the last is current. Each version's content is whole and valid for the declaration. */
  versions: readonly { content: DocumentValues; on: string; by: Who; note?: string; status?: DocumentStatus }[];
  reviewDate?: string;
  /** The current version signed off by the demo manager in this role, on this day. */
  signedOff?: { role: string; on: string };
};

const sig = (name: string, role: string, on: string, time = '10:30'): Signature => ({ name, role, signed_at: `${on}T${time}:00.000Z` });

// ——— The people (name, branch) the documents speak of.

const C = (first: string, last: string) => `${first}.${last}`.toLowerCase().normalize('NFD').replace(/[^a-z.]/g, '') + '@homecare.test';

type Person = { email: string; name: string; branch: 1 | 2 | 3 };
const person = (name: string, branch: 1 | 2 | 3): Person => {
  const [first, ...rest] = name.split(' ');
  return { email: C(first!, rest.join(' ')), name, branch };
};

/** Who supervises a carer in each branch, and who supervises the supervisors. */
const SUPERVISOR: Record<1 | 2 | 3, { name: string; role: string }> = {
  1: { name: 'Marcus Webb', role: 'Care coordinator' },
  2: { name: 'Hannah Whitaker', role: 'Field care supervisor' },
  3: { name: 'Imran Chaudhry', role: 'Care coordinator' },
};
const OBSERVER: Record<1 | 2 | 3, { name: string; role: string }> = {
  1: { name: 'Siân Evans', role: 'Field care supervisor' },
  2: { name: 'Hannah Whitaker', role: 'Field care supervisor' },
  3: { name: 'Rhys Morgan', role: 'Field care supervisor' },
};
const MANAGER: Record<1 | 2 | 3, { name: string; role: string }> = {
  1: { name: 'Claire Donovan', role: 'Registered manager' },
  2: { name: 'Gareth Powell', role: 'Registered manager' },
  3: { name: 'Gareth Powell', role: 'Registered manager (covering Bristol)' },
};
const byOf = (branch: 1 | 2 | 3): Who => (branch === 1 ? 'office' : 'manager');

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
const addMonths = (day: string, months: number) => {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1 + months, Math.min(date, 28))).toISOString().slice(0, 10);
};

// ——— Supervisions

const CASELOADS = [
  'Morning and lunch calls on the Kentish Town round (MR, PE, DA). PE now needs two carers for the hoist: the new plan was read and followed.',
  'Regular clients on the evening round; JS has had two falls this month and the OT is visiting next week. Reported the loose stair rail at DA\'s.',
  'Mostly double-up calls with a regular partner. GH\'s family have asked for the same carers where possible: the rota team has been told.',
  'New clients since the last supervision: KW (end-of-life care with the district nurses) and BT (reablement for six weeks).',
  'Weekend and evening work. Struggled with travel time between the two ends of the round; the coordinator will look at the route.',
  'Medication prompts and meal preparation for four regular clients. One MAR gap found and reported the same day.',
];
const WENT_WELL = [
  'Families speak highly of their patience. Care notes are detailed and written at the visit.',
  'Calm and kind with a client in distress at the weekend, and called on-call at the right time.',
  'Good teamwork with the double-up partner; reliable on time.',
  'Took on two new clients without fuss and read the care plans before the first visit.',
];
const TO_IMPROVE = [
  'Remember to record fluid intake at every visit for JS, not only at lunch.',
  'Check out on the app before leaving the property, not in the car.',
  'Ask for help sooner when running late rather than waiting for the office to ring.',
  '',
];
const TRAINING_NEEDS = ['Moving and handling refresher due in January.', 'Would like dementia awareness level 2.', 'Medication competency reassessment due.', 'Catheter care training requested.', 'None this time.'];

type Supervision = { who: Person; on: string; wellbeing?: 'good' | 'ok' | 'struggling'; extra?: Partial<DocumentValues>; supervisor?: { name: string; role: string } };

function supervisionContent({ who, on, wellbeing = 'good', extra = {}, supervisor = SUPERVISOR[who.branch] }: Supervision, index: number): DocumentValues {
  return {
    supervision_date: on,
    supervisor: supervisor.name,
    format: index % 3 === 2 ? 'community' : 'office',
    previous_actions: index % 2 ? 'Actions from the last supervision done.' : 'Moving and handling refresher booked as agreed.',
    wellbeing,
    wellbeing_notes: wellbeing === 'good' ? 'Says they are well and enjoying the work.' : wellbeing === 'ok' ? 'Tired after a run of weekend shifts; agreed a lighter rota for two weeks.' : 'Finding the hours hard alongside family caring; referred to the employee assistance line and reduced calls agreed.',
    hours_ok: wellbeing !== 'struggling',
    caseload: CASELOADS[index % CASELOADS.length],
    practice_went_well: WENT_WELL[index % WENT_WELL.length],
    practice_to_improve: TO_IMPROVE[index % TO_IMPROVE.length],
    policies_discussed: index % 2 ? ['safeguarding', 'medication'] : ['infection-control', 'lone-working', 'whistleblowing'],
    training_needs: TRAINING_NEEDS[index % TRAINING_NEEDS.length],
    safeguarding_discussed: true,
    concerns_raised: false,
    actions: [{ action: index % 2 ? 'Book the refresher training named above.' : 'Share the updated care plan for the new client.', owner: supervisor.name, due: addDays(on, 21), done: false }],
    next_supervision: addDays(on, 56),
    supervisee_signature: sig(who.name, 'Care worker', on, '11:15'),
    supervisor_signature: sig(supervisor.name, supervisor.role, on, '11:20'),
    ...extra,
  };
}

// Camden
const aisha = person('Aisha Bello', 1);
const tom = person('Tom Fletcher', 1);
const sian: Person = { email: 'sian.evans@homecare.test', name: 'Siân Evans', branch: 1 };
const grace = person('Grace Okafor', 1);
const daniel = person('Daniel Kowalski', 1);
const fatima = person('Fatima Rahman', 1);
const chloe = person('Chloe Bennett', 1);
const patrick = person('Patrick Doyle', 1);
const kwame = person('Kwame Asante', 1);
// Leeds
const callum = person('Callum McLeod', 2);
const priya = person('Priya Nair', 2);
const hannah = person('Hannah Whitaker', 2);
const mohammed = person('Mohammed Iqbal', 2);
const emily = person('Emily Shaw', 2);
const jordan = person('Jordan Reid', 2);
const zainab = person('Zainab Hussain', 2);
const lucy = person('Lucy Armstrong', 2);
// Bristol
const megan = person('Megan Hughes', 3);
const joseph = person('Joseph Adeyemi', 3);
const rhys = person('Rhys Morgan', 3);
const amara = person('Amara Eze', 3);
const ben = person('Ben Carter', 3);
const sophie = person('Sophie Lloyd', 3);
const tendai = person('Tendai Moyo', 3);
const isla = person('Isla Campbell', 3);
// Office
const imran = person('Imran Chaudhry', 3);

// Never supervised: Liam O'Connor and Oliver Grant (bank), Nathan Price (bank since November 2025).
// Overdue (last before 29 September): Grace and Chloe (August), Mohammed, Rhys, Isla. Due within 14 days: Tom,
// Patrick, Hannah, Amara.
const SUPERVISIONS: Supervision[] = [
  { who: aisha, on: '2026-09-08' },
  { who: aisha, on: '2026-11-03' },
  { who: tom, on: '2026-08-13' },
  { who: tom, on: '2026-10-08', wellbeing: 'ok' },
  { who: sian, on: '2026-10-20', supervisor: MANAGER[1] },
  { who: grace, on: '2026-08-18' },
  { who: daniel, on: '2026-10-30', extra: { caseload: 'First supervision since starting on 7 September: shadowing finished, now on the morning round with Aisha Bello nearby. Care Certificate standards 1–9 signed off.', training_needs: 'Finish the Care Certificate by December; medication competency observations (three) still to do.' } },
  { who: fatima, on: '2026-11-12' },
  { who: chloe, on: '2026-08-27', wellbeing: 'struggling' },
  { who: patrick, on: '2026-10-01' },
  { who: callum, on: '2026-10-15' },
  { who: priya, on: '2026-11-05', extra: { hours_ok: true, caseload: 'Evening and weekend calls only, within the 20 hours a week her student visa allows in term time. The rota is capped at 20 hours.', training_needs: 'None this time.' } },
  { who: hannah, on: '2026-08-05', supervisor: MANAGER[2] },
  { who: hannah, on: '2026-09-30', supervisor: MANAGER[2] },
  { who: mohammed, on: '2026-08-11' },
  { who: emily, on: '2026-10-27' },
  { who: jordan, on: '2026-11-17' },
  { who: zainab, on: '2026-10-19', extra: { caseload: 'First supervision after shadowing: four regular clients in Headingley. Enjoying the work.' } },
  { who: megan, on: '2026-09-15' },
  { who: megan, on: '2026-11-10' },
  { who: joseph, on: '2026-10-22' },
  { who: rhys, on: '2026-08-04', supervisor: MANAGER[3] },
  { who: amara, on: '2026-10-06' },
  { who: ben, on: '2026-10-14' },
  { who: sophie, on: '2026-11-18' },
  { who: tendai, on: '2026-11-02', wellbeing: 'ok', extra: { wellbeing_notes: 'Worried about his visa: his Health and Care Worker visa ends on 14 December 2026 and he applied to extend it on 2 October. Reassured that he may keep working while the application is decided if it was made before the visa ended; the office will check with the Home Office Employer Checking Service.' } },
  { who: isla, on: '2026-09-15' },
];

// ——— Spot checks

type SpotCheck = { who: Person; on: string; client: string; notMet?: string[]; partly?: string[]; observations: string };

const STANDARD_KEYS = ['arrival_on_time', 'id_badge', 'uniform_ppe', 'infection_control', 'dignity_consent', 'communication', 'moving_handling', 'medication', 'care_plan_followed', 'record_keeping', 'home_left_safe'];

function spotCheckContent({ who, on, client, notMet = [], partly = [], observations }: SpotCheck, index: number): DocumentValues {
  const observer = who.name === OBSERVER[who.branch].name ? MANAGER[who.branch] : OBSERVER[who.branch];
  const standards = Object.fromEntries(STANDARD_KEYS.map((key) => [key, notMet.includes(key) ? 'not-met' : partly.includes(key) ? 'partly' : key === 'medication' && index % 3 === 1 ? 'na' : 'met']));
  return {
    check_date: on,
    check_time: ['07:55', '12:25', '17:40', '09:10'][index % 4],
    client_initials: client,
    observed_by: observer.name,
    announced: false,
    ...standards,
    client_feedback: ['Says the carer is lovely and never rushes her.', 'Daughter happy with the care; asked for the same carer at weekends.', 'No concerns raised.', ''][index % 4],
    observations,
    actions: notMet.length ? [{ action: 'Go through record keeping standards with the carer and repeat the spot check within a month.', owner: observer.name, due: addDays(on, 28), done: false }] : [],
    carer_signature: sig(who.name, 'Care worker', on, '13:00'),
    observer_signature: sig(observer.name, observer.role, on, '13:05'),
  };
}

const SPOT_CHECKS: SpotCheck[] = [
  { who: aisha, on: '2026-10-14', client: 'MR', observations: 'Exemplary visit: asked consent before each step, hoist checked and used as the plan says, MAR completed.' },
  { who: tom, on: '2026-08-12', client: 'PE', partly: ['arrival_on_time'], observations: 'Arrived 20 minutes late without telling the client; care itself was kind and careful.' },
  { who: sian, on: '2026-09-22', client: 'DA', observations: 'Confident and warm; used the visit to coach the client\'s new carer on the stand aid.' },
  { who: grace, on: '2026-09-02', client: 'JS', notMet: ['record_keeping'], observations: 'Care given well, but the care note was written the next morning from memory and left out the fluid intake.' },
  { who: fatima, on: '2026-10-07', client: 'GH', observations: 'Very good. Encouraged the client to do as much of her own wash as she could.' },
  { who: chloe, on: '2026-11-05', client: 'BT', partly: ['record_keeping'], observations: 'Good care; care notes brief. Discussed writing what was done and how the client was.' },
  { who: callum, on: '2026-09-28', client: 'AH', observations: 'Calm and patient with a client living with dementia; good use of the life story to settle her.' },
  { who: priya, on: '2026-10-21', client: 'RT', observations: 'Well prepared; read the care plan on the app before going in. Good hand hygiene.' },
  { who: hannah, on: '2026-10-28', client: 'LK', observations: 'Observed by the registered manager: excellent practice.' },
  { who: mohammed, on: '2026-06-30', client: 'WP', partly: ['uniform_ppe'], observations: 'Forgot his apron for personal care: one from the client\'s PPE box was used. Otherwise good.' },
  { who: jordan, on: '2026-10-16', client: 'SN', observations: 'Good. Checked the key safe was closed on leaving.' },
  { who: megan, on: '2026-10-02', client: 'EF', observations: 'Kind and respectful; followed the catheter care plan step by step.' },
  { who: joseph, on: '2026-11-13', client: 'OB', observations: 'Good visit; talked the client through each step of the transfer.' },
  { who: rhys, on: '2026-11-04', client: 'VC', observations: 'Observed by the registered manager: good practice throughout.' },
  { who: amara, on: '2026-08-20', client: 'HM', observations: 'Good. Spotted redness on the heel, recorded it on the body map and told the office.' },
  { who: sophie, on: '2026-10-29', client: 'JW', observations: 'Very good; the client\'s husband praised her.' },
  { who: tendai, on: '2026-09-09', client: 'CR', observations: 'Good practice; calm and thorough.' },
  { who: isla, on: '2026-09-30', client: 'DM', observations: 'Good. Medication given from the blister pack and signed for straight away.' },
];

// ——— Annual appraisals

type Appraisal = { who: Person | { email: string; name: string; branch: 1 | 2 | 3; role: string }; on: string; rating: 'outstanding' | 'good' | 'requires-improvement'; achievements: string; objective: string };

function appraisalContent({ who, on, rating, achievements, objective }: Appraisal): DocumentValues {
  const appraiser = 'role' in who ? { name: 'Amira Admin', role: 'Director' } : MANAGER[who.branch];
  return {
    appraisal_date: on,
    period_from: addMonths(on, -12),
    period_to: on,
    appraiser: appraiser.name,
    achievements,
    challenges: 'Winter pressures and covering colleagues\' sickness.',
    previous_objectives: 'Last year\'s objectives met, training kept up to date.',
    feedback_received: 'Compliments from families; no complaints upheld.',
    self_assessment: 'Feels confident in the role and would like more responsibility.',
    objectives: [
      { objective, measure: 'Discussed at supervision', by: addMonths(on, 6) },
      { objective: 'Keep mandatory training in date', measure: 'Training matrix all green', by: addMonths(on, 12) },
    ],
    training_plan: 'Mandatory refreshers as they fall due; one specialist course chosen at supervision.',
    career_aspirations: rating === 'outstanding' ? 'Senior carer or field supervisor.' : 'Happy in the role for now.',
    rating,
    next_appraisal: addMonths(on, 12),
    worker_signature: sig(who.name, 'role' in who ? who.role : 'Care worker', on, '14:00'),
    appraiser_signature: sig(appraiser.name, appraiser.role, on, '14:05'),
  };
}

const APPRAISALS: Appraisal[] = [
  { who: aisha, on: '2026-03-18', rating: 'outstanding', achievements: 'Became a senior carer; mentored two new starters through shadowing.', objective: 'Complete the Level 3 Diploma in Adult Care.' },
  { who: tom, on: '2026-06-10', rating: 'good', achievements: 'Reliable on the Kentish Town round; families ask for him.', objective: 'Improve timekeeping on the first call of the day.' },
  { who: sian, on: '2025-10-02', rating: 'outstanding', achievements: 'Ran every spot check in Camden on time; trained four carers on the new hoist.', objective: 'Start the Level 5 Diploma in Leadership and Management.' },
  { who: grace, on: '2025-09-10', rating: 'good', achievements: 'Steady, kind practice with clients living with dementia.', objective: 'Dementia awareness level 2.' },
  { who: fatima, on: '2026-05-20', rating: 'good', achievements: 'Supported a client through end-of-life care with the district nurses.', objective: 'End-of-life care course.' },
  { who: hannah, on: '2026-02-11', rating: 'outstanding', achievements: 'Led the Leeds supported living team through its CQC inspection.', objective: 'Train as a moving and handling trainer.' },
  { who: jordan, on: '2025-12-01', rating: 'good', achievements: 'Took on the senior role on the Chapel Allerton round.', objective: 'Medication competency assessor training.' },
  { who: megan, on: '2026-02-25', rating: 'good', achievements: 'Catheter care competency gained; reliable senior.', objective: 'Mentor a new starter.' },
  { who: rhys, on: '2026-04-14', rating: 'outstanding', achievements: 'Kept Bristol\'s spot checks and supervisions on time all year.', objective: 'Deputise for the registered manager.' },
  { who: sophie, on: '2025-11-12', rating: 'good', achievements: 'Consistent senior carer; helped with inductions.', objective: 'Level 3 Diploma.' },
  { who: tendai, on: '2026-07-28', rating: 'good', achievements: 'Warm, thorough care; good feedback from the OT on a reablement package.', objective: 'Medication competency as a senior.' },
  { who: { email: 'claire.donovan@homecare.test', name: 'Claire Donovan', branch: 1, role: 'Registered manager' }, on: '2026-01-20', rating: 'outstanding', achievements: 'Camden rated Good in every key question at its inspection.', objective: 'Bring supervisions in Camden fully up to date.' },
  { who: { email: 'marcus.webb@homecare.test', name: 'Marcus Webb', branch: 1, role: 'Care coordinator' }, on: '2026-04-22', rating: 'good', achievements: 'Rota fill rate kept above 98 %.', objective: 'Take on carers\' supervisions.' },
  { who: { email: 'gareth.powell@homecare.test', name: 'Gareth Powell', branch: 2, role: 'Registered manager' }, on: '2025-11-05', rating: 'good', achievements: 'Covered Bristol as well as Leeds for half the year.', objective: 'Recruit a Bristol registered manager.' },
  { who: { email: 'imran.chaudhry@homecare.test', name: 'Imran Chaudhry', branch: 3, role: 'Care coordinator' }, on: '2026-06-16', rating: 'good', achievements: 'Set up the Bristol on-call rota.', objective: 'Complete the Level 3 Diploma in Leadership.' },
];

// ——— Applicants: documents as far as their stage (../people/demo.ts APPLICANTS)

type Applicant = { email: string; name: string; branch: 1 | 2 | 3; applied: string; drives: boolean; experience: 'none' | 'family' | 'under-1' | '1-3' | 'over-3'; rtw: string };
const maria: Applicant = { email: 'maria.santos@homecare.test', name: 'Maria Santos', branch: 1, applied: '2026-11-21', drives: false, experience: '1-3', rtw: 'settled' };
const george: Applicant = { email: 'george.taylor@homecare.test', name: 'George Taylor', branch: 1, applied: '2026-11-14', drives: true, experience: 'family', rtw: 'british-irish' };
const yasmin: Applicant = { email: 'yasmin.ali@homecare.test', name: 'Yasmin Ali', branch: 2, applied: '2026-11-06', drives: false, experience: 'under-1', rtw: 'british-irish' };
const harry: Applicant = { email: 'harry.walsh@homecare.test', name: 'Harry Walsh', branch: 3, applied: '2026-11-03', drives: true, experience: 'none', rtw: 'british-irish' };
const olivia: Applicant = { email: 'olivia.brown@homecare.test', name: 'Olivia Brown', branch: 1, applied: '2026-10-27', drives: true, experience: 'over-3', rtw: 'british-irish' };
const samuel: Applicant = { email: 'samuel.osei@homecare.test', name: 'Samuel Osei', branch: 3, applied: '2026-10-12', drives: true, experience: '1-3', rtw: 'ilr' };
const ella: Applicant = { email: 'ella.jones@homecare.test', name: 'Ella Jones', branch: 2, applied: '2026-09-29', drives: false, experience: 'under-1', rtw: 'british-irish' };
const adam: Applicant = { email: 'adam.clarke@homecare.test', name: 'Adam Clarke', branch: 1, applied: '2026-10-20', drives: true, experience: 'family', rtw: 'british-irish' };

function applicationContent(a: Applicant): DocumentValues {
  return {
    position: 'care-worker',
    application_date: a.applied,
    contract_wanted: a.experience === 'none' ? 'part-time' : 'full-time',
    availability: a.drives ? ['weekday-mornings', 'weekday-afternoons', 'weekends'] : ['weekday-mornings', 'weekday-evenings', 'weekends'],
    hours_wanted: a.experience === 'none' ? 20 : 35,
    earliest_start: addDays(a.applied, 28),
    notice_period: a.experience === 'none' || a.experience === 'family' ? 'None' : 'Four weeks',
    previous_names: '',
    title: '',
    home_phone: '',
    right_to_work: a.rtw,
    visa_expiry: '',
    sponsorship_needed: false,
    driving_licence: a.drives,
    has_car: a.drives ? true : null,
    licence_points: a.drives ? 0 : null,
    qualifications: [
      { place: a.branch === 1 ? 'Camden School for Girls' : a.branch === 2 ? 'Leeds City College' : 'City of Bristol College', qualification: 'GCSEs including English and maths', grade: '4–6', year: 2010 },
      ...(a.experience === '1-3' || a.experience === 'over-3' ? [{ place: 'Skills for Care approved provider', qualification: 'Level 2 Diploma in Care', grade: 'Pass', year: 2022 }] : []),
    ],
    care_qualifications: a.experience === 'over-3' ? ['care-certificate', 'level-2-diploma', 'level-3-diploma'] : a.experience === '1-3' ? ['care-certificate', 'level-2-diploma'] : a.experience === 'under-1' ? ['care-certificate'] : ['none'],
    english_level: a.rtw === 'settled' ? 'fluent' : 'first-language',
    care_experience: a.experience,
    experience_details:
      a.experience === 'none'
        ? 'No paid care work yet: retail supervisor for six years, used to working with the public.'
        : a.experience === 'family'
          ? 'Cared for my grandmother at home for two years until she died: personal care, medication, appointments.'
          : 'Domiciliary care with another agency: personal care, medication from blister packs, hoists and stand aids, dementia care.',
    why_care: 'I want work where I make a difference to someone\'s day, and I like the idea of helping people stay in their own homes.',
    heard_from: 'Job advert',
    convictions: false,
    conviction_details: '',
    barred: false,
    related_to_staff: '',
    data_consent: true,
    true_and_complete: true,
    applicant_signature: sig(a.name, 'Applicant', a.applied, '20:10'),
  };
}

function equalOpportunitiesContent(a: Applicant, female: boolean): DocumentValues {
  return {
    completed_on: a.applied,
    age_band: '25-34',
    sex: female ? 'female' : 'male',
    gender_same_as_birth: 'yes',
    sexual_orientation: 'prefer-not-to-say',
    ethnicity: 'prefer-not-to-say',
    religion: 'prefer-not-to-say',
    disability: 'no',
    marriage: 'prefer-not-to-say',
    pregnancy: '',
    caring_responsibilities: [],
  };
}

function screeningContent(a: Applicant, on: string, outcome: 'proceed' | 'reject', interview?: string): DocumentValues {
  return {
    screening_date: on,
    screened_by: a.branch === 1 ? 'Nadia Karim' : a.branch === 2 ? 'Gareth Powell' : 'Imran Chaudhry',
    availability: ['weekday-mornings', 'weekends'],
    hours_wanted: 30,
    drives: a.drives,
    areas: a.branch === 1 ? 'Camden and Kentish Town' : a.branch === 2 ? 'Headingley, Hyde Park and Chapel Allerton' : 'Horfield, Southmead and Filton',
    right_to_work: a.rtw,
    right_to_work_seen: a.rtw === 'british-irish' ? 'to-bring' : 'share-code',
    experience_summary: a.experience === 'none' ? 'New to care; retail background.' : 'Some care experience, described clearly.',
    motivation: 'Wants to help older people stay at home; spoke warmly about a relative.',
    communication: true,
    outcome,
    interview_date: outcome === 'proceed' ? (interview ?? addDays(on, 5)) : '',
    interview_time: outcome === 'proceed' ? '10:00' : '',
    reject_reason: '',
    reject_details: '',
  };
}

const QUESTION_KEYS = ['why_care', 'values_dignity', 'values_person_centred', 'scenario_refusal', 'scenario_fall', 'safeguarding', 'experience', 'reliability'];

function interviewContent(a: Applicant, on: string, scores: number[], outcome: 'offer' | 'reject' | 'second-interview'): DocumentValues {
  const lead = a.branch === 1 ? { name: 'Claire Donovan', role: 'Registered manager' } : { name: 'Gareth Powell', role: 'Registered manager' };
  return {
    interview_date: on,
    interview_format: 'in-person',
    interviewers: [lead, { name: a.branch === 1 ? 'Marcus Webb' : 'Imran Chaudhry', role: 'Care coordinator' }],
    id_seen: true,
    application_gaps: true,
    ...Object.fromEntries(
      QUESTION_KEYS.flatMap((key, index) => [
        [`${key}_notes`, scores[index]! >= 4 ? 'A clear, person-centred answer with a real example.' : 'A reasonable answer; needed prompting for detail.'],
        [`${key}_score`, String(scores[index])],
      ]),
    ),
    strengths: 'Warm, thoughtful answers; clear about dignity and choice.',
    concerns: scores.some((score) => score < 3) ? 'Unsure what to do after finding a client on the floor: covered in induction.' : '',
    outcome,
    reject_reason: '',
    lead_interviewer: sig(lead.name, lead.role, on, '11:30'),
  };
}

function questionnaireContent(on: string, assessor: string, scores: number[]): DocumentValues {
  const keys = ['dignity', 'choice', 'safeguarding', 'teamwork', 'compassion'];
  const answers = [
    'I would gently ask the daughter if we could talk about it after, and make sure Mr A is covered and spoken to directly.',
    'Let her make it: it matters to her. I would ring the office to say I may be a few minutes late to the next call.',
    'I would tell her I cannot keep it secret because I need to keep her safe, and report it to the office straight away.',
    'Speak to my colleague if I feel able, and report it to the office either way: the MAR has to be right.',
    'Sit with her, talk about her husband and what she loved about him, and not tell her again that he has died.',
  ];
  return {
    completed_on: on,
    assessor,
    ...Object.fromEntries(keys.flatMap((key, index) => [[`${key}_answer`, answers[index]], [`${key}_score`, String(scores[index])]])),
    assessor_notes: 'Strong values on dignity and compassion.',
  };
}

function preEmploymentContent(a: Applicant, on: string, start: string, by: string): DocumentValues {
  return {
    offer_date: on,
    position: 'Care worker',
    contract_type: 'part-time',
    hours: 30,
    hourly_rate_pence: a.branch === 1 ? 1395 : 1275,
    proposed_start: start,
    dbs_requested: addDays(on, 1),
    dbs_update_service: false,
    references_requested: addDays(on, 1),
    right_to_work_checked: addDays(on, 2),
    right_to_work_method: a.rtw === 'british-irish' ? 'manual' : 'online',
    id_documents: a.rtw === 'british-irish' ? ['passport', 'utility-bill'] : ['brp', 'bank-statement'],
    photo_taken: true,
    qualifications_seen: true,
    health_declaration_received: true,
    induction_booked: addDays(start, -7),
    shadowing_planned: 6,
    contract_sent: addDays(on, 3),
    notes: 'Adult First check to be requested if the DBS has not arrived a week before the start date.',
    checked_by: sig(by, 'Recruitment and payroll administrator', addDays(on, 2), '15:00'),
  };
}

// ——— Everything, by person

const carerDoc = (who: { email: string }, document: string, on: string, content: DocumentValues, by: Who, rest: Partial<DemoStaffDocument> = {}): DemoStaffDocument => ({
  owner: 'carer',
  email: who.email,
  document,
  versions: [{ content, on, by }],
  ...rest,
});

const employeeDoc = (email: string, document: string, on: string, content: DocumentValues, rest: Partial<DemoStaffDocument> = {}): DemoStaffDocument => ({
  owner: 'employee',
  email,
  document,
  versions: [{ content, on, by: 'manager' }],
  ...rest,
});

function additionalInfo(kin: [string, string, string], languages: [string, string][], uniform: string, car?: [string, string]): DocumentValues {
  return {
    next_of_kin_name: kin[0],
    next_of_kin_relationship: kin[1],
    next_of_kin_phone: kin[2],
    next_of_kin_address: '',
    languages: languages.map(([language, level]) => ({ language, level })),
    bsl: false,
    comfortable_with: ['dogs', 'cats', 'male-clients', 'female-clients'],
    hobbies: '',
    tunic_size: uniform,
    trouser_size: '',
    uniform_issued: '',
    id_badge_number: '',
    id_badge_expiry: '',
    uses_car: Boolean(car),
    car_make_model: car?.[0] ?? '',
    car_registration: car?.[1] ?? '',
    mot_due: '',
    parking_permit: '',
    travel_other: car ? [] : ['bus', 'walk'],
  };
}

function healthDeclaration(who: { name: string; branch: 1 | 2 | 3 }, on: string, extra: Partial<DocumentValues> = {}): DocumentValues {
  const manager = MANAGER[who.branch];
  return {
    completed_on: on,
    gp_practice: '',
    consent_to_oh: true,
    moving_handling_condition: false,
    moving_handling_condition_details: '',
    back_problems: false,
    back_problems_details: '',
    skin_condition: false,
    skin_condition_details: '',
    infection: false,
    infection_details: '',
    mental_health: false,
    mental_health_details: '',
    other_condition: false,
    other_condition_details: '',
    medication: '',
    pregnant: false,
    hepatitis_b: 'complete',
    mmr: 'yes',
    chickenpox: 'yes',
    flu_vaccine: 'had',
    tb_screening: false,
    considers_disabled: 'no',
    adjustments_needed: '',
    oh_referral: false,
    oh_outcome: '',
    true_and_complete: true,
    worker_signature: sig(who.name, 'Care worker', on, '09:40'),
    reviewed_by: sig(manager.name, manager.role, on, '16:00'),
    ...extra,
  };
}

function riskAssessmentContent(who: Person, on: string, reason: string, factors: string[], hazards: { hazard: string; controls: string; likelihood: string; severity: string; further_action?: string }[], extra: Partial<DocumentValues> = {}): DocumentValues {
  const assessor = MANAGER[who.branch];
  return {
    assessment_date: on,
    reason,
    factors,
    due_date: '',
    age_on_start: null,
    hazards: hazards.map((row) => ({ further_action: '', action_by: row.further_action ? assessor.name : '', action_due: row.further_action ? addDays(on, 14) : '', ...row })),
    on_call_known: true,
    check_in_app: true,
    restrictions: '',
    worker_agrees: true,
    worker_signature: sig(who.name, 'Care worker', on, '10:00'),
    assessor_signature: sig(assessor.name, assessor.role, on, '10:05'),
    ...extra,
  };
}

const LONE_WORKING = { hazard: 'Lone working in the evening', controls: 'Checks in and out on the app; on-call number saved; late visits rostered in pairs where the plan says.', likelihood: '2', severity: '3' };

function returnToWorkContent(who: Person, on: string, from: string, to: string, days: number, reason: string, fitNote: 'none' | 'may-be-fit', extra: Partial<DocumentValues> = {}): DocumentValues {
  const manager = MANAGER[who.branch];
  return {
    interview_date: on,
    absence_from: from,
    absence_to: to,
    working_days_lost: days,
    reported_properly: true,
    reason,
    work_related: false,
    fit_note: fitNote,
    fit_note_advice: '',
    fit_to_return: true,
    adjustments: '',
    adjustments_review: '',
    oh_referral: false,
    absences_12_months: 1,
    days_12_months: days,
    trigger_reached: false,
    notes: '',
    worker_signature: sig(who.name, 'Care worker', on, '09:15'),
    manager_signature: sig(manager.name, manager.role, on, '09:20'),
    ...extra,
  };
}

function exitContent(who: Person, on: string, last: string, reason: string, words: string, extra: Partial<DocumentValues>): DocumentValues {
  const manager = MANAGER[who.branch];
  return {
    interview_date: on,
    last_working_day: last,
    reason,
    reason_details: words,
    new_employer: '',
    supported: 'mostly',
    training_enough: 'yes',
    enjoyed: 'The clients, and the team on the round.',
    would_change: 'More travel time between calls.',
    concerns_raised: false,
    concern_details: '',
    would_return: 'maybe',
    eligible_rehire: true,
    property_returned: ['id-badge', 'uniform', 'keys'],
    app_access_removed: true,
    interviewer_signature: sig(manager.name, manager.role, on, '15:30'),
    ...extra,
  };
}

function appFeedback(on: string, phone: string, ratings: [number, number, number, number | null, number], problems: string): DocumentValues {
  return {
    feedback_date: on,
    phone_type: phone,
    confidence: ratings[4] >= 4 ? 'high' : 'some',
    rating_check_in: String(ratings[0]),
    rating_care_plans: String(ratings[1]),
    rating_recording: String(ratings[2]),
    rating_emar: ratings[3] === null ? '' : String(ratings[3]),
    rating_overall: String(ratings[4]),
    problems,
    suggestions: '',
    support_offered: problems ? 'Shown how to download the day\'s visits before going out of signal.' : '',
  };
}

function covidContent(first: string, second: string, by: string): DocumentValues {
  return {
    vaccinated: 'full',
    exemption: null,
    first_dose_date: first,
    first_dose_vaccine: 'astrazeneca',
    second_dose_date: second,
    second_dose_vaccine: 'astrazeneca',
    evidence: 'nhs-app',
    recorded_by: sig(by, 'Care coordinator', '2026-01-12', '12:00'),
  };
}

function boosterContent(on: string, programme: string, vaccine: string, by: string): DocumentValues {
  return { dose_date: on, programme, vaccine, where_given: 'pharmacy', evidence: 'nhs-app', side_effects: '', recorded_by: sig(by, 'Care coordinator', addDays(on, 3), '12:00') };
}

/** Health declarations of the carers not given their own story below: [name, branch, completed on]. */
const HEALTH_DECLARED: readonly [string, 1 | 2 | 3, string][] = [
  ['Siân Evans', 1, '2026-03-11'],
  ['Callum McLeod', 2, '2026-01-19'],
  ['Megan Hughes', 3, '2026-02-09'],
  ['Grace Okafor', 1, '2026-07-28'],
  ['Fatima Rahman', 1, '2026-05-14'],
  ['Liam O’Connor', 1, '2026-01-30'],
  ['Chloe Bennett', 1, '2026-04-06'],
  ['Ruth Mensah', 1, '2025-11-27'],
  ['Kwame Asante', 1, '2025-07-10'],
  ['Hannah Whitaker', 2, '2026-06-08'],
  ['Mohammed Iqbal', 2, '2026-03-18'],
  ['Emily Shaw', 2, '2026-09-14'],
  ['Jordan Reid', 2, '2026-10-01'],
  ['Oliver Grant', 2, '2025-12-10'],
  ['Lucy Armstrong', 2, '2025-05-06'],
  ['Rhys Morgan', 3, '2026-04-20'],
  ['Amara Eze', 3, '2026-02-16'],
  ['Ben Carter', 3, '2026-05-27'],
  ['Sophie Lloyd', 3, '2026-01-05'],
  ['Tendai Moyo', 3, '2026-07-22'],
  ['Isla Campbell', 3, '2026-08-11'],
  ['Nathan Price', 3, '2025-12-29'],
  ['Esther Boateng', 3, '2026-01-28'],
  ['Patrick Doyle', 1, '2026-01-12'],
  ['Ella Jones', 2, '2026-11-02'],
];

export const DEMO_STAFF_DOCUMENTS: readonly DemoStaffDocument[] = [
  // Supervisions, spot checks, appraisals.
  ...SUPERVISIONS.map((entry, index) => carerDoc(entry.who, 'supervisions', entry.on, supervisionContent(entry, index), byOf(entry.who.branch))),
  ...SPOT_CHECKS.map((entry, index) => carerDoc(entry.who, 'spot-check', entry.on, spotCheckContent(entry, index), byOf(entry.who.branch))),
  ...APPRAISALS.map((entry) =>
    'role' in entry.who ? employeeDoc(entry.who.email, 'annual-appraisal', entry.on, appraisalContent(entry)) : carerDoc(entry.who, 'annual-appraisal', entry.on, appraisalContent(entry), byOf(entry.who.branch)),
  ),

  // Details.
  carerDoc(aisha, 'additional-info', '2021-03-10', additionalInfo(['Kemi Bello', 'Sister', '07700 900231'], [['English', 'fluent'], ['Yoruba', 'first']], 'm', ['Toyota Yaris', 'LK19 XNP']), 'office'),
  carerDoc(tom, 'additional-info', '2023-06-01', additionalInfo(['Sarah Fletcher', 'Wife', '07700 900232'], [['English', 'first']], 'l', ['Ford Fiesta', 'LD68 UWT']), 'office'),
  carerDoc(priya, 'additional-info', '2025-10-01', additionalInfo(['Ravi Nair', 'Father (in Kochi, India)', '+91 98470 00000'], [['English', 'fluent'], ['Malayalam', 'first'], ['Hindi', 'conversational']], 's'), 'manager'),
  carerDoc(tendai, 'additional-info', '2022-07-20', additionalInfo(['Rudo Moyo', 'Wife', '07700 900234'], [['English', 'fluent'], ['Shona', 'first']], 'l'), 'manager'),
  carerDoc(megan, 'additional-info', '2022-02-10', additionalInfo(['Owen Hughes', 'Husband', '07700 900235'], [['English', 'first'], ['Welsh', 'conversational']], 'm', ['Vauxhall Corsa', 'WU20 KPE']), 'manager'),
  // Every carer at work has declared their health when hired (or at the yearly review); Zainab Hussain, who
  // started in August, has not returned hers yet (her checklist says so). Ella Jones did hers before starting.
  ...HEALTH_DECLARED.map(([name, branch, on]) => carerDoc(person(name, branch), 'medical-history', on, healthDeclaration(person(name, branch), on), byOf(branch), { reviewDate: addMonths(on, 12) })),
  carerDoc(aisha, 'medical-history', '2025-12-02', healthDeclaration(aisha, '2025-12-02', { flu_vaccine: 'had' }), 'office', { reviewDate: '2026-12-02' }),
  carerDoc(tom, 'medical-history', '2025-06-16', healthDeclaration(tom, '2025-06-16', { back_problems: true, back_problems_details: 'Lower back strain in 2024, physiotherapy finished. No lifting restrictions now; uses the hoist and slide sheets as trained.' }), 'office', { reviewDate: '2026-06-16' }),
  carerDoc(priya, 'medical-history', '2025-09-29', healthDeclaration(priya, '2025-09-29', { skin_condition: true, skin_condition_details: 'Mild eczema on the hands: uses nitrile gloves (not latex) and an emollient after washing.', tb_screening: true, flu_vaccine: 'booked' }), 'manager', { reviewDate: '2026-09-29' }),
  carerDoc(joseph, 'medical-history', '2026-01-08', healthDeclaration(joseph, '2026-01-08'), 'manager', { reviewDate: '2027-01-08' }),
  carerDoc(daniel, 'medical-history', '2026-08-28', healthDeclaration(daniel, '2026-08-28', { hepatitis_b: 'in-progress', flu_vaccine: 'booked' }), 'office', { reviewDate: '2027-08-28' }),
  carerDoc(aisha, 'covid-vaccine-details', '2026-01-12', covidContent('2021-02-04', '2021-04-22', 'Marcus Webb'), 'office'),
  carerDoc(megan, 'covid-vaccine-details', '2026-01-12', covidContent('2021-01-28', '2021-04-15', 'Imran Chaudhry'), 'manager'),
  carerDoc(hannah, 'covid-vaccine-details', '2026-01-12', { ...covidContent('2021-01-20', '2021-04-08', 'Gareth Powell'), first_dose_vaccine: 'pfizer', second_dose_vaccine: 'pfizer' }, 'manager'),
  carerDoc(tom, 'covid-vaccine-details', '2026-01-12', { vaccinated: 'prefer-not', exemption: null, first_dose_date: '', first_dose_vaccine: '', second_dose_date: '', second_dose_vaccine: '', evidence: '', recorded_by: sig('Marcus Webb', 'Care coordinator', '2026-01-12', '12:00') }, 'office'),
  carerDoc(aisha, 'covid-vaccine-details-booster-vaccine', '2025-10-17', boosterContent('2025-10-14', 'autumn', 'pfizer', 'Marcus Webb'), 'office'),
  carerDoc(aisha, 'covid-vaccine-details-booster-vaccine', '2026-10-23', boosterContent('2026-10-20', 'autumn', 'moderna', 'Marcus Webb'), 'office'),
  carerDoc(megan, 'covid-vaccine-details-booster-vaccine', '2026-10-30', boosterContent('2026-10-27', 'autumn', 'pfizer', 'Imran Chaudhry'), 'manager'),
  carerDoc(hannah, 'covid-vaccine-details-booster-vaccine', '2026-11-09', boosterContent('2026-11-06', 'autumn', 'pfizer', 'Gareth Powell'), 'manager'),

  // Carer app feedback.
  carerDoc(aisha, 'app-experience', '2026-09-14', appFeedback('2026-09-14', 'android', [5, 4, 5, 5, 5], ''), 'office'),
  carerDoc(callum, 'app-experience', '2026-10-05', appFeedback('2026-10-05', 'android', [2, 3, 2, 2, 2], 'No signal in two clients\' flats in Hyde Park: check-in fails and notes do not send until he is outside.'), 'manager'),
  carerDoc(priya, 'app-experience', '2026-10-12', appFeedback('2026-10-12', 'iphone', [4, 5, 4, null, 4], ''), 'manager'),
  carerDoc(joseph, 'app-experience', '2026-11-02', appFeedback('2026-11-02', 'android', [3, 4, 3, 4, 3], 'The app logs him out between calls on his older phone.'), 'manager'),

  // Worker risk assessments.
  carerDoc(priya, 'risk-assessment', '2025-10-03', riskAssessmentContent(priya, '2025-10-03', 'new-starter', ['lone-working'], [LONE_WORKING, { hazard: 'Working more than the 20 hours a week her visa allows in term time', controls: 'Rota capped at 20 hours; the coordinator checks the week before publishing.', likelihood: '2', severity: '4', further_action: 'Add the cap to the rota settings.' }], { restrictions: 'No more than 20 hours a week in term time (student visa).' }), 'manager', { reviewDate: '2026-10-03' }),
  {
    owner: 'carer',
    email: amara.email,
    document: 'risk-assessment',
    versions: [
      { content: riskAssessmentContent(amara, '2026-02-16', 'annual', ['lone-working', 'driving'], [LONE_WORKING, { hazard: 'Driving between visits in winter', controls: 'Business insurance checked; travel time on the rota; told not to use the phone while driving.', likelihood: '2', severity: '4' }]), on: '2026-02-16', by: 'manager' },
      {
        content: riskAssessmentContent(
          amara,
          '2026-09-21',
          'pregnancy',
          ['lone-working', 'driving', 'new-expectant-mother'],
          [
            LONE_WORKING,
            { hazard: 'Moving and handling as the pregnancy goes on', controls: 'Double-up calls only with hoists; no single-handed transfers.', likelihood: '3', severity: '3', further_action: 'From 28 weeks: no moving and handling calls; review with her midwife\'s advice.' },
            { hazard: 'Infections (chickenpox, shingles, flu) from clients', controls: 'Told to tell the office of any client with a rash; immune to chickenpox.', likelihood: '2', severity: '4' },
            { hazard: 'Long shifts and tiredness', controls: 'Breaks between calls; no split shifts.', likelihood: '3', severity: '2' },
          ],
          { due_date: '2027-03-15', restrictions: 'No single-handed transfers. No moving and handling calls from 28 weeks. No night work.' },
        ),
        on: '2026-09-21',
        by: 'manager',
        note: 'Amara told us she is pregnant: reassessed as a new and expectant mother.',
      },
    ],
    reviewDate: '2026-12-21',
  },
  carerDoc(tom, 'risk-assessment', '2025-12-09', riskAssessmentContent(tom, '2025-12-09', 'annual', ['lone-working', 'driving'], [LONE_WORKING, { hazard: 'Driving between visits', controls: 'Business insurance and MOT checked; no calls back-to-back across the borough.', likelihood: '2', severity: '4' }]), 'office', { reviewDate: '2026-12-09' }),
  carerDoc(daniel, 'risk-assessment', '2026-09-07', riskAssessmentContent(daniel, '2026-09-07', 'new-starter', ['lone-working'], [LONE_WORKING, { hazard: 'Working alone before competence is assessed', controls: 'Shadowing for two weeks; no medication until three observed administrations are signed off.', likelihood: '3', severity: '3', further_action: 'Medication observations to be completed by the field supervisor.' }]), 'office', { reviewDate: '2027-09-07' }),
  carerDoc(zainab, 'risk-assessment', '2026-08-24', riskAssessmentContent(zainab, '2026-08-24', 'new-starter', ['lone-working', 'night-work'], [LONE_WORKING, { hazard: 'Sleeping nights in supported living', controls: 'Sleep-in room locks; on-call rung at the start and end of each night.', likelihood: '1', severity: '3' }]), 'manager', { reviewDate: '2027-08-24' }),

  // Return to work, discussions, complaint, compliments.
  carerDoc(grace, 'return-to-work', '2026-10-19', returnToWorkContent(grace, '2026-10-19', '2026-10-05', '2026-10-16', 10, 'Lower back pain after gardening at home; saw her GP.', 'may-be-fit', { fit_note_advice: 'Amended duties for two weeks: no hoist or slide-sheet transfers.', adjustments: 'Calls without moving and handling for two weeks, then back to the usual round.', adjustments_review: '2026-11-02', oh_referral: true }), 'office'),
  employeeDoc(
    'imran.chaudhry@homecare.test',
    'return-to-work',
    '2026-11-16',
    returnToWorkContent(imran, '2026-11-16', '2026-11-11', '2026-11-13', 3, 'Diarrhoea and vomiting; stayed off 48 hours after the last symptoms as the policy asks.', 'none', {
      absences_12_months: 3,
      days_12_months: 7,
      trigger_reached: true,
      notes: 'Third absence in twelve months: the absence policy\'s trigger. An informal review is booked, not a warning.',
      worker_signature: sig('Imran Chaudhry', 'Care coordinator', '2026-11-16', '09:15'),
    }),
  ),
  carerDoc(tom, 'discussion-notes', '2026-11-10', { discussion_date: '2026-11-10', discussed_with: 'Marcus Webb', topic: 'request', summary: 'Tom asked to stop Sunday evening calls from January to care for his father.', worker_view: 'Happy to cover Saturday instead.', agreed: 'Sunday evenings off from 4 January; Saturday morning calls added.', follow_up: '2026-12-15', informal: true, witness: '', recorded_by: sig('Marcus Webb', 'Care coordinator', '2026-11-10', '16:40') }, 'office'),
  carerDoc(callum, 'discussion-notes', '2026-10-06', { discussion_date: '2026-10-06', discussed_with: 'Hannah Whitaker', topic: 'performance', summary: 'Two late check-ins last week in Hyde Park where the app could not get a signal.', worker_view: 'Was on time: the app would not check in.', agreed: 'Phone the office on arrival when the app fails; the office records the time.', follow_up: '', informal: true, witness: '', recorded_by: sig('Hannah Whitaker', 'Field care supervisor', '2026-10-06', '14:00') }, 'manager'),
  carerDoc(chloe, 'complaints', '2026-09-14', {
    received_on: '2026-09-10',
    received_how: 'phone',
    from: 'family',
    complainant: 'Daughter of client BT',
    nature: ['lateness'],
    details: 'Her mother\'s lunch call was over an hour late twice in one week, and nobody rang to say so.',
    safeguarding: false,
    safeguarding_reference: '',
    acknowledged_on: '2026-09-11',
    investigated_by: 'Marcus Webb',
    worker_account: 'Chloe was covering an extra call added at short notice and did not know she should ring ahead.',
    outcome: 'partly-upheld',
    outcome_details: 'The calls were late; the extra call was the office\'s doing. Chloe reminded to ring the office when running late; the rota team will not add calls before a timed lunch call.',
    response_sent_on: '2026-09-14',
    lessons: 'Timed calls (medication with food) are protected when adding cover.',
  }, 'office'),
  carerDoc(aisha, 'compliments', '2026-10-02', { received_on: '2026-10-01', from: 'family', from_name: 'Susan E.', received_how: 'card', words: 'Thank you for the care you give Mum every morning. She lights up when Aisha arrives.', shared_with_worker: '2026-10-02', recognition: 'newsletter' }, 'office'),
  carerDoc(joseph, 'compliments', '2026-11-06', { received_on: '2026-11-05', from: 'professional', from_name: 'Community OT, Southmead', received_how: 'email', words: 'Joseph followed the reablement plan to the letter; Mr O walked to the shop for the first time in a year.', shared_with_worker: '2026-11-06', recognition: 'award' }, 'manager'),
  carerDoc(tendai, 'compliments', '2026-08-19', { received_on: '2026-08-18', from: 'client', from_name: 'Mrs R.', received_how: 'phone', words: 'Rang to say how patient Tendai is, and that he always has time for a chat.', shared_with_worker: '2026-08-19', recognition: 'thanks' }, 'manager'),

  // Leavers.
  carerDoc(kwame, 'exit-interview', '2026-10-29', exitContent(kwame, '2026-10-29', '2026-10-31', 'career', 'Got a healthcare assistant post at the Royal Free: more regular hours and a pension.', { new_employer: 'Royal Free London NHS Foundation Trust', would_return: 'maybe' }), 'office'),
  carerDoc(lucy, 'exit-interview', '2026-09-28', exitContent(lucy, '2026-09-28', '2026-09-30', 'retirement', 'Retiring after five years with the agency and thirty in care.', { supported: 'always', would_return: 'no', enjoyed: 'The people, above all Mrs K on Thursdays.' }), 'manager'),

  // Applicants, by stage.
  carerDoc(maria, 'application-form', maria.applied, applicationContent(maria), 'office'),
  carerDoc(george, 'application-form', george.applied, applicationContent(george), 'office'),
  carerDoc(george, 'equal-opportunities', george.applied, equalOpportunitiesContent(george, false), 'office'),
  carerDoc(yasmin, 'application-form', yasmin.applied, applicationContent(yasmin), 'manager'),
  carerDoc(yasmin, 'equal-opportunities', yasmin.applied, equalOpportunitiesContent(yasmin, true), 'manager'),
  carerDoc(yasmin, 'screening', '2026-11-10', screeningContent(yasmin, '2026-11-10', 'proceed', '2026-11-26'), 'manager'),
  carerDoc(yasmin, 'questionnaire', '2026-11-12', questionnaireContent('2026-11-12', 'Hannah Whitaker', [4, 4, 5, 3, 4]), 'manager'),
  carerDoc(harry, 'application-form', harry.applied, applicationContent(harry), 'manager'),
  carerDoc(harry, 'screening', '2026-11-09', screeningContent(harry, '2026-11-09', 'proceed', '2026-11-27'), 'manager'),
  carerDoc(olivia, 'application-form', olivia.applied, applicationContent(olivia), 'office'),
  carerDoc(olivia, 'equal-opportunities', olivia.applied, equalOpportunitiesContent(olivia, true), 'office'),
  carerDoc(olivia, 'screening', '2026-10-29', screeningContent(olivia, '2026-10-29', 'proceed', '2026-11-05'), 'office'),
  carerDoc(olivia, 'questionnaire', '2026-11-05', questionnaireContent('2026-11-05', 'Siân Evans', [5, 4, 5, 4, 5]), 'office'),
  carerDoc(olivia, 'interview', '2026-11-05', interviewContent(olivia, '2026-11-05', [5, 4, 5, 4, 4, 5, 5, 4], 'offer'), 'office'),
  carerDoc(samuel, 'application-form', samuel.applied, applicationContent(samuel), 'manager'),
  carerDoc(samuel, 'screening', '2026-10-15', screeningContent(samuel, '2026-10-15', 'proceed', '2026-10-21'), 'manager'),
  carerDoc(samuel, 'interview', '2026-10-21', interviewContent(samuel, '2026-10-21', [4, 3, 4, 3, 2, 4, 4, 3], 'offer'), 'manager'),
  carerDoc(samuel, 'pre-employment-form', '2026-10-23', preEmploymentContent(samuel, '2026-10-23', '2026-12-07', 'Nadia Karim'), 'manager', { versions: [{ content: preEmploymentContent(samuel, '2026-10-23', '2026-12-07', 'Nadia Karim'), on: '2026-10-23', by: 'manager', status: 'draft', note: 'Waiting for the DBS certificate and the second reference.' }] }),
  carerDoc(ella, 'application-form', ella.applied, applicationContent(ella), 'manager'),
  carerDoc(ella, 'equal-opportunities', ella.applied, equalOpportunitiesContent(ella, true), 'manager'),
  carerDoc(ella, 'screening', '2026-10-01', screeningContent(ella, '2026-10-01', 'proceed', '2026-10-07'), 'manager'),
  carerDoc(ella, 'interview', '2026-10-07', interviewContent(ella, '2026-10-07', [4, 5, 4, 4, 3, 5, 3, 4], 'offer'), 'manager'),
  carerDoc(ella, 'pre-employment-form', '2026-10-09', preEmploymentContent(ella, '2026-10-09', '2026-12-01', 'Nadia Karim'), 'manager'),
  carerDoc(
    ella,
    'management-approval',
    '2026-11-20',
    {
      check_identity: 'seen',
      check_dbs: 'seen',
      check_conduct: 'seen',
      check_leaving_reason: 'seen',
      check_qualifications: 'seen',
      check_work_history: 'seen',
      check_health: 'seen',
      check_right_to_work: 'seen',
      decision_date: '2026-11-20',
      decision: 'approve',
      conditions: [],
      conditions_details: '',
      decline_reason: '',
      start_date: '2026-12-01',
      manager_signature: sig('Gareth Powell', 'Registered manager', '2026-11-20', '12:00'),
    },
    'manager',
    { signedOff: { role: 'Registered manager', on: '2026-11-20' } },
  ),
  carerDoc(adam, 'application-form', adam.applied, applicationContent(adam), 'office'),
  carerDoc(adam, 'screening', '2026-10-22', { ...screeningContent(adam, '2026-10-22', 'reject'), reject_reason: 'other', reject_details: 'Could not give two years of employment references. Told he is welcome to reapply once he can.' }, 'office'),

  // Office employees.
  employeeDoc('claire.donovan@homecare.test', 'supervisions', '2026-10-21', supervisionContent({ who: { email: 'claire.donovan@homecare.test', name: 'Claire Donovan', branch: 1 }, on: '2026-10-21', supervisor: { name: 'Amira Admin', role: 'Director' }, extra: { caseload: 'Camden: 12 carers, 34 clients. Supervisions and spot checks behind for three carers; plan agreed to catch up by December.', supervisee_signature: sig('Claire Donovan', 'Registered manager', '2026-10-21', '11:15') } }, 0)),
  employeeDoc('gareth.powell@homecare.test', 'supervisions', '2026-07-28', supervisionContent({ who: { email: 'gareth.powell@homecare.test', name: 'Gareth Powell', branch: 2 }, on: '2026-07-28', supervisor: { name: 'Amira Admin', role: 'Director' }, wellbeing: 'ok', extra: { caseload: 'Leeds, with Bristol covered until a manager is recruited. Leah Fisher going on maternity leave in October: cover to plan.', supervisee_signature: sig('Gareth Powell', 'Registered manager', '2026-07-28', '11:15') } }, 1)),
  employeeDoc('marcus.webb@homecare.test', 'supervisions-new', '2026-11-09', {
    supervision_date: '2026-11-09',
    supervisor: 'Claire Donovan',
    wellbeing: 'good',
    going_well: 'Rota fill rate 98 %; now supervising six carers.',
    challenges: 'Finding cover for weekend calls.',
    support_needed: 'Supervision skills course.',
    safeguarding_discussed: true,
    actions: [{ action: 'Book the supervision skills course', owner: 'Claire Donovan', due: '2026-12-11', done: false }],
    next_supervision: '2027-01-04',
    supervisee_signature: sig('Marcus Webb', 'Care coordinator', '2026-11-09', '10:00'),
    supervisor_signature: sig('Claire Donovan', 'Registered manager', '2026-11-09', '10:05'),
  }),
  employeeDoc('nadia.karim@homecare.test', 'supervisions-new', '2026-10-05', {
    supervision_date: '2026-10-05',
    supervisor: 'Claire Donovan',
    wellbeing: 'good',
    going_well: 'Applicants\' files are in order; pre-employment checks tracked weekly.',
    challenges: 'Learning the payroll run.',
    support_needed: 'Shadow the November payroll with the finance officer.',
    safeguarding_discussed: true,
    actions: [],
    next_supervision: '2026-11-30',
    supervisee_signature: sig('Nadia Karim', 'Recruitment and payroll administrator', '2026-10-05', '10:00'),
    supervisor_signature: sig('Claire Donovan', 'Registered manager', '2026-10-05', '10:05'),
  }),
  employeeDoc('nadia.karim@homecare.test', 'probation-reviews', '2026-09-03', {
    review_date: '2026-09-03',
    stage: 'month-1',
    reviewer: 'Claire Donovan',
    objectives: [
      { objective: 'Learn the recruitment pipeline and keep every applicant\'s file complete', progress: 'on-track', comment: '' },
      { objective: 'Run pre-employment checks to Schedule 3', progress: 'on-track', comment: 'Shadowed two DBS applications.' },
    ],
    strengths: 'Organised and quick to learn; applicants say she is friendly and clear.',
    development: 'Confidence on the phone with referees.',
    training_completed: 'Induction, GDPR, safeguarding adults level 1.',
    attendance_ok: true,
    outcome: 'continue',
    extended_to: '',
    outcome_reason: '',
    next_review: '2026-11-03',
    employee_signature: sig('Nadia Karim', 'Recruitment and payroll administrator', '2026-09-03', '14:00'),
    reviewer_signature: sig('Claire Donovan', 'Registered manager', '2026-09-03', '14:05'),
  }),
  employeeDoc('nadia.karim@homecare.test', 'probation-reviews', '2026-11-04', {
    review_date: '2026-11-04',
    stage: 'month-3',
    reviewer: 'Claire Donovan',
    objectives: [
      { objective: 'Learn the recruitment pipeline and keep every applicant\'s file complete', progress: 'met', comment: 'Every applicant file audited complete in October.' },
      { objective: 'Run pre-employment checks to Schedule 3', progress: 'met', comment: '' },
      { objective: 'Run the monthly payroll with the finance officer', progress: 'on-track', comment: 'First run in November.' },
    ],
    strengths: 'Reliable and thorough; has taken on reference requests by email link.',
    development: 'Payroll.',
    training_completed: 'Right to work checks (Home Office guidance), DBS ID checking.',
    attendance_ok: true,
    outcome: 'continue',
    extended_to: '',
    outcome_reason: '',
    next_review: '2027-02-01',
    employee_signature: sig('Nadia Karim', 'Recruitment and payroll administrator', '2026-11-04', '14:00'),
    reviewer_signature: sig('Claire Donovan', 'Registered manager', '2026-11-04', '14:05'),
  }),
  employeeDoc('nadia.karim@homecare.test', 'references-documents', '2026-07-30', {
    dbs_level: 'enhanced-barred',
    dbs_number: '001234567890',
    dbs_issued: '2026-07-22',
    dbs_update_service: true,
    dbs_disclosure: false,
    dbs_disclosure_notes: '',
    rtw_document: 'uk-passport',
    rtw_checked_on: '2026-07-14',
    rtw_expiry: '',
    id_seen: true,
    references: [
      { referee: 'J. Patel', organisation: 'Leeds Building Society (HR)', relationship: 'current-employer', received_on: '2026-07-20', satisfactory: true, verified: true },
      { referee: 'Dr A. Green', organisation: 'University of Leeds', relationship: 'academic', received_on: '2026-07-24', satisfactory: true, verified: false },
    ],
    notes: '',
    checked_by: sig('Claire Donovan', 'Registered manager', '2026-07-30', '11:00'),
  }),
  employeeDoc('marcus.webb@homecare.test', 'references-documents', '2022-04-12', {
    dbs_level: 'enhanced-barred',
    dbs_number: '001122334455',
    dbs_issued: '2022-04-01',
    dbs_update_service: true,
    dbs_disclosure: false,
    dbs_disclosure_notes: '',
    rtw_document: 'birth-certificate-ni',
    rtw_checked_on: '2022-03-28',
    rtw_expiry: '',
    id_seen: true,
    references: [
      { referee: 'K. Owusu', organisation: 'Sunrise Home Care', relationship: 'current-employer', received_on: '2022-04-05', satisfactory: true, verified: true },
      { referee: 'L. Grant', organisation: 'Camden Council Adult Social Care', relationship: 'previous-employer', received_on: '2022-04-08', satisfactory: true, verified: true },
    ],
    notes: '',
    checked_by: sig('Claire Donovan', 'Registered manager', '2022-04-12', '11:00'),
  }),
  employeeDoc('nadia.karim@homecare.test', 'additional-info', '2026-08-03', additionalInfo(['Samir Karim', 'Brother', '07700 900261'], [['English', 'first'], ['Urdu', 'conversational']], 's')),
  employeeDoc('marcus.webb@homecare.test', 'additional-info', '2022-04-19', additionalInfo(['Jo Webb', 'Partner', '07700 900262'], [['English', 'first']], 'l', ['Skoda Fabia', 'LB17 HCW'])),
  employeeDoc('nadia.karim@homecare.test', 'medical-history', '2026-08-03', healthDeclaration({ name: 'Nadia Karim', branch: 1 }, '2026-08-03', { worker_signature: sig('Nadia Karim', 'Recruitment and payroll administrator', '2026-08-03', '09:40') }), { reviewDate: '2027-08-03' }),
  employeeDoc('marcus.webb@homecare.test', 'discussion-notes', '2026-09-24', { discussion_date: '2026-09-24', discussed_with: 'Claire Donovan', topic: 'wellbeing', summary: 'Marcus has been covering on-call most weekends since Leah Fisher\'s leave was planned.', worker_view: 'Tired; would like one weekend in three off on-call.', agreed: 'On-call rota shared with Siân Evans from October: one weekend in three.', follow_up: '2026-10-30', informal: true, witness: '', recorded_by: sig('Claire Donovan', 'Registered manager', '2026-09-24', '17:00') }),
];

/** Names of whoever a demo document was written for, so a failing seed says which (see the demo test). */
export const demoLabel = (demo: DemoStaffDocument) => `${demo.document} of ${demo.email}`;

/** The declaration of a demo document (carers' or employees'). */
export const demoSpec = (demo: DemoStaffDocument): DocumentSpec | undefined => (demo.owner === 'carer' ? carerDocument(demo.document) : employeeDocument(demo.document));

/** Seeds every demo document with its versions, as the demo office user (Camden) or manager wrote them. */
export async function seedDemoStaffDocuments(tx: Transaction): Promise<void> {
  const carers = await tx.select({ id: carerColumns.id, email: carerColumns.email }).from(carersTable);
  const employees = await tx.select({ id: employeeColumns.id, email: employeeColumns.email }).from(employeesTable);
  const carerId = new Map(carers.map((row) => [String(row.email), Number(row.id)]));
  const employeeId = new Map(employees.map((row) => [String(row.email), Number(row.id)]));
  const people = await tx.select({ id: users.id, email: users.email, name: users.name }).from(users).where(inArray(users.email, Object.values(DEMO_USERS)));
  const userOf = (who: Who) => people.find((row) => row.email === DEMO_USERS[who]) ?? null;
  const manager = userOf('manager');
  const at = (day: string, time = '17:00') => new Date(`${day}T${time}:00Z`);

  for (const written of DEMO_STAFF_DOCUMENTS) {
    const demo = demoDates(written);
    const spec = demoSpec(demo);
    const ownerId = (demo.owner === 'carer' ? carerId : employeeId).get(demo.email);
    // A declaration or a demo person renamed is a mistake in the demo: fail the seed rather than leave a gap.
    if (!spec || ownerId === undefined) throw new Error(`Demo ${demoLabel(demo)} names no declaration or person.`);
    const tables = demo.owner === 'carer' ? { documents: carerDocuments, versions: carerDocumentVersions } : { documents: employeeDocuments, versions: employeeDocumentVersions };
    const first = demo.versions[0]!;
    const last = demo.versions[demo.versions.length - 1]!;
    const [document] = await tx
      .insert(tables.documents)
      .values({
        owner_id: ownerId,
        kind: spec.name,
        status: last.status ?? 'active',
        version: demo.versions.length,
        review_date: demo.reviewDate ?? null,
        created_at: at(first.on),
        updated_at: at(last.on),
        updated_by: userOf(last.by)?.id ?? null,
        ...(demo.signedOff && manager
          ? { signed_off_version: demo.versions.length, signed_off_by: manager.id, signed_off_name: manager.name, signed_off_role: demo.signedOff.role, signed_off_at: at(demo.signedOff.on, '12:30') }
          : {}),
      })
      .returning({ id: tables.documents.id });
    await tx.insert(tables.versions).values(
      demo.versions.map((version, index) => {
        const status = version.status ?? 'active';
        const content = v.parse(documentSchema(spec, { complete: status === 'active' }), version.content) as DocumentValues;
        return {
          document_id: document!.id,
          version: index + 1,
          status,
          content,
          results: resultsOf(spec, content),
          review_date: index === demo.versions.length - 1 ? (demo.reviewDate ?? null) : null,
          note: version.note ?? '',
          saved_by: userOf(version.by)?.id ?? null,
          saved_at: at(version.on),
        };
      }),
    );
  }
}
