import { ukDate } from '@hcm/contract/time';
import { formatDate, formatMoney } from '@hcm/contract/format';
import { useId, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { Page } from '@hcm/contract';
import { api, Button, toFormData, uploadWithProgress, useCan } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { UploadProgress } from '@hcm/kit/elements';
import { CheckboxField, SelectField, TextAreaField, TextField, valibotResolver } from '@hcm/kit/forms';
import { ListTable, type Column } from '@hcm/kit/table';
import {
  MONEY_TYPE_LABELS,
  MONEY_TYPES,
  MoneyEntrySchema,
  MoneyReversalSchema,
  UPLOAD_ACCEPT,
  uploadFileProblem,
  type MoneyEntryRow,
  type UploadRow,
} from '../../contract';
import { clientPath, handleSaved, options, Section, styles } from './common';

// financial-transaction: money carers handle for the client, each entry with the balance after it. Entries are
// never changed: a mistake is reversed with a reason. A spend carries its receipt (uploaded to the client's
// files) or says why there is none; a balance below zero needs a reason and is flagged.

type MoneyList = Page<MoneyEntryRow> & { balance_pence: number };

function Reverse({ clientId, entry }: { clientId: number; entry: MoneyEntryRow }) {
  const [open, setOpen] = useState(false);
  const form = useForm<{ reason: string }>({ resolver: valibotResolver(MoneyReversalSchema), defaultValues: { reason: '' } });
  const reverse = useApiMutation<MoneyEntryRow, { reason: string }>({
    request: (values) => api.post<MoneyEntryRow>(clientPath(clientId, `money/${entry.id}/reverse`), values),
    invalidates: [apiKey(clientPath(clientId, 'money'))],
  });
  if (!open) return <Button variant="secondary" onClick={() => setOpen(true)}>Reverse entry {entry.id}</Button>;
  const handleSave = form.handleSubmit(async () => {
    if (handleSaved(await reverse.submit(form.getValues()), form, 'The entry could not be reversed.')) setOpen(false);
  });
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void handleSave(event)} noValidate aria-label={`Reverse entry ${entry.id}`}>
        <TextAreaField name="reason" label="Reason for the reversal" rows={2} />
        <div className={styles.actions}>
          <Button type="submit">Reverse</Button>
          <Button variant="secondary" onClick={() => setOpen(false)}>Cancel</Button>
        </div>
      </form>
    </FormProvider>
  );
}

type EntryForm = {
  transaction_date: string; type: string; amount: string; description: string; receipt_upload_id: string; no_receipt_reason: string;
  handled_by: string; witnessed_by: string; consent_confirmed: boolean; negative_reason: string;
};

function NewEntry({ clientId, onDone }: { clientId: number; onDone: () => void }) {
  const fileId = useId();
  const [receipt, setReceipt] = useState<UploadRow | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [fileError, setFileError] = useState('');
  const form = useForm<EntryForm>({
    resolver: valibotResolver(MoneyEntrySchema),
    defaultValues: { transaction_date: ukDate(), type: '', amount: '', description: '', receipt_upload_id: '', no_receipt_reason: '', handled_by: '', witnessed_by: '', consent_confirmed: false, negative_reason: '' },
  });
  const save = useApiMutation<MoneyEntryRow, EntryForm>({ request: (values) => api.post<MoneyEntryRow>(clientPath(clientId, 'money'), values), invalidates: [apiKey(clientPath(clientId, 'money'))] });
  const type = form.watch('type');

  const handleReceipt = async (file: File | undefined) => {
    setFileError('');
    const problem = uploadFileProblem(file);
    if (problem || !file) {
      setFileError(problem ?? 'Choose a file.');
      return;
    }
    setProgress(0);
    const answer = await uploadWithProgress<UploadRow>(clientPath(clientId, 'uploads/receipts'), toFormData({ file, title: `Receipt: ${file.name}` }), { onProgress: ({ percent }) => setProgress(percent) });
    setProgress(null);
    if (answer.error || !answer.data) {
      setFileError(answer.errors?.file?.[0] ?? answer.message);
      return;
    }
    setReceipt(answer.data);
    form.setValue('receipt_upload_id', String(answer.data.id));
  };

  const handleSave = form.handleSubmit(async () => {
    if (handleSaved(await save.submit(form.getValues()), form, 'The entry could not be saved.')) onDone();
  });
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void handleSave(event)} noValidate aria-label="Record money handled">
        <div className={styles.grid}>
          <TextField name="transaction_date" label="Date" type="date" />
          <SelectField name="type" label="What happened" options={options(MONEY_TYPES, 'Choose')} />
          <TextField name="amount" label="Amount (£)" inputMode="decimal" hint="Pounds and pence, like 23.40" />
        </div>
        <TextField name="description" label="What for" />
        <div className={styles.grid}>
          <TextField name="handled_by" label="Carer who handled it" />
          <TextField name="witnessed_by" label="Witnessed by" hint={type === 'withdrawal' ? 'Required for a withdrawal.' : undefined} />
        </div>
        {type === 'withdrawal' ? (
          <>
            <CheckboxField name="consent_confirmed" label="The client (or their attorney) agreed to this withdrawal" />
            {/* The kit's checkbox shows no message of its own. */}
            {form.formState.errors.consent_confirmed ? <p className={styles.error} role="alert">{form.formState.errors.consent_confirmed.message}</p> : null}
          </>
        ) : null}
        {type === 'spent' ? (
          <div className={styles.form}>
            <label htmlFor={fileId}>Receipt (photo or scan)</label>
            <input id={fileId} type="file" accept={UPLOAD_ACCEPT} onChange={(event) => void handleReceipt(event.target.files?.[0])} aria-describedby={fileError ? `${fileId}-error` : undefined} />
            {progress !== null ? <UploadProgress label="Uploading the receipt" percent={progress} /> : null}
            {receipt ? <p role="status">Receipt attached: {receipt.title}</p> : null}
            {fileError ? <p id={`${fileId}-error`} className={styles.error} role="alert">{fileError}</p> : null}
            {!receipt ? <TextField name="no_receipt_reason" label="Why there is no receipt" /> : null}
          </div>
        ) : null}
        <TextField name="negative_reason" label="Why the balance goes below zero" hint="Only if it does: the entry is then flagged to the office." />
        <div className={styles.actions}>
          <Button type="submit" disabled={form.formState.isSubmitting || progress !== null}>Save entry</Button>
          <Button variant="secondary" onClick={onDone}>Cancel</Button>
        </div>
      </form>
    </FormProvider>
  );
}

export default function MoneyHandled({ clientId }: { clientId: number }) {
  const can = useCan();
  const [adding, setAdding] = useState(false);
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const list = useApiQuery<MoneyList>(clientPath(clientId, 'money'), { page: paging.page, page_size: paging.pageSize }, { failure: 'The money records could not be loaded.', keepPrevious: true });
  const columns: Column<MoneyEntryRow>[] = [
    { key: 'transaction_date', label: 'Date', render: (entry) => formatDate(entry.transaction_date) },
    {
      key: 'type',
      label: 'Entry',
      render: (entry) => (
        <>
          <strong>{MONEY_TYPE_LABELS[entry.type] ?? entry.type}</strong>
          {entry.reversed_by_id ? <span className={styles.badge}>Reversed</span> : null}
          <p>{entry.description}</p>
          {entry.reversal_reason ? <p className={styles.muted}>Reason: {entry.reversal_reason}</p> : null}
        </>
      ),
    },
    { key: 'change_pence', label: 'In / out', align: 'end', render: (entry) => <span className={styles.number}>{entry.change_pence > 0 ? '+' : ''}{formatMoney(entry.change_pence)}</span> },
    {
      key: 'balance_after_pence',
      label: 'Balance',
      align: 'end',
      render: (entry) => (
        <span className={entry.negative_flag ? styles.negative : styles.number}>
          {formatMoney(entry.balance_after_pence)}
          {entry.negative_flag ? ` (below zero: ${entry.negative_reason})` : ''}
        </span>
      ),
    },
    { key: 'receipt', label: 'Receipt', render: (entry) => (entry.receipt_upload_id ? entry.receipt_title : entry.type === 'spent' ? `None: ${entry.no_receipt_reason}` : '—') },
    { key: 'handled_by', label: 'Handled by', render: (entry) => `${entry.handled_by}${entry.witnessed_by ? `, witnessed by ${entry.witnessed_by}` : ''}` },
    ...(can('clients.edit') ? [{ key: 'actions', label: 'Actions', render: (entry: MoneyEntryRow) => (entry.type !== 'reversal' && !entry.reversed_by_id ? <Reverse clientId={clientId} entry={entry} /> : null) }] : []),
  ];
  return (
    <div className={styles.screen}>
      <Section title="Money handled for the client" actions={can('clients.edit') && !adding ? <Button onClick={() => setAdding(true)}>Record money</Button> : null}>
        <p role="status">
          Cash held now: <strong>{list.data ? formatMoney(list.data.balance_pence) : '…'}</strong>
        </p>
        {adding ? <NewEntry clientId={clientId} onDone={() => setAdding(false)} /> : null}
        <ListTable caption="Money entries, newest first" columns={columns} page={list.data ?? null} loading={list.isFetching} error={list.error?.message ?? null}
          onSort={() => undefined} onPage={(page) => setPaging((now) => ({ ...now, page }))} onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
          onRetry={() => void list.refetch()} rowKey={(entry) => entry.id} empty="No money handled yet." />
      </Section>
    </div>
  );
}
