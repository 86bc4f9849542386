import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { api, Button, ErrorPanel, Loading, notify, useCan } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { applyServerErrors, TextAreaField, TextField, valibotResolver } from '@hcm/kit/forms';
import { CareCertificateStandardSchema, type CareCertificate, type CareCertificateStandard } from '../../contract/training';
import { carerPath, Section, styles } from './common';
import { formatDate } from '@hcm/contract/format';

// The Care Certificate on the carer's training tab: its 16 standards (Skills for Care, 2025), each with the day it
// was completed and the assessor who signed it off, and the certificate complete only when all 16 are. Recording a
// standard updates the certificate's training record (course CC) on the server.

type StandardForm = { completed_on: string; assessor: string; notes: string };

export const careCertificatePath = (carerId: number) => carerPath(carerId, 'care-certificate');

/** Keys to refresh after a standard is saved: the standards, the file's training, its stats and the matrix. */
const keysOf = (carerId: number) => [apiKey(careCertificatePath(carerId)), apiKey(carerPath(carerId, 'training')), apiKey(carerPath(carerId, 'training-stats')), apiKey('api/v1/carers/training-matrix')];

function EditStandard({ carerId, standard, onDone }: { carerId: number; standard: CareCertificateStandard; onDone: () => void }) {
  const form = useForm<StandardForm>({
    resolver: valibotResolver(CareCertificateStandardSchema),
    defaultValues: { completed_on: standard.completed_on ?? '', assessor: standard.assessor, notes: standard.notes },
  });
  const save = useApiMutation<CareCertificate, StandardForm>({
    request: (values) => api.put<CareCertificate>(carerPath(carerId, `care-certificate/standards/${standard.number}`), values),
    invalidates: keysOf(carerId),
  });
  const submit = async (values: StandardForm) => {
    const answer = await save.submit(values);
    if (answer.error) {
      applyServerErrors(form.setError, answer.errors);
      if (!answer.errors) notify({ type: 'danger', message: answer.message || 'The standard could not be saved.' });
      return;
    }
    notify({ type: 'success', message: answer.message || 'Saved.' });
    onDone();
  };
  const handleSave = form.handleSubmit(submit);
  const title = `Standard ${standard.number}: ${standard.name}`;
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void handleSave(event)} noValidate aria-label={title}>
        <h3>{title}</h3>
        <div className={styles.grid}>
          <TextField name="completed_on" label="Completed on" type="date" />
          <TextField name="assessor" label="Assessor" hint="Who observed and signed the standard off" />
        </div>
        <TextAreaField name="notes" label="Notes" rows={2} />
        <div className={styles.actions}>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            Save standard
          </Button>
          {standard.completed_on ? (
            <Button variant="secondary" onClick={() => void submit({ completed_on: '', assessor: '', notes: '' })}>
              Mark as not completed
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/** The Care Certificate's standards on a carer's file, each recorded or changed in place. */
export function CareCertificateSection({ carerId }: { carerId: number }) {
  const can = useCan();
  const [editing, setEditing] = useState<number | null>(null);
  const certificate = useApiQuery<CareCertificate>(careCertificatePath(carerId), undefined, { failure: 'The Care Certificate could not be loaded.' });
  if (certificate.isPending) return <Loading label="Loading the Care Certificate…" />;
  if (certificate.error) return <ErrorPanel title="The Care Certificate could not be loaded" onRetry={() => void certificate.refetch()}>{certificate.error.message}</ErrorPanel>;
  const data = certificate.data;
  const chosen = data.standards.find((standard) => standard.number === editing);
  return (
    <Section title="Care Certificate">
      <p>
        <strong>
          {data.complete
            ? `Complete: all ${data.total} standards, the last on ${formatDate(data.completed_on)}.`
            : `In progress: ${data.completed} of ${data.total} standards completed.`}
        </strong>{' '}
        <span className={styles.muted}>The certificate is complete only when every standard is completed and signed off by an assessor.</span>
      </p>
      <table className={styles.table}>
        <caption className={styles.muted}>The Care Certificate&apos;s {data.total} standards</caption>
        <thead>
          <tr>
            <th scope="col">Standard</th>
            <th scope="col">Completed on</th>
            <th scope="col">Assessor</th>
            {can('carers.edit') ? <th scope="col">Actions</th> : null}
          </tr>
        </thead>
        <tbody>
          {data.standards.map((standard) => (
            <tr key={standard.number}>
              <th scope="row">
                {standard.number}. {standard.name}
              </th>
              <td>{standard.completed_on ? formatDate(standard.completed_on) : 'Not yet'}</td>
              <td>{standard.assessor || '—'}</td>
              {can('carers.edit') ? (
                <td>
                  <Button variant="secondary" aria-label={`${standard.completed_on ? 'Change' : 'Record'} standard ${standard.number}, ${standard.name}`} onClick={() => setEditing(standard.number)}>
                    {standard.completed_on ? 'Change' : 'Record'}
                  </Button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {chosen ? <EditStandard key={chosen.number} carerId={carerId} standard={chosen} onDone={() => setEditing(null)} /> : null}
    </Section>
  );
}
