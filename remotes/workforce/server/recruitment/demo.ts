import { eq, inArray, sql } from 'drizzle-orm';
import { users, type Transaction } from '@hcm/server/platform';
import type { RecruitmentStage } from '../../contract/people.js';
import { carersTable } from '../people/people-tables.js';
import { carerColumns } from '../people/visibility.js';
import { demoDates, demoDay, demoWeekday } from '../demo-day.js';
import { careers } from './read-models.js';
import { applicantVacancies, recruitmentInterviews, recruitmentStageHistory } from './tables.js';

// The demo agency's recruitment as of late November 2026: how each of the eight applicants got where they are,
// how five carers hired in 2025–2026 were recruited (so the dashboard shows a time to hire), interviews held and
// booked, and the vacancies applicants answered. Carers are found by email (server/people/demo.ts).
// Written as of Wednesday 25 November 2026 and moved to the day the demo is seeded (../demo-day.ts): the stages by
// whole days, the interviews by whole weeks (each keeps its weekday, a booked one stays ahead of today, a held one
// behind), with the dates in the reasons written from the moved dates.

type Path = [stage: RecruitmentStage, day: string, reason?: string][];

const PATHS: Record<string, Path> = {
  'maria.santos': [['applied', '2026-11-21']],
  'george.taylor': [['applied', '2026-11-14'], ['screening', '2026-11-17', 'Phone screen booked: two years as a healthcare assistant.']],
  'yasmin.ali': [['applied', '2026-11-06'], ['screening', '2026-11-09'], ['interview', '2026-11-12', 'Interview booked for 2026-11-26 at 10:00.']],
  'harry.walsh': [['applied', '2026-11-03'], ['screening', '2026-11-05'], ['interview', '2026-11-10', 'Interview booked for 2026-11-20 at 14:00.']],
  'olivia.brown': [['applied', '2026-10-27'], ['screening', '2026-10-29'], ['interview', '2026-10-30', 'Interview booked for 2026-11-03 at 11:00.'], ['offer', '2026-11-06', 'Conditional offer sent: 25 hours a week, Camden.']],
  'samuel.osei': [['applied', '2026-10-12'], ['screening', '2026-10-14'], ['interview', '2026-10-15'], ['offer', '2026-10-23'], ['checks', '2026-10-26', 'Offer accepted: DBS applied for, references requested.']],
  'ella.jones': [['applied', '2026-09-29'], ['screening', '2026-10-01'], ['interview', '2026-10-02'], ['offer', '2026-10-09'], ['checks', '2026-10-13'], ['ready', '2026-11-16', 'All checks clear: starts on 1 December 2026 after induction.']],
  'adam.clarke': [['applied', '2026-10-20'], ['screening', '2026-10-22'], ['interview', '2026-10-23'], ['rejected', '2026-11-10', 'Could not give two years of employment references; invited to reapply once available.']],
  // Hired carers: applied → hired.
  'nathan.price': [['applied', '2025-09-01'], ['screening', '2025-09-03'], ['interview', '2025-09-09'], ['offer', '2025-09-12'], ['checks', '2025-09-15'], ['ready', '2025-10-22'], ['hired', '2025-10-27', 'Hired to start on 2025-11-03.']],
  'priya.nair': [['applied', '2025-08-11'], ['screening', '2025-08-13'], ['interview', '2025-08-19'], ['offer', '2025-08-22'], ['checks', '2025-08-26'], ['ready', '2025-09-26'], ['hired', '2025-09-29', 'Hired to start on 2025-10-06: student visa, 20 hours a week in term time.']],
  'ben.carter': [['applied', '2026-04-02'], ['screening', '2026-04-06'], ['interview', '2026-04-14'], ['offer', '2026-04-20'], ['checks', '2026-04-21'], ['ready', '2026-05-20'], ['hired', '2026-05-26', 'Hired to start on 2026-06-01.']],
  'zainab.hussain': [['applied', '2026-06-22'], ['screening', '2026-06-24'], ['interview', '2026-06-30'], ['offer', '2026-07-03'], ['checks', '2026-07-06'], ['ready', '2026-08-12'], ['hired', '2026-08-14', 'Hired to start on 2026-08-24.']],
  'daniel.kowalski': [['applied', '2026-07-13'], ['screening', '2026-07-15'], ['interview', '2026-07-21'], ['offer', '2026-07-24'], ['checks', '2026-07-27'], ['ready', '2026-08-28'], ['hired', '2026-09-01', 'Hired to start on 2026-09-07.']],
};

type InterviewSeed = { who: string; day: string; start: string; end: string; location?: string; video_link?: string; interviewers: string; status: 'scheduled' | 'held' | 'no-show' | 'cancelled'; notes?: string };

const INTERVIEWS: InterviewSeed[] = [
  { who: 'yasmin.ali', day: '2026-11-26', start: '10:00', end: '11:00', location: 'Leeds office, interview room', interviewers: 'Gareth Powell (Registered Manager)', status: 'scheduled' },
  { who: 'harry.walsh', day: '2026-11-20', start: '14:00', end: '14:45', location: 'Bristol North office, 201 Gloucester Road', interviewers: 'Imran Chaudhry (Care Coordinator)', status: 'no-show', notes: 'Did not attend. Phoned at 14:20: his car broke down. Rebooked by video.' },
  { who: 'harry.walsh', day: '2026-11-27', start: '14:00', end: '14:45', video_link: 'https://meet.homecare.test/interviews/harry-walsh', interviewers: 'Imran Chaudhry (Care Coordinator)', status: 'scheduled' },
  { who: 'olivia.brown', day: '2026-11-03', start: '11:00', end: '12:00', location: 'Camden office', interviewers: 'Claire Donovan (Registered Manager), Marcus Webb (Care Coordinator)', status: 'held', notes: 'Warm, clear answers on dignity and consent; five years caring for her grandmother. Offer recommended.' },
  { who: 'samuel.osei', day: '2026-10-20', start: '10:30', end: '11:30', location: 'Bristol North office, 201 Gloucester Road', interviewers: 'Imran Chaudhry (Care Coordinator)', status: 'held', notes: 'Drives, own car; business insurance to be added before starting.' },
  { who: 'ella.jones', day: '2026-10-07', start: '09:30', end: '10:30', location: 'Leeds office, interview room', interviewers: 'Gareth Powell (Registered Manager)', status: 'held', notes: 'Level 2 Diploma in Adult Care; medication experience in a care home.' },
  { who: 'adam.clarke', day: '2026-10-29', start: '15:00', end: '16:00', location: 'Camden office', interviewers: 'Marcus Webb (Care Coordinator)', status: 'held', notes: 'Good interview; employment history has a two-year gap with no referee who can cover it.' },
];

/** Applicants and the vacancy (reference data's careers, by title) they applied for. */
const VACANCIES: Record<string, string> = {
  'maria.santos': 'Care Worker – Camden',
  'george.taylor': 'Care Worker – Camden',
  'olivia.brown': 'Care Worker – Camden',
  'adam.clarke': 'Care Worker – Camden',
  'yasmin.ali': 'Senior Care Worker – Leeds',
  'ella.jones': 'Bank Care Worker – Leeds',
};

/** A stage's reason with its dates moved: an interview booked keeps its weekday, as the interview does. */
function movedReason(reason: string): string {
  const booked = /^Interview booked for (\d{4}-\d{2}-\d{2})(.*)$/.exec(reason);
  return booked ? `Interview booked for ${demoWeekday(booked[1]!)}${booked[2]}` : demoDates(reason);
}

const emailOf = (who: string) => `${who}@homecare.test`;
const moment = (day: string, time = '10:00') => sql`((${day}::date + ${time}::time) at time zone 'Europe/London')`;

export async function seedDemoRecruitment(tx: Transaction): Promise<void> {
  const everyone = [...new Set([...Object.keys(PATHS), ...INTERVIEWS.map((interview) => interview.who), ...Object.keys(VACANCIES)])];
  const rows = await tx.select({ id: carerColumns.id, email: carerColumns.email }).from(carersTable).where(inArray(carerColumns.email, everyone.map(emailOf)));
  const carerId = new Map(rows.map((row) => [String(row.email), Number(row.id)]));
  const [office] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'office@homecare.test'));
  const movedBy = office?.id ?? null;

  for (const [who, path] of Object.entries(PATHS)) {
    const id = carerId.get(emailOf(who));
    if (!id) continue;
    let from: RecruitmentStage | null = null;
    for (const [stage, day, reason = ''] of path) {
      await tx.insert(recruitmentStageHistory).values({ carer_id: id, from_stage: from, to_stage: stage, reason: movedReason(reason), moved_by: stage === 'applied' ? null : movedBy, moved_at: moment(demoDay(day)) as never });
      from = stage;
    }
  }
  for (const written of INTERVIEWS) {
    const interview = { ...written, day: demoWeekday(written.day) };
    const id = carerId.get(emailOf(interview.who));
    if (!id) continue;
    await tx.insert(recruitmentInterviews).values({
      carer_id: id,
      starts_at: moment(interview.day, interview.start) as never,
      ends_at: moment(interview.day, interview.end) as never,
      location: interview.location ?? '',
      video_link: interview.video_link ?? '',
      interviewers: interview.interviewers,
      status: interview.status,
      notes: interview.notes ?? '',
      created_by: movedBy,
    });
  }
  const vacancies = await tx.select({ id: careers.id, title: careers.title }).from(careers);
  for (const [who, title] of Object.entries(VACANCIES)) {
    const id = carerId.get(emailOf(who));
    const career = vacancies.find((vacancy) => vacancy.title === title);
    if (id && career) await tx.insert(applicantVacancies).values({ carer_id: id, career_id: career.id }).onConflictDoNothing();
  }
}
