import { londonDate } from '@hcm/contract/engine';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { fileStorage, users, type FileStorage, type Transaction } from '@hcm/server/platform';
import { LOG_BOOK_AUDIT_CHECKS, londonInstant, londonTime, signOfMoneyType } from '../../contract/index.js';
import { clientColumns, clientContactColumns, clientContactsTable, clientsTable } from '../columns.js';
import { seedDemoUploads, seedReceipt } from '../uploads/demo.js';
import { ensureCareNoteCategories } from './care-notes.js';
import { DEMO_CORRECTION, DEMO_EVENTS, DEMO_NOTE_PLANS, generator, type DemoNote } from './demo-notes.js';
import { careNotes, clientCallLogs, logBookAudits, logBookEntries, moneyAudits, moneyEntries } from './tables.js';
import { clock } from '@hcm/contract/time';

// The demo's daily records: four weeks of care notes for clients 1–5, call-log entries, the communication log
// book with one audit, money handled for clients 1 and 3 with receipts and one audit, and two or three uploads on
// clients 1–3. Runs after the demo clients and the reference data's document types are seeded.

const DAYS = 28;
const MINUTE = 60_000;

/** YYYY-MM-DD `daysAgo` days before today in the UK. */
const dayOf = (now: Date, daysAgo: number) => {
  const date = new Date(`${londonDate(now)}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - daysAgo);
  return date.toISOString().slice(0, 10);
};

export async function seedDemoDailyRecords(tx: Transaction, now = clock.now(), storage: FileStorage = fileStorage()): Promise<void> {
  await ensureCareNoteCategories(tx);
  const clientIds = (await tx.select({ id: clientColumns.id }).from(clientsTable).orderBy(asc(clientColumns.id))).map((row) => Number(row.id));
  if (clientIds.length < 5) return;
  const staff = await tx.select({ id: users.id, email: users.email, name: users.name }).from(users).where(inArray(users.email, ['office@homecare.test', 'manager@homecare.test']));
  const office = staff.find((user) => user.email === 'office@homecare.test') ?? { id: null, name: 'Office' };
  const manager = staff.find((user) => user.email === 'manager@homecare.test') ?? office;

  await seedNotes(tx, clientIds, now);
  await seedCallLogs(tx, clientIds, office, manager, now);
  await seedLogBook(tx, clientIds[0]!, office, manager, now);
  await seedDemoUploads(tx, storage, clientIds, { id: office.id, name: office.name }, now);
  await seedMoney(tx, storage, clientIds, office, manager, now);
}

async function seedNotes(tx: Transaction, clientIds: readonly number[], now: Date): Promise<void> {
  const nowTime = londonTime(now);
  for (const plan of DEMO_NOTE_PLANS) {
    const clientId = clientIds[plan.client - 1]!;
    const rows: (typeof careNotes.$inferInsert)[] = [];
    for (let daysAgo = DAYS - 1; daysAgo >= 0; daysAgo -= 1) {
      if (plan.noCallsSince !== undefined && daysAgo < plan.noCallsSince) break;
      const date = dayOf(now, daysAgo);
      const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
      for (const [index, call] of plan.calls.entries()) {
        if (daysAgo === 0 && call.time >= nowTime) continue; // today's later calls have not happened yet
        const event = DEMO_EVENTS.find((candidate) => candidate.client === plan.client && candidate.day === daysAgo && candidate.time === call.time);
        const random = generator(plan.client * 100_000 + daysAgo * 10 + index);
        const note: DemoNote = event ?? plan.write({ day: daysAgo, weekday }, call, random);
        const correction = plan.client === DEMO_CORRECTION.client && daysAgo === DEMO_CORRECTION.day && call.time === DEMO_CORRECTION.time;
        const writtenAt = new Date(new Date(londonInstant(date, call.time)).getTime() + (25 + Math.floor(random() * 20)) * MINUTE);
        rows.push(noteRow(clientId, date, note, writtenAt, correction ? DEMO_CORRECTION.wrongFluidMl : note.fluid_ml));
      }
      // Irene's fall: no more calls once she is in hospital.
      if (plan.noCallsSince !== undefined && daysAgo === plan.noCallsSince) break;
    }
    const inserted = await tx.insert(careNotes).values(rows).returning({ id: careNotes.id, visit_date: careNotes.visit_date, planned_time: careNotes.planned_time, written_at: careNotes.written_at });
    if (plan.client === DEMO_CORRECTION.client) {
      const wrong = inserted.find((row) => row.visit_date === dayOf(now, DEMO_CORRECTION.day) && row.planned_time === DEMO_CORRECTION.time);
      const original = wrong && rows[inserted.indexOf(wrong)];
      if (wrong && original) {
        const writtenAt = new Date(new Date(wrong.written_at).getTime() + 95 * MINUTE);
        await tx.insert(careNotes).values({ ...original, fluid_ml: DEMO_CORRECTION.fluidMl, written_at: writtenAt, recorded_at: writtenAt, amends_id: wrong.id, amendment_reason: DEMO_CORRECTION.reason, source: 'office' });
      }
    }
  }
}

function noteRow(clientId: number, date: string, note: DemoNote, writtenAt: Date, fluid: number | null): typeof careNotes.$inferInsert {
  return {
    client_id: clientId,
    category: note.category,
    visit_date: date,
    planned_time: note.time,
    written_at: writtenAt,
    recorded_at: new Date(writtenAt.getTime() + MINUTE),
    author_id: null,
    author_name: note.author,
    note: note.note,
    mood: note.mood,
    fluid_ml: fluid,
    food_portion: note.food_portion,
    food_description: note.food_description,
    bowel: note.bowel,
    bladder: note.bladder,
    concern: note.concern,
    escalated_to: note.escalated_to,
    body_map_reference: note.body_map_reference,
    source: 'device',
  };
}

type Person = { id: number | null; name: string };

async function contactId(tx: Transaction, clientId: number, name: string): Promise<number | null> {
  const [row] = await tx
    .select({ id: clientContactColumns.id })
    .from(clientContactsTable)
    .where(and(eq(clientContactColumns.client_id, clientId), eq(clientContactColumns.name, name)));
  return row ? Number(row.id) : null;
}

async function seedCallLogs(tx: Transaction, clientIds: readonly number[], office: Person, manager: Person, now: Date): Promise<void> {
  const [peggy, desmond, irene, tom] = clientIds as [number, number, number, number];
  const at = (daysAgo: number, time: string) => new Date(londonInstant(dayOf(now, daysAgo), time));
  const calls: (typeof clientCallLogs.$inferInsert)[] = [
    {
      client_id: peggy, called_at: at(24, '17:20'), direction: 'in', contact_id: await contactId(tx, peggy, 'Susan Ellison'), subject: 'Hospital eye appointment',
      summary: 'Susan rang to say Peggy has an eye clinic appointment at the Royal Free on the 3rd at 10:40. She will take her; asked for the morning call to be at 07:30 that day so Peggy is ready.',
      recorded_by: office.id, recorded_by_name: office.name, follow_up_needed: true, follow_up_action: 'Move the morning call to 07:30 on the day of the eye appointment and tell the carers.', follow_up_due: dayOf(now, 22),
      follow_up_done_at: at(23, '10:05'), follow_up_done_by_name: office.name, follow_up_outcome: 'Call moved in the rota; Grace and Tendai told by text.',
    },
    {
      client_id: peggy, called_at: at(19, '12:58'), direction: 'out', contact_id: await contactId(tx, peggy, 'Susan Ellison'), subject: 'Bruise on Peggy’s shin',
      summary: 'Told Susan about the 3 cm bruise Grace found at lunchtime (Peggy knocked the coffee table). Susan will mention it at the anticoagulation clinic on Friday; she asked us to move the coffee table back against the wall.',
      recorded_by: office.id, recorded_by_name: office.name, follow_up_needed: false,
    },
    {
      client_id: peggy, called_at: at(8, '09:25'), direction: 'out', contact_id: null, caller_name: 'Camden Road Surgery, duty doctor', subject: 'Possible urine infection',
      summary: 'Reported dark, strong-smelling urine and more confusion this morning, low fluids for two days, no temperature. The duty doctor will phone Susan back today and asked for a urine sample to be dropped at the surgery.',
      recorded_by: manager.id, recorded_by_name: manager.name, follow_up_needed: true, follow_up_action: 'Make sure the urine sample pot is collected and dropped at the surgery; check with Susan what the GP prescribed.', follow_up_due: dayOf(now, 7),
      follow_up_done_at: at(7, '15:40'), follow_up_done_by_name: manager.name, follow_up_outcome: 'Sample dropped by Susan; GP prescribed nitrofurantoin for 3 days. Added to the MAR and the carers told.',
    },
    {
      client_id: peggy, called_at: at(2, '22:10'), direction: 'in', contact_id: await contactId(tx, peggy, 'Frank Morley'), subject: 'Peggy knocked at the neighbour’s door',
      summary: 'Frank (neighbour at 16) rang the out-of-hours line: Peggy knocked at 21:50 asking if he had seen her cat (she has not had a cat for years). He took her home, she settled with a cup of tea, pendant alarm on.',
      recorded_by: manager.id, recorded_by_name: manager.name, follow_up_needed: true, follow_up_action: 'Review the bedtime call time and ask the GP about the memory clinic review; discuss with Susan.', follow_up_due: dayOf(now, 1),
    },
    {
      client_id: desmond, called_at: at(12, '10:15'), direction: 'out', contact_id: null, caller_name: 'Somers Town district nurses', subject: 'Hypo this morning',
      summary: 'Told the district nurse about the 3.6 mmol/L reading before breakfast and the hypo plan given. She will review the insulin dose at tomorrow’s visit and asked carers to make sure he has supper.',
      recorded_by: manager.id, recorded_by_name: manager.name, follow_up_needed: true, follow_up_action: 'Add “check he has had supper” to the 17:00 call tasks.', follow_up_due: dayOf(now, 11),
      follow_up_done_at: at(11, '09:30'), follow_up_done_by_name: office.name, follow_up_outcome: 'Task added to the visit; Kofi and Grace told.',
    },
    {
      client_id: desmond, called_at: at(4, '14:00'), direction: 'in', contact_id: await contactId(tx, desmond, 'Abigail Achebe'), subject: 'Podiatry appointment',
      summary: 'Abigail rang: the podiatrist will come to the flat next Wednesday morning to look at the heel blister. She asked carers to leave his feet uncovered after the morning check that day.',
      recorded_by: office.id, recorded_by_name: office.name, follow_up_needed: false,
    },
    {
      client_id: irene, called_at: at(10, '11:00'), direction: 'in', contact_id: await contactId(tx, irene, 'Mark Taylor'), subject: 'Discharge planning',
      summary: 'Mark (hospital discharge team) says Renia’s wrist is in a cast and she may be ready for home within two weeks, with a reablement package at first. He wants our view on restarting calls and on a perching stool and second stair rail.',
      recorded_by: manager.id, recorded_by_name: manager.name, follow_up_needed: true, follow_up_action: 'Send Mark the care plan and our risk assessment; book a home visit with the OT before discharge.', follow_up_due: dayOf(now, -3),
    },
    {
      client_id: tom, called_at: at(3, '22:40'), direction: 'in', contact_id: await contactId(tx, tom, 'Eileen Brennan'), subject: 'Tom restless tonight',
      summary: 'Eileen rang after the evening call: the out-of-hours nurse had been and Tom is calmer. She asked whether we can add a sitting service overnight at the weekend so she can sleep.',
      recorded_by: manager.id, recorded_by_name: manager.name, follow_up_needed: true, follow_up_action: 'Ask the continuing healthcare team to fund two waking nights at the weekend.', follow_up_due: dayOf(now, 1),
    },
  ];
  await tx.insert(clientCallLogs).values(calls);
}

async function seedLogBook(tx: Transaction, peggy: number, office: Person, manager: Person, now: Date): Promise<void> {
  const at = (daysAgo: number, time: string) => new Date(londonInstant(dayOf(now, daysAgo), time));
  const entries: Omit<typeof logBookEntries.$inferInsert, 'client_id' | 'recorded_by_name'>[] = [
    { written_at: at(26, '18:10'), author_name: 'Susan Ellison', author_role: 'family', audience: 'carers', message: 'I have bought Mum new slippers (the blue ones by the bed). Please throw the old brown ones away, the soles are slippery.', needs_reply: false },
    { written_at: at(24, '08:40'), author_name: 'Grace Okoro', author_role: 'carer', audience: 'family', message: 'Peggy is running low on Diprobase cream and denture tablets. Could someone pick them up this week please?', needs_reply: true, reply: 'Bought both on Saturday, in the bathroom cabinet. Susan', replied_at: at(22, '16:00'), replied_by_name: 'Susan Ellison' },
    { written_at: at(19, '13:05'), author_name: 'Grace Okoro', author_role: 'carer', audience: 'everyone', message: 'Bruise on Peggy’s left shin, see care notes and body map. Office informed. Please keep the coffee table against the wall.', needs_reply: false },
    { written_at: at(15, '10:30'), author_name: 'Oliver Office', author_role: 'office', audience: 'carers', message: 'From Monday the lunch call moves to 12:30 (was 12:00) at Peggy’s request so she can watch the news first.', needs_reply: false },
    { written_at: at(8, '08:50'), author_name: 'Tendai Moyo', author_role: 'carer', audience: 'everyone', message: 'Peggy’s urine dark and smelly, more confused. Office phoning the GP. PLEASE encourage drinks at every call and write down every drink.', needs_reply: false },
    { written_at: at(7, '17:45'), author_name: 'Susan Ellison', author_role: 'family', audience: 'carers', message: 'GP has prescribed antibiotics for 3 days (in the blister pack from tomorrow). Thank you for spotting it so quickly.', needs_reply: false },
    { written_at: at(4, '20:40'), author_name: 'Lucy Hart', author_role: 'carer', audience: 'office', message: 'The pendant alarm strap is fraying. Can the office order a new one from Careline?', needs_reply: true },
    { written_at: at(2, '12:50'), author_name: 'Frank Morley', author_role: 'family', audience: 'family', message: 'Susan, your mum came round last night looking for the cat. All fine, I walked her back. Frank (no. 16)', needs_reply: true, reply: 'Thank you Frank. The office is reviewing her evening call. Susan', replied_at: at(1, '09:15'), replied_by_name: 'Susan Ellison' },
  ];
  await tx.insert(logBookEntries).values(entries.map((entry) => ({ ...entry, client_id: peggy, recorded_by: office.id, recorded_by_name: office.name })));

  // Last month's audit of the book.
  const month = dayOf(now, 30).slice(0, 7);
  const checks = Object.fromEntries(LOG_BOOK_AUDIT_CHECKS.map((check) => [check.key, check.key !== 'replies_timely']));
  await tx.insert(logBookAudits).values({
    client_id: peggy,
    month,
    auditor_id: manager.id,
    auditor_name: manager.name,
    audited_at: new Date(now.getTime() - 3 * 86_400_000),
    entries_checked: 14,
    entries_recorded: entries.filter((entry) => londonDate(entry.written_at as Date).startsWith(month)).length,
    checks,
    issues: [
      { entry_date: `${month}-09`, issue: 'Request for more continence pads waited four days for a reply.', action: 'Office to check the book for requests on Mondays and Thursdays.' },
      { entry_date: `${month}-21`, issue: 'Entry signed with initials only (“T.M.”).', action: 'Reminded Tendai at supervision to print her name.' },
    ],
    outcome: 'minor-issues',
    actions: 'Office checks the log book messages twice a week (Oliver Office, from next week). Printed names reminder at the carers’ meeting on the 15th.',
  });
}

async function seedMoney(tx: Transaction, storage: FileStorage, clientIds: readonly number[], office: Person, manager: Person, now: Date): Promise<void> {
  const [peggy, , irene] = clientIds as [number, number, number];
  type Entry = { daysAgo: number; type: 'received' | 'withdrawal' | 'spent' | 'returned' | 'reversal'; pence: number; description: string; handled_by: string; witnessed_by?: string; consent?: boolean; receipt?: number; no_receipt_reason?: string; reverses?: number; reversal_reason?: string };
  const write = async (clientId: number, entries: readonly Entry[]) => {
    let balance = 0;
    const ids: number[] = [];
    for (const entry of entries) {
      const reversed = entry.reverses === undefined ? null : entries[entry.reverses]!;
      const change = reversed ? -signOfMoneyType(reversed.type) * reversed.pence : signOfMoneyType(entry.type) * entry.pence;
      balance += change;
      const recordedAt = new Date(londonInstant(dayOf(now, entry.daysAgo), '19:00'));
      const [row] = await tx
        .insert(moneyEntries)
        .values({
          client_id: clientId,
          transaction_date: dayOf(now, entry.daysAgo),
          type: entry.type,
          amount_pence: entry.pence,
          change_pence: change,
          balance_after_pence: balance,
          description: entry.description,
          receipt_upload_id: entry.receipt ?? null,
          no_receipt_reason: entry.no_receipt_reason ?? '',
          handled_by: entry.handled_by,
          witnessed_by: entry.witnessed_by ?? '',
          consent_confirmed: entry.consent ?? false,
          negative_flag: balance < 0,
          reverses_id: entry.reverses === undefined ? null : ids[entry.reverses]!,
          reversal_reason: entry.reversal_reason ?? '',
          recorded_by: office.id,
          recorded_by_name: office.name,
          recorded_at: recordedAt,
          source: entry.type === 'reversal' ? 'office' : 'device',
        })
        .returning({ id: moneyEntries.id });
      ids.push(row!.id);
    }
    return balance;
  };
  const receipt = async (clientId: number, title: string, items: number, by: string) => (await seedReceipt(tx, storage, clientId, title, items, { id: null, name: by })).id;

  const peggyBalance = await write(peggy, [
    { daysAgo: 27, type: 'received', pence: 10000, description: 'Cash from Susan Ellison for Peggy’s shopping (five £20 notes), counted with her.', handled_by: 'Grace Okoro', witnessed_by: 'Susan Ellison' },
    { daysAgo: 25, type: 'spent', pence: 2340, description: 'Weekly shop at Sainsbury’s Camden: milk, bread, fruit, ready meals.', handled_by: 'Grace Okoro', receipt: await receipt(peggy, 'Sainsbury’s receipt, week 1', 9, 'Grace Okoro') },
    { daysAgo: 21, type: 'spent', pence: 3240, description: 'Weekly shop at Sainsbury’s Camden.', handled_by: 'Tendai Moyo', receipt: await receipt(peggy, 'Sainsbury’s receipt, week 2', 11, 'Tendai Moyo') },
    { daysAgo: 21, type: 'reversal', pence: 3240, description: 'Reversal of the weekly shop entered as £32.40', handled_by: 'Tendai Moyo', reverses: 2, reversal_reason: 'Typed £32.40; the receipt says £23.40. Re-entered below.' },
    { daysAgo: 21, type: 'spent', pence: 2340, description: 'Weekly shop at Sainsbury’s Camden (corrected amount).', handled_by: 'Tendai Moyo', receipt: await receipt(peggy, 'Sainsbury’s receipt, week 2 (corrected entry)', 11, 'Tendai Moyo') },
    { daysAgo: 17, type: 'returned', pence: 1000, description: 'Change given back to Peggy for the hairdresser who visits on Thursdays.', handled_by: 'Lucy Hart', witnessed_by: 'Peggy Ellison' },
    { daysAgo: 14, type: 'spent', pence: 2865, description: 'Weekly shop and a birthday card for her sister.', handled_by: 'Grace Okoro', receipt: await receipt(peggy, 'Sainsbury’s receipt, week 3', 12, 'Grace Okoro') },
    { daysAgo: 13, type: 'withdrawal', pence: 5000, description: '£50 withdrawn at the Post Office with Peggy’s card; Peggy came too and chose the amount.', handled_by: 'Grace Okoro', witnessed_by: 'Lucy Hart', consent: true },
    { daysAgo: 9, type: 'spent', pence: 185, description: 'Milk and a loaf from the corner shop on the way in.', handled_by: 'Tendai Moyo', no_receipt_reason: 'The corner shop’s till printer was broken; the shop owner wrote the amount on the bag.' },
    { daysAgo: 7, type: 'spent', pence: 2410, description: 'Weekly shop, extra squash and water (GP advice: more fluids).', handled_by: 'Grace Okoro', receipt: await receipt(peggy, 'Sainsbury’s receipt, week 4', 10, 'Grace Okoro') },
  ]);

  await write(irene, [
    { daysAgo: 26, type: 'received', pence: 6000, description: 'Cash from Agnieszka Kowalczyk for shopping and prescriptions.', handled_by: 'Ana Ribeiro', witnessed_by: 'Agnieszka Kowalczyk' },
    { daysAgo: 22, type: 'spent', pence: 1875, description: 'Groceries at Lidl Kentish Town.', handled_by: 'Ana Ribeiro', receipt: await receipt(irene, 'Lidl receipt', 8, 'Ana Ribeiro') },
    { daysAgo: 16, type: 'spent', pence: 990, description: 'Prescription pre-payment certificate is in place; bought throat lozenges and tissues at Boots.', handled_by: 'Ana Ribeiro', receipt: await receipt(irene, 'Boots receipt', 3, 'Ana Ribeiro') },
    { daysAgo: 9, type: 'returned', pence: 3135, description: 'Renia is in hospital: the cash held (£31.35) handed back to Agnieszka at the house, counted together.', handled_by: 'Grace Okoro', witnessed_by: 'Agnieszka Kowalczyk' },
  ]);

  // The office's check of Peggy's money two days ago, covering the four weeks.
  await tx.insert(moneyAudits).values({
    client_id: peggy,
    period_from: dayOf(now, 27),
    period_to: dayOf(now, 2),
    auditor_id: manager.id,
    auditor_name: manager.name,
    audited_at: new Date(now.getTime() - 2 * 86_400_000),
    balance_per_records_pence: peggyBalance,
    cash_counted_pence: peggyBalance,
    counted_with: 'Grace Okoro (carer), in Peggy’s kitchen with Peggy present',
    spends_in_period: 5,
    spends_without_receipt: 1,
    receipts_present: false,
    records_signed: true,
    discrepancies: [{ entry_date: dayOf(now, 9), description: 'Corner shop spend of £1.85 has no receipt (reason recorded).', amount: 185, explanation: 'Small amount, reason written at the time; accepted.' }],
    outcome: 'explained',
    actions: 'Remind carers to ask for a receipt or a handwritten note from the shop (team meeting). Next audit in four weeks.',
  });
}
