import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { api, Button, EmptyState, ErrorPanel, Loading, notify, useCan } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { DocumentView, type DocumentSummary } from '@hcm/kit/documents';
import { SelectField, TextField, useUnsavedChangesWarning, valibotResolver } from '@hcm/kit/forms';
import { REFEREE_RELATIONSHIPS, REFERENCE_REQUEST_STATES, ReferenceRequestSchema, type ReferenceRequestInput, type ReferenceRequestRow } from '../../contract/compliance';
import { carerDocument } from '../../contract/documents/index';
import type { StaffScreenProps } from '../record/types';
import { handleSaved, labelOf, optionsOf, Section, styles } from './common';
import { formatDateTime } from '@hcm/contract/format';

// The 'reference-form' tab: references asked for by email (sent, opened, answered or expired, with resend) and
// the references received (the referee's answers, kept as 'reference' documents on the file), read inline.

const requestsPath = (carerId: number) => `api/v1/carers/${carerId}/reference-requests`;
const documentsPath = (carerId: number) => `api/v1/carers/${carerId}/documents/reference`;

function RequestForm({ carerId, onDone }: { carerId: number; onDone: () => void }) {
  const form = useForm<ReferenceRequestInput>({ resolver: valibotResolver(ReferenceRequestSchema), defaultValues: { referee_name: '', referee_email: '', organisation: '', relationship: 'employer-care' } });
  const { leaveWithoutWarning } = useUnsavedChangesWarning(form.formState.isDirty);
  const send = useApiMutation<ReferenceRequestRow, ReferenceRequestInput>({ request: (values) => api.post<ReferenceRequestRow>(requestsPath(carerId), values), invalidates: [apiKey(requestsPath(carerId))] });
  const submit = form.handleSubmit(async () => {
    if (!handleSaved(await send.submit(form.getValues()), form, 'The request could not be sent.')) return;
    leaveWithoutWarning();
    onDone();
  });
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Ask a referee">
        <div className={styles.grid}>
          <TextField name="referee_name" label="Referee's name" autoComplete="off" />
          <TextField name="referee_email" label="Referee's email" type="email" autoComplete="off" />
          <TextField name="organisation" label="Organisation" />
          <SelectField name="relationship" label="How they know the carer" options={optionsOf(REFEREE_RELATIONSHIPS)} />
        </div>
        <p className={styles.muted}>The referee gets an email with a link to the reference form. It works once, for a limited time, without an account.</p>
        <div className={styles.actions}>
          <Button type="submit" disabled={form.formState.isSubmitting}>Send the request</Button>
          <Button variant="secondary" onClick={onDone}>Cancel</Button>
        </div>
      </form>
    </FormProvider>
  );
}

function stateWords(row: ReferenceRequestRow): string {
  const label = labelOf(REFERENCE_REQUEST_STATES, row.state);
  if (row.state === 'answered') return `${label} ${formatDateTime(row.answered_at) || '—'}`;
  if (row.state === 'opened') return `${label} (opened ${formatDateTime(row.opened_at) || '—'})`;
  if (row.state === 'expired') return `${label} ${formatDateTime(row.expires_at) || '—'}`;
  return `${label} (link works until ${formatDateTime(row.expires_at) || '—'})`;
}

export default function References({ ownerId, ownerName }: StaffScreenProps) {
  const can = useCan();
  const editable = can('carers.edit');
  const requests = useApiQuery<ReferenceRequestRow[]>(requestsPath(ownerId), undefined, { failure: 'The reference requests could not be loaded.' });
  const documents = useApiQuery<DocumentSummary[]>(documentsPath(ownerId), undefined, { failure: 'The references could not be loaded.' });
  const [adding, setAdding] = useState(false);
  const [reading, setReading] = useState<number | null>(null);
  const resend = useApiMutation<ReferenceRequestRow, number>({
    request: (id) => api.post<ReferenceRequestRow>(`${requestsPath(ownerId)}/${id}/resend`, {}),
    invalidates: [apiKey(requestsPath(ownerId))],
  });
  const spec = carerDocument('reference');
  const received = (documents.data ?? []).filter((document) => document.status !== 'archived');
  const active = received.filter((document) => document.status === 'active').length;
  return (
    <div className={styles.screen}>
      <div className={styles.head}>
        <h2>References</h2>
        {editable && !adding ? <Button onClick={() => setAdding(true)}>Ask a referee</Button> : null}
      </div>
      <p>
        {active} of 2 references received{active >= 2 ? ': enough for the file.' : '. Two are needed, one from the most recent employer in care work where there is one.'}
      </p>
      {adding ? <RequestForm carerId={ownerId} onDone={() => setAdding(false)} /> : null}

      <Section title="Requests sent">
        {requests.error ? (
          <ErrorPanel title="The requests could not be loaded" onRetry={() => void requests.refetch()}>{requests.error.message}</ErrorPanel>
        ) : !requests.data ? (
          <Loading label="Loading the requests…" />
        ) : requests.data.length ? (
          <table className={styles.table}>
            <caption className={styles.muted}>Reference requests for {ownerName}</caption>
            <thead>
              <tr><th scope="col">Referee</th><th scope="col">Sent</th><th scope="col">State</th><th scope="col"><span className={styles.muted}>Actions</span></th></tr>
            </thead>
            <tbody>
              {requests.data.map((row) => (
                <tr key={row.id}>
                  <td>{row.referee_name}{row.organisation ? `, ${row.organisation}` : ''}<br /><span className={styles.muted}>{row.referee_email} · {labelOf(REFEREE_RELATIONSHIPS, row.relationship)}</span></td>
                  <td>{formatDateTime(row.sent_at) || '—'}{row.sent_by ? ` by ${row.sent_by}` : ''}</td>
                  <td>{stateWords(row)}</td>
                  <td>
                    {row.state === 'answered' && row.document_id ? (
                      <Button variant="secondary" onClick={() => setReading(row.document_id)}>Read the reference from {row.referee_name}</Button>
                    ) : editable ? (
                      <Button
                        variant="secondary"
                        onClick={() =>
                          void resend.submit(row.id).then((answer) => notify({ type: answer.error ? 'danger' : 'success', message: answer.message || (answer.error ? 'The link could not be sent again.' : 'Sent again.') }))
                        }
                      >
                        Send {row.referee_name} a new link
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <EmptyState>No reference requests sent.</EmptyState>
        )}
      </Section>

      <Section title="References received">
        {documents.error ? (
          <ErrorPanel title="The references could not be loaded" onRetry={() => void documents.refetch()}>{documents.error.message}</ErrorPanel>
        ) : !documents.data ? (
          <Loading label="Loading the references…" />
        ) : received.length ? (
          <ul>
            {received.map((document) => (
              <li key={document.id}>
                Reference {document.id}, {document.status === 'active' ? 'received' : 'draft'} {formatDateTime(document.updated_at) || '—'}
                {document.updated_by ? ` (typed in by ${document.updated_by})` : ' (answered by the referee)'}{' '}
                <Button variant="secondary" onClick={() => setReading(reading === document.id ? null : document.id)}>
                  {reading === document.id ? `Close reference ${document.id}` : `Read reference ${document.id}`}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>No references received yet.</EmptyState>
        )}
        {reading !== null && spec ? <DocumentView spec={spec} basePath={`carers/${ownerId}/documents`} id={reading} ownerLabel={ownerName} /> : null}
      </Section>
    </div>
  );
}

