import * as v from 'valibot';

import { isCalendarDate, isoDate, londonDate, optionalIsoDate, pastOrTodayIsoDate } from './fields';

const messagesOf = (schema: v.GenericSchema, value: unknown) => {
  const result = v.safeParse(schema, value);
  return result.success ? [] : result.issues.map((issue) => issue.message);
};

describe('calendar dates', () => {
  it('accepts every real day from 0001-01-01 to 9999-12-31, the years 0001 to 0099 included', () => {
    for (const day of ['0001-01-01', '0050-06-15', '0099-12-31', '0100-03-01', '1900-01-01', '2024-02-29', '2000-02-29', '9999-12-31', '0004-02-29']) {
      expect([day, isCalendarDate(day)]).toEqual([day, true]);
    }
  });

  it('refuses days that do not exist, year 0000, and anything not shaped YYYY-MM-DD', () => {
    for (const text of ['2023-02-30', '2023-02-29', '1900-02-29', '0100-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '0000-01-01', '10000-01-01', '26-01-01', '2026-1-1', '2026-01-01T00:00', ' 2026-01-01', '']) {
      expect([text, isCalendarDate(text)]).toEqual([text, false]);
    }
  });

  it('isoDate and optionalIsoDate apply that rule, with one message', () => {
    expect(v.parse(isoDate('Start date'), ' 0042-07-01 ')).toBe('0042-07-01');
    expect(messagesOf(isoDate('Start date'), '2023-02-30')).toEqual(['Start date must be a date.']);
    expect(messagesOf(isoDate('Start date'), '0000-12-31')).toEqual(['Start date must be a date.']);
    expect(v.parse(optionalIsoDate('End date'), '0001-01-01')).toBe('0001-01-01');
    expect(v.parse(optionalIsoDate('End date'), undefined)).toBe('');
    expect(v.parse(optionalIsoDate('End date'), '')).toBe('');
    expect(v.safeParse(optionalIsoDate('End date'), '2023-02-30').success).toBe(false);
  });
});

describe('dates not in the future (dates of birth)', () => {
  afterEach(() => jest.useRealTimers());

  it('accepts today and earlier in the UK, refuses tomorrow with "… cannot be in the future."', () => {
    jest.useFakeTimers({ now: new Date('2026-03-02T12:00:00Z') });
    const birth = pastOrTodayIsoDate('Date of birth');
    expect(v.parse(birth, '2026-03-02')).toBe('2026-03-02');
    expect(v.parse(birth, '0075-01-01')).toBe('0075-01-01');
    expect(messagesOf(birth, '2026-03-03')).toEqual(['Date of birth cannot be in the future.']);
    expect(messagesOf(birth, '9999-12-31')).toEqual(['Date of birth cannot be in the future.']);
    // Not a date at all: one message, not two.
    expect(messagesOf(birth, '2023-02-30')).toEqual(['Date of birth must be a date.']);
    expect(messagesOf(birth, 'yesterday')).toEqual(['Date of birth must be a date.']);
  });

  it('takes today when the value is checked, in London time', () => {
    const birth = pastOrTodayIsoDate('Date of birth');
    // 23:30 UTC on 1 July is already 2 July in London (summer time).
    jest.useFakeTimers({ now: new Date('2026-07-01T23:30:00Z') });
    expect(londonDate()).toBe('2026-07-02');
    expect(v.safeParse(birth, '2026-07-02').success).toBe(true);
    jest.setSystemTime(new Date('2026-07-01T10:00:00Z'));
    expect(v.safeParse(birth, '2026-07-02').success).toBe(false);
    expect(londonDate(new Date('2026-01-01T00:30:00Z'))).toBe('2026-01-01');
  });
});
