import { and, asc, eq, inArray } from 'drizzle-orm';
import { users } from '@hcm/server/schema';
import type { Transaction } from '@hcm/server/platform';
import type { DutyDay, HolidayOwner, TimeWindow } from '../../contract/time-off.js';
import { carersTable, employeesTable } from '../people/people-tables.js';
import { carerColumns as c, employeeColumns as e } from '../people/visibility.js';
import { findPerson, requestHoliday } from './holidays.js';
import { holidayReasonsRead } from './read-models.js';
import { demoDates, demoDay, demoWeekday } from '../demo-day.js';
import { addDays } from './rules.js';
import { isoWeekday } from '@hcm/contract/time';
import { londonDate } from '@hcm/contract/engine';
import { DEMO_CARER_SIGN_IN } from '../seed-carers.js';
import { carerAvailabilityRequests, carerDutyPatterns, carerTemporaryChanges, carerWorkedHours, staffHolidays } from './tables.js';

// The demo agency's availability and holidays as of late November 2026: a duty-day pattern for every active
// carer (full-timers five days, part-timers fewer, bank and zero-hours carers a few flexible days, one fortnightly),
// temporary changes for a few, holidays in every state (approved next month, a request in Camden clashing with two
// others, a refusal with its reason, a cancellation, past ones taken, maternity leave), and the hours the
// irregular-hours carers worked per four-weekly pay period since April, so their accrual shows.
// Written as of Wednesday 25 November 2026 and moved to the day the demo is seeded (../demo-day.ts) by whole weeks,
// so each keeps its weekday (a holiday Monday to Friday, a Saturday's cover) and stays on its side of today; the
// pay periods keep starting on a Monday. Dates in words without a year ("Offered 4–8 January") are not moved.

const w = (from: string, to: string): TimeWindow => ({ from, to });
const day = (weekday: number, windows: TimeWindow[], note = '', week: 'A' | 'B' = 'A'): DutyDay => ({ week, weekday, available: true, windows, note });

/** Five days of a split or a straight shift, 37.5 hours a week: the split covers the morning, tea and bed calls. */
const FULL_TIME = [
  [w('07:00', '10:30'), w('17:00', '21:00')],
  [w('08:00', '15:30')],
  [w('14:00', '21:30')],
];

function patternFor(index: number, contract: string, hours: number | null): DutyDay[] {
  if (contract === 'full-time') {
    const windows = FULL_TIME[index % FULL_TIME.length]!;
    // Every third full-timer works a weekend day in place of a Wednesday.
    return index % 3 === 2 ? [1, 2, 4, 5, 6].map((weekday) => day(weekday, windows)) : [1, 2, 3, 4, 5].map((weekday) => day(weekday, windows));
  }
  if (contract === 'part-time' && hours) {
    const days = Math.min(5, Math.max(2, Math.round(hours / 6)));
    const minutes = Math.round((hours * 60) / days / 15) * 15;
    const start = index % 2 === 0 ? 7 * 60 : 11 * 60 + 30;
    const time = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
    const weekdays = index % 2 === 0 ? [1, 2, 3, 4, 5] : [2, 3, 4, 5, 6];
    return weekdays.slice(0, days).map((weekday) => day(weekday, [w(time(start), time(start + minutes))]));
  }
  // Bank and zero-hours: a few days they are usually free, as and when.
  const days = index % 2 === 0 ? [3, 6, 7] : [1, 6, 7];
  return days.map((weekday) => day(weekday, [w('07:00', '21:30')], 'Bank: offer shifts, not guaranteed'));
}

export async function seedDemoTimeOff(tx: Transaction): Promise<void> {
  const [office] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'office@homecare.test'));
  const [manager] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'manager@homecare.test'));
  const officeId = office?.id ?? null;
  const managerId = manager?.id ?? null;

  const carers = await tx
    .select({ id: c.id, email: c.email, status: c.status, contract: c.contract_type, hours: c.contracted_hours, irregular: c.irregular_hours })
    .from(carersTable)
    .where(inArray(c.status, ['active', 'suspended', 'leaver']))
    .orderBy(asc(c.id));
  const carerId = new Map(carers.map((carer) => [String(carer.email), Number(carer.id)]));
  const id = (email: string) => {
    const found = carerId.get(`${email}@homecare.test`);
    if (found === undefined) throw new Error(`The demo has no carer ${email}.`);
    return found;
  };

  // ---- duty days: every active carer; Chloe Bennett works a fortnightly pattern (alternate weekends).
  const active = carers.filter((carer) => carer.status === 'active');
  await tx.insert(carerDutyPatterns).values(
    active.map((carer, index) => {
      const email = String(carer.email);
      if (email === 'chloe.bennett@homecare.test') {
        return {
          carer_id: Number(carer.id),
          fortnightly: true,
          week_a_starts_on: demoWeekday('2026-11-02'),
          days: [
            ...[1, 2, 3].map((weekday) => day(weekday, [w('07:30', '13:30')])),
            day(6, [w('08:00', '14:00')], 'Weekend on week A'),
            ...[2, 4, 5].map((weekday) => day(weekday, [w('07:30', '13:30')], '', 'B')),
            day(7, [w('08:00', '14:00')], 'Weekend on week B', 'B'),
          ],
          updated_by: officeId,
        };
      }
      const days =
        email === 'priya.nair@homecare.test'
          ? // Student visa: 20 hours in term time, and never before lectures end on Tuesdays and Thursdays.
            [day(1, [w('16:00', '21:00')]), day(2, [w('17:00', '21:00')], 'Lectures until 16:30'), day(4, [w('17:00', '21:00')], 'Lectures until 16:30'), day(6, [w('08:00', '15:00')])]
          : patternFor(index, String(carer.contract), carer.hours === null ? null : Number(carer.hours));
      return { carer_id: Number(carer.id), fortnightly: false, week_a_starts_on: null, days, updated_by: officeId };
    }),
  );

  // ---- temporary changes
  const weeks = (from: string, to: string) => ({ from_date: demoWeekday(from), to_date: demoWeekday(to, from) });
  await tx.insert(carerTemporaryChanges).values([
    { carer_id: id('priya.nair'), ...weeks('2026-12-07', '2026-12-18'), available: false, windows: [], reason: 'University exams: not available', created_by: officeId },
    { carer_id: id('priya.nair'), ...weeks('2026-12-19', '2027-01-10'), available: true, windows: [w('08:00', '20:00')], reason: 'Vacation: full-time hours allowed outside term (visa)', created_by: officeId },
    { carer_id: id('tom.fletcher'), ...weeks('2026-11-28', '2026-11-28'), available: true, windows: [w('08:00', '14:00')], reason: 'Offered to cover Saturday mornings this week', created_by: officeId },
    { carer_id: id('aisha.bello'), ...weeks('2026-11-26', '2026-11-26'), available: true, windows: [w('07:00', '11:00')], reason: 'Hospital appointment in the afternoon', created_by: officeId },
    { carer_id: id('joseph.adeyemi'), ...weeks('2026-12-01', '2026-12-04'), available: false, windows: [], reason: 'Childcare: nursery closed', created_by: officeId },
  ]);
  // What two carers told the office from their phones, waiting on the live-event availability view (issue 31).
  const toldAt = (day: string, time: string) => new Date(`${demoDay(day)}T${time}:00Z`);
  await tx.insert(carerAvailabilityRequests).values([
    { carer_id: id('tom.fletcher'), ...weeks('2026-12-03', '2026-12-03'), available: false, windows: [], reason: 'Dentist appointment: the practice cannot move it', recorded_at: toldAt('2026-11-24', '19:40') },
    { carer_id: id('megan.hughes'), ...weeks('2026-12-05', '2026-12-05'), available: true, windows: [w('08:00', '12:00')], reason: 'Free on Saturday morning: happy to cover calls', recorded_at: toldAt('2026-11-25', '07:15') },
  ]);
  // The carer whose sign-in the README gives (the carers' app) works on whatever day the demo starts: on a day off
  // her pattern, she has picked up that day's calls, as carers do.
  const today = londonDate();
  const demoCarer = id(DEMO_CARER_SIGN_IN.email.split('@')[0]!);
  const [ownPattern] = await tx.select().from(carerDutyPatterns).where(eq(carerDutyPatterns.carer_id, demoCarer));
  const worksToday = (ownPattern?.days ?? []).some((entry) => entry.available && entry.weekday === isoWeekday(today));
  const changedToday = today === demoWeekday('2026-11-26');
  if (!worksToday && !changedToday) {
    await tx.insert(carerTemporaryChanges).values({ carer_id: demoCarer, from_date: today, to_date: today, available: true, windows: FULL_TIME[0]!, reason: 'Extra shift: picked up the day\'s calls', created_by: officeId });
  }

  // ---- hours worked by irregular-hours carers, per four-weekly pay period from 6 April 2026 to 22 November 2026
  const irregular = carers.filter((carer) => carer.irregular && carer.status !== 'leaver');
  const periods: { start: string; end: string }[] = [];
  const lastEnd = demoWeekday('2026-11-22');
  for (let start = demoWeekday('2026-04-06'); addDays(start, 27) <= lastEnd; start = addDays(start, 28)) periods.push({ start, end: addDays(start, 27) });
  const starts = new Map(
    (await tx.select({ id: c.id, start: c.start_date }).from(carersTable).where(inArray(c.id, irregular.map((carer) => Number(carer.id))))).map((row) => [Number(row.id), String(row.start ?? demoDay('2026-01-01')).slice(0, 10)]),
  );
  const worked = irregular.flatMap((carer, index) =>
    periods
      .filter((period) => period.end >= (starts.get(Number(carer.id)) ?? demoDay('2026-01-01')))
      .map((period, n) => ({
        carer_id: Number(carer.id),
        period_start: period.start,
        period_end: period.end,
        // 40 to 110 hours a period, varying as bank work does.
        minutes: (40 + ((index * 17 + n * 23) % 71)) * 60 + (n % 2 ? 30 : 0),
        note: 'From the payroll timesheet',
        recorded_by: officeId,
      })),
  );
  if (worked.length) await tx.insert(carerWorkedHours).values(worked);

  // ---- holidays, requested through the same rules as the API, then decided.
  const reasons = new Map((await tx.select({ id: holidayReasonsRead.id, code: holidayReasonsRead.code }).from(holidayReasonsRead)).map((row) => [row.code, row.id]));
  const employees = await tx.select({ id: e.id, first: e.first_name, last: e.last_name }).from(employeesTable);
  const employeeId = (first: string) => Number(employees.find((row) => row.first === first)!.id);

  type Seed = { owner: HolidayOwner; person: number; from: string; to: string; reason?: string; status: 'requested' | 'approved' | 'refused' | 'cancelled'; why?: string; notes?: string; halfStart?: boolean; halfEnd?: boolean };
  const seeds: Seed[] = [
    // Taken earlier this leave year.
    { owner: 'carers', person: id('aisha.bello'), from: '2026-08-10', to: '2026-08-21', status: 'approved', notes: 'Family visit to Lagos' },
    { owner: 'carers', person: id('tom.fletcher'), from: '2026-07-20', to: '2026-07-24', status: 'approved' },
    { owner: 'carers', person: id('tom.fletcher'), from: '2026-11-02', to: '2026-11-03', reason: 'SICK', status: 'approved', notes: 'Self-certified: stomach bug' },
    { owner: 'carers', person: id('rhys.morgan'), from: '2026-10-26', to: '2026-10-30', status: 'approved', notes: 'Half term' },
    { owner: 'carers', person: id('hannah.whitaker'), from: '2026-06-01', to: '2026-06-12', status: 'approved' },
    { owner: 'carers', person: id('callum.mcleod'), from: '2026-09-14', to: '2026-09-16', status: 'approved', notes: 'Paid from accrued hours' },
    { owner: 'employees', person: employeeId('Marcus'), from: '2026-09-07', to: '2026-09-11', status: 'approved' },
    // Next month, approved: two Camden carers before Christmas.
    { owner: 'carers', person: id('fatima.rahman'), from: '2026-12-14', to: '2026-12-18', status: 'approved' },
    { owner: 'carers', person: id('sian.evans'), from: '2026-12-15', to: '2026-12-17', status: 'approved', halfEnd: true, notes: 'Back for the afternoon calls on the 17th' },
    { owner: 'carers', person: id('megan.hughes'), from: '2026-12-29', to: '2027-01-01', status: 'approved' },
    { owner: 'employees', person: employeeId('Claire'), from: '2026-12-21', to: '2026-12-24', status: 'approved', notes: 'Gareth Powell covers registered-manager calls' },
    // Requested in Camden over the same days: the office sees the clash with Fatima and Siân.
    { owner: 'carers', person: id('grace.okafor'), from: '2026-12-16', to: '2026-12-18', status: 'requested', notes: 'School nativity and family visiting' },
    { owner: 'carers', person: id('amara.eze'), from: '2027-01-11', to: '2027-01-15', status: 'requested' },
    { owner: 'employees', person: employeeId('Imran'), from: '2027-01-04', to: '2027-01-08', status: 'requested' },
    // Refused, with the reason; and one cancelled.
    { owner: 'carers', person: id('mohammed.iqbal'), from: '2026-12-21', to: '2026-12-31', status: 'refused', why: 'Christmas cover: Leeds is already short that fortnight. Offered 4–8 January instead.' },
    { owner: 'carers', person: id('jordan.reid'), from: '2026-12-07', to: '2026-12-09', status: 'cancelled', why: 'Trip postponed' },
    { owner: 'employees', person: employeeId('Leah'), from: '2026-10-01', to: '2027-06-30', reason: 'MAT', status: 'approved', notes: 'Maternity leave; keeping-in-touch days agreed' },
  ];
  const requestedBy = demoDay('2026-11-10');
  for (const written of seeds) {
    const seed = { ...written, ...demoDates({ notes: written.notes, why: written.why }), from: demoWeekday(written.from), to: demoWeekday(written.to, written.from) };
    const person = await findPerson(tx, 'all', seed.owner, seed.person);
    if (!person) continue;
    const reasonId = reasons.get(seed.reason ?? 'AL');
    if (!reasonId) continue;
    const { holiday } = await requestHoliday(
      tx,
      person,
      { from_date: seed.from, to_date: seed.to, half_day_start: seed.halfStart ?? false, half_day_end: seed.halfEnd ?? false, reason_id: reasonId, notes: seed.notes ?? '', override_reason: '' },
      officeId,
    );
    const requestedAt = new Date(`${addDays(seed.from < requestedBy ? seed.from : requestedBy, -21)}T10:00:00Z`);
    const decidedAt = new Date(requestedAt.getTime() + 2 * 86_400_000);
    await tx
      .update(staffHolidays)
      .set({
        requested_at: requestedAt,
        status: seed.status,
        ...(seed.status === 'approved' || seed.status === 'refused' ? { decided_by: managerId, decided_at: decidedAt, decision_reason: seed.why ?? '' } : {}),
        ...(seed.status === 'cancelled' ? { decided_by: managerId, decided_at: decidedAt, cancelled_by: officeId, cancelled_at: new Date(decidedAt.getTime() + 5 * 86_400_000), cancel_reason: seed.why ?? '' } : {}),
      })
      .where(and(eq(staffHolidays.id, holiday.id)));
  }
}
