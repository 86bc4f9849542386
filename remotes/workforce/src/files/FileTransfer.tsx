import { ukDate } from '@hcm/contract/time';
import { formatDate, formatDateTime } from '@hcm/contract/format';
import { FormProvider, useForm } from 'react-hook-form';
import { api, Button, EmptyState, ErrorPanel, Loading, useCan } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { SelectField, TextAreaField, TextField, valibotResolver } from '@hcm/kit/forms';
import { CarerTransferSchema, type CarerTransferRow, type CarerTransfers } from '../../contract/files';
import type { StaffScreenProps } from '../record/types';
import { handleSaved, Section, staffPath, styles } from './common';

// file-transfer: move a carer to another branch (one the user also works in), with the date it takes effect and
// why; the carer's sign-in account moves with them. The moves so far are listed, newest first.

type TransferForm = { to_branch_id: string; effective_on: string; reason: string };

function TransferCarer({ ownerId, ownerName, data }: { ownerId: number; ownerName: string; data: CarerTransfers }) {
  const form = useForm<TransferForm>({ resolver: valibotResolver(CarerTransferSchema), defaultValues: { to_branch_id: '', effective_on: ukDate(), reason: '' } });
  const move = useApiMutation<CarerTransferRow, TransferForm>({
    request: (values) => api.post<CarerTransferRow>(staffPath('carers', ownerId, 'transfers'), values),
    invalidates: [apiKey(staffPath('carers', ownerId, 'transfers')), apiKey(`api/v1/carers/${ownerId}/summary`)],
  });
  const handleMove = form.handleSubmit(async () => {
    if (handleSaved(await move.submit(form.getValues()), form, 'The carer could not be moved.')) form.reset({ to_branch_id: '', effective_on: ukDate(), reason: '' });
  });
  if (!data.choices.length) {
    return <EmptyState>You work in no other branch, so you cannot move {ownerName}. Someone who works in both branches can.</EmptyState>;
  }
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void handleMove(event)} noValidate aria-label="Move to another branch">
        <h3>Move to another branch</h3>
        <SelectField name="to_branch_id" label="Move to" options={[{ value: '', label: 'Choose a branch' }, ...data.choices.map((branch) => ({ value: String(branch.id), label: branch.name }))]} hint="Only branches you work in are listed." />
        <TextField name="effective_on" label="Effective date" type="date" />
        <TextAreaField name="reason" label="Reason" rows={3} />
        <p className={styles.muted}>Their visits in {data.branch.name} are not moved: hand them over on the rota.</p>
        <div className={styles.actions}>
          <Button type="submit" disabled={form.formState.isSubmitting}>Move {ownerName}</Button>
        </div>
      </form>
    </FormProvider>
  );
}

export default function FileTransfer({ owner, ownerId, ownerName }: StaffScreenProps) {
  const can = useCan();
  const transfers = useApiQuery<CarerTransfers>(staffPath(owner, ownerId, 'transfers'), undefined, { failure: 'The branch transfers could not be loaded.' });
  if (transfers.error) return <ErrorPanel title="The branch transfers could not be loaded" onRetry={() => void transfers.refetch()}>{transfers.error.message}</ErrorPanel>;
  if (!transfers.data) return <Loading label="Loading the branch transfers…" />;
  const data = transfers.data;
  return (
    <div className={styles.screen}>
      <Section title="Branch transfer">
        <dl className={styles.facts}>
          <dt>Branch now</dt>
          <dd>{data.branch.name}</dd>
        </dl>
        {can('carers.edit') ? <TransferCarer ownerId={ownerId} ownerName={ownerName} data={data} /> : null}
      </Section>
      <Section title="Transfers so far">
        {data.history.length ? (
          <table>
            <caption className={styles.muted}>Branch transfers of {ownerName}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Effective</th>
                <th scope="col">From</th>
                <th scope="col">To</th>
                <th scope="col">Reason</th>
                <th scope="col">Recorded</th>
              </tr>
            </thead>
            <tbody>
              {data.history.map((transfer) => (
                <tr key={transfer.id}>
                  <td>{formatDate(transfer.effective_on)}</td>
                  <td>{transfer.from_branch}</td>
                  <td>{transfer.to_branch}</td>
                  <td>{transfer.reason}</td>
                  <td>{formatDateTime(transfer.recorded_at)} by {transfer.recorded_by_name}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <EmptyState>{ownerName} has always worked in {data.branch.name}.</EmptyState>
        )}
      </Section>
    </div>
  );
}
