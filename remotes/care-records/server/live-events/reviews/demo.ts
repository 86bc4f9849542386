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

// Demo rows for what the records say is due, relative to the day of the seed: two reablement packages (one
// ending this week, one past its planned end without an outcome), the office's audits of care notes up to last
// week (this week's still to audit) and two notes of today and yesterday that want a look first. The assessment
// alerts come from the demo documents already seeded (reviews overdue, due, awaiting sign-off; clients without
// a general or home risk assessment).

const DAY = 86_400_000;

export async function seedDemoReviews(tx: Transaction, now = new Date()): Promise<void> {
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
  await seedNoteAudits(tx, manager, clientIds, day);
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
  const auditedAt = new Date(Math.min(mondayMorning.getTime(), Date.now()));
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
