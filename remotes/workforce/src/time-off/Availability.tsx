import { ukDate } from '@hcm/contract/time';
import { formatDate } from '@hcm/contract/format';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorPanel, Loading, PageHeader, useRouteName, useSession } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { useSavedFilter } from '@hcm/kit/storage';
import { AVAILABILITY_STATES, labelOf, type AvailabilityDay, type CarerAvailabilityDays } from '../../contract/time-off';
import AvailabilityRequests from './AvailabilityRequests';
import { shiftDay, styles } from './common';

// Live events → Availability (/app/live-events/carers/availability): who is available, not available or on holiday
// on a day (today by default) or over a week, per branch. The view and branch are kept in the saved filter slot
// `live_event_availability`. Above the days, what carers told the office from their phones, waiting for a decision
// (./AvailabilityRequests.tsx).

type Filter = { view: 'day' | 'week'; branch_id: string };

const windowsText = (day: AvailabilityDay) => day.windows.map((window) => `${window.from}–${window.to}`).join(', ');
const dayText = (day: AvailabilityDay) => `${labelOf(AVAILABILITY_STATES, day.status)}${day.windows.length ? ` ${windowsText(day)}` : ''}${day.note ? ` (${day.note})` : ''}`;
const mondayOf = (day: string) => shiftDay(day, -((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7));

function DayView({ rows, date }: { rows: CarerAvailabilityDays[]; date: string }) {
  return (
    <>
      {AVAILABILITY_STATES.map((state) => {
        const here = rows.filter((row) => row.days[0]?.status === state.value);
        return (
          <section key={state.value} className={styles.section} aria-label={state.label}>
            <h2>{state.label} ({here.length})</h2>
            {here.length ? (
              <ul>
                {here.map((row) => (
                  <li key={row.carer_id}>
                    <Link to={`/app/carers/${row.carer_id}/edit/duty-days`}>{row.name}</Link> ({row.branch}){row.days[0]!.windows.length ? `: ${windowsText(row.days[0]!)}` : ''}
                    {row.days[0]!.note ? ` (${row.days[0]!.note})` : ''}
                  </li>
                ))}
              </ul>
            ) : <EmptyState>Nobody on {formatDate(date)}.</EmptyState>}
          </section>
        );
      })}
    </>
  );
}

function WeekView({ rows, from }: { rows: CarerAvailabilityDays[]; from: string }) {
  const days = Array.from({ length: 7 }, (_, index) => shiftDay(from, index));
  return (
    <div className={styles.section}>
      <table className={styles.table}>
        <caption>Availability, week of {formatDate(from)}</caption>
        <thead>
          <tr>
            <th scope="col">Carer</th>
            {days.map((day) => <th key={day} scope="col">{formatDate(day)}</th>)}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.carer_id}>
              <th scope="row"><Link to={`/app/carers/${row.carer_id}/edit/duty-days`}>{row.name}</Link> <span className={styles.muted}>({row.branch})</span></th>
              {row.days.map((day) => <td key={day.date}>{dayText(day)}</td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function Availability() {
  useRouteName('Availability');
  const branches = useSession((state) => state.user?.branches ?? []);
  const [filter, setFilter] = useSavedFilter<Filter>('live_event_availability', { view: 'day', branch_id: '' });
  const [date, setDate] = useState(ukDate());
  const from = filter.view === 'week' ? mondayOf(date) : date;
  const to = filter.view === 'week' ? shiftDay(from, 6) : date;
  const data = useApiQuery<CarerAvailabilityDays[]>('api/v1/carers/availability', { from, to, branch_id: filter.branch_id }, { failure: 'Availability could not be loaded.', keepPrevious: true });
  return (
    <div className={styles.screen}>
      <PageHeader title="Availability" />
      <div className={styles.toolbar}>
        <label>
          {filter.view === 'week' ? 'Week of' : 'Day'}
          <input type="date" value={date} onChange={(event) => event.target.value && setDate(event.target.value)} />
        </label>
        <label>
          View
          <select value={filter.view} onChange={(event) => setFilter((now) => ({ ...now, view: event.target.value === 'week' ? 'week' : 'day' }))}>
            <option value="day">One day</option>
            <option value="week">A week</option>
          </select>
        </label>
        <label>
          Branch
          <select value={filter.branch_id} onChange={(event) => setFilter((now) => ({ ...now, branch_id: event.target.value }))}>
            <option value="">All my branches</option>
            {branches.map((branch) => <option key={branch.id} value={String(branch.id)}>{branch.name}</option>)}
          </select>
        </label>
      </div>
      <AvailabilityRequests branchId={filter.branch_id} />
      <p className={styles.muted}>From each carer’s duty days, their temporary changes and approved holidays. Suspended carers and leavers are not listed.</p>
      {data.error ? (
        <ErrorPanel title="Availability could not be loaded" onRetry={() => void data.refetch()}>{data.error.message}</ErrorPanel>
      ) : !data.data ? (
        <Loading label="Loading availability…" />
      ) : !data.data.length ? (
        <EmptyState>No active carers in this branch.</EmptyState>
      ) : filter.view === 'week' ? (
        <WeekView rows={data.data} from={from} />
      ) : (
        <DayView rows={data.data} date={date} />
      )}
    </div>
  );
}
