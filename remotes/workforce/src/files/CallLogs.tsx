import { ukDate, ukTime } from '@hcm/contract/time';
import { formatDate, formatDateTime } from '@hcm/contract/format';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { Page } from '@hcm/contract';
import { api, Button, useCan } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { CheckboxField, SelectField, TextAreaField, TextField, valibotResolver } from '@hcm/kit/forms';
import { ListTable, type Column } from '@hcm/kit/table';
import { STAFF_CALL_DIRECTIONS, StaffCallLogSchema, StaffFollowUpDoneSchema, type StaffCallLogRow } from '../../contract/files';
import type { StaffOwner, StaffScreenProps } from '../record/types';
import { editPermission, handleSaved, options, Section, staffPath, styles } from './common';

// call-logs: phone calls with the carer or office employee, newest first, with their follow-ups (open ones can be
// listed alone), a form to log a call, and "Mark done" with what was done.

type Place = { owner: StaffOwner; ownerId: number };

function FollowUpDone({ owner, ownerId, call }: Place & { call: StaffCallLogRow }) {
  const [open, setOpen] = useState(false);
  const form = useForm<{ outcome: string }>({ resolver: valibotResolver(StaffFollowUpDoneSchema), defaultValues: { outcome: '' } });
  const done = useApiMutation<StaffCallLogRow, { outcome: string }>({
    request: (values) => api.post<StaffCallLogRow>(staffPath(owner, ownerId, `call-logs/${call.id}/follow-up`), values),
    invalidates: [apiKey(staffPath(owner, ownerId, 'call-logs'))],
  });
  if (!open) return <Button variant="secondary" onClick={() => setOpen(true)}>Mark the follow-up of “{call.subject}” done</Button>;
  const handleSubmit = form.handleSubmit(async () => {
    if (handleSaved(await done.submit(form.getValues()), form, 'The follow-up could not be saved.')) setOpen(false);
  });
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void handleSubmit(event)} noValidate aria-label={`Follow-up of “${call.subject}”`}>
        <TextAreaField name="outcome" label="What was done (optional)" rows={2} />
        <div className={styles.actions}>
          <Button type="submit">Mark done</Button>
          <Button variant="secondary" onClick={() => setOpen(false)}>Cancel</Button>
        </div>
      </form>
    </FormProvider>
  );
}

type CallForm = { call_date: string; call_time: string; direction: string; with_name: string; subject: string; notes: string; follow_up_needed: boolean; follow_up_due: string };

function LogCall({ owner, ownerId, ownerName, onDone }: Place & { ownerName: string; onDone: () => void }) {
  const form = useForm<CallForm>({
    resolver: valibotResolver(StaffCallLogSchema),
    defaultValues: { call_date: ukDate(), call_time: ukTime(), direction: 'out', with_name: ownerName, subject: '', notes: '', follow_up_needed: false, follow_up_due: '' },
  });
  const save = useApiMutation<StaffCallLogRow, CallForm>({ request: (values) => api.post<StaffCallLogRow>(staffPath(owner, ownerId, 'call-logs'), values), invalidates: [apiKey(staffPath(owner, ownerId, 'call-logs'))] });
  const followUp = form.watch('follow_up_needed');
  const handleSave = form.handleSubmit(async () => {
    if (handleSaved(await save.submit(form.getValues()), form, 'The call could not be saved.')) onDone();
  });
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void handleSave(event)} noValidate aria-label="Log a call">
        <h3>Log a call</h3>
        <div className={styles.grid}>
          <TextField name="call_date" label="Date of the call" type="date" />
          <TextField name="call_time" label="Time of the call" type="time" />
          <SelectField name="direction" label="Direction" options={options(STAFF_CALL_DIRECTIONS)} />
          <TextField name="with_name" label="Who was on the call" hint="The person, or who called for them." />
        </div>
        <TextField name="subject" label="Subject" />
        <TextAreaField name="notes" label="Notes" rows={4} />
        <CheckboxField name="follow_up_needed" label="Needs a follow-up" />
        {followUp ? <TextField name="follow_up_due" label="Follow-up due" type="date" /> : null}
        <div className={styles.actions}>
          <Button type="submit" disabled={form.formState.isSubmitting}>Save call</Button>
          <Button variant="secondary" onClick={onDone}>Cancel</Button>
        </div>
      </form>
    </FormProvider>
  );
}

export default function CallLogs({ owner, ownerId, ownerName }: StaffScreenProps) {
  const can = useCan();
  const canEdit = can(editPermission(owner));
  const [adding, setAdding] = useState(false);
  const [openOnly, setOpenOnly] = useState(false);
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const list = useApiQuery<Page<StaffCallLogRow>>(staffPath(owner, ownerId, 'call-logs'), { open: openOnly ? 1 : '', page: paging.page, page_size: paging.pageSize }, { failure: 'The call log could not be loaded.', keepPrevious: true });
  const columns: Column<StaffCallLogRow>[] = [
    { key: 'called_at', label: 'When', render: (call) => `${formatDateTime(call.called_at)} (${call.direction === 'in' ? 'incoming' : 'outgoing'})` },
    { key: 'with_name', label: 'With' },
    { key: 'subject', label: 'Subject and notes', render: (call) => (<><strong>{call.subject}</strong><p>{call.notes}</p></>) },
    { key: 'recorded_by_name', label: 'Logged by' },
    {
      key: 'follow_up',
      label: 'Follow-up',
      render: (call) =>
        !call.follow_up_needed ? 'None needed' : call.follow_up_done_at ? (
          <>Done {formatDateTime(call.follow_up_done_at)} by {call.follow_up_done_by_name}{call.follow_up_outcome ? `: ${call.follow_up_outcome}` : ''}</>
        ) : (
          <>
            <p className={call.follow_up_overdue ? styles.warning : undefined}>
              Due {formatDate(call.follow_up_due)}{call.follow_up_overdue ? ' (overdue)' : ''}
            </p>
            {canEdit ? <FollowUpDone owner={owner} ownerId={ownerId} call={call} /> : null}
          </>
        ),
    },
  ];
  return (
    <div className={styles.screen}>
      <Section title="Call logs" actions={canEdit && !adding ? <Button onClick={() => setAdding(true)}>Log a call</Button> : null}>
        {adding ? <LogCall owner={owner} ownerId={ownerId} ownerName={ownerName} onDone={() => setAdding(false)} /> : null}
        <label>
          <input type="checkbox" checked={openOnly} onChange={(event) => { setOpenOnly(event.target.checked); setPaging((now) => ({ ...now, page: 1 })); }} /> Open follow-ups only
        </label>
        <ListTable caption={`Calls with ${ownerName}`} columns={columns} page={list.data ?? null} loading={list.isFetching} error={list.error?.message ?? null}
          onSort={() => undefined} onPage={(page) => setPaging((now) => ({ ...now, page }))} onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
          onRetry={() => void list.refetch()} rowKey={(call) => call.id} empty="No calls logged." />
      </Section>
    </div>
  );
}
