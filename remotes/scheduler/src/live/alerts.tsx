import { useState, type FormEvent } from 'react';
import { api, Button, notify, useCan } from '@hcm/kit';
import { apiKey, useApiMutation } from '@hcm/kit/data';
import { ALERT_OUTCOMES, type AlertOutcome, type AlertRow } from '../../contract/live-engine';
import styles from '../visits/visits.module.css';
import { formatDateTime, formatTime } from '@hcm/contract/format';

// What the live view and the alert lists share: the alerts' API, acknowledging and resolving (with the outcome
// and a note), and an alert's state in words ("arrived at …", who acknowledged it, escalated to whom).

export const ALERTS_PATH = 'api/v1/live/alerts';
export const LIVE_TODAY_PATH = 'api/v1/live/today';
const alertPath = (id: number, step: 'acknowledge' | 'resolve') => `${ALERTS_PATH}/${id}/${step}`;
/** After a transition every alert list and the live view are out of date. */
const STALE = [apiKey(ALERTS_PATH), apiKey(LIVE_TODAY_PATH)];

export function useAlertActions() {
  const acknowledge = useApiMutation<AlertRow, number>({ request: (id) => api.post(alertPath(id, 'acknowledge')), invalidates: STALE, failure: 'The alert could not be acknowledged.' });
  const resolve = useApiMutation<AlertRow, { id: number; outcome: AlertOutcome; note: string }>({
    request: ({ id, ...values }) => api.post(alertPath(id, 'resolve'), values),
    invalidates: STALE,
    failure: 'The alert could not be resolved.',
  });
  return { acknowledge, resolve };
}

/** What happened to an alert so far, in words. */
export function alertProgress(alert: AlertRow): string {
  const parts: string[] = [];
  if (alert.arrived_at) parts.push(`Arrived at ${formatTime(alert.arrived_at)}`);
  if (alert.acknowledged_at) parts.push(`Acknowledged by ${alert.acknowledged_by_name ?? 'someone'} at ${formatTime(alert.acknowledged_at)}`);
  if (alert.resolved_at) parts.push(`Resolved by ${alert.resolved_by_name ?? 'someone'}: ${alert.outcome_label}${alert.outcome_note ? ` (${alert.outcome_note})` : ''}`);
  if (alert.escalated_at) parts.push(`Escalated to ${alert.escalated_to} at ${formatDateTime(alert.escalated_at) || '—'}`);
  return parts.join('. ') || 'Nobody has acknowledged it yet';
}

/** Who and which visit an alert is about, for a button's name. */
export const alertSubject = (alert: AlertRow) => `${alert.kind_label.toLowerCase()}${alert.client_name ? `, ${alert.client_name}` : ''}${alert.carer_name ? `, ${alert.carer_name}` : ''}`;

/** The buttons of one alert: acknowledge (while open) and resolve (until resolved). */
export function AlertButtons({ alert, onResolve }: { alert: AlertRow; onResolve: (alert: AlertRow) => void }) {
  const canEdit = useCan()('visits.edit');
  const { acknowledge } = useAlertActions();
  if (!canEdit || alert.state === 'resolved') return null;
  const acknowledgeIt = async () => {
    const answer = await acknowledge.submit(alert.id);
    if (answer.error) notify({ type: 'danger', message: answer.message ?? 'The alert could not be acknowledged.' });
  };
  return (
    <span className={styles.actions}>
      {alert.state === 'open' ? (
        <Button variant="secondary" onClick={() => void acknowledgeIt()} disabled={acknowledge.isPending} aria-label={`Acknowledge the ${alertSubject(alert)} alert`}>
          Acknowledge
        </Button>
      ) : null}
      <Button variant="secondary" onClick={() => onResolve(alert)} aria-label={`Resolve the ${alertSubject(alert)} alert`}>
        Resolve
      </Button>
    </span>
  );
}

/** The outcome and note of resolving one alert. */
export function ResolveForm({ alert, onDone }: { alert: AlertRow; onDone: () => void }) {
  const { resolve } = useAlertActions();
  const [outcome, setOutcome] = useState<AlertOutcome | ''>(alert.kind === 'carer-support' ? 'support-given' : alert.arrived_at ? 'carer-arrived-late' : '');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!outcome) return setErrors({ outcome: ['Choose the outcome.'] });
    const answer = await resolve.submit({ id: alert.id, outcome, note });
    if (!answer.error) {
      notify({ type: 'success', message: 'Alert resolved.' });
      return onDone();
    }
    setErrors(answer.errors ?? {});
    if (!answer.errors) notify({ type: 'danger', message: answer.message ?? 'The alert could not be resolved.' });
  };
  return (
    <form className={styles.section} aria-label={`Resolve the ${alertSubject(alert)} alert`} onSubmit={(event) => void submit(event)}>
      <h2>Resolve: {alertSubject(alert)}</h2>
      <p className={styles.muted}>{alert.detail}</p>
      <label>
        Outcome
        <select value={outcome} onChange={(event) => setOutcome(event.target.value as AlertOutcome)} aria-invalid={!!errors.outcome}>
          <option value="">Choose…</option>
          {ALERT_OUTCOMES.map((choice) => <option key={choice.value} value={choice.value}>{choice.label}</option>)}
        </select>
      </label>
      {errors.outcome ? <p className={styles.invalid}>{errors.outcome.join(' ')}</p> : null}
      <label>
        Note
        <textarea value={note} onChange={(event) => setNote(event.target.value)} rows={3} maxLength={2000} aria-invalid={!!errors.note} />
      </label>
      {errors.note ? <p className={styles.invalid}>{errors.note.join(' ')}</p> : null}
      <span className={styles.actions}>
        <Button type="submit" disabled={resolve.isPending}>Resolve alert</Button>
        <Button variant="secondary" onClick={onDone}>Cancel</Button>
      </span>
    </form>
  );
}
