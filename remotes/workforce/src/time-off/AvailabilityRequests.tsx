import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { api, Button, EmptyState, ErrorPanel, Loading, useCan } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import type { AvailabilityRequestRow } from '../../contract/carer-app-time-off';
import { handleSaved, period, styles } from './common';
import { formatDateTime } from '@hcm/contract/format';

// On the live-event availability view: what carers told the office from their phones (issue 31), "not available
// … because …" or "available at … on …". Waiting for a decision, not yet a change of their days: a user who edits
// carers accepts one (it becomes a temporary change of the carer's duty days) or declines it with a reason the
// carer reads on their phone. Asked again every 30 seconds, so a new one shows up while the view is open.

const REQUESTS_PATH = 'api/v1/carers/availability-requests';
const REFRESH_MS = 30_000;

const whatText = (row: AvailabilityRequestRow) => (row.available ? `Available ${row.windows.map((window) => `${window.from}–${window.to}`).join(', ')}` : 'Not available');

function Decision({ row }: { row: AvailabilityRequestRow }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const id = useId();
  const base = `api/v1/carers/${row.carer_id}/availability-requests/${row.id}`;
  const invalidates = [apiKey(REQUESTS_PATH), apiKey('api/v1/carers/availability'), apiKey(`api/v1/carers/${row.carer_id}/availability`)];
  const accept = useApiMutation<unknown, void>({ request: () => api.post(`${base}/accept`, { note: '' }), invalidates });
  const decline = useApiMutation<unknown, string>({ request: (why) => api.post(`${base}/decline`, { reason: why }), invalidates });
  const who = `${row.carer_name}, ${period(row.from_date, row.to_date)}`;
  return (
    <div className={styles.actions}>
      <Button disabled={accept.isPending || decline.isPending} onClick={() => void accept.submit().then((answer) => handleSaved(answer, null, 'It could not be accepted.'))}>
        Accept: {who}
      </Button>
      <label htmlFor={`${id}-reason`}>Why it is declined (the carer reads it)</label>
      <input id={`${id}-reason`} value={reason} onChange={(event) => setReason(event.target.value)} aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined} />
      <Button
        variant="secondary"
        disabled={accept.isPending || decline.isPending}
        onClick={() => {
          if (!reason.trim()) {
            setError('Say why it is declined: the carer sees it.');
            return;
          }
          setError('');
          void decline.submit(reason.trim()).then((answer) => {
            if (answer.error && answer.errors?.reason) setError(answer.errors.reason.join(' '));
            else handleSaved(answer, null, 'It could not be declined.');
          });
        }}
      >
        Decline: {who}
      </Button>
      {error ? <p role="alert" id={`${id}-error`}>{error}</p> : null}
    </div>
  );
}

export default function AvailabilityRequests({ branchId }: { branchId: string }) {
  const can = useCan();
  const data = useApiQuery<AvailabilityRequestRow[]>(REQUESTS_PATH, { status: 'pending', branch_id: branchId }, { failure: 'What carers told the office could not be loaded.', keepPrevious: true, refetchInterval: REFRESH_MS });
  const rows = data.data ?? [];
  return (
    <section className={styles.section} aria-label="Told from carers’ phones">
      <h2>Told from carers’ phones ({rows.length} waiting)</h2>
      <p className={styles.muted}>Not yet a change of their days: accepting one makes it a temporary change of the carer’s duty days.</p>
      {data.error ? (
        <ErrorPanel title="What carers told the office could not be loaded" onRetry={() => void data.refetch()}>{data.error.message}</ErrorPanel>
      ) : !data.data ? (
        <Loading label="Loading what carers told the office…" />
      ) : !rows.length ? (
        <EmptyState>Nothing waiting from carers’ phones.</EmptyState>
      ) : (
        <table className={styles.table}>
          <caption>Availability told from carers’ phones, waiting for a decision</caption>
          <thead>
            <tr>
              <th scope="col">Carer</th>
              <th scope="col">When</th>
              <th scope="col">What</th>
              <th scope="col">Why</th>
              <th scope="col">Sent</th>
              {can('carers.edit') ? <th scope="col">Decision</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">
                  <Link to={`/app/carers/${row.carer_id}/edit/duty-temporary-days`}>{row.carer_name}</Link> <span className={styles.muted}>({row.branch})</span>
                </th>
                <td>{period(row.from_date, row.to_date)}</td>
                <td>{whatText(row)}</td>
                <td>{row.reason}</td>
                <td>{formatDateTime(row.recorded_at)}</td>
                {can('carers.edit') ? (
                  <td>
                    <Decision row={row} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
