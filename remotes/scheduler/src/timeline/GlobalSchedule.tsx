import { Link, useSearchParams } from 'react-router-dom';
import { ErrorPanel, Loading, PageHeader, useAreaEvent, useRouteName } from '@hcm/kit';
import { apiKey, useApiQuery, useQueryClient } from '@hcm/kit/data';
import type { GlobalSchedule as Schedule } from '../../contract/timeline';
import { VISITS_TOPIC } from '../../contract/visits';
import { GLOBAL_SCHEDULE_PATH, period } from './common';
import { PeriodToolbar, usePeriodParams } from './Toolbar';
import styles from './timeline.module.css';
import { formatDateLong, formatHours } from '@hcm/contract/format';

// The global schedule (/app/global-schedule): every branch the user holds side by side, a row per day, each cell
// the day's visits, unassigned, cancelled, planned hours and carers working, linking to that branch's timeline
// for that day.

const VIEWS = ['today', 'week'] as const;
type View = (typeof VIEWS)[number];

export default function GlobalSchedule() {
  useRouteName('Global schedule');
  const [search, setSearch] = useSearchParams();
  const { date, today, setDate } = usePeriodParams();
  const view: View = search.get('view') === 'today' ? 'today' : 'week';
  const query = useApiQuery<Schedule>(GLOBAL_SCHEDULE_PATH, { date, view }, { failure: 'The global schedule could not be loaded.', keepPrevious: true, staleTime: 0 });
  const client = useQueryClient();
  useAreaEvent('scheduler', VISITS_TOPIC, () => void client.invalidateQueries({ queryKey: apiKey(GLOBAL_SCHEDULE_PATH) }));
  const schedule = query.data;
  const days = schedule?.branches[0]?.days.map((day) => day.date) ?? [];
  const setView = (next: View) =>
    setSearch(
      (previous) => {
        const params = new URLSearchParams(previous);
        params.set('view', next);
        return params;
      },
      { replace: true },
    );
  return (
    <div className={styles.screen}>
      <PageHeader title="Global schedule" />
      <div className={styles.toolbar}>
        <nav aria-label="Period" className={styles.views}>
          {VIEWS.map((name) => (
            <button key={name} type="button" className={name === view ? styles.viewActive : styles.view} aria-pressed={name === view} onClick={() => setView(name)}>
              {name === 'today' ? 'Day' : 'Week'}
            </button>
          ))}
        </nav>
        <PeriodToolbar views={[]} view={view} base="/app/global-schedule" date={date} today={today} search={search} onDate={setDate} />
      </div>
      {query.error && !schedule ? (
        <ErrorPanel title="The global schedule could not be loaded" onRetry={() => void query.refetch()}>
          {query.error.message}
        </ErrorPanel>
      ) : !schedule ? (
        <Loading label="Loading the global schedule…" />
      ) : schedule.branches.length === 0 ? (
        <p className={styles.muted}>You hold no branch with a schedule.</p>
      ) : (
        <>
          <h2 className={styles.periodTitle}>{period(schedule.from, schedule.to)}</h2>
          <div className={styles.tableScroller}>
            <table className={styles.globalTable} aria-label={`Global schedule, ${period(schedule.from, schedule.to)}`}>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  {schedule.branches.map((branch) => (
                    <th scope="col" key={branch.branch_id}>
                      {branch.branch}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {days.map((day) => (
                  <tr key={day} className={day === today ? styles.todayCell : undefined}>
                    <th scope="row">
                      {formatDateLong(day)}
                      {day === today ? <span className={styles.todayMark}> (today)</span> : null}
                    </th>
                    {schedule.branches.map((branch) => {
                      const cell = branch.days.find((entry) => entry.date === day);
                      if (!cell) return <td key={branch.branch_id}>No figures</td>;
                      return (
                        <td key={branch.branch_id}>
                          <Link className={styles.globalCell} to={`/app/scheduler/timeline/today?date=${day}&branch_id=${branch.branch_id}`} aria-label={`${branch.branch}, ${formatDateLong(day)}: ${cell.visits} visits, ${cell.unassigned} unassigned, ${cell.cancelled} cancelled, ${formatHours(cell.planned_minutes)} planned, ${cell.carers_working} carers working. Open the timeline.`}>
                            <span>
                              <strong>{cell.visits}</strong> visits
                            </span>
                            <span className={cell.unassigned ? styles.attention : undefined}>
                              {cell.unassigned ? '⚠ ' : ''}
                              <strong>{cell.unassigned}</strong> unassigned
                            </span>
                            <span>
                              <strong>{cell.cancelled}</strong> cancelled
                            </span>
                            <span>{formatHours(cell.planned_minutes)} planned</span>
                            <span>
                              <strong>{cell.carers_working}</strong> carers working
                            </span>
                          </Link>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
