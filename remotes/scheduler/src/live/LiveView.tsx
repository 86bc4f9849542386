import { useState } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorPanel, Loading, PageHeader, useAreaEvent, useLiveConnection, useRouteName, useSession } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import type { AlertRow, LiveToday } from '../../contract/live-engine';
import { LIVE_TOPIC, type LiveChanged } from '../../contract/live';
import { VISITS_TOPIC } from '../../contract/visits';
import styles from '../visits/visits.module.css';
import { AlertButtons, LIVE_TODAY_PATH, ResolveForm, alertProgress } from './alerts';
import { LiveMap } from './LiveMap';
import { formatDateTime, formatTime } from '@hcm/contract/format';

// /app/scheduler/live-view: today's visits of a branch by state with counts (late and missed first), the alerts
// still open or acknowledged (acknowledge and resolve here), the map of homes and carers' last positions. A check-in,
// an alert or a visit change pushed over the socket refetches at once; while the socket is down it polls every 15
// seconds and says so.

export const POLL_MS = 15_000;

function Counts({ today }: { today: LiveToday }) {
  return (
    <ul className={styles.grid} aria-label="Today's visits by state">
      {today.counts.map((count) => (
        <li key={count.state} className={styles.section} data-state={count.state}>
          <strong>{count.count}</strong> {count.label}
        </li>
      ))}
    </ul>
  );
}

function Alerts({ alerts }: { alerts: AlertRow[] }) {
  const [resolving, setResolving] = useState<AlertRow | null>(null);
  return (
    <section className={styles.section} aria-labelledby="live-alerts">
      <div className={styles.sectionHead}>
        <h2 id="live-alerts">Open alerts ({alerts.length})</h2>
        <Link to="/app/live-events/clients/monitoring">All late and missed alerts</Link>
      </div>
      {resolving ? <ResolveForm alert={resolving} onDone={() => setResolving(null)} /> : null}
      {alerts.length ? (
        <div className={styles.tableScroll} role="region" aria-label="Open alerts (scrolls sideways on a narrow screen)" tabIndex={0}>
        <table className={styles.table}>
          <caption className={styles.muted}>Alerts not yet resolved, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Raised</th>
              <th scope="col">Alert</th>
              <th scope="col">Client and carer</th>
              <th scope="col">Detail</th>
              <th scope="col">Progress</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {alerts.map((alert) => (
              <tr key={alert.id} data-state={alert.state}>
                <td>{formatDateTime(alert.raised_at) || '—'}</td>
                <td>{alert.kind_label}</td>
                <td>{[alert.client_name, alert.carer_name].filter(Boolean).join(', ') || '—'}</td>
                <td>{alert.detail}</td>
                <td>{alertProgress(alert)}</td>
                <td><AlertButtons alert={alert} onResolve={setResolving} /></td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      ) : (
        <p className={styles.muted}>No open alert: every visit due so far has a carer checked in.</p>
      )}
    </section>
  );
}

function Visits({ today }: { today: LiveToday }) {
  return (
    <section className={styles.section} aria-labelledby="live-visits">
      <h2 id="live-visits">Today's visits ({today.visits.length})</h2>
      {today.visits.length ? (
        <div className={styles.tableScroll} role="region" aria-label="Today's visits (scrolls sideways on a narrow screen)" tabIndex={0}>
        <table className={styles.table}>
          <caption className={styles.muted}>Late and missed first, then by planned start</caption>
          <thead>
            <tr>
              <th scope="col">State</th>
              <th scope="col">Planned</th>
              <th scope="col">Client</th>
              <th scope="col">Carers</th>
              <th scope="col">Actual</th>
            </tr>
          </thead>
          <tbody>
            {today.visits.map((visit) => (
              <tr key={visit.id} data-state={visit.state}>
                <td><span className={styles.status} data-status={visit.state}>{visit.state_label}</span>{visit.time_critical ? ' (time-critical medication)' : ''}</td>
                <td>{formatTime(visit.planned_start)}–{formatTime(visit.planned_end)}</td>
                <td><Link to={`/app/visits/${visit.id}`}>{visit.client_name}</Link></td>
                <td>{visit.carer_names.join(', ') || 'Unassigned'}</td>
                <td>{visit.actual_start ? `${formatTime(visit.actual_start)}${visit.actual_end ? `–${formatTime(visit.actual_end)}` : ' (on site)'}` : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
      ) : (
        <EmptyState>No visit is planned in this branch today.</EmptyState>
      )}
    </section>
  );
}

export default function LiveView() {
  useRouteName('Live view');
  const branches = useSession((state) => state.user?.branches ?? []);
  const [branchId, setBranchId] = useState(() => (branches[0] ? String(branches[0].id) : ''));
  const connected = useLiveConnection();
  const today = useApiQuery<LiveToday>(LIVE_TODAY_PATH, { branch_id: branchId }, { enabled: !!branchId, keepPrevious: true, refetchInterval: connected ? false : POLL_MS, failure: 'The live view could not be loaded.' });
  const mine = (data: unknown) => !branchId || (data as Partial<LiveChanged> | null)?.branch_id === undefined || String((data as LiveChanged).branch_id) === branchId;
  useAreaEvent('scheduler', LIVE_TOPIC, (data) => void (mine(data) && today.refetch()));
  useAreaEvent('scheduler', VISITS_TOPIC, (data) => void (mine(data) && today.refetch()));
  const answer = today.data;

  return (
    <div className={styles.screen}>
      <PageHeader title="Live view" />
      <form className={styles.filters} aria-label="Choose the branch" onSubmit={(event) => event.preventDefault()}>
        <label>
          Branch
          <select value={branchId} onChange={(event) => setBranchId(event.target.value)}>
            {branches.map((branch) => <option key={branch.id} value={String(branch.id)}>{branch.name}</option>)}
          </select>
        </label>
      </form>
      <p role="status" className={styles.muted}>
        {connected ? 'Live: updates as carers check in.' : `Live updates paused: refreshing every ${POLL_MS / 1000} seconds`}
        {answer ? ` Last updated ${formatTime(answer.generated_at)}.` : ''}
      </p>
      {!branchId ? <EmptyState>You hold no branch.</EmptyState> : null}
      {today.error ? <ErrorPanel title="The live view could not be loaded" onRetry={() => void today.refetch()}>{today.error.message}</ErrorPanel> : null}
      {branchId && !answer && !today.error ? <Loading label="Loading the live view…" /> : null}
      {answer ? (
        <>
          <Counts today={answer} />
          <Alerts alerts={answer.alerts} />
          <section className={styles.section} aria-labelledby="live-map">
            <h2 id="live-map">Map</h2>
            <LiveMap today={answer} />
          </section>
          <Visits today={answer} />
        </>
      ) : null}
    </div>
  );
}
