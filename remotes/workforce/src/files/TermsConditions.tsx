import { ukDate } from '@hcm/contract/time';
import { formatDate, formatDateTime } from '@hcm/contract/format';
import { FormProvider, useForm } from 'react-hook-form';
import { api, Button, EmptyState, ErrorPanel, Loading, useCan } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { SelectField, TextField, valibotResolver } from '@hcm/kit/forms';
import { TERMS_ACCEPTANCE_METHODS, TermsAcceptanceSchema, type CarerTermsView, type StaffTermsRow, type TermsAcceptanceRow } from '../../contract/files';
import type { StaffScreenProps } from '../record/types';
import { handleSaved, options, Section, staffPath, styles } from './common';

// term-conditions: the agency's current terms and conditions for carers, whether this carer has accepted them
// (when and how), a form to record an acceptance, and every version the carer has accepted.

const methodLabel = (value: string) => TERMS_ACCEPTANCE_METHODS.find((method) => method.value === value)?.label ?? value;

type AcceptForm = { terms_id: string; accepted_on: string; method: string };

function RecordAcceptance({ ownerId, terms }: { ownerId: number; terms: StaffTermsRow }) {
  const form = useForm<AcceptForm>({ resolver: valibotResolver(TermsAcceptanceSchema), defaultValues: { terms_id: String(terms.id), accepted_on: ukDate(), method: 'in-person' } });
  const accept = useApiMutation<TermsAcceptanceRow, AcceptForm>({ request: (values) => api.post<TermsAcceptanceRow>(staffPath('carers', ownerId, 'terms'), values), invalidates: [apiKey(staffPath('carers', ownerId, 'terms'))] });
  const handleAccept = form.handleSubmit(async () => {
    handleSaved(await accept.submit(form.getValues()), form, 'The acceptance could not be recorded.');
  });
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void handleAccept(event)} noValidate aria-label="Record acceptance">
        <h3>Record acceptance of version {terms.version}</h3>
        <div className={styles.grid}>
          <TextField name="accepted_on" label="Date accepted" type="date" />
          <SelectField name="method" label="How" options={options(TERMS_ACCEPTANCE_METHODS)} />
        </div>
        <div className={styles.actions}>
          <Button type="submit" disabled={form.formState.isSubmitting}>Record acceptance</Button>
        </div>
      </form>
    </FormProvider>
  );
}

export default function TermsConditions({ owner, ownerId, ownerName }: StaffScreenProps) {
  const can = useCan();
  const view = useApiQuery<CarerTermsView>(staffPath(owner, ownerId, 'terms'), undefined, { failure: 'The terms could not be loaded.' });
  if (view.error) return <ErrorPanel title="The terms and conditions could not be loaded" onRetry={() => void view.refetch()}>{view.error.message}</ErrorPanel>;
  if (!view.data) return <Loading label="Loading the terms and conditions…" />;
  const { current, accepted, history } = view.data;
  return (
    <div className={styles.screen}>
      <Section title="Terms and conditions">
        {current ? (
          <>
            <h3>
              {current.title} <span className={styles.badge}>Version {current.version}, published {formatDate(current.published_at.slice(0, 10))}</span>
            </h3>
            <p className={accepted ? undefined : styles.warning} role="status">
              {accepted
                ? `Accepted by ${ownerName} on ${formatDate(accepted.accepted_on)} (${methodLabel(accepted.method).toLowerCase()}), recorded by ${accepted.recorded_by_name}.`
                : `Not accepted yet: ${ownerName} has not accepted version ${current.version}.`}
            </p>
            <details>
              <summary>Read the terms</summary>
              <p className={styles.terms}>{current.body}</p>
            </details>
            {!accepted && can('carers.edit') ? <RecordAcceptance ownerId={ownerId} terms={current} /> : null}
          </>
        ) : (
          <EmptyState>The agency has published no terms and conditions yet.</EmptyState>
        )}
      </Section>
      <Section title="Acceptance history">
        {history.length ? (
          <table>
            <caption className={styles.muted}>Versions {ownerName} has accepted, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">Accepted on</th>
                <th scope="col">How</th>
                <th scope="col">Recorded</th>
              </tr>
            </thead>
            <tbody>
              {history.map((row) => (
                <tr key={row.id}>
                  <td>Version {row.version}: {row.title}</td>
                  <td>{formatDate(row.accepted_on)}</td>
                  <td>{methodLabel(row.method)}</td>
                  <td>{formatDateTime(row.recorded_at)} by {row.recorded_by_name}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <EmptyState>No acceptance recorded.</EmptyState>
        )}
      </Section>
    </div>
  );
}
