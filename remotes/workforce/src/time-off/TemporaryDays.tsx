import { ukDate } from '@hcm/contract/time';
import { formatDateTime } from '@hcm/contract/format';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { api, Button, ErrorPanel, Loading, NotFound, useCan } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { CheckboxField, TextField, useUnsavedChangesWarning, valibotResolver } from '@hcm/kit/forms';
import { ButtonLink } from '@hcm/kit/routing';
import { ListTable, type Column } from '@hcm/kit/table';
import { TemporaryChangeSchema, type CarerAvailability, type TemporaryChange } from '../../contract/time-off';
import type { StaffScreenProps } from '../record/types';
import { handleSaved, period, Section, staffPath, styles, wholePage } from './common';

// duty-temporary-days: dated changes to the carer's duty days (exams, childcare, extra cover), available with time
// windows or not available, each with its reason. The latest change covering a day wins over the pattern.

type ChangeForm = { from_date: string; to_date: string; available: boolean; windows: { from: string; to: string }[]; reason: string };

function ChangeList({ ownerId }: { ownerId: number }) {
  const can = useCan();
  const path = staffPath('carers', ownerId, 'availability');
  const data = useApiQuery<CarerAvailability>(path, undefined, { failure: 'The temporary changes could not be loaded.' });
  const remove = useApiMutation<null, number>({ request: (id) => api.delete<null>(`${path}/temporary/${id}`), invalidates: [apiKey(path)] });
  const columns: Column<TemporaryChange>[] = [
    { key: 'period', label: 'When', render: (row) => (can('carers.edit') ? <Link to={String(row.id)}>{period(row.from_date, row.to_date)}</Link> : period(row.from_date, row.to_date)) },
    { key: 'available', label: 'Change', render: (row) => (row.available ? `Available ${row.windows.map((w) => `${w.from}–${w.to}`).join(', ')}` : 'Not available') },
    { key: 'reason', label: 'Reason' },
    { key: 'created', label: 'Recorded', render: (row) => `${formatDateTime(row.created_at)}${row.created_by_name ? ` by ${row.created_by_name}` : ''}` },
    {
      key: 'actions',
      label: 'Actions',
      render: (row) =>
        can('carers.edit') ? (
          <Button variant="secondary" onClick={() => { if (window.confirm('Remove this temporary change?')) void remove.submit(row.id).then((answer) => handleSaved(answer, null, 'The change could not be removed.')); }}>
            Remove change of {period(row.from_date, row.to_date)}
          </Button>
        ) : null,
    },
  ];
  return (
    <Section title="Temporary changes" actions={can('carers.edit') ? <ButtonLink to="add">Add a temporary change</ButtonLink> : null}>
      <ListTable caption="Temporary changes to duty days" columns={columns} page={data.data ? wholePage(data.data.temporary) : null} loading={data.isFetching} error={data.error?.message ?? null}
        onSort={() => undefined} onPage={() => undefined} onPageSize={() => undefined} onRetry={() => void data.refetch()} rowKey={(row) => row.id} empty="No temporary changes." />
    </Section>
  );
}

function ChangeEditor({ ownerId, change }: { ownerId: number; change: TemporaryChange | null }) {
  const navigate = useNavigate();
  const path = staffPath('carers', ownerId, 'availability');
  const form = useForm<ChangeForm>({
    resolver: valibotResolver(TemporaryChangeSchema),
    defaultValues: change ? { from_date: change.from_date, to_date: change.to_date, available: change.available, windows: change.windows, reason: change.reason } : { from_date: ukDate(), to_date: ukDate(), available: false, windows: [], reason: '' },
  });
  const windows = useFieldArray({ control: form.control, name: 'windows' });
  const { leaveWithoutWarning } = useUnsavedChangesWarning(form.formState.isDirty);
  const save = useApiMutation<TemporaryChange, ChangeForm>({
    request: (values) => (change ? api.put<TemporaryChange>(`${path}/temporary/${change.id}`, values) : api.post<TemporaryChange>(`${path}/temporary`, values)),
    invalidates: [apiKey(path)],
  });
  const available = form.watch('available');
  const handleSave = form.handleSubmit(async () => {
    if (!handleSaved(await save.submit(form.getValues()), form, 'The change could not be saved.')) return;
    leaveWithoutWarning();
    navigate('..');
  });
  return (
    <Section title={change ? 'Change a temporary change' : 'Add a temporary change'}>
      <FormProvider {...form}>
        <form className={styles.form} onSubmit={(event) => void handleSave(event)} noValidate aria-label="Temporary change">
          <div className={styles.grid}>
            <TextField name="from_date" label="From" type="date" />
            <TextField name="to_date" label="To" type="date" />
          </div>
          <CheckboxField name="available" label="Available in this period (otherwise not available)" />
          {available ? (
            <>
              {windows.fields.map((field, position) => (
                <div className={styles.window} key={field.id}>
                  <TextField name={`windows.${position}.from`} label={`Window ${position + 1} from`} type="time" />
                  <TextField name={`windows.${position}.to`} label={`Window ${position + 1} to`} type="time" />
                  <Button variant="secondary" onClick={() => windows.remove(position)}>Remove window {position + 1}</Button>
                </div>
              ))}
              <div className={styles.actions}>
                <Button variant="secondary" onClick={() => windows.append({ from: '08:00', to: '14:00' })}>Add a time window</Button>
              </div>
              {form.formState.errors.windows?.message ? <p role="alert">{form.formState.errors.windows.message}</p> : null}
            </>
          ) : null}
          <TextField name="reason" label="Reason" />
          <div className={styles.actions}>
            <Button type="submit" disabled={form.formState.isSubmitting}>Save change</Button>
            <ButtonLink to=".." variant="secondary">Cancel</ButtonLink>
          </div>
        </form>
      </FormProvider>
    </Section>
  );
}

function EditChange({ ownerId }: { ownerId: number }) {
  const { changeId } = useParams();
  const data = useApiQuery<CarerAvailability>(staffPath('carers', ownerId, 'availability'));
  if (data.error) return <ErrorPanel title="The change could not be loaded" onRetry={() => void data.refetch()}>{data.error.message}</ErrorPanel>;
  if (!data.data) return <Loading />;
  const change = data.data.temporary.find((entry) => String(entry.id) === changeId);
  return change ? <ChangeEditor ownerId={ownerId} change={change} /> : <NotFound />;
}

export default function TemporaryDays({ owner, ownerId }: StaffScreenProps) {
  if (owner !== 'carers') return <Section title="Temporary changes"><p>Temporary changes are kept for carers only.</p></Section>;
  return (
    <div className={styles.screen}>
      <Routes>
        <Route index element={<ChangeList ownerId={ownerId} />} />
        <Route path="add" element={<ChangeEditor ownerId={ownerId} change={null} />} />
        <Route path=":changeId" element={<EditChange ownerId={ownerId} />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
