import { useBranchChoices } from '../lists';
import { londonDate } from '@hcm/contract/engine';

export const PAY_RUNS = 'api/v1/finance/pay-runs';

export const shiftDay = (day: string, days: number) => {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

/** Monday to Sunday of last week (UK days): the usual weekly pay period. */
export function lastWeek(today = londonDate()): { from: string; to: string } {
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay() || 7;
  const monday = shiftDay(today, -(weekday - 1) - 7);
  return { from: monday, to: shiftDay(monday, 6) };
}

/** "2 Mar 2026 to 8 Mar 2026". */
export function periodWords(from: string, to: string): string {
  const day = (value: string) => new Date(`${value}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return `${day(from)} to ${day(to)}`;
}

export { useBranchChoices };
