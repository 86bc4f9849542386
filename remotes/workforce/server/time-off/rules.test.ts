import assert from 'node:assert/strict';
import { test } from 'node:test';
import { accruedHours, employedShare, leaveUnitOf, leaveYearOf, patternLoad, patternWeekOf, resolveDay, statutoryEntitlement, workingBreakdown, workingWeekOf, type Pattern } from './rules.js';

// Golden values of the holiday rules: the statutory 5.6 weeks pro rata and capped at 28 days, 12.07 % accrual for
// irregular hours, the leave year, working days without bank holidays, and the day the rota reads.

const weekdays = (windows = [{ from: '09:00', to: '17:00' }]): Pattern => ({
  fortnightly: false,
  week_a_starts_on: null,
  days: [1, 2, 3, 4, 5].map((weekday) => ({ week: 'A' as const, weekday, available: true, windows, note: '' })),
});

test('statutory entitlement: 5.6 weeks of the days worked a week, pro rata, never more than 28 days', () => {
  assert.deepEqual(statutoryEntitlement(5, 37), { days: 28, hours: 207.2 }, '5 days a week: 28 days (5.6 × 37 h = 207.2 h)');
  assert.deepEqual(statutoryEntitlement(3, 18), { days: 16.8, hours: 100.8 }, '3 days a week: 16.8 days');
  assert.deepEqual(statutoryEntitlement(2.5, 20), { days: 14, hours: 112 }, 'a fortnight of 2 and 3 days: 14 days');
  assert.deepEqual(statutoryEntitlement(6, 48), { days: 28, hours: 224 }, '6 days a week: 33.6 capped at 28 days (of 8 h)');
  assert.equal(statutoryEntitlement(5, 37, 0.5).days, 14, 'half a leave year employed: half');
  // Started 7 September 2026 in a year from 1 April: 206 of 365 days → 15.8 days.
  const share = employedShare(leaveYearOf('2026-11-24', '04-01'), '2026-09-07', null);
  assert.equal(Math.round(share * 365), 206);
  assert.equal(statutoryEntitlement(5, 37, share).days, 15.8);
  assert.equal(employedShare({ start: '2026-04-01', end: '2027-03-31' }, '2020-01-01', '2026-09-30'), 183 / 365, 'a leaver: up to the leaving day');
});

test('irregular hours accrue 12.07 % of the hours worked', () => {
  assert.equal(accruedHours(100 * 60, 12.07), 12.07);
  assert.equal(accruedHours(1000 * 60, 12.07), 120.7);
  assert.equal(accruedHours(412.5 * 60, 12.07), 49.79, '412.5 h → 49.79 h');
  assert.equal(accruedHours(0, 12.07), 0);
});

test('the leave year follows the setting', () => {
  assert.deepEqual(leaveYearOf('2026-11-24', '04-01'), { start: '2026-04-01', end: '2027-03-31' });
  assert.deepEqual(leaveYearOf('2026-03-31', '04-01'), { start: '2025-04-01', end: '2026-03-31' });
  assert.deepEqual(leaveYearOf('2026-11-24', '01-01'), { start: '2026-01-01', end: '2026-12-31' });
  assert.deepEqual(leaveYearOf('2028-02-29', '03-01'), { start: '2027-03-01', end: '2028-02-29' }, 'a leap year ends on the 29th');
});

test('working days leave out non-working days and bank holidays; a first or last half day counts half', () => {
  const pattern = weekdays();
  const minutesOn = (date: string) => {
    const resolved = resolveDay(date, pattern, [], []);
    return resolved.status === 'available' ? 480 : null;
  };
  // Monday 21 to Monday 28 December 2026: Christmas Day (Fri 25) and the Boxing Day substitute (Mon 28) are bank holidays.
  const bank = new Set(['2026-12-25', '2026-12-28']);
  const days = workingBreakdown('2026-12-21', '2026-12-28', false, false, minutesOn, bank);
  assert.deepEqual(days.map((entry) => entry.date), ['2026-12-21', '2026-12-22', '2026-12-23', '2026-12-24']);
  assert.equal(days.reduce((sum, entry) => sum + entry.hours, 0), 32);
  const halves = workingBreakdown('2026-12-21', '2026-12-23', true, true, minutesOn, new Set());
  assert.deepEqual(halves.map((entry) => entry.fraction), [0.5, 1, 0.5]);
  assert.deepEqual(halves.map((entry) => entry.hours), [4, 8, 4]);
  assert.deepEqual(workingBreakdown('2026-12-26', '2026-12-27', false, false, minutesOn, bank), [], 'a weekend takes no working day');
});

test('a fortnightly pattern alternates weeks A and B from its Monday; its load is the average of both weeks', () => {
  const pattern: Pattern = {
    fortnightly: true,
    week_a_starts_on: '2026-11-02',
    days: [
      { week: 'A', weekday: 1, available: true, windows: [{ from: '08:00', to: '14:00' }], note: '' },
      { week: 'A', weekday: 6, available: true, windows: [{ from: '08:00', to: '14:00' }], note: '' },
      { week: 'B', weekday: 2, available: true, windows: [{ from: '08:00', to: '14:00' }], note: '' },
    ],
  };
  assert.equal(patternWeekOf(pattern, '2026-11-02'), 'A');
  assert.equal(patternWeekOf(pattern, '2026-11-10'), 'B');
  assert.equal(patternWeekOf(pattern, '2026-11-16'), 'A');
  assert.equal(patternWeekOf(pattern, '2026-10-27'), 'B', 'before the anchor too');
  assert.deepEqual(patternLoad(pattern), { daysPerWeek: 1.5, hoursPerWeek: 9 });
  assert.equal(resolveDay('2026-11-09', pattern, [], []).status, 'unavailable', 'a Monday of week B');
  assert.equal(resolveDay('2026-11-10', pattern, [], []).status, 'available', 'a Tuesday of week B');
});

test('the rota’s day: a temporary change replaces the pattern; an approved holiday wins; a half day keeps the other half', () => {
  const pattern = weekdays([{ from: '08:00', to: '16:00' }]);
  const change = { from_date: '2026-12-01', to_date: '2026-12-02', available: true, windows: [{ from: '18:00', to: '21:00' }], reason: 'Evenings only this week' };
  assert.deepEqual(resolveDay('2026-12-01', pattern, [change], []), { date: '2026-12-01', status: 'available', windows: [{ from: '18:00', to: '21:00' }], source: 'temporary', note: 'Evenings only this week' });
  assert.equal(resolveDay('2026-12-05', pattern, [change], []).status, 'unavailable', 'a Saturday off the pattern');
  const holiday = { from_date: '2026-12-02', to_date: '2026-12-04', half_day_start: false, half_day_end: true, reason: 'Annual leave' };
  assert.equal(resolveDay('2026-12-02', pattern, [change], [holiday]).status, 'holiday');
  assert.deepEqual(resolveDay('2026-12-04', pattern, [], [holiday]).windows, [{ from: '12:00', to: '16:00' }], 'morning off, back for the afternoon');
  assert.equal(resolveDay('2026-12-04', null, [], []).status, 'not-set');
});

test('one unit for entitlement and leave: hours for part-time and irregular patterns, days for a full-time fixed one', () => {
  assert.equal(leaveUnitOf({ irregular_hours: false, contract_type: 'full-time' }), 'days');
  assert.equal(leaveUnitOf({ irregular_hours: false, contract_type: 'part-time' }), 'hours');
  assert.equal(leaveUnitOf({ irregular_hours: false, contract_type: 'bank' }), 'hours');
  assert.equal(leaveUnitOf({ irregular_hours: true, contract_type: 'full-time' }), 'hours');
  // Part time, 18.5 hours a week, no duty days: Monday to Friday at 3.7 hours.
  const week = workingWeekOf(null, [], 18.5 * 60);
  assert.deepEqual({ days: week.daysPerWeek, hours: week.hoursPerWeek, own: week.fromPattern }, { days: 5, hours: 18.5, own: false });
  const weekOff = workingBreakdown('2027-02-08', '2027-02-14', false, false, week.minutesOn, new Set());
  assert.equal(weekOff.reduce((sum, entry) => sum + entry.hours, 0), 18.5, 'a week off costs their 18.5 hours');
  assert.equal(statutoryEntitlement(week.daysPerWeek, week.hoursPerWeek).hours, 103.6, '5.6 of those weeks');
  // Three days a week on their own pattern: the same 5.6 weeks, whichever unit.
  const pattern = weekdays([{ from: '09:00', to: '15:00' }]);
  pattern.days = pattern.days.slice(0, 3);
  const own = workingWeekOf(pattern, [], 37 * 60);
  assert.deepEqual({ days: own.daysPerWeek, hours: own.hoursPerWeek, own: own.fromPattern }, { days: 3, hours: 18, own: true }, 'their own week, not the contracted hours');
  const ownWeekOff = workingBreakdown('2027-02-08', '2027-02-14', false, false, own.minutesOn, new Set());
  assert.equal(ownWeekOff.length, 3);
  assert.deepEqual(statutoryEntitlement(own.daysPerWeek, own.hoursPerWeek), { days: 16.8, hours: 100.8 });
  // A pattern with no working day is treated as none set: Monday to Friday.
  assert.equal(workingWeekOf({ fortnightly: false, week_a_starts_on: null, days: [] }, [], 20 * 60).daysPerWeek, 5);
});
