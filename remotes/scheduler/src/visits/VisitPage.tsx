import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import type { Page } from '@hcm/contract';
import { api, Button, ErrorPanel, Loading, NotFound, PageHeader, useAreaEvent, useCan, useRouteName } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { CheckboxField, SelectField, TextAreaField, valibotResolver } from '@hcm/kit/forms';
import { CANCEL_REASONS, CancelVisitSchema, PLANNABLE_STATUSES, TASK_KINDS, VISITS_TOPIC, type VisitLogRow, type VisitRow, type VisitsChanged } from '../../contract/visits';
import { CONFIRMATION_WORDS } from '../live-events/device/useLiveList';
import { HistoryTable } from './History';
import {
  cancelReasonWords,
  carersText,
  discrepancyOf,
  discrepancyWords,
  outcomeOf,
  rowsOf,
  Section,
  StatusText,
  styles,
  timesOf,
  visitApiPath,
  VISITS_PATH,
} from './common';
import { formatDate, formatDateTime } from '@hcm/contract/format';

const kindWords = (kind: string) => TASK_KINDS.find((choice) => choice.value === kind)?.label ?? kind;

/** The visit's details: who, when, what, and how it went against the plan. */
function Details({ visit }: { visit: VisitRow }) {
  const discrepancy = discrepancyOf(visit);
  const words = discrepancyWords(discrepancy);
  return (
    <>
      <Section title="Details">
        <dl className={styles.facts}>
          <dt>Client</dt>
          <dd>{visit.client_name}{visit.client_postcode ? ` (${visit.client_postcode})` : ''}</dd>
          <dt>Branch</dt>
          <dd>{visit.branch}</dd>
          <dt>Date</dt>
          <dd>{formatDate(visit.date) || '—'}</dd>
          <dt>Planned time</dt>
          <dd>{timesOf(visit)} ({visit.duration_minutes} minutes)</dd>
          <dt>Status</dt>
          <dd><StatusText status={visit.status} /></dd>
          <dt>Confirmation</dt>
          <dd>
            {CONFIRMATION_WORDS[visit.confirmation]}
            {visit.confirmation === 'pending' ? <> — {visit.confirmation_issues.join(' ')} <Link to="/app/visits/confirmations">Confirm it</Link></> : null}
          </dd>
          {visit.status === 'cancelled' ? (
            <>
              <dt>Cancelled because</dt>
              <dd>{cancelReasonWords(visit.cancel_reason)}{visit.cancel_detail ? `: ${visit.cancel_detail}` : ''} — {visit.cancel_chargeable ? 'still charged to the funder' : 'not charged'}</dd>
            </>
          ) : null}
          <dt>Funder code</dt>
          <dd>{visit.funder_code ?? 'None'}</dd>
          <dt>NPC code</dt>
          <dd>{visit.npc_code ?? 'None'}</dd>
          <dt>Medication</dt>
          <dd>{visit.requires_medication ? 'Yes: needs a carer assessed as competent' : 'No'}</dd>
          <dt>Changed by hand</dt>
          <dd>{visit.locked ? 'Yes: a template edit leaves it alone' : 'No'}</dd>
          {visit.notes ? (
            <>
              <dt>Notes for the carers</dt>
              <dd>{visit.notes}</dd>
            </>
          ) : null}
        </dl>
      </Section>
      <Section title="Carers">
        <p>{visit.carers_needed === 2 ? 'A double-up: two carers.' : 'One carer.'} {carersText(visit)}</p>
        {visit.carers.length ? (
          <ul className={styles.list}>
            {visit.carers.map((carer) => <li key={carer.carer_id}>{carer.name}{visit.carers_needed === 2 ? ` (carer ${carer.position})` : ''}</li>)}
          </ul>
        ) : null}
      </Section>
      <Section title="Tasks">
        {visit.tasks.length ? (
          <ul className={styles.list}>
            {visit.tasks.map((task) => <li key={task.key}>{task.label} ({kindWords(task.kind)})</li>)}
          </ul>
        ) : <p className={styles.muted}>No tasks on this visit.</p>}
      </Section>
      <Section title="Actual and planned">
        <dl className={styles.facts}>
          <dt>Planned</dt>
          <dd>{timesOf(visit)}</dd>
          <dt>Actual</dt>
          <dd>{visit.actual_start ? `${visit.actual_start}–${visit.actual_end ?? 'not checked out'}` : 'Not recorded yet'}</dd>
          <dt>Difference</dt>
          <dd>{words.length ? words.join('; ') : 'Nothing to compare yet'}</dd>
          {discrepancy.actualMinutes !== null ? (
            <>
              <dt>Time spent</dt>
              <dd>{discrepancy.actualMinutes} of {visit.duration_minutes} planned minutes</dd>
            </>
          ) : null}
        </dl>
      </Section>
    </>
  );
}

type CancelValues = { version: number; reason: string; detail: string; chargeable: boolean };

function CancelForm({ visit, onDone }: { visit: VisitRow; onDone: () => void }) {
  const form = useForm<CancelValues>({ resolver: valibotResolver(CancelVisitSchema), defaultValues: { version: visit.version, reason: '', detail: '', chargeable: false } });
  const [conflict, setConflict] = useState<string | null>(null);
  const cancel = useApiMutation<VisitRow, CancelValues>({
    request: (values) => api.post<VisitRow>(visitApiPath(visit.id, 'cancel'), { ...values, version: visit.version }),
    invalidates: [apiKey(VISITS_PATH), apiKey(visitApiPath(visit.id)), apiKey(visitApiPath(visit.id, 'logs'))],
  });
  const handleCancel = form.handleSubmit(async () => {
    const outcome = outcomeOf(await cancel.submit(form.getValues()), form, 'The visit could not be cancelled.');
    if (outcome.kind === 'conflict') setConflict(outcome.message);
    if (outcome.kind === 'saved') onDone();
  });
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void handleCancel(event)} noValidate aria-label="Cancel the visit">
        {conflict ? <p role="alert" className={styles.conflict}>{conflict}</p> : null}
        <SelectField name="reason" label="Why it is cancelled" options={[{ value: '', label: 'Choose a reason' }, ...CANCEL_REASONS.map((reason) => ({ value: reason.value, label: reason.label }))]} />
        <TextAreaField name="detail" label="Details" rows={2} />
        <CheckboxField name="chargeable" label="Still charged to the funder (short notice)" />
        <div className={styles.actions}>
          <Button type="submit" disabled={form.formState.isSubmitting}>Cancel the visit</Button>
          <Button variant="secondary" onClick={onDone}>Keep the visit</Button>
        </div>
      </form>
    </FormProvider>
  );
}

/** /app/visits/:id: one visit, its carers, tasks, actual against planned, cancel or reinstate, edit, its history. */
export default function VisitPage() {
  useRouteName('Visit');
  const { id = '' } = useParams();
  const can = useCan();
  const [cancelling, setCancelling] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const valid = /^\d{1,10}$/.test(id);
  const visit = useApiQuery<VisitRow>(visitApiPath(id), undefined, { enabled: valid, failure: 'This visit could not be loaded.' });
  const logs = useApiQuery<VisitLogRow[] | Page<VisitLogRow>>(visitApiPath(id, 'logs'), undefined, { enabled: valid, failure: 'The history could not be loaded.' });
  const reinstate = useApiMutation<VisitRow, number>({
    request: (version) => api.post<VisitRow>(visitApiPath(id, 'reinstate'), { version }),
    invalidates: [apiKey(VISITS_PATH), apiKey(visitApiPath(id)), apiKey(visitApiPath(id, 'logs'))],
  });
  // Another planner's change to this visit: ask again.
  useAreaEvent('scheduler', VISITS_TOPIC, (data) => {
    const changed = data as Partial<VisitsChanged> | null;
    if (changed?.ids?.includes(Number(id))) {
      void visit.refetch();
      void logs.refetch();
    }
  });

  if (!valid || visit.error?.status === 404) return <NotFound />;
  if (visit.error) return <ErrorPanel title="This visit could not be loaded" onRetry={() => void visit.refetch()}>{visit.error.message}</ErrorPanel>;
  if (!visit.data) return <Loading label="Loading the visit…" />;
  const row = visit.data;
  const plannable = PLANNABLE_STATUSES.includes(row.status);
  const mayEdit = can('visits.edit');
  return (
    <div className={styles.screen}>
      <PageHeader
        title={`Visit to ${row.client_name}, ${formatDate(row.date) || '—'} ${timesOf(row)}`}
        actions={
          <span className={styles.actions}>
            <Link to="/app/visits">All visits</Link>
            {mayEdit && plannable ? <Link to={`/app/visits/${row.id}/edit`}>Edit the visit</Link> : null}
          </span>
        }
      />
      {notice ? <p role="alert" className={styles.conflict}>{notice}</p> : null}
      {row.attention ? (
        <p className={styles.conflict}>
          <strong>
            <span aria-hidden="true">⚑</span> Needs attention:
          </strong>{' '}
          {row.attention.reason} (since {formatDateTime(row.attention.since) || '—'}). Assign a carer (the rules are checked) on the timeline, or dismiss it on <Link to="/app/visits/needs-attention">Needs attention</Link>.
        </p>
      ) : null}
      <Details visit={row} />
      {mayEdit ? (
        <Section title={row.status === 'cancelled' ? 'Reinstate' : 'Cancel'}>
          {row.status === 'cancelled' ? (
            <div className={styles.actions}>
              <Button
                onClick={() =>
                  void reinstate.submit(row.version).then((answer) => {
                    const outcome = outcomeOf(answer, null, 'The visit could not be reinstated.');
                    setNotice(outcome.kind === 'conflict' || outcome.kind === 'failed' ? outcome.message : null);
                  })
                }
              >
                Reinstate the visit
              </Button>
            </div>
          ) : plannable ? (
            cancelling ? <CancelForm visit={row} onDone={() => setCancelling(false)} /> : <Button variant="secondary" onClick={() => setCancelling(true)}>Cancel the visit…</Button>
          ) : (
            <p className={styles.muted}>A visit that has started or is closed is corrected by a manager in the back office.</p>
          )}
        </Section>
      ) : null}
      <Section title="History">
        {logs.error ? <ErrorPanel title="The history could not be loaded" onRetry={() => void logs.refetch()}>{logs.error.message}</ErrorPanel> : null}
        {logs.data ? <HistoryTable rows={rowsOf(logs.data)} /> : logs.error ? null : <Loading label="Loading the history…" />}
        <p><Link to={`/app/visits/logs?visit_id=${row.id}`}>Search the history of all visits</Link></p>
      </Section>
    </div>
  );
}
