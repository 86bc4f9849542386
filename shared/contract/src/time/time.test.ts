import { addDays, advanceClock, daysFrom, isoWeekday, mondayOf, now, nowMs, setClock, ukDate, ukInstant, ukInstantAfterMidnight, ukOffsetMinutes, ukTime, ukToday, ukWallClock } from './index';

describe('the clock', () => {
  afterEach(() => setClock(null));

  it('ticks on from the instant it is set to', () => {
    setClock('2027-03-28T00:30:00Z');
    const first = nowMs();
    expect(first).toBeGreaterThanOrEqual(Date.parse('2027-03-28T00:30:00Z'));
    expect(first).toBeLessThan(Date.parse('2027-03-28T00:31:00Z'));
  });

  it('stays put when frozen, and moves when advanced', () => {
    setClock('2026-12-31T23:59:00Z', { frozen: true });
    expect(now().toISOString()).toBe('2026-12-31T23:59:00.000Z');
    advanceClock(60_000);
    expect(now().toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('gives the previous setting back', () => {
    setClock('2028-02-29T12:00:00Z', { frozen: true });
    const restore = setClock('2026-01-01T00:00:00Z', { frozen: true });
    restore();
    expect(ukToday()).toBe('2028-02-29');
  });

  it('refuses what is not an instant', () => {
    expect(() => setClock('next Tuesday')).toThrow(/ISO instant/);
  });

  it('is one clock for every copy of the module on a page: a remote bundles its own copy with the engine', () => {
    let copy: typeof import('./clock') | undefined;
    jest.isolateModules(() => {
      copy = jest.requireActual<typeof import('./clock')>('./clock');
    });
    setClock('2026-12-28T09:00:00Z', { frozen: true });
    expect(copy!.now().toISOString()).toBe('2026-12-28T09:00:00.000Z');
    copy!.setClock('2027-10-30T23:30:00Z', { frozen: true });
    expect(ukToday()).toBe('2027-10-31');
  });
});

describe('UK dates', () => {
  it('reads the UK day, not the UTC day, in summer', () => {
    expect(ukDate(new Date('2027-06-30T23:30:00Z'))).toBe('2027-07-01');
    expect(ukTime(new Date('2027-06-30T23:30:00Z'))).toBe('00:30');
    expect(ukDate(new Date('2026-12-31T23:59:00Z'))).toBe('2026-12-31');
  });

  it('knows the offset on both sides of each change', () => {
    expect(ukOffsetMinutes(new Date('2027-03-28T00:59:00Z'))).toBe(0);
    expect(ukOffsetMinutes(new Date('2027-03-28T01:00:00Z'))).toBe(60);
    expect(ukOffsetMinutes(new Date('2027-10-31T00:59:00Z'))).toBe(60);
    expect(ukOffsetMinutes(new Date('2027-10-31T01:00:00Z'))).toBe(0);
  });

  it('turns a wall-clock time into its instant, GMT in winter and BST in summer', () => {
    expect(ukInstant('2026-12-28', '09:00').toISOString()).toBe('2026-12-28T09:00:00.000Z');
    expect(ukInstant('2027-07-01', '09:00').toISOString()).toBe('2027-07-01T08:00:00.000Z');
    expect(ukInstant('2027-03-28', '00:30').toISOString()).toBe('2027-03-28T00:30:00.000Z');
    expect(ukInstant('2027-03-28', '03:00').toISOString()).toBe('2027-03-28T02:00:00.000Z');
    expect(ukInstant('2027-10-31', '00:30').toISOString()).toBe('2027-10-30T23:30:00.000Z');
    expect(ukInstant('2027-10-31', '03:00').toISOString()).toBe('2027-10-31T03:00:00.000Z');
  });

  it('reads the hour the spring change skips an hour later, as a watch put forward shows it', () => {
    const instant = ukInstant('2027-03-28', '01:30');
    expect(instant.toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(ukWallClock(instant)).toEqual({ day: '2027-03-28', time: '02:30' });
  });

  it('reads a time the autumn change repeats as one instant that shows that time', () => {
    const instant = ukInstant('2027-10-31', '01:30');
    expect(ukWallClock(instant)).toEqual({ day: '2027-10-31', time: '01:30' });
  });

  it('counts minutes after midnight across days', () => {
    expect(ukInstantAfterMidnight('2027-01-01', -30).toISOString()).toBe('2026-12-31T23:30:00.000Z');
    expect(ukInstantAfterMidnight('2027-07-01', 24 * 60 + 60).toISOString()).toBe('2027-07-02T00:00:00.000Z');
  });

  it('does calendar arithmetic over leap days and year ends', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-02-29', 1)).toBe('2028-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-03-28', -1)).toBe('2027-03-27');
    expect(daysFrom('2026-12-28', '2027-01-04')).toBe(7);
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(isoWeekday('2026-12-28')).toBe(1);
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2028-02-29')).toBe('2028-02-28');
  });
});
