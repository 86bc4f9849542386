import { useBranchChoices } from '../lists';
import { londonDate } from '@hcm/contract/engine';
import { formatDate } from '@hcm/contract/format';

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

/** "Mon 2 Mar 2026 to Sun 8 Mar 2026". */
export const periodWords = (from: string, to: string): string => `${formatDate(from)} to ${formatDate(to)}`;

export { useBranchChoices };
