import { londonDate, londonInstant } from '@hcm/contract/engine';
import { asc, inArray, lt, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { documentSchema } from '@hcm/contract/documents';
import { resultsOf, users, type Transaction } from '@hcm/server/platform';
import { FLAG_SQL } from './logbook.js';
import { clientDocument } from '../../../contract/index.js';
import { clientColumns, clientsTable } from '../../columns.js';
import { careNotes } from '../../daily/tables.js';
import { clientDocuments, clientDocumentVersions } from '../../tables.js';
import { careNoteAudits } from './tables.js';
import { clock } from '@hcm/contract/time';

// Demo rows for what the records say is due, relative to the day of the seed: two reablement packages in Camden
// (one ending this week, one past its planned end without an outcome) and three more elsewhere (see below), the
// office's audits of care notes up to last week (this week's still to audit) and two notes of today and yesterday that want a look first. The assessment
// alerts come from the demo documents already seeded (reviews overdue, due, awaiting sign-off; clients without
// a general or home risk assessment).

const DAY = 86_400_000;

export async function seedDemoReviews(tx: Transaction, now = clock.now()): Promise<void> {
  const clientIds = (await tx.select({ id: clientColumns.id }).from(clientsTable).orderBy(asc(clientColumns.id))).map((row) => Number(row.id));
  if (clientIds.length < 10) return;
  const staff = await tx.select({ id: users.id, email: users.email, name: users.name }).from(users).where(inArray(users.email, ['office@homecare.test', 'manager@homecare.test']));
  const office = staff.find((user) => user.email === 'office@homecare.test') ?? null;
  const manager = staff.find((user) => user.email === 'manager@homecare.test') ?? office;
  const day = (offset: number) => londonDate(new Date(now.getTime() + offset * DAY));

  await seedReablement(tx, clientIds[3]!, office?.id ?? null, now, {
    referral_reason: 'Home from the Royal Free after a hip replacement; needs help to wash, dress and get meals while relearning the stairs.',
    start_date: day(-38),
    planned_end: day(4),
    therapist: 'Priya Shah, physiotherapist, Camden Reablement Service',
    therapist_contact: '020 7946 0321',
    goals: [
      { goal: 'To get up and down my stairs safely', baseline: 'Stairs only with a physiotherapist alongside.', target: 'Uses the stairs with the rail, alone.', week_achieved: 4, status: 'achieved' },
      { goal: 'To dress myself', baseline: 'Needs help with socks and shoes.', target: 'Dresses with the long-handled shoe horn and sock aid.', status: 'working' },
    ],
    weekly: [
      { week: 4, date: day(-11), progress: 'Managing the stairs alone with the rail.' },
      { week: 5, date: day(-4), progress: 'Sock aid used most mornings; shoes still with help.', calls_change: 'Lunch call stopped' },
    ],
    outcome: 'in-progress',
  });
  await seedReablement(tx, clientIds[1]!, office?.id ?? null, now, {
    referral_reason: 'Referred by the GP after a chest infection left him too weak to cook or shower on his own.',
    start_date: day(-50),
    planned_end: day(-8),
    therapist: 'Tomasz Nowicki, occupational therapist, Camden Reablement Service',
    goals: [
      { goal: 'To shower myself', baseline: 'Strip wash at the sink with help.', target: 'Showers alone with the shower chair, a carer nearby.', status: 'partly' },
      { goal: 'To make a simple meal', baseline: 'Tires standing at the cooker.', target: 'Makes a sandwich or microwave meal sitting at the perching stool.', status: 'achieved', week_achieved: 5 },
    ],
    weekly: [{ week: 6, date: day(-8), progress: 'Meals managed; showering still needs someone nearby. Closing review with the OT to be booked.' }],
    outcome: 'in-progress',
  });
  await seedMoreReablement(tx, clientIds, office?.id ?? null, now, day);
  await seedNoteAudits(tx, manager, clientIds, day);
}

// Three more programmes for the reablement dashboard, away from Camden's: one in its second week in Leeds (no
// review yet beyond the first), and two in Bristol that ended this year with their outcomes.
async function seedMoreReablement(tx: Transaction, clientIds: readonly number[], by: number | null, now: Date, day: (offset: number) => string): Promise<void> {
  await seedReablement(tx, clientIds[5]!, by, now, {
    referral_reason: 'Home from St James\'s after a fall and a week on the ward; lost confidence getting in and out of the bath and cooking.',
    start_date: day(-10),
    planned_end: day(32),
    therapist: 'Hannah Okafor, occupational therapist, Leeds Community Reablement',
    goals: [
      { goal: 'To get in and out of the bath with the board', baseline: 'Strip wash only since the fall.', target: 'Baths with the bath board, a carer nearby.', status: 'working' },
      { goal: 'To cook my tea', baseline: 'Ready meals heated by carers.', target: 'Cooks a simple hot meal using the perching stool.', status: 'working' },
    ],
    weekly: [
      { week: 1, date: day(-3), progress: 'Bath board fitted; first bath with the OT. Using the perching stool to peel vegetables.', visits: 14, support_hours: 7, equipment: 'Perching stool', next_steps: 'Carer to stand by for baths; try cooking with the OT on Thursday.' },
    ],
    goal_reviews: [
      { week: 1, goal: 1, progress: 'progressing', note: 'Bathed once with the OT.' },
      { week: 1, goal: 2, progress: 'progressing', note: '' },
    ],
    outcome: 'in-progress',
  });
  await seedReablement(tx, clientIds[7]!, by, now, {
    referral_reason: 'A urine infection left her weak and unsteady; referred by her GP to avoid a hospital admission.',
    start_date: day(-100),
    planned_end: day(-58),
    therapist: 'Ben Carter, physiotherapist, Bristol Reablement Team',
    goals: [
      { goal: 'To walk to the corner shop', baseline: 'Walks indoors only, with a frame.', target: 'Walks to the shop and back with her stick.', week_achieved: 5, status: 'achieved' },
      { goal: 'To wash and dress myself', baseline: 'Needs help with her lower half.', target: 'Washes and dresses alone using the sock aid.', week_achieved: 4, status: 'achieved' },
    ],
    weekly: [
      { week: 5, date: day(-65), progress: 'Walked to the shop with her stick. Dresses alone.', visits: 7, support_hours: 3.5 },
      { week: 6, date: day(-58), progress: 'All goals met; calls stopped with her agreement.', visits: 3, support_hours: 1.5, next_steps: 'Discharged: no ongoing care.' },
    ],
    outcome: 'independent',
    ended_on: day(-58),
  });
  await seedReablement(tx, clientIds[9]!, by, now, {
    referral_reason: 'Home after a stroke affecting her left side; reablement to see how much she can relearn before a long-term package is set.',
    start_date: day(-160),
    planned_end: day(-118),
    therapist: 'Ben Carter, physiotherapist, Bristol Reablement Team',
    goals: [
      { goal: 'To transfer from bed to chair', baseline: 'Two carers and a rotunda.', target: 'One carer standing by.', week_achieved: 6, status: 'achieved' },
      { goal: 'To make a hot drink', baseline: 'Cannot hold the kettle.', target: 'Uses the kettle tipper with her right hand.', status: 'partly' },
    ],
    weekly: [
      { week: 6, date: day(-118), progress: 'Transfers with one carer. Kettle tipper used with help. Still needs help to wash and dress.', visits: 21, support_hours: 12 },
    ],
    outcome: 'reduced',
    ended_on: day(-118),
    handover: 'Long-term three calls a day from the end of reablement: washing, dressing, meals; transfers with one carer.',
  });
}

async function seedReablement(tx: Transaction, clientId: number, by: number | null, now: Date, content: Record<string, unknown>): Promise<void> {
  const spec = clientDocument('reablement')!;
  const values = v.parse(documentSchema(spec, { complete: true }), content) as Record<string, unknown>;
  const startedAt = new Date(`${String(content.start_date)}T10:00:00Z`);
  const reviewDate = londonDate(new Date(now.getTime() + 7 * DAY));
  const [document] = await tx
    .insert(clientDocuments)
    .values({ owner_id: clientId, kind: spec.name, status: 'active', version: 1, review_date: reviewDate, created_at: startedAt, updated_at: now, updated_by: by })
    .returning({ id: clientDocuments.id });
  await tx.insert(clientDocumentVersions).values({
    document_id: document!.id,
    version: 1,
    status: 'active',
    content: values,
    results: resultsOf(spec, values),
    review_date: reviewDate,
    note: 'Goals and weekly reviews with the therapist.',
    saved_by: by,
    saved_at: now,
  });
}

type Person = { id: number; name: string } | null;

async function seedNoteAudits(tx: Transaction, manager: Person, clientIds: readonly number[], day: (offset: number) => string): Promise<void> {
  if (manager) await auditNotesBeforeThisWeek(tx, manager, day);
  // After the audits: on a Monday, yesterday's notes are last week's and must still await the office.
  // Two notes that want the office's eye: a bruise noticed at teatime, and a one-line note written the next morning.
  await tx.insert(careNotes).values([
    {
      client_id: clientIds[1]!,
      category: 'personal-care',
      visit_date: day(-1),
      planned_time: '17:00',
      written_at: new Date(new Date(londonInstant(day(-1), '17:00')).getTime() + 40 * 60_000),
      author_name: 'Grace Mensah',
      note: 'Helped Desmond wash and change. Noticed a bruise on his left forearm he could not explain; he said he may have knocked it on the door frame.',
      source: 'device',
    },
    {
      client_id: clientIds[3]!,
      category: 'personal-care',
      visit_date: day(-1),
      planned_time: '21:00',
      written_at: new Date(new Date(londonInstant(day(0), '08:30')).getTime()),
      author_name: 'Daniel Okafor',
      note: 'Bed call done. All fine.',
      source: 'device',
    },
  ]);
}

async function auditNotesBeforeThisWeek(tx: Transaction, manager: { id: number; name: string }, day: (offset: number) => string): Promise<void> {
  // Up to last Sunday the office has audited every note; the flagged ones with what was done.
  const monday = sql`date_trunc('week', ${day(0)}::date)::date`;
  const notes = await tx
    .select({ id: careNotes.id, client_id: careNotes.client_id, flagged: sql<boolean>`(${FLAG_SQL.concern} or ${FLAG_SQL.safeguarding})` })
    .from(careNotes)
    .where(lt(careNotes.visit_date, monday));
  if (!notes.length) return;
  // Audited on Monday morning (or just now, early on a Monday).
  const weekday = new Date(`${day(0)}T12:00:00Z`).getUTCDay();
  const mondayMorning = new Date(londonInstant(day(-((weekday + 6) % 7)), '09:00'));
  const auditedAt = new Date(Math.min(mondayMorning.getTime(), clock.nowMs()));
  await tx.insert(careNoteAudits).values(
    notes.map((note) => ({
      note_id: note.id,
      client_id: note.client_id,
      outcome: note.flagged ? ('escalated' as const) : ('satisfactory' as const),
      comment: note.flagged ? 'Read with the registered manager; the concern was followed up the same day as recorded.' : '',
      audited_by: manager.id,
      audited_by_name: manager.name,
      audited_at: auditedAt,
    })),
  );
}
