import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAreaEvent, useCan, useLiveConnection, dashboardPanelStyles as styles } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { LIVE_TOPIC } from '../../contract/live';
import { SCHEDULER_TODAY_PATH, type SchedulerToday, type TodayAttentionVisit, type TodayVisit } from '../../contract/today';
import { VISITS_TOPIC } from '../../contract/visits';
import { formatDate } from '@hcm/contract/format';

// The scheduler's panel on the dashboard (extension point dashboard.panel, key scheduler-today): late now, missed
// now, today's visits short of a carer (time-critical first) and the visits needing a planner, each a count in
// words linking to its list, with its first visits. GET /api/v1/scheduler/today, asked again whenever the live
// engine or a visit change is pushed (LIVE_TOPIC, VISITS_TOPIC), and every 30 seconds while the socket is down.

export const POLL_MS = 30_000;

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "16:45–17:15 Desmond Achebe (Grace Okafor)", time-critical said in words, the visit's page linked. */
function VisitItem({ visit, withDate = false, children }: { visit: TodayVisit; withDate?: boolean; children?: ReactNode }) {
  const who = visit.carer_names.length ? ` (${visit.carer_names.join(' and ')})` : '';
  const day = withDate ? `${formatDate(visit.date)} ` : '';
  return (
    <li>
      {visit.time_critical ? <span className={styles.critical}>Time-critical: {visit.time_critical_reason}. </span> : null}
      <Link to={`/app/visits/${visit.visit_id}`}>
        {day}
        {visit.start_time}–{visit.end_time} {visit.client_name}
      </Link>
      {who}
      {children}
    </li>
  );
}

/** One part of the panel: its heading, its count in words linking to its list (or what it means to have none), its first visits. */
function Part({ id, title, count, link, empty, children }: { id: string; title: string; count: number; link: { to: string; text: string }; empty: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {count === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <>
          <p className={styles.count}>
            <Link to={link.to}>{link.text}</Link>
          </p>
          <ul className={styles.list}>{children}</ul>
        </>
      )}
    </section>
  );
}

export default function TodayPanel() {
  const can = useCan();
  const connected = useLiveConnection();
  const today = useApiQuery<SchedulerToday>(SCHEDULER_TODAY_PATH, undefined, { refetchInterval: connected ? false : POLL_MS, failure: 'Today’s visits could not be loaded.' });
  useAreaEvent('scheduler', LIVE_TOPIC, () => void today.refetch());
  useAreaEvent('scheduler', VISITS_TOPIC, () => void today.refetch());
  const answer = today.data;
  const unassignedWords = answer
    ? `${counted(answer.unassigned.count, 'visit', 'visits')} unassigned today${answer.unassigned.time_critical ? `, ${answer.unassigned.time_critical} time-critical` : ''}`
    : '';
  return (
    <section aria-labelledby="scheduler-today" className={styles.panel}>
      <h2 id="scheduler-today">Visits today</h2>
      <p role="status" className={styles.muted}>
        {connected ? 'Live: updates as carers check in and visits change.' : `Live updates paused: refreshing every ${POLL_MS / 1000} seconds.`}
      </p>
      {today.error ? (
        <p role="alert">{today.error.message}</p>
      ) : !answer ? (
        <p className={styles.muted}>Loading today’s visits…</p>
      ) : (
        <>
          <Part id="scheduler-today-late" title="Late now" count={answer.late.count} empty="No visit is late." link={{ to: '/app/scheduler/live-view', text: `${counted(answer.late.count, 'visit', 'visits')} late now` }}>
            {answer.late.visits.map((visit) => <VisitItem key={visit.visit_id} visit={visit} />)}
          </Part>
          <Part id="scheduler-today-missed" title="Missed now" count={answer.missed.count} empty="No visit is missed." link={{ to: '/app/scheduler/live-view', text: `${counted(answer.missed.count, 'visit', 'visits')} missed` }}>
            {answer.missed.visits.map((visit) => <VisitItem key={visit.visit_id} visit={visit} />)}
          </Part>
          <Part
            id="scheduler-today-unassigned"
            title="Unassigned today"
            count={answer.unassigned.count}
            empty="Every visit today has its carers."
            link={{ to: can('scheduler.view') ? '/app/scheduler/timeline/today' : '/app/scheduler/v1/unassigned', text: unassignedWords }}
          >
            {answer.unassigned.visits.map((visit) => <VisitItem key={visit.visit_id} visit={visit} />)}
          </Part>
          <Part
            id="scheduler-today-attention"
            title="Needs attention"
            count={answer.attention.count}
            empty="No visit needs attention."
            link={{ to: '/app/visits/needs-attention', text: `${counted(answer.attention.count, 'visit needs', 'visits need')} attention` }}
          >
            {answer.attention.visits.map((visit: TodayAttentionVisit) => (
              <VisitItem key={visit.visit_id} visit={visit} withDate>
                {`: ${visit.reason}`}
              </VisitItem>
            ))}
          </Part>
        </>
      )}
    </section>
  );
}
