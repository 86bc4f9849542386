import { SUPER_ADMIN } from '@hcm/contract';
import { CARER_ROLE } from '@hcm/contract/schemas';
import { londonDate } from '@hcm/contract/engine';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { roles, userBranches, users, type Transaction } from '@hcm/server/platform';
import * as v from 'valibot';
import {
  addDays,
  currentMonth,
  dueOn,
  MAR_AUDIT_CHECKS,
  MEDICATION_ROUTES,
  MedicationScheduleSchema,
  SCHEDULE_ENTRIES,
  periodOf,
  slotsOf,
  slotWindow,
  instantAfterMidnight,
  ukInstant,
  ukWallClock,
  weekdayOf,
  type MarAuditCheckKey,
  type MedicationSchedule,
} from '../../contract/index.js';
import { clientColumns, clientMedicationColumns, clientMedicationsTable, clientsTable } from '../columns.js';
import { auditFindings, storeAudit } from './audits.js';
import { previousMonth } from './chart.js';
import { findMarClient, requestHash } from './common.js';
import { seedOutcomeCodes } from './outcome-codes.js';
import { listSchedules } from './schedules.js';
import { medicationsRead } from '../read-models.js';
import { marAdministrations, marOutcomeCodes } from './tables.js';
import { clock } from '@hcm/contract/time';

// The eMAR's demo: the outcome codes; the demo clients' schedules completed (times or periods, PRN limits, the
// time-critical insulin, the prescriber and pharmacy — demo-rows.ts gives each medicine its dose and words only);
// the MAR of demo clients 1–5 from the first day of last month up to now, as carers record it (mostly given,
// some refusals with notes, a stay in hospital, an occasional gap, PRN doses with their reasons, a correction);
// and client 1's MAR audit of last month. Random choices come from a fixed seed, so every install tells the
// same story.

type Completion = {
  timing?: 'exact' | 'period';
  times?: string;
  days?: string;
  prn?: { reason: string; max: number; gap: number };
  critical?: number;
  blister?: boolean;
};

/** Each demo client's prescriber and pharmacy, by position (demo-rows.ts). */
const PRESCRIBING: Record<number, { prescriber: string; pharmacy: string }> = {
  1: { prescriber: 'Dr Helen Okafor, Camden Road Surgery', pharmacy: 'Boots, 173 Camden High Street' },
  2: { prescriber: 'Dr Sunil Mehta, Somers Town Medical Centre', pharmacy: 'Well Pharmacy, Chalton Street' },
  3: { prescriber: 'Dr Helen Okafor, Camden Road Surgery', pharmacy: 'Boots, 173 Camden High Street' },
  4: { prescriber: 'Dr Ruth Adler, Regents Park Practice (with the community palliative care team)', pharmacy: 'Greenlight Pharmacy, Parkway' },
  5: { prescriber: 'Dr Amir Hussain, Burley Park Medical Centre', pharmacy: 'Asda Pharmacy, Kirkstall' },
  6: { prescriber: 'Dr Amir Hussain, Burley Park Medical Centre', pharmacy: 'Asda Pharmacy, Kirkstall' },
  7: { prescriber: 'Dr Lucy Barnes, Kirkstall Lane Medical Centre', pharmacy: 'Kirkstall Lane Pharmacy' },
  8: { prescriber: 'Dr Tom Ellery, Gloucester Road Medical Centre', pharmacy: 'Gloucester Road Pharmacy' },
  9: { prescriber: 'Dr Nadia Quinn, Bishopston Medical Practice', pharmacy: 'Lloyds Pharmacy, Bishopston' },
  10: { prescriber: 'Dr Tom Ellery, Gloucester Road Medical Centre', pharmacy: 'Gloucester Road Pharmacy' },
};

/** The schedules of the demo medicines, by client position and medicine name. */
const COMPLETIONS: Record<string, Completion> = {
  '1 Warfarin': { times: '18:00' },
  '1 Donepezil': { times: '20:00', blister: true },
  '1 Paracetamol': { prn: { reason: 'For knee pain', max: 4, gap: 4 } },
  '2 Insulin glargine': { times: '08:00', critical: 30 },
  '2 Metformin': { times: '08:00,18:00', blister: true },
  '3 Salbutamol': { prn: { reason: 'When breathless or wheezy', max: 4, gap: 4 } },
  '3 Omeprazole': { timing: 'period', times: 'morning', blister: true },
  '4 Morphine sulfate': { prn: { reason: 'For breakthrough pain', max: 6, gap: 4 } },
  '4 Fentanyl': { times: '10:00', days: 'mon,thu' },
  '4 Lactulose': { timing: 'period', times: 'morning,evening' },
  '5 Midazolam (buccal)': { prn: { reason: 'A tonic-clonic seizure lasting 5 minutes, or three seizures in an hour (seizure plan)', max: 1, gap: 24 } },
  '5 Paracetamol': { prn: { reason: 'For headache or pain', max: 4, gap: 4 } },
  '6 Salbutamol': { prn: { reason: 'When wheezy', max: 4, gap: 4 } },
  '6 Omeprazole': { times: '08:00' },
  '7 Levothyroxine': { times: '07:00' },
  '7 Paracetamol': { prn: { reason: 'For headaches', max: 4, gap: 4 } },
  '8 Warfarin': { times: '18:00' },
  '8 Chloramphenicol': { times: '08:00,12:00,16:00,20:00' },
  '8 Amlodipine': { times: '08:00', blister: true },
  '9 Lactulose': { times: '08:00' },
  '9 Diprobase': { prn: { reason: 'To dry skin on both legs after the shower', max: 4, gap: 3 } },
  '10 Paracetamol': { times: '08:00,12:00,18:00,22:00' },
  '10 Amlodipine': { times: '08:00', blister: true },
  '10 Omeprazole': { times: '08:00', blister: true },
};

/** mulberry32: a small seeded generator, so the demo is the same on every install. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const REFUSALS = [
  'Said she felt sick and did not want it. Offered again 20 minutes later: still refused. Office told.',
  'Asleep and could not be woken enough to take it safely. Left a note for the next call; office told.',
  'Refused: said he had "had enough tablets today". Explained what it is for; still declined. Office told.',
  'Spat the tablet out and would not take another. Tablet disposed of in the returns pot; office told.',
];

type Recorder = { id: number; via: 'office' | 'device' };

/** Who records on each branch: its carers when the workforce area has seeded them, else its office staff. */
async function recordersByBranch(tx: Transaction): Promise<Map<number, Recorder[]>> {
  const rows = await tx
    .select({ id: users.id, role: roles.name, branch: userBranches.branch_id })
    .from(users)
    .innerJoin(userBranches, eq(userBranches.user_id, users.id))
    .leftJoin(roles, eq(roles.id, users.role_id))
    .orderBy(asc(users.id));
  const byBranch = new Map<number, Recorder[]>();
  for (const branch of new Set(rows.map((row) => row.branch))) {
    const mine = rows.filter((row) => row.branch === branch);
    const carers = mine.filter((row) => row.role === CARER_ROLE);
    const office = mine.filter((row) => row.role !== CARER_ROLE && row.role !== SUPER_ADMIN);
    byBranch.set(branch, carers.length ? carers.map((row) => ({ id: row.id, via: 'device' })) : office.map((row) => ({ id: row.id, via: 'office' })));
  }
  return byBranch;
}

type Insert = typeof marAdministrations.$inferInsert;

/** The demo clients (the first ten, in id order: demo-rows.ts seeded them into an empty table). */
async function demoClients(tx: Transaction): Promise<{ id: number; branch: number; position: number }[]> {
  const rows = await tx
    .select({ id: sql<number>`${clientColumns.id}`, branch: sql<number>`${clientColumns.branch_id}` })
    .from(clientsTable)
    .orderBy(asc(clientColumns.id))
    .limit(10);
  return rows.map((row, index) => ({ id: Number(row.id), branch: Number(row.branch), position: index + 1 }));
}

/**
 * Fills in the demo schedules' times, PRN limits, prescriber and pharmacy, and the route (the catalogue medicine's
 * usual one, as a schedule added on the screen takes it: Jordan's midazolam is buccal), each checked by the form's
 * schema.
 */
async function completeSchedules(tx: Transaction, clients: { id: number; position: number }[]): Promise<void> {
  const knownRoutes = new Set<string>(MEDICATION_ROUTES.map((route) => route.value));
  const catalogueRoutes = new Map((await tx.select({ id: medicationsRead.id, route: medicationsRead.route }).from(medicationsRead)).map((row) => [row.id, row.route]));
  for (const client of clients) {
    for (const schedule of await listSchedules(tx, client.id)) {
      const completion = COMPLETIONS[`${client.position} ${schedule.medicine}`];
      if (!completion) continue;
      const stored = Object.fromEntries(Object.keys(SCHEDULE_ENTRIES).filter((field) => field !== 'stop_reason').map((field) => [field, schedule[field as keyof MedicationSchedule]]));
      const values = v.parse(MedicationScheduleSchema, {
        ...stored,
        stop_date: schedule.stop_date ?? '',
        replaces_id: null,
        route: schedule.route || (knownRoutes.has(catalogueRoutes.get(schedule.medication_id) ?? '') ? catalogueRoutes.get(schedule.medication_id) : ''),
        as_needed: completion.prn !== undefined,
        timing: completion.timing ?? 'exact',
        times: completion.times ?? '',
        days_of_week: completion.days ?? '',
        prn_reason: completion.prn?.reason ?? '',
        prn_max_doses: completion.prn?.max ?? null,
        prn_min_gap_hours: completion.prn?.gap ?? null,
        time_critical: completion.critical !== undefined,
        time_critical_window: completion.critical ?? null,
        blister_pack: completion.blister ?? false,
        ...PRESCRIBING[client.position],
      });
      const { confirm_duplicate: _confirm, replaces_id: _replaces, client_id: _client, medication_id: _medicine, ...fields } = values;
      await tx
        .update(clientMedicationsTable)
        .set({ ...fields, stop_date: fields.stop_date || null } as never)
        .where(eq(clientMedicationColumns.id, schedule.id));
    }
  }
}

/** The MAR of one client from `first` up to `now`. */
function clientRecords(client: { id: number; position: number }, schedules: MedicationSchedule[], recorders: Recorder[], first: string, now: Date, random: () => number): Insert[] {
  const rows: Insert[] = [];
  const today = ukWallClock(now).day;
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  let serial = 0;
  const add = (schedule: MedicationSchedule, row: Omit<Insert, 'client_id' | 'schedule_id' | 'idempotency_key' | 'request_hash' | 'recorded_by' | 'created_via' | 'recorded_at'>) => {
    const recorder = pick(recorders);
    const key = `demo-${client.id}-${(serial += 1)}`;
    const givenAt = row.given_at as Date;
    // A device offline in a house without signal sends its records when it is back in range.
    const delay = recorder.via === 'device' && random() < 0.1 ? 40 + random() * 80 : 1 + random() * 6;
    rows.push({ ...row, client_id: client.id, schedule_id: schedule.id, recorded_by: recorder.id, created_via: recorder.via, recorded_at: new Date(Math.min(now.getTime(), givenAt.getTime() + delay * 60_000)), idempotency_key: key, request_hash: requestHash({ demo: key }) });
  };
  // Irene (client 3) spent two nights in hospital after a fall, ten days into the period.
  const away = client.position === 3 ? new Set([addDays(first, 10), addDays(first, 11)]) : new Set<string>();

  for (let day = first; day <= today; day = addDays(day, 1)) {
    for (const schedule of schedules) {
      if (schedule.as_needed) continue;
      for (const slot of slotsOf(schedule.times)) {
        if (!dueOn(schedule, day)) continue;
        const window = slotWindow(slot, { critical: schedule.time_critical, windowMinutes: schedule.time_critical_window });
        const period = periodOf(slot);
        const planned = period ? instantAfterMidnight(day, window.start + 60 + Math.floor(random() * 90)) : ukInstant(day, slot);
        // Today: only what has happened by now.
        if (planned.getTime() > now.getTime() - 10 * 60_000) continue;
        // An occasional gap, never in the last two days (those may still be followed up).
        if (day < addDays(today, -2) && random() < 0.012) continue;
        const late = !schedule.time_critical && random() < 0.025;
        const offset = late ? 70 + random() * 25 : -15 + random() * 45;
        const givenAt = new Date(planned.getTime() + offset * 60_000);
        const base = { due_date: day, due_slot: slot, chart_date: day, given_at: givenAt, dose_given: schedule.dose };
        if (away.has(day)) {
          add(schedule, { ...base, outcome: 'C', note: 'In hospital (Royal Free) for observation after a fall; the ward has her medicines.' });
          continue;
        }
        if (schedule.medicine === 'Insulin glargine') {
          add(schedule, { ...base, outcome: 'DN', note: `Blood glucose before: ${(5 + random() * 5).toFixed(1)} mmol/L.` });
          continue;
        }
        const roll = random();
        if (roll < 0.03) {
          add(schedule, { ...base, outcome: 'R', note: pick(REFUSALS) });
        } else if (roll < 0.037) {
          add(schedule, { ...base, outcome: 'NA', note: 'None left in the box. Pharmacy called: delivery with the next prescription tomorrow. Office told.' });
        } else {
          const code = schedule.support_level === 'prompt' ? (random() < 0.3 ? 'PC' : 'PR') : schedule.support_level === 'assist' && random() < 0.15 ? 'M' : 'A';
          let note = '';
          if (schedule.medicine === 'Fentanyl') note = weekdayOf(day) === 'mon' ? 'New patch on the left upper arm; old patch (right arm) removed and folded in half into the returns pot.' : 'New patch on the right upper arm; old patch (left arm) removed and folded in half into the returns pot.';
          if (code === 'M') note = 'Tablet put out with her cocoa; she was taking it as I left.';
          if (late) note = `${note} Call was late: the carer before was held up at another client.`.trim();
          add(schedule, { ...base, outcome: code, note });
        }
      }
    }
    // PRN doses at the calls, with their reasons; the limits are kept.
    for (const schedule of schedules.filter((item) => item.as_needed && dueOn(item, day))) {
      const at = (time: string) => ukInstant(day, time);
      const doses: { time: string; reason: string; code?: string; note?: string }[] = [];
      if (schedule.medicine === 'Paracetamol' && client.position === 1) {
        if (random() < 0.45) doses.push({ time: '08:35', reason: 'Pain in both knees on waking (5/10).' });
        if (random() < 0.2) doses.push({ time: '13:10', reason: 'Knee pain after walking to the shops.' });
        if (random() < 0.08) doses.push({ time: '18:20', reason: '', code: 'NR', note: 'Offered for her knees; said she did not need it this evening.' });
      } else if (schedule.medicine === 'Salbutamol' && random() < 0.22) {
        doses.push({ time: '08:50', reason: 'Breathless after getting washed and dressed; 2 puffs, settled within 10 minutes.' });
      } else if (schedule.medicine === 'Morphine sulfate') {
        if (random() < 0.7) doses.push({ time: '08:40', reason: 'Breakthrough pain in the lower back (6/10) before personal care.' });
        if (random() < 0.4) doses.push({ time: '13:15', reason: 'Pain in the hips (5/10) after sitting out.' });
        if (random() < 0.5) doses.push({ time: '21:30', reason: 'Pain (6/10) at bedtime; settled after 30 minutes.' });
      } else if (schedule.medicine === 'Paracetamol' && client.position === 5 && random() < 0.12) {
        doses.push({ time: '17:40', reason: 'Headache after the day centre.' });
      }
      for (const dose of doses) {
        const givenAt = new Date(at(dose.time).getTime() + Math.floor(random() * 10) * 60_000);
        if (givenAt.getTime() > now.getTime() - 10 * 60_000) continue;
        const chart = ukWallClock(givenAt).day;
        add(schedule, { due_date: null, due_slot: null, chart_date: chart, given_at: givenAt, outcome: dose.code ?? 'A', prn_reason: dose.reason, note: dose.note ?? '', dose_given: schedule.dose });
      }
    }
  }
  // Jordan (client 5): one seizure, and the rescue medicine given as his plan says.
  const midazolam = schedules.find((item) => item.medicine === 'Midazolam (buccal)');
  const seizureDay = addDays(today, -9);
  if (client.position === 5 && midazolam && seizureDay >= first) {
    add(midazolam, {
      due_date: null,
      due_slot: null,
      chart_date: seizureDay,
      given_at: ukInstant(seizureDay, '14:11'),
      outcome: 'A',
      dose_given: midazolam.dose,
      prn_reason: 'Tonic-clonic seizure from 14:05, still going at 5 minutes.',
      note: 'Buccal midazolam 10 mg between the gum and cheek, half each side, as the seizure plan says; 999 called at 14:12 (first dose today). Seizure stopped at 14:15; recovery position; breathing normal. Paramedics checked him at 14:40 and he stayed at home. Seizure chart filled in; Mum (Carol) told at 14:45.',
    });
  }
  return rows;
}

/** One dose of Margaret's donepezil recorded as refused by mistake, then corrected: the first record stays, superseded. */
async function correctionExample(tx: Transaction, clientId: number, now: Date): Promise<void> {
  const day = addDays(ukWallClock(now).day, -6);
  const [donepezil] = (await listSchedules(tx, clientId)).filter((schedule) => schedule.medicine === 'Donepezil');
  if (!donepezil) return;
  const [original] = await tx
    .select({ id: marAdministrations.id, recorded_by: marAdministrations.recorded_by, created_via: marAdministrations.created_via })
    .from(marAdministrations)
    .where(sql`${marAdministrations.schedule_id} = ${donepezil.id} and ${marAdministrations.due_date} = ${day} and ${marAdministrations.due_slot} = '20:00'`);
  if (!original) return;
  const wrongAt = ukInstant(day, '20:10');
  await tx
    .update(marAdministrations)
    .set({ outcome: 'R', note: 'Said she did not want it.', given_at: wrongAt, recorded_at: new Date(wrongAt.getTime() + 2 * 60_000), superseded_at: ukInstant(day, '20:42') })
    .where(eq(marAdministrations.id, original.id));
  const key = `demo-${clientId}-correction`;
  const [correction] = await tx
    .insert(marAdministrations)
    .values({
      client_id: clientId,
      schedule_id: donepezil.id,
      due_date: day,
      due_slot: '20:00',
      chart_date: day,
      outcome: 'A',
      given_at: ukInstant(day, '20:25'),
      recorded_at: ukInstant(day, '20:42'),
      recorded_by: original.recorded_by,
      dose_given: donepezil.dose,
      note: 'Took it with her cocoa after a second offer.',
      corrects_id: original.id,
      correction_reason: 'Recorded as refused by mistake: Margaret took it at 20:25 after I offered it again.',
      idempotency_key: key,
      request_hash: requestHash({ demo: key }),
      created_via: original.created_via,
    })
    .returning({ id: marAdministrations.id });
  await tx.update(marAdministrations).set({ superseded_by: correction!.id }).where(eq(marAdministrations.id, original.id));
}

/** Client 1's MAR audit of last month, by the registered manager, with the gaps the product found. */
async function lastMonthAudit(tx: Transaction, clientId: number, now: Date): Promise<void> {
  const client = await findMarClient(tx, 'all', clientId);
  const [auditor] = await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.email, ['manager@homecare.test'])).limit(1);
  if (!client || !auditor) return;
  const month = previousMonth(currentMonth(now));
  const today = londonDate(now);
  const { gaps } = await auditFindings(tx, client, month, now);
  const yes = (comment = '') => ({ answer: 'yes' as const, comment });
  const checks = Object.fromEntries(MAR_AUDIT_CHECKS.map((check) => [check.key, yes()])) as Record<MarAuditCheckKey, { answer: 'yes' | 'no' | 'na'; comment: string }>;
  checks.records_complete = gaps.length
    ? { answer: 'no', comment: `${gaps.length} dose${gaps.length === 1 ? '' : 's'} with nothing recorded (listed below). Checked with the carers: see findings.` }
    : yes('Every due dose has an outcome.');
  checks.stock_counts = yes('Donepezil blister pack and warfarin boxes counted on the last Friday of the month: both matched the chart.');
  checks.controlled_drugs = { answer: 'na', comment: 'No controlled drugs.' };
  checks.time_critical = { answer: 'na', comment: 'No time-critical medicines.' };
  checks.matches_prescription = yes('Checked against the repeat slip from Camden Road Surgery and the pharmacy labels.');
  checks.prn_reasons = yes('Every paracetamol dose has its reason; never more than 2 a day, always 4 hours apart.');
  const end = `${month}-${String(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate())}`;
  await storeAudit(
    tx,
    client,
    auditor.id,
    {
      month,
      audited_on: [today, `${currentMonth(now)}-03`].sort()[0]!,
      checks,
      gaps_explained: gaps.length ? 'The carers on those calls remember giving the doses but did not record them before leaving (one phone had no signal and the record was not sent).' : '',
      findings: 'Chart complete and clear apart from the gaps listed. Refusals have notes and the office was told each time. Warfarin given at 18:00 against the yellow book every day.',
      outcome: gaps.length ? 'actions' : 'satisfactory',
      actions: gaps.length ? 'Discuss the missed records at each carer\'s next supervision. Remind the Camden round at the team meeting to check the app shows "sent" before leaving a call.' : '',
      action_owner: gaps.length ? auditor.name : '',
      action_due: gaps.length ? addDays(end, 21) : '',
    },
  );
}

/**
 * A code of the demo agency's own, beside the spec's: the district nurse gives Desmond's insulin, and the carers
 * record that they saw it given (outcome codes are the agency's to add to).
 */
const DISTRICT_NURSE = { code: 'DN', label: 'Given by the district nurse', description: 'Given by the community nurse (e.g. insulin); the carer saw it given.', colour: '#5b21b6', gradient_to: '#a78bfa', counts_as_given: true, note_required: false, sort_order: 200 };

/** The eMAR's demo data (the module's seedDemo calls it after the demo clients and their medications). */
export async function seedMarDemo(tx: Transaction, now = clock.now()): Promise<void> {
  await seedOutcomeCodes(tx);
  await tx.insert(marOutcomeCodes).values(DISTRICT_NURSE).onConflictDoNothing({ target: marOutcomeCodes.code });
  const clients = await demoClients(tx);
  if (!clients.length) return;
  await completeSchedules(tx, clients);
  const recorders = await recordersByBranch(tx);
  const [fallback] = await tx.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(1);
  const random = seeded(13);
  const first = `${previousMonth(currentMonth(now))}-01`;
  const rows: Insert[] = [];
  for (const client of clients.filter((item) => item.position <= 5)) {
    const schedules = await listSchedules(tx, client.id);
    const who = recorders.get(client.branch)?.length ? recorders.get(client.branch)! : [{ id: fallback!.id, via: 'office' as const }];
    rows.push(...clientRecords(client, schedules, who, first, now, random));
  }
  for (let start = 0; start < rows.length; start += 500) await tx.insert(marAdministrations).values(rows.slice(start, start + 500));
  await correctionExample(tx, clients[0]!.id, now);
  await lastMonthAudit(tx, clients[0]!.id, now);
}
