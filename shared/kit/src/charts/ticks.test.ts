import { formatPence, formatValue, niceTicks, valueAxis } from './ticks';

const steps = (ticks: number[]) => ticks.slice(1).map((tick, index) => Number((tick - ticks[index]!).toPrecision(10)));
const isOneTwoFive = (step: number) => {
  const power = 10 ** Math.floor(Math.log10(step));
  return [1, 2, 5].some((factor) => Math.abs(step - factor * power) < power * 1e-9);
};

describe('niceTicks', () => {
  it('steps by 1, 2 or 5 times a power of ten, covering the range in at most `count` intervals', () => {
    expect(niceTicks(0, 100, 5)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(niceTicks(0, 95, 4)).toEqual([0, 50, 100]);
    expect(niceTicks(0, 1234, 5)).toEqual([0, 500, 1000, 1500]);
    expect(niceTicks(0, 0.8, 4)).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
    expect(niceTicks(0, 0.8, 3)).toEqual([0, 0.5, 1]);
    expect(niceTicks(0, 0.07, 5)).toEqual([0, 0.02, 0.04, 0.06, 0.08]);
    expect(niceTicks(-35, 120, 5)).toEqual([-50, 0, 50, 100, 150]);
    for (const [min, max, count] of [[0, 3.7, 4], [0, 17, 6], [2, 9, 3], [0, 123456, 5], [-7, 7, 4], [0, 0.013, 3]] as const) {
      const ticks = niceTicks(min, max, count);
      expect(ticks[0]).toBeLessThanOrEqual(min);
      expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(max);
      expect(ticks.length - 1).toBeLessThanOrEqual(count);
      const each = steps(ticks);
      expect(new Set(each).size).toBe(1);
      expect(isOneTwoFive(each[0]!)).toBe(true);
    }
  });

  it('never ticks a count at a fraction (no 1.25, 2.5, 3.75 for whole counts)', () => {
    expect(niceTicks(0, 5, 4, { integer: true })).toEqual([0, 2, 4, 6]);
    expect(niceTicks(0, 3, 4, { integer: true })).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0, 1, 4, { integer: true })).toEqual([0, 1]);
    expect(niceTicks(0, 2, 8, { integer: true })).toEqual([0, 1, 2]);
    // Without `integer` the same range may be ticked in halves, never in quarters.
    expect(niceTicks(0, 1, 4)).toEqual([0, 0.5, 1]);
    for (let max = 1; max <= 60; max += 1)
      for (const count of [2, 3, 4, 5, 6]) expect(niceTicks(0, max, count, { integer: true }).every(Number.isInteger)).toBe(true);
  });

  it('widens an empty range to include zero', () => {
    expect(niceTicks(0, 0, 4)).toEqual([0, 0.5, 1]);
    expect(niceTicks(0, 0, 4, { integer: true })).toEqual([0, 1]);
    expect(niceTicks(40, 40, 4)).toEqual([0, 10, 20, 30, 40]);
    expect(niceTicks(-3, -3, 3, { integer: true })).toEqual([-3, -2, -1, 0]);
  });
});

describe('valueAxis', () => {
  it('ticks money in pounds and writes it with £', () => {
    const axis = valueAxis('money', 0, 12_000, 4); // pence
    expect(axis.labels).toEqual(['£0', '£50', '£100', '£150']);
    expect(axis.ticks).toEqual([0, 5000, 10_000, 15_000]);
    expect(valueAxis('money', 0, 150, 3).labels).toEqual(['£0.00', '£0.50', '£1.00', '£1.50']);
    expect(valueAxis('money', 0, 250_000_00, 5).labels).toEqual(['£0', '£50,000', '£100,000', '£150,000', '£200,000', '£250,000']);
  });

  it('writes hours as hours, counts as whole numbers, percentages with %', () => {
    expect(valueAxis('hours', 0, 7, 4).labels).toEqual(['0 h', '2 h', '4 h', '6 h', '8 h']);
    expect(valueAxis('hours', 0, 1.5, 4).labels).toEqual(['0 h', '30 min', '1 h', '1 h 30 min']);
    expect(valueAxis('count', 0, 5, 4).labels).toEqual(['0', '2', '4', '6']);
    expect(valueAxis('count', 0, 5, 4).labels.join(' ')).not.toMatch(/\./);
    expect(valueAxis('percent', 0, 100, 4).labels).toEqual(['0%', '50%', '100%']);
  });
});

describe('formats', () => {
  it('writes values by unit', () => {
    expect(formatPence(-123_456)).toBe('−£1,234.56');
    expect(valueAxis('money', -5_000, 5_000, 2).labels).toEqual(['−£50', '£0', '£50']);
    expect(formatValue('money', 11_000)).toBe('£110.00');
    expect(formatValue('hours', 1.25)).toBe('1 h 15 min');
    expect(formatValue('hours', 466)).toBe('466 h');
    expect(formatValue('number', 2.25)).toBe('2.3');
    expect(formatValue('number', 3)).toBe('3');
    expect(formatValue('count', 1200)).toBe('1,200');
    expect(formatValue('percent', 12.5)).toBe('12.5%');
  });
});
