import { formatCount, formatDate, formatDateLong, formatDateTime, formatDayMonth, formatFileSize, formatHours, formatMoney, formatMonth, formatNumber, formatPercent, formatRelativeDay, formatTime, formatWeekday } from './format';
import { setClock } from '@hcm/contract/time';

// The clocks go forward at 01:00 GMT on Sunday 29 March 2026 and back at 01:00 GMT on Sunday 25 October 2026.
describe('dates and times, shown on the UK clock', () => {
  it('gives one style per kind of date', () => {
    expect(formatDate('2026-03-02')).toBe('Mon 2 Mar 2026');
    expect(formatDateLong('2026-03-02')).toBe('Monday 2 March 2026');
    expect(formatDayMonth('2026-03-02')).toBe('2 Mar');
    expect(formatWeekday('2026-03-02')).toBe('Monday');
    expect(formatWeekday('2026-03-02', 'short')).toBe('Mon');
    expect(formatMonth('2026-09')).toBe('September 2026');
    expect(formatMonth('2026-09-30')).toBe('September 2026');
    expect(formatDate('2026-09-02')).toBe('Wed 2 Sep 2026');
  });

  it('never shifts a calendar date, whatever the season or the machine\'s time zone', () => {
    const machineZone = process.env.TZ;
    try {
      for (const zone of ['UTC', 'Pacific/Kiritimati', 'America/Los_Angeles', 'Europe/London']) {
        process.env.TZ = zone;
        expect(formatDate('2026-03-29')).toBe('Sun 29 Mar 2026');
        expect(formatDate('2026-10-25')).toBe('Sun 25 Oct 2026');
        expect(formatDayMonth('2026-12-31')).toBe('31 Dec');
        expect(formatDateLong('2026-01-01')).toBe('Thursday 1 January 2026');
        expect(formatMonth('2026-03')).toBe('March 2026');
      }
    } finally {
      if (machineZone === undefined) delete process.env.TZ;
      else process.env.TZ = machineZone;
    }
  });

  it('reads an instant on the UK clock on both sides of the March change (GMT, then BST)', () => {
    expect(formatDateTime('2026-03-29T00:59:00Z')).toBe('Sun 29 Mar 2026, 00:59');
    expect(formatDateTime('2026-03-29T01:00:00Z')).toBe('Sun 29 Mar 2026, 02:00');
    expect(formatTime('2026-03-28T09:30:00Z')).toBe('09:30');
    expect(formatTime('2026-03-30T09:30:00Z')).toBe('10:30');
    // 23:30 UTC on a summer evening is already the next day in the UK.
    expect(formatDate('2026-03-29T23:30:00Z')).toBe('Mon 30 Mar 2026');
    expect(formatDate(new Date('2026-03-28T23:30:00Z'))).toBe('Sat 28 Mar 2026');
  });

  it('reads an instant on the UK clock on both sides of the October change (BST, then GMT)', () => {
    expect(formatDateTime('2026-10-25T00:59:00Z')).toBe('Sun 25 Oct 2026, 01:59');
    expect(formatDateTime('2026-10-25T01:00:00Z')).toBe('Sun 25 Oct 2026, 01:00');
    expect(formatTime(Date.parse('2026-10-24T08:00:00Z'))).toBe('09:00');
    expect(formatTime(new Date('2026-10-26T08:00:00Z'))).toBe('08:00');
    expect(formatDate('2026-10-24T23:30:00Z')).toBe('Sun 25 Oct 2026');
    expect(formatDate('2026-10-25T23:30:00Z')).toBe('Sun 25 Oct 2026');
  });

  it('shows a wall-clock time as written, and a date-time without a zone as a UK reading', () => {
    expect(formatTime('09:30')).toBe('09:30');
    expect(formatTime('9:05')).toBe('09:05');
    expect(formatTime('17:45:00')).toBe('17:45');
    expect(formatDateTime('2026-03-29T09:30')).toBe('Sun 29 Mar 2026, 09:30');
    expect(formatDateTime('2026-10-25 09:30:00')).toBe('Sun 25 Oct 2026, 09:30');
  });

  it('gives empty text for no value and shows what is not a date as given', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatTime(null)).toBe('');
    expect(formatDate('not known')).toBe('not known');
  });
});

describe('days relative to today', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  it('says today, tomorrow and yesterday by the product clock on the UK calendar', () => {
    // 23:30 UTC on 28 March is still Saturday in the UK (GMT); an hour's UTC later on 29 March it is BST.
    restore = setClock('2026-03-28T23:30:00Z', { frozen: true });
    expect(formatRelativeDay('2026-03-28')).toBe('today');
    expect(formatRelativeDay('2026-03-29')).toBe('tomorrow');
    expect(formatRelativeDay('2026-03-27')).toBe('yesterday');
    expect(formatRelativeDay('2026-03-30')).toBe('Mon 30 Mar 2026');
    restore();
    restore = setClock('2026-06-30T23:30:00Z', { frozen: true });
    expect(formatRelativeDay('2026-07-01')).toBe('today');
    expect(formatRelativeDay('2026-06-30T22:00:00Z')).toBe('yesterday');
  });

  it('takes another today when given one', () => {
    expect(formatRelativeDay('2026-10-26', '2026-10-25')).toBe('tomorrow');
  });
});

describe('hours', () => {
  it('shows durations in hours and minutes, one style', () => {
    expect(formatHours(330)).toBe('5 h 30 min');
    expect(formatHours(466 * 60)).toBe('466 h');
    expect(formatHours(463.25 * 60)).toBe('463 h 15 min');
    expect(formatHours(45)).toBe('45 min');
    expect(formatHours(0)).toBe('0 h');
    expect(formatHours(1234 * 60 + 5)).toBe('1,234 h 5 min');
  });

  it('rounds to the minute and signs a negative duration', () => {
    expect(formatHours(89.6)).toBe('1 h 30 min');
    expect(formatHours(-75)).toBe('−1 h 15 min');
    expect(formatHours(-0.2)).toBe('0 h');
    expect(formatHours(Number.NaN)).toBe('');
  });
});

describe('money', () => {
  it('shows pence as pounds with commas and two places', () => {
    expect(formatMoney(123450)).toBe('£1,234.50');
    expect(formatMoney(0)).toBe('£0.00');
    expect(formatMoney(5)).toBe('£0.05');
    expect(formatMoney(123456789)).toBe('£1,234,567.89');
    expect(formatMoney(-2000)).toBe('−£20.00');
  });

  it('rounds pence to the penny, half away from zero', () => {
    expect(formatMoney(1234.5)).toBe('£12.35');
    expect(formatMoney(-1234.5)).toBe('−£12.35');
    expect(formatMoney(0.4)).toBe('£0.00');
  });

  it('reads a decimal amount of pounds as the API sends it', () => {
    expect(formatMoney('1234.5')).toBe('£1,234.50');
    expect(formatMoney('12')).toBe('£12.00');
    expect(formatMoney('-3.205')).toBe('−£3.21');
    expect(formatMoney('0.994')).toBe('£0.99');
    expect(formatMoney('0.995')).toBe('£1.00');
    expect(formatMoney('1,000,000.10')).toBe('£1,000,000.10');
    expect(formatMoney('n/a')).toBe('n/a');
    expect(formatMoney(null)).toBe('');
  });
});

describe('numbers', () => {
  it('counts with commas', () => {
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(1234.6)).toBe('1,235');
    expect(formatCount(0)).toBe('0');
  });

  it('shows measures to fixed places, percentages to at most one', () => {
    expect(formatNumber(2.345, 1)).toBe('2.3');
    expect(formatNumber(1234.5, 2)).toBe('1,234.50');
    expect(formatNumber(7)).toBe('7');
    expect(formatPercent(12.345)).toBe('12.3%');
    expect(formatPercent(100)).toBe('100%');
    expect(formatPercent(12.07, 2)).toBe('12.07%');
  });

  it('shows file sizes in bytes, KB and MB', () => {
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(512)).toBe('512 bytes');
    expect(formatFileSize(12 * 1024)).toBe('12 KB');
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
});
