// Plain calendar arithmetic on YYYY-MM-DD days (UTC noon, so no clock change ever moves a day).

const DAY_MS = 86_400_000;
const noon = (day: string) => Date.parse(`${day}T12:00:00Z`);

export const addDays = (day: string, days: number): string => new Date(noon(day) + days * DAY_MS).toISOString().slice(0, 10);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysFromTo = (from: string, to: string): number => Math.round((noon(to) - noon(from)) / DAY_MS);

/** ISO weekday: 1 Monday … 7 Sunday. */
export const isoWeekday = (day: string): number => {
  const weekday = new Date(noon(day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
};

/** The Monday of the week `day` falls in. */
export const mondayOf = (day: string): string => addDays(day, 1 - isoWeekday(day));

/**
 * The week of a template's cycle (1 … repeatWeeks) that `day` falls in: weeks are counted from the Monday of the
 * week of `startsOn`, so week 1 is the week the template starts in.
 */
export function cycleWeek(startsOn: string, repeatWeeks: number, day: string): number {
  const weeks = Math.floor(daysFromTo(mondayOf(startsOn), mondayOf(day)) / 7);
  const cycle = Math.max(1, repeatWeeks);
  return (((weeks % cycle) + cycle) % cycle) + 1;
}

/** Every day from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Minutes after midnight of HH:MM. */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** HH:MM of minutes after midnight (wrapping past midnight). */
export const timeOf = (minutes: number): string => {
  const wrapped = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
};
