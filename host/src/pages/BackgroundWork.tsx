import type { EventDeliveriesAnswer, EventDeliveryView, ScheduledJobView } from '@hcm/contract';
import { api, Button, Card, ErrorPanel, Loading, notify, PageHeader, useCan, useRouteName } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import styles from './Areas.module.css';
import { formatDateTime } from '@hcm/contract/format';

const FAILED = 'api/v1/event-deliveries';
const JOBS = 'api/v1/scheduled-jobs';

/**
 * /app/background-work: what the API does behind the screens. Events one area wrote for another whose delivery
 * failed (after its tries) or waits to be tried again, with a retry; and the scheduled jobs (live engine,
 * compliance sweep, interrupted exports, session pruning) with their last run and error. In the host, so it
 * works while an area is broken.
 */
export function BackgroundWork() {
  useRouteName('Background work');
  const failed = useApiQuery<EventDeliveriesAnswer>(FAILED);
  const waiting = useApiQuery<EventDeliveriesAnswer>(FAILED, { status: 'waiting' });
  const jobs = useApiQuery<ScheduledJobView[]>(JOBS);
  return (
    <>
      <PageHeader title="Background work" />
      <Card title="Event deliveries that failed">
        <Deliveries answer={failed} empty="No delivery has failed." label="Failed event deliveries" />
      </Card>
      <Card title="Event deliveries waiting to be tried again">
        <Deliveries answer={waiting} empty="None is waiting." label="Event deliveries waiting" />
      </Card>
      <Card title="Scheduled jobs">
        {jobs.error ? <ErrorPanel title="The jobs could not be read" onRetry={() => void jobs.refetch()}>{jobs.error.message}</ErrorPanel> : null}
        {!jobs.data && !jobs.error ? <Loading /> : null}
        {jobs.data ? (
          jobs.data.length ? (
            <div className={styles.scroll}>
            <table className={styles.table}>
              <caption className={styles.visuallyHidden}>Scheduled jobs</caption>
              <thead>
                <tr>
                  <th scope="col">Job</th>
                  <th scope="col">Last run</th>
                  <th scope="col">Next run</th>
                  <th scope="col">Runs</th>
                  <th scope="col">Last error</th>
                </tr>
              </thead>
              <tbody>
                {jobs.data.map((job) => (
                  <tr key={job.name}>
                    <td>{job.name}</td>
                    <td>{job.lease_owner ? `Running now (${job.lease_owner})` : (formatDateTime(job.last_finished_at) || '—')}</td>
                    <td>{formatDateTime(job.next_run_at) || '—'}</td>
                    <td>{job.runs}</td>
                    <td>{job.last_error ?? 'None'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            </div>
          ) : (
            <p>No job has run yet: they start with the API.</p>
          )
        ) : null}
      </Card>
    </>
  );
}

function Deliveries({ answer, empty, label }: { answer: ReturnType<typeof useApiQuery<EventDeliveriesAnswer>>; empty: string; label: string }) {
  const can = useCan();
  const retry = useApiMutation<unknown, EventDeliveryView>({
    request: (delivery) => api.post(`${FAILED}/${delivery.event_id}/retry`, { consumer: delivery.consumer }),
    invalidates: [apiKey(FAILED)],
  });
  if (answer.error) return <ErrorPanel title="The deliveries could not be read" onRetry={() => void answer.refetch()}>{answer.error.message}</ErrorPanel>;
  if (!answer.data) return <Loading />;
  const { deliveries } = answer.data;
  if (!deliveries.length) return <p>{empty}</p>;
  const again = async (delivery: EventDeliveryView) => {
    const result = await retry.submit(delivery);
    notify(result.error ? { type: 'error', message: result.message } : { type: 'success', message: `${delivery.type} will be delivered to ${delivery.consumer} again now.` });
  };
  return (
    <div className={styles.scroll}>
    <table className={styles.table}>
      <caption className={styles.visuallyHidden}>{label}</caption>
      <thead>
        <tr>
          <th scope="col">Event</th>
          <th scope="col">Happened</th>
          <th scope="col">For</th>
          <th scope="col">Tries</th>
          <th scope="col">Last error</th>
          <th scope="col">
            <span className={styles.visuallyHidden}>Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {deliveries.map((delivery) => (
          <tr key={`${delivery.event_id}-${delivery.consumer}`}>
            <td>{`${delivery.type} #${delivery.event_id}`}</td>
            <td>{formatDateTime(delivery.occurred_at) || '—'}</td>
            <td>{delivery.consumer}</td>
            <td>{delivery.attempts}</td>
            <td>{delivery.last_error ?? '—'}</td>
            <td>
              {can('areas.rollback') ? (
                <Button variant="secondary" disabled={retry.isPending} onClick={() => void again(delivery)} aria-label={`Try ${delivery.type} #${delivery.event_id} for ${delivery.consumer} again`}>
                  Try again
                </Button>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
    </div>
  );
}
