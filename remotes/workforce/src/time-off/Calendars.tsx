import { ukDate } from '@hcm/contract/time';
import { formatMonth } from '@hcm/contract/format';
import type { KeyboardEvent } from 'react';
import { Route, Routes, useSearchParams } from 'react-router-dom';
import { Button, ErrorPanel, Loading, NotFound, PageHeader, useRouteName, useSession } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { WEEKDAYS, type CalendarDay, type CalendarMonth } from '../../contract/time-off';
import { styles } from './common';

// The holiday calendars (calendar/holidays, calendar/carer/holidays, calendar/employee/holidays): a month at a
// time, each day with who is off (approved, and requested marked "(requested)"), bank holidays and the agency's
// own closure days; a branch filter; previous and next month by button or the Page Up / Page Down keys.

type Who = 'all' | 'carers' | 'employees';
const TITLES: Record<Who, string> = { all: 'Holidays calendar', carers: "Carers' holidays", employees: "Office employees' holidays" };

const shiftMonth = (month: string, by: number) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, number - 1 + by, 1));
  return date.toISOString().slice(0, 7);
};

/** The month's days in weeks of Monday to Sunday, with blanks before the 1st and after the last. */
function weeksOf(days: CalendarDay[]): (CalendarDay | null)[][] {
  if (!days.length) return [];
  const first = new Date(`${days[0]!.date}T12:00:00Z`).getUTCDay();
  const cells: (CalendarDay | null)[] = [...Array<null>((first + 6) % 7).fill(null), ...days];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, index) => cells.slice(index * 7, index * 7 + 7));
}

function DayCell({ day, today, showOwner }: { day: CalendarDay; today: string; showOwner: boolean }) {
  const number = Number(day.date.slice(8));
  const isToday = day.date === today;
  return (
    <td className={isToday ? styles.today : undefined} aria-current={isToday ? 'date' : undefined}>
      <span className={styles.dayNumber}>{number}{isToday ? ' (today)' : ''}</span>
      <ul>
        {day.bank_holidays.map((name) => <li key={name} className={styles.bank}>Bank holiday: {name}</li>)}
        {day.closures.map((closure) => <li key={closure.name} className={styles.bank}>Closed: {closure.name}{closure.branch !== 'All branches' ? ` (${closure.branch})` : ''}</li>)}
        {day.people.map((person) => (
          <li key={`${person.holiday_id}`} className={person.status === 'requested' ? styles.requested : undefined}>
            {person.name}
            {showOwner && person.owner === 'employees' ? ' (office)' : ''}
            {person.half ? ` (${person.half === 'am' ? 'morning' : 'afternoon'})` : ''}
            {person.status === 'requested' ? ' (requested)' : ''}
            {person.reason !== 'Annual leave' ? `: ${person.reason}` : ''}
          </li>
        ))}
      </ul>
    </td>
  );
}

function Calendar({ who }: { who: Who }) {
  useRouteName(TITLES[who]);
  const branches = useSession((state) => state.user?.branches ?? []);
  const [search, setSearch] = useSearchParams();
  const today = ukDate();
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(search.get('month') ?? '') ? search.get('month')! : today.slice(0, 7);
  const branchId = search.get('branch_id') ?? '';
  const data = useApiQuery<CalendarMonth>('api/v1/holidays/calendar', { month, who, branch_id: branchId }, { failure: 'The calendar could not be loaded.', keepPrevious: true });
  const go = (next: string, branch = branchId) => setSearch(Object.fromEntries(Object.entries({ month: next, branch_id: branch }).filter(([, value]) => value !== '')), { replace: true });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'PageUp') { event.preventDefault(); go(shiftMonth(month, -1)); }
    if (event.key === 'PageDown') { event.preventDefault(); go(shiftMonth(month, 1)); }
  };
  return (
    <div className={styles.screen}>
      <PageHeader title={TITLES[who]} />
      <div className={styles.toolbar}>
        <Button variant="secondary" onClick={() => go(shiftMonth(month, -1))}>Previous month</Button>
        <h2 aria-live="polite">{formatMonth(month)}</h2>
        <Button variant="secondary" onClick={() => go(shiftMonth(month, 1))}>Next month</Button>
        {month !== today.slice(0, 7) ? <Button variant="secondary" onClick={() => go(today.slice(0, 7))}>This month</Button> : null}
        <label>
          Branch
          <select value={branchId} onChange={(event) => go(month, event.target.value)}>
            <option value="">All my branches</option>
            {branches.map((branch) => <option key={branch.id} value={String(branch.id)}>{branch.name}</option>)}
          </select>
        </label>
      </div>
      {data.error ? (
        <ErrorPanel title="The calendar could not be loaded" onRetry={() => void data.refetch()}>{data.error.message}</ErrorPanel>
      ) : !data.data ? (
        <Loading label="Loading the calendar…" />
      ) : (
        <table className={styles.month} onKeyDown={onKeyDown} tabIndex={0} aria-busy={data.isFetching} aria-describedby="calendar-keys">
          <caption id="calendar-keys">{`${TITLES[who]}, ${formatMonth(month)}. Page Up and Page Down change the month.`}</caption>
          <thead>
            <tr>{WEEKDAYS.map((weekday) => <th key={weekday.value} scope="col"><abbr title={weekday.label}>{weekday.short}</abbr></th>)}</tr>
          </thead>
          <tbody>
            {weeksOf(data.data.days).map((week, index) => (
              <tr key={index}>
                {week.map((day, position) => (day ? <DayCell key={day.date} day={day} today={today} showOwner={who === 'all'} /> : <td key={`blank-${position}`} className={styles.outside} aria-hidden="true" />))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export default function Calendars() {
  return (
    <Routes>
      <Route path="holidays" element={<Calendar key="all" who="all" />} />
      <Route path="carer/holidays" element={<Calendar key="carers" who="carers" />} />
      <Route path="employee/holidays" element={<Calendar key="employees" who="employees" />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
