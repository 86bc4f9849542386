import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { resultsOf, type Transaction } from '@hcm/server/platform';
import { carerDocument } from '../../contract/documents/index.js';
import { carerDocuments, carerDocumentVersions, carersTable } from '../people/people-tables.js';
import { carerColumns } from '../people/visibility.js';
import { demoDates, demoDay } from '../demo-day.js';
import { tokenHash } from './references.js';
import { recomputeCompliance } from './service.js';
import { businessInsurance, dbsChecks, dbsUpdateChecks, drivingLicences, photoIdChecks, referenceRequests, rightToWorkChecks } from './tables.js';

// The demo agency's compliance as of late November 2026: every active carer has a DBS and a right to work check;
// a few checks fall due within 30, 14 and 7 days; Tendai Moyo's Health and Care Worker visa ends on 14 December;
// Priya Nair's Student visa caps her at 20 hours a week; Patrick Doyle's yearly DBS Update Service check lapsed in
// October (not rosterable); Esther Boateng's certificate disclosed new information (risk assessment under way);
// Megan Hughes's business insurance ran out; applicants part way through their checks; two references for most
// carers, one request waiting on Ella Jones's referee and one that expired unanswered. Every date is written as of
// 25 November 2026 and moved to the day the demo is seeded (../demo-day.ts), words included.

type Seed = {
  dbs?: { issued: string; update?: boolean; lastCheck?: string; result?: 'no-new-information' | 'new-information'; disclosure?: string; level?: 'enhanced-barred' | 'enhanced' };
  rtw?: { document: string; visa: string; checked: string; expires?: string; followUp?: string; cap?: number; conditions?: string; shareCode?: string };
  licence?: { expires: string; points?: number };
  insurance?: { insurer: string; expires: string; business?: boolean };
  photo?: string | null;
  references?: number;
  workHistory?: 'complete' | 'gap';
};

const passport = (checked: string) => ({ document: 'british-irish-passport', visa: 'none', checked });
const settled = (checked: string, shareCode: string) => ({ document: 'share-code', visa: 'settled', checked, shareCode });

/** By email (server/people/demo.ts); carers not named get the usual complete file. As of the anchor day: see demoSeeds(). */
const SEEDS: Record<string, Seed> = {
  'aisha.bello': { dbs: { issued: '2021-02-22', update: true, lastCheck: '2026-03-10' }, rtw: passport('2021-02-15'), licence: { expires: '2031-05-02' }, insurance: { insurer: 'Aviva', expires: '2026-11-30' } },
  'tom.fletcher': { dbs: { issued: '2023-05-12', update: true, lastCheck: '2025-12-05' }, rtw: passport('2023-05-20'), licence: { expires: '2026-12-08', points: 3 }, insurance: { insurer: 'Direct Line', expires: '2027-06-01' } },
  'sian.evans': { dbs: { issued: '2019-08-14', update: true, lastCheck: '2026-08-14' }, rtw: passport('2019-08-20'), licence: { expires: '2029-09-30' }, insurance: { insurer: 'Admiral', expires: '2027-02-11' } },
  'callum.mcleod': { dbs: { issued: '2023-12-10' }, rtw: passport('2024-01-10') },
  'priya.nair': {
    dbs: { issued: '2025-09-18', update: true, lastCheck: '2026-09-15' },
    rtw: { document: 'brp-evisa', visa: 'student', checked: '2025-09-25', expires: '2027-10-31', followUp: '2027-10-01', cap: 20, shareCode: '', conditions: 'Student visa (University of Leeds, MSc Public Health): no more than 20 hours of work a week in term time; full-time work allowed in the university’s official vacations.' },
  },
  'megan.hughes': { dbs: { issued: '2022-01-20', update: true, lastCheck: '2026-01-18' }, rtw: passport('2022-01-25'), licence: { expires: '2030-03-14' }, insurance: { insurer: 'LV=', expires: '2026-11-15' } },
  'joseph.adeyemi': { dbs: { issued: '2023-10-30', update: true, lastCheck: '2025-11-28' }, rtw: settled('2023-10-25', 'W4X8RT9KP'), licence: { expires: '2033-01-09' }, insurance: { insurer: 'Hastings Direct', expires: '2027-04-22' }, workHistory: 'gap' },
  'daniel.kowalski': { dbs: { issued: '2026-08-21', update: true }, rtw: settled('2026-08-12', 'K7M2PQ4ZD'), references: 1 },
  'zainab.hussain': { dbs: { issued: '2026-08-03', update: true }, rtw: passport('2026-08-05'), references: 1 },
  'patrick.doyle': { dbs: { issued: '2022-12-05', update: true, lastCheck: '2025-10-02' }, rtw: passport('2023-01-05'), licence: { expires: '2032-07-19' }, insurance: { insurer: 'Churchill', expires: '2027-01-27' } },
  'tendai.moyo': {
    dbs: { issued: '2022-07-04', update: true, lastCheck: '2026-07-01' },
    rtw: { document: 'share-code', visa: 'health-care-worker', checked: '2024-12-09', expires: '2026-12-14', followUp: '2026-12-07', shareCode: 'H8C5TN2RW', conditions: 'Health and Care Worker visa sponsored by the agency; renewal applied for on 3 November 2026 (Appendix Skilled Worker). Recheck with a new share code before 14 December 2026.' },
  },
  'esther.boateng': {
    dbs: { issued: '2020-12-14', update: true, lastCheck: '2026-11-10', result: 'new-information', disclosure: 'Update Service status check on 10 November 2026 showed new information. New enhanced certificate 001987654321 (issued 17 November 2026) discloses a police caution for common assault, 2 August 2026 (a neighbour dispute, no care setting involved).' },
    rtw: passport('2021-01-20'),
  },
  'ruth.mensah': { dbs: { issued: '2021-11-01', update: true, lastCheck: '2026-10-28' }, rtw: passport('2021-11-10') },
  'hannah.whitaker': { dbs: { issued: '2018-05-21', update: true, lastCheck: '2025-12-20' }, rtw: passport('2018-05-30'), licence: { expires: '2028-11-30' }, insurance: { insurer: 'Aviva', expires: '2026-12-03' } },
  'liam.oconnor': { dbs: { issued: '2025-01-15', update: true, lastCheck: '2026-01-12' }, rtw: { document: 'share-code', visa: 'graduate', checked: '2025-01-20', expires: '2026-12-20', followUp: '2026-12-10', shareCode: 'G3B9XK7LM', conditions: 'Graduate visa: any work allowed until it ends; he has applied for a Health and Care Worker visa.' } },
  'sophie.lloyd': { dbs: { issued: '2023-11-29' }, rtw: passport('2019-01-02'), licence: { expires: '2027-08-08' }, insurance: { insurer: 'Direct Line', expires: '2027-03-30' } },
  // Applicants part way through: a start date on 1 December needs the last reference.
  'ella.jones': { dbs: { issued: '2026-11-02', update: true }, rtw: passport('2026-10-14'), references: 1, workHistory: 'complete' },
  'samuel.osei': { rtw: settled('2026-10-30', 'P5R8CV3NB'), photo: '2026-10-30', references: 0, licence: { expires: '2034-02-17' }, workHistory: 'complete' },
  'olivia.brown': { photo: '2026-10-27', references: 0, workHistory: 'gap' },
  'yasmin.ali': { photo: null, references: 0, workHistory: undefined },
};

/** The seeds moved to the day the demo is seeded. */
export const demoSeeds = (): Record<string, Seed> => demoDates(SEEDS);

const CARE_EMPLOYERS = ['Bluebird Care', 'Helping Hands', 'Home Instead', 'Right at Home', 'Caremark', 'Radfield Home Care', 'Westminster Homecare', 'Sunrise of Camden'];
const REFEREES = [
  ['Janet Cole', 'Registered Manager'],
  ['Peter Ward', 'Care Coordinator'],
  ['Sandra Okoye', 'Deputy Manager'],
  ['David Patel', 'Branch Manager'],
  ['Karen Lewis', 'Team Leader'],
  ['Michael Brown', 'Operations Manager'],
] as const;

const at = (day: string) => new Date(`${day}T10:00:00Z`);
const dayBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

async function insertDocument(tx: Transaction, carerId: number, kind: string, content: Record<string, unknown>, savedOn: string, status: 'active' | 'draft' = 'active', note = '') {
  const spec = carerDocument(kind)!;
  const [document] = await tx
    .insert(carerDocuments)
    .values({ owner_id: carerId, kind, status, version: 1, created_at: at(savedOn), updated_at: at(savedOn), updated_by: null })
    .returning({ id: carerDocuments.id });
  await tx.insert(carerDocumentVersions).values({ document_id: document!.id, version: 1, status, content, results: resultsOf(spec, content), note, saved_by: null, saved_at: at(savedOn) });
  return document!.id;
}

function referenceContent(name: string, index: number, start: string, employer: string): Record<string, unknown> {
  const [referee, title] = REFEREES[index % REFEREES.length]!;
  const to = dayBefore(start, 21 + index * 3);
  const from = `${Number(to.slice(0, 4)) - 2 - (index % 3)}${to.slice(4)}`;
  return {
    referee_name: referee,
    referee_job_title: title,
    organisation: employer,
    relationship: index % 2 ? 'employer' : 'line-manager',
    employed_from: from,
    employed_to: to,
    role: 'Care assistant (home care)',
    reason_for_leaving: index % 2 ? 'Wanted more hours closer to home.' : 'Moved to a role with more responsibility.',
    would_re_employ: 'yes',
    re_employ_reason: '',
    care_work: true,
    care_work_conduct: `${name} was kind, patient and careful with the people we support, followed care plans and recorded visits well.`,
    concerns: 'no',
    concerns_detail: '',
    reliability: index % 3 ? 'good' : 'excellent',
    punctuality: 'good',
    honesty: 'excellent',
    teamwork: 'good',
    care_and_respect: 'excellent',
    comments: '',
    signature: { name: referee, role: title, signed_at: at(dayBefore(start, 14 + index)).toISOString() },
  };
}

function workHistoryContent(start: string, index: number, gap: boolean): Record<string, unknown> {
  const employer = CARE_EMPLOYERS[index % CARE_EMPLOYERS.length]!;
  const previousEnd = dayBefore(start, 10);
  const previousStart = `${Number(previousEnd.slice(0, 4)) - 4}${previousEnd.slice(4)}`;
  const retailEnd = dayBefore(previousStart, gap ? 120 : 1);
  return {
    jobs: [
      { employer, role: 'Care assistant', from: previousStart, to: previousEnd, reason_for_leaving: 'Wanted more regular hours.', care_work: true, gap_explanation: '' },
      { employer: ['Tesco', 'Sainsbury’s', 'Boots', 'Greggs'][index % 4], role: 'Customer assistant', from: `${Number(start.slice(0, 4)) - 12}-09-01`, to: retailEnd, reason_for_leaving: 'Moved into care work.', care_work: false, gap_explanation: '' },
    ],
    gap_since_last_job: '',
    care_work_conduct: `Reference from ${employer} received; no concerns.`,
    checked_by: null,
  };
}

const certificate = (index: number) => `00${String(1_500_000_000 + index * 7_919_117).padStart(10, '0')}`.slice(-12);

export async function seedDemoCompliance(tx: Transaction): Promise<void> {
  const c = carerColumns;
  const carers = await tx
    .select({ id: c.id, email: c.email, first: c.first_name, last: c.last_name, status: c.status, drives: c.drives, start: c.start_date, applied: c.applied_on, stage: c.recruitment_stage })
    .from(carersTable)
    .where(inArray(c.status, ['active', 'suspended', 'applicant', 'leaver']));
  const requests: (typeof referenceRequests.$inferInsert)[] = [];
  const seeds = demoSeeds();
  const insuranceRenewedBy = demoDay('2026-11-24');
  for (const [index, carer] of carers.entries()) {
    const id = Number(carer.id);
    const key = String(carer.email).split('@')[0]!;
    const name = `${String(carer.first)} ${String(carer.last)}`;
    const applicant = carer.status === 'applicant';
    if (applicant && !seeds[key]) continue; // early in the pipeline: nothing checked yet
    const start = String(carer.start || carer.applied || '2024-01-01');
    const seed: Seed = seeds[key] ?? {
      dbs: { issued: dayBefore(start, 20), update: true, lastCheck: demoDay(`2026-0${1 + (index % 9)}-1${index % 10}`) },
      rtw: passport(dayBefore(start, 14)),
      ...(carer.drives ? { licence: { expires: demoDay(`20${29 + (index % 6)}-0${1 + (index % 9)}-15`) }, insurance: { insurer: ['Aviva', 'Admiral', 'Direct Line', 'LV='][index % 4]!, expires: demoDay(`2027-0${1 + (index % 9)}-2${index % 8}`) } } : {}),
    };
    const checkedBy = ['Marcus Webb', 'Gareth Powell', 'Imran Chaudhry'][index % 3]!;

    if (seed.photo !== null) await tx.insert(photoIdChecks).values({ carer_id: id, document_type: index % 3 ? 'passport' : 'driving-licence', seen_on: seed.photo ?? dayBefore(start, 14), seen_by: checkedBy, created_at: at(seed.photo ?? dayBefore(start, 14)) });
    if (seed.dbs) {
      const { issued, update = false, lastCheck, result = 'no-new-information', disclosure, level = 'enhanced-barred' } = seed.dbs;
      const [dbs] = await tx
        .insert(dbsChecks)
        .values({
          carer_id: id,
          certificate_number: certificate(index),
          level,
          barred_list_checked: level === 'enhanced-barred',
          issue_date: issued,
          disclosure: Boolean(disclosure),
          disclosure_text: disclosure ?? '',
          update_service: update,
          update_service_id: update ? `C${String(40_000_000 + index * 1_337).padStart(9, '0')}` : '',
          notes: '',
          created_at: at(issued),
        })
        .returning({ id: dbsChecks.id });
      if (lastCheck && lastCheck > issued) await tx.insert(dbsUpdateChecks).values({ dbs_check_id: dbs!.id, checked_on: lastCheck, result, checked_by: checkedBy, created_at: at(lastCheck) });
    }
    if (seed.rtw) {
      const rtw = seed.rtw;
      await tx.insert(rightToWorkChecks).values({
        carer_id: id,
        document_type: rtw.document,
        visa_type: rtw.visa,
        share_code: rtw.shareCode ?? '',
        checked_on: rtw.checked,
        expires_on: rtw.expires ?? null,
        conditions: rtw.conditions ?? '',
        weekly_hours_cap: rtw.cap ?? null,
        follow_up_on: rtw.followUp ?? null,
        created_at: at(rtw.checked),
      });
    }
    if (seed.licence) await tx.insert(drivingLicences).values({ carer_id: id, licence_number: `${String(carer.last).toUpperCase().replace(/[^A-Z]/g, '').padEnd(5, '9').slice(0, 5)}${String(700000 + index * 1301).slice(0, 6)}${String(carer.first)[0]!.toUpperCase()}9${index % 10}AB`, expires_on: seed.licence.expires, points: seed.licence.points ?? 0, checked_on: dayBefore(start, 7) });
    if (seed.insurance) await tx.insert(businessInsurance).values({ carer_id: id, insurer: seed.insurance.insurer, policy_number: `POL${100200 + index}`, expires_on: seed.insurance.expires, business_use_confirmed: seed.insurance.business ?? true, checked_on: dayBefore(seed.insurance.expires, 365) > insuranceRenewedBy ? demoDay('2026-11-01') : dayBefore(seed.insurance.expires, 360) });

    // References and the work history: leavers' files are kept as they were.
    const references = seed.references ?? 2;
    for (let n = 0; n < references; n += 1) {
      await insertDocument(tx, id, 'reference', referenceContent(name, index + n, start, CARE_EMPLOYERS[(index + n) % CARE_EMPLOYERS.length]!), dayBefore(start, 10 + n), 'active', 'Answered by the referee through the emailed reference link.');
    }
    if (seed.workHistory !== undefined || !applicant) await insertDocument(tx, id, 'references-documents-work-history', workHistoryContent(start, index, seed.workHistory === 'gap'), dayBefore(start, 25));
    if (key === 'esther.boateng') {
      await insertDocument(
        tx,
        id,
        'dbs-risk-assessment',
        demoDates({
          certificate_number: '001987654321',
          disclosure: 'Police caution for common assault, 2 August 2026 (dispute with a neighbour).',
          date_of_offence: '2026-08-02',
          discussed_on: '2026-11-19',
          carer_account: 'Esther told us about the caution when asked; she says the dispute was about parking and has been resolved through mediation.',
          relevance: 'Not related to care work or to anyone she supports; to be weighed against her seven years of good conduct.',
          circumstances: 'One incident, outside work, three months ago.',
          risk_level: '',
          decision: '',
          controls: '',
          review_on: '',
          assessed_by: null,
        }),
        demoDay('2026-11-19'),
        'draft',
        'Started after the Update Service check; decision to be taken by the registered manager.',
      );
    }

    // Reference requests: one waiting on Ella Jones's second referee, one that expired for Olivia Brown.
    if (key === 'ella.jones') {
      requests.push({ carer_id: id, referee_name: 'Rebecca Hart', referee_email: 'rebecca.hart@example.org', organisation: 'Leeds Teaching Hospitals', relationship: 'employer', token_hash: tokenHash(randomBytes(32).toString('base64url')), sent_at: at(demoDay('2026-11-18')), expires_at: at(demoDay('2026-12-02')), opened_at: at(demoDay('2026-11-20')) });
    }
    if (key === 'olivia.brown') {
      requests.push({ carer_id: id, referee_name: 'Graham Doyle', referee_email: 'graham.doyle@example.org', organisation: 'Costa Coffee', relationship: 'employer', token_hash: tokenHash(randomBytes(32).toString('base64url')), sent_at: at(demoDay('2026-10-29')), expires_at: at(demoDay('2026-11-12')) });
    }
  }
  if (requests.length) await tx.insert(referenceRequests).values(requests);
  await recomputeCompliance(tx);
}
