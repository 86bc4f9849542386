import { inArray, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { londonDate } from '@hcm/contract/engine';
import { documentSchema } from '@hcm/contract/documents';
import { resultsOf, users, type Transaction } from '@hcm/server/platform';
import { carerDocument } from '../../contract/documents/index.js';
import {
  ADDITIONAL_COMPETENCY_DOCUMENT,
  CATHETER_COMPETENCY_DOCUMENT,
  MEDICATION_COMPETENCY_DOCUMENT,
  MEDICATION_STEPS,
  SHADOWING_DOCUMENT,
} from '../../contract/documents/competence.js';
import { addMonths, CARE_CERTIFICATE_CODE, CARE_CERTIFICATE_TOTAL, expiryOf } from '../../contract/training.js';
import { careCertificateOfCarer, syncCertificateRecord } from './care-certificate.js';
import { carerDocuments, carerDocumentVersions, carersTable } from '../people/people-tables.js';
import { carerColumns } from '../people/visibility.js';
import { trainingCoursesRead as courses } from './read-models.js';
import { careCertificateStandards, trainingRecords } from './tables.js';
import { clock } from '@hcm/contract/time';

// The demo agency's training, dated back from the day it is seeded so the states hold whenever the demo runs
// (on 24 November 2026 Tendai Moyo's medication training lapsed three days ago). Every active carer has records;
// the files show all four states: most courses valid, a few expiring within the 30-day alert window, and a few
// carers whose story is a lapse (Callum McLeod's Basic Life Support, Esther Boateng's, Tendai Moyo's medication
// course) or a required course not yet done (the new starters' Oliver McGowan training), whom the rota then refuses
// (or refuses medication visits). The new starters (Daniel Kowalski, Zainab Hussain) are part
// way through the Care Certificate (7 and 11 of its 16 standards) with one and two observed medication rounds. Competency checks and shadow
// shifts are record documents on the carers' files, valid against their declarations.

type Target = 'valid' | 'expiring' | 'expired' | 'missing';

/** Courses every carer holds (by code) and the hours each takes. */
const HOURS: Record<string, number> = {
  CC: 24, MH: 3, BLS: 6, MED: 4, SGA: 2, FIRE: 1, HS: 1, MCA: 2, IPC: 1.5, FOOD: 2, GDPR: 1, EDHR: 1, OMMT: 2.5, PCC: 3, LONE: 1,
  DEM: 6, EOL: 6, PEG: 3, CATH: 3, STOMA: 2, EPI: 4, DIAB: 3, PAC: 2, HOIST: 3, PBS: 6, PARK: 1.5, STRK: 1, ORAL: 1, DYS: 3, DIP2: 120,
};
const PROVIDERS: Record<string, string> = {
  classroom: 'In-house: Siân Evans (trainer, Camden)',
  practical: 'In-house practical assessment',
  'e-learning': 'Social Care e-learning (CPD certified)',
  blended: 'Bluebell Training Academy',
};
const EXTERNAL: Record<string, string> = { BLS: 'St John Ambulance', OMMT: 'Health Education England e-learning and local live session', DIP2: 'Leeds City College', PEG: 'Community nursing team (delegated)', CATH: 'Community nursing team (delegated)' };

/** Files that tell a story (by email): a course in a given state; others follow the pattern in stateFor(). */
const STORIES: Record<string, Record<string, Target>> = {
  'aisha.bello@homecare.test': {},
  'tom.fletcher@homecare.test': { MH: 'expiring' },
  'callum.mcleod@homecare.test': { BLS: 'expired', FIRE: 'missing' },
  'priya.nair@homecare.test': { SGA: 'expiring', FOOD: 'missing' },
  'tendai.moyo@homecare.test': { MED: 'expired' },
  'megan.hughes@homecare.test': { MCA: 'expiring' },
  'grace.okafor@homecare.test': { IPC: 'expiring' },
  'esther.boateng@homecare.test': { MH: 'expired', SGA: 'expired', BLS: 'expiring' },
  'ruth.mensah@homecare.test': { FIRE: 'expiring' },
  'liam.oconnor@homecare.test': { OMMT: 'expiring' },
  'oliver.grant@homecare.test': { MED: 'expiring', GDPR: 'expiring' },
  'daniel.kowalski@homecare.test': { OMMT: 'missing', FOOD: 'missing' },
  'zainab.hussain@homecare.test': { OMMT: 'missing' },
};

const STARTERS = ['daniel.kowalski@homecare.test', 'zainab.hussain@homecare.test'];

/** Specialist courses by carer (clients with PEGs, catheters, dementia, epilepsy…). */
const SPECIALIST: Record<string, string[]> = {
  'aisha.bello@homecare.test': ['DEM', 'EOL', 'CATH', 'HOIST', 'PAC'],
  'sian.evans@homecare.test': ['DEM', 'EOL', 'PEG', 'CATH', 'STOMA', 'HOIST', 'DIP2'],
  'tom.fletcher@homecare.test': ['DEM', 'HOIST'],
  'fatima.rahman@homecare.test': ['CATH', 'DIAB', 'PAC', 'DIP2'],
  'hannah.whitaker@homecare.test': ['PEG', 'EPI', 'PBS', 'DYS', 'DIP2'],
  'jordan.reid@homecare.test': ['EPI', 'PBS', 'HOIST'],
  'rhys.morgan@homecare.test': ['PEG', 'CATH', 'STOMA', 'EOL', 'DIP2'],
  'megan.hughes@homecare.test': ['DEM', 'PARK', 'ORAL'],
  'sophie.lloyd@homecare.test': ['CATH', 'DIAB', 'STRK'],
  'mohammed.iqbal@homecare.test': ['DEM'],
  'amara.eze@homecare.test': ['EOL', 'PAC'],
  'isla.campbell@homecare.test': ['DIAB'],
};

const DAY = 86_400_000;
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/**
 * A generic file's state for a course: valid, now and then expiring within the alert window (deterministic). A
 * course expired or never done stops a carer being rostered (the rota's training rule), so only the files that tell
 * that story (STORIES) have one: an agency keeps most of its carers in date.
 */
function stateFor(index: number, _code: string, position: number): Target {
  const spin = (index * 7 + position * 13) % 41;
  return spin === 3 || spin === 17 ? 'expiring' : 'valid';
}

type Course = { id: number; code: string; validity_months: number | null; delivery: string; category: string; required_for: string };

export async function seedDemoTraining(tx: Transaction, now = clock.now()): Promise<void> {
  const today = londonDate(now);
  const catalogue = (await tx
    .select({ id: courses.id, code: courses.code, validity_months: courses.validity_months, delivery: courses.delivery, category: courses.category, required_for: courses.required_for })
    .from(courses)
    .where(isNull(courses.deleted_at))) as Course[];
  if (!catalogue.length) return;
  const byCode = new Map(catalogue.map((course) => [course.code, course]));
  const carers = await tx
    .select({ id: carerColumns.id, email: carerColumns.email, status: carerColumns.status, start: carerColumns.start_date, first: carerColumns.first_name, last: carerColumns.last_name })
    .from(carersTable)
    .where(inArray(carerColumns.status, ['active', 'suspended']))
    .orderBy(carerColumns.id);
  const [manager] = await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.email, ['manager@homecare.test']));

  const records: (typeof trainingRecords.$inferInsert)[] = [];
  const standards: (typeof careCertificateStandards.$inferInsert)[] = [];
  const add = (carerId: number, course: Course, completed: string | null, extra: Partial<typeof trainingRecords.$inferInsert> = {}) => {
    const hours = HOURS[course.code] ?? 2;
    records.push({
      carer_id: carerId,
      course_id: course.id,
      result: course.delivery === 'practical' ? 'competent' : 'passed',
      completed_on: completed,
      expires_on: completed ? expiryOf(completed, course.validity_months) : null,
      provider: EXTERNAL[course.code] ?? PROVIDERS[course.delivery] ?? 'In-house',
      certificate_number: completed ? `BHC-${completed.slice(0, 4)}-${String(records.length + 1001)}` : '',
      score: course.delivery === 'e-learning' ? 80 + ((records.length * 7) % 21) : null,
      hours,
      recorded_by: manager?.id ?? null,
      ...extra,
    });
  };

  carers.forEach((carer, index) => {
    const email = String(carer.email);
    const carerId = Number(carer.id);
    const start = String(carer.start ?? shift(today, -400));
    const starter = STARTERS.includes(email);
    const story = STORIES[email];
    const required = catalogue.filter((course) => course.required_for !== 'specific');
    required.forEach((course, position) => {
      if (course.code === CARE_CERTIFICATE_CODE) {
        // The certificate follows its 16 standards (care_certificate_standards, seeded below): the new starters are
        // part way (Zainab 11 standards, Daniel 7), everyone else completed all 16 in their first weeks.
        const done = starter ? (email.startsWith('zainab') ? 11 : 7) : CARE_CERTIFICATE_TOTAL;
        const finished = shift(start, 80 < daysSince(start, today) ? 80 : Math.max(1, daysSince(start, today) - 5));
        const assessors = ASSESSORS.filter((assessor) => !assessor.startsWith(`${String(carer.first)} ${String(carer.last)}`));
        for (let number = 1; number <= done; number += 1) {
          const day = starter ? shift(start, 3 + number * 4) : shift(finished, -(CARE_CERTIFICATE_TOTAL - number) * 4);
          standards.push({
            carer_id: carerId,
            standard: number,
            completed_on: day < start ? start : day > today ? today : day,
            assessor: assessors[(index + Math.floor((number - 1) / 4)) % assessors.length]!,
            notes: number === 12 ? 'Practical basic life support observed in the training room.' : '',
            recorded_by: manager?.id ?? null,
          });
        }
        if (starter) add(carerId, course, null, { result: 'in-progress', hours: 14, certificate_number: '' });
        else add(carerId, course, finished);
        return;
      }
      const target = story?.[course.code] ?? (story || starter ? 'valid' : stateFor(index, course.code, position));
      if (target === 'missing') return;
      let completed: string;
      if (!course.validity_months) {
        completed = shift(start, 7 + position);
        if (completed > today) completed = today;
      } else if (target === 'valid') {
        const span = course.validity_months >= 36 ? 700 : 280;
        const daysAgo = 10 + ((index * 31 + position * 17) % span);
        completed = shift(today, -Math.min(daysAgo, Math.max(daysSince(start, today) - 3, 5)));
      } else {
        const expiry = target === 'expiring' ? shift(today, 6 + ((index + position) % 20)) : shift(today, -(3 + ((index * 5 + position) % 40)));
        completed = addMonths(expiry, -course.validity_months);
      }
      // Earlier cycles of a refresher, while they worked here: the history the stats tab charts.
      if (course.validity_months) {
        for (let cycle = 1; cycle <= 2; cycle += 1) {
          const earlier = addMonths(completed, -course.validity_months * cycle);
          if (earlier >= start) add(carerId, course, earlier);
        }
      }
      add(carerId, course, completed);
    });
    for (const code of SPECIALIST[email] ?? []) {
      const course = byCode.get(code);
      if (!course) continue;
      const expiringOne = email === 'fatima.rahman@homecare.test' && code === 'CATH';
      const completed = expiringOne ? addMonths(shift(today, 19), -(course.validity_months ?? 12)) : shift(today, -(20 + ((index * 11 + code.length * 29) % 200)));
      add(carerId, course, completed > start ? completed : shift(start, 30));
    }
  });
  // A failed attempt kept on file, retaken since.
  const callum = carers.find((carer) => carer.email === 'callum.mcleod@homecare.test');
  const medicine = byCode.get('MED');
  if (callum && medicine) add(Number(callum.id), medicine, shift(today, -200), { result: 'not-passed', score: 55, notes: 'Retake booked: MAR recording questions.' });
  for (let start = 0; start < records.length; start += 500) await tx.insert(trainingRecords).values(records.slice(start, start + 500));
  for (let start = 0; start < standards.length; start += 500) await tx.insert(careCertificateStandards).values(standards.slice(start, start + 500));
  // Each certificate's record says what its standards say (passed on the last standard's day, or "7 of 16").
  for (const carerId of new Set(standards.map((standard) => standard.carer_id))) {
    await syncCertificateRecord(tx, carerId, await careCertificateOfCarer(tx, carerId), manager?.id ?? null);
  }

  await seedCompetence(tx, carers.map((carer) => ({ id: Number(carer.id), email: String(carer.email), start: String(carer.start ?? '') })), today, manager ?? null);
}

function daysSince(day: string, today: string) {
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / DAY);
}

type DemoDocument = { email: string; kind: string; day: string; content: Record<string, unknown> };

const ASSESSORS = ['Siân Evans (Field Care Supervisor)', 'Hannah Whitaker (Field Care Supervisor)', 'Rhys Morgan (Field Care Supervisor)'];
const INITIALS = ['P.H.', 'A.B.', 'M.O.', 'J.K.', 'E.W.', 'R.S.', 'D.T.'];

function medicationObservation(day: string, index: number, competent: boolean): Record<string, unknown> {
  const steps = Object.fromEntries(MEDICATION_STEPS.map((step) => [step.key, step.key === 'prn_protocol' && index % 2 ? 'not-applicable' : !competent && step.key === 'records_immediately' ? 'not-met' : 'met']));
  return {
    observed_on: day,
    assessor_name: ASSESSORS[index % ASSESSORS.length],
    client_initials: INITIALS[index % INITIALS.length],
    support_level: index % 3 === 2 ? 'assist' : 'administer',
    medicines_observed: index % 2 ? 'Morning blister pack slot and a PRN paracetamol offered (declined).' : 'Morning blister pack slot; Diprobase applied as charted.',
    ...steps,
    outcome: competent ? 'competent' : 'not-yet-competent',
    feedback: competent ? 'Calm and methodical; checked the MAR before and signed straight after.' : 'Signed the MAR after leaving the room; must record at the time of giving.',
    actions: competent ? '' : 'Observe again next week; re-read the medication policy section on recording.',
    assessor_signature: null,
  };
}

function catheterCheck(day: string, index: number): Record<string, unknown> {
  return {
    observed_on: day,
    assessor_name: ASSESSORS[(index + 1) % ASSESSORS.length],
    client_initials: INITIALS[(index + 2) % INITIALS.length],
    catheter_type: index % 2 ? 'suprapubic' : 'urethral',
    hand_hygiene: 'met',
    bag_position: 'met',
    empties_bag: 'met',
    night_bag: 'met',
    site_care: 'met',
    recognises_problems: 'met',
    records: 'met',
    outcome: 'competent',
    feedback: 'Kept the system closed and recorded the output; knows to call the district nurse if it stops draining.',
    actions: '',
    assessor_signature: null,
  };
}

function skillCheck(day: string, index: number, skill: string): Record<string, unknown> {
  const criteria: Record<string, string[]> = {
    hoist: ['Checks the sling size and condition and the hoist’s service date', 'Two carers present; explains each step', 'Lowers the person safely and removes the sling'],
    peg: ['Flushes before and after as the nurse’s plan says', 'Checks the stoma site', 'Records the feed and water given'],
    'moving-handling': ['Uses the slide sheet without dragging', 'Encourages the person to help', 'Keeps own back straight'],
  };
  return {
    skill,
    observed_on: day,
    assessor_name: ASSESSORS[index % ASSESSORS.length],
    client_initials: INITIALS[(index + 3) % INITIALS.length],
    tasks_observed: skill === 'peg' ? 'Lunchtime bolus feed and water flush.' : skill === 'hoist' ? 'Bed to chair transfer with a mobile hoist.' : 'Repositioning in bed with a slide sheet.',
    criteria: (criteria[skill] ?? ['Follows the care plan']).map((criterion) => ({ criterion, met: true })),
    outcome: 'competent',
    feedback: 'Safe and confident; talked the client through each step.',
    actions: '',
    assessor_signature: null,
  };
}

function shadowShift(day: string, index: number, ready: boolean): Record<string, unknown> {
  return {
    shift_date: day,
    hours: 6,
    experienced_carer: ['Aisha Bello', 'Jordan Reid', 'Fatima Rahman', 'Hannah Whitaker'][index % 4],
    client_initials: `${INITIALS[index % INITIALS.length]}, ${INITIALS[(index + 1) % INITIALS.length]}`,
    tasks_observed: index === 0 ? ['personal-care', 'meals', 'key-safe'] : ['personal-care', 'medication', 'moving-handling', 'records'],
    feedback: ready ? 'Confident with personal care and the app; ready for solo calls without medication.' : 'Building confidence with the hoist; talks kindly with clients.',
    ready_to_work_alone: ready,
    further_shadowing: ready ? '' : 'One more shift with hoist calls.',
  };
}

/** Competency checks and shadow shifts on the carers' files (record documents, one version each). */
async function seedCompetence(tx: Transaction, carers: { id: number; email: string; start: string }[], today: string, manager: { id: number; name: string } | null) {
  const documents: DemoDocument[] = [];
  carers.forEach((carer, index) => {
    const starter = STARTERS.includes(carer.email);
    if (starter) {
      // Shadow shifts in their first fortnight, then one or two observed medication rounds (not yet three).
      for (let shiftIndex = 0; shiftIndex < 3; shiftIndex += 1) documents.push({ email: carer.email, kind: SHADOWING_DOCUMENT, day: shift(carer.start, 2 + shiftIndex * 3), content: shadowShift(shift(carer.start, 2 + shiftIndex * 3), shiftIndex, shiftIndex === 2) });
      const observed = carer.email.startsWith('daniel') ? 1 : 2;
      for (let round = 0; round < observed; round += 1) documents.push({ email: carer.email, kind: MEDICATION_COMPETENCY_DOCUMENT, day: shift(today, -(20 - round * 9)), content: medicationObservation(shift(today, -(20 - round * 9)), round, true) });
      return;
    }
    // Everyone else: three observed rounds assessed competent when they started (Liam, bank: a round to redo).
    const first = carer.start && carer.start < shift(today, -60) ? shift(carer.start, 21) : shift(today, -45);
    const rounds = carer.email === 'liam.oconnor@homecare.test' ? [true, false, true] : [true, true, true];
    rounds.forEach((competent, round) => documents.push({ email: carer.email, kind: MEDICATION_COMPETENCY_DOCUMENT, day: shift(first, round * 7), content: medicationObservation(shift(first, round * 7), index + round, competent) }));
    if (SPECIALIST[carer.email]?.includes('CATH')) documents.push({ email: carer.email, kind: CATHETER_COMPETENCY_DOCUMENT, day: shift(today, -(60 + index * 3)), content: catheterCheck(shift(today, -(60 + index * 3)), index) });
    if (SPECIALIST[carer.email]?.includes('HOIST')) documents.push({ email: carer.email, kind: ADDITIONAL_COMPETENCY_DOCUMENT, day: shift(today, -(90 + index)), content: skillCheck(shift(today, -(90 + index)), index, 'hoist') });
    if (SPECIALIST[carer.email]?.includes('PEG')) documents.push({ email: carer.email, kind: ADDITIONAL_COMPETENCY_DOCUMENT, day: shift(today, -(120 + index)), content: skillCheck(shift(today, -(120 + index)), index, 'peg') });
  });

  const idOf = new Map(carers.map((carer) => [carer.email, carer.id]));
  for (const demo of documents) {
    const spec = carerDocument(demo.kind);
    const ownerId = idOf.get(demo.email);
    if (!spec || ownerId === undefined) throw new Error(`Demo ${demo.kind} for ${demo.email} names no declaration or carer.`);
    const content = v.parse(documentSchema(spec, { complete: true }), demo.content) as Record<string, unknown>;
    const at = new Date(`${demo.day}T15:00:00Z`);
    const [document] = await tx
      .insert(carerDocuments)
      .values({ owner_id: ownerId, kind: spec.name, status: 'active', version: 1, created_at: at, updated_at: at, updated_by: manager?.id ?? null })
      .returning({ id: carerDocuments.id });
    await tx.insert(carerDocumentVersions).values({ document_id: document!.id, version: 1, status: 'active', content, results: resultsOf(spec, content), note: 'Observed at the client’s home.', saved_by: manager?.id ?? null, saved_at: at });
  }
}
