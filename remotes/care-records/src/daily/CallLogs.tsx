import { ukDate, ukTime } from '@hcm/contract/time';
import { formatDate, formatDateTime } from '@hcm/contract/format';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Route, Routes, useNavigate } from 'react-router-dom';
import type { Page } from '@hcm/contract';
import { api, Button, useCan } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { CheckboxField, SelectField, TextAreaField, TextField, useUnsavedChangesWarning, valibotResolver } from '@hcm/kit/forms';
import { ButtonLink } from '@hcm/kit/routing';
import { ListTable, type Column } from '@hcm/kit/table';
import { CALL_DIRECTIONS, CallLogSchema, FollowUpDoneSchema, type CallLogRow, type ClientContactChoice } from '../../contract';
import { clientPath, handleSaved, options, Section, styles } from './common';

// call-logs: phone calls to and from the office about the client, with their follow-ups (open ones first to act
// on), a form to log a call, and "Mark done" with what was done.

function FollowUpDone({ clientId, call }: { clientId: number; call: CallLogRow }) {
  const [open, setOpen] = useState(false);
  const form = useForm<{ outcome: string }>({ resolver: valibotResolver(FollowUpDoneSchema), defaultValues: { outcome: '' } });
  const done = useApiMutation<CallLogRow, { outcome: string }>({
    request: (values) => api.post<CallLogRow>(clientPath(clientId, `call-logs/${call.id}/follow-up`), values),
    invalidates: [apiKey(clientPath(clientId, 'call-logs'))],
  });
  if (!open) return <Button variant="secondary" onClick={() => setOpen(true)}>Mark follow-up {call.id} done</Button>;
  const handleSubmit = form.handleSubmit(async () => {
    if (handleSaved(await done.submit(form.getValues()), form, 'The follow-up could not be saved.')) setOpen(false);
  });
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void handleSubmit(event)} noValidate aria-label={`Follow-up of call ${call.id}`}>
        <TextAreaField name="outcome" label="What was done" rows={2} />
        <div className={styles.actions}>
          <Button type="submit">Save</Button>
          <Button variant="secondary" onClick={() => setOpen(false)}>Cancel</Button>
        </div>
      </form>
    </FormProvider>
  );
}

function CallList({ clientId }: { clientId: number }) {
  const can = useCan();
  const [openOnly, setOpenOnly] = useState(false);
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const list = useApiQuery<Page<CallLogRow>>(clientPath(clientId, 'call-logs'), { open: openOnly ? 1 : '', page: paging.page, page_size: paging.pageSize }, { failure: 'The call log could not be loaded.', keepPrevious: true });
  const columns: Column<CallLogRow>[] = [
    { key: 'called_at', label: 'When', render: (call) => `${formatDateTime(call.called_at)} (${call.direction === 'in' ? 'in' : 'out'})` },
    { key: 'with_name', label: 'With', render: (call) => `${call.with_name}${call.with_relationship ? ` (${call.with_relationship})` : ''}` },
    { key: 'subject', label: 'About', render: (call) => (<><strong>{call.subject}</strong><p>{call.summary}</p></>) },
    { key: 'recorded_by_name', label: 'Logged by' },
    {
      key: 'follow_up',
      label: 'Follow-up',
      render: (call) =>
        !call.follow_up_needed ? 'None needed' : call.follow_up_done_at ? (
          <>Done {formatDateTime(call.follow_up_done_at)} by {call.follow_up_done_by_name}: {call.follow_up_outcome}</>
        ) : (
          <>
            <p className={call.follow_up_overdue ? styles.concern : undefined}>
              {call.follow_up_action} — due {formatDate(call.follow_up_due)}{call.follow_up_overdue ? ' (overdue)' : ''}
            </p>
            {can('clients.edit') ? <FollowUpDone clientId={clientId} call={call} /> : null}
          </>
        ),
    },
  ];
  return (
    <Section title="Call log" actions={can('clients.edit') ? <ButtonLink to="add">Log a call</ButtonLink> : null}>
      <label>
        <input type="checkbox" checked={openOnly} onChange={(event) => { setOpenOnly(event.target.checked); setPaging((now) => ({ ...now, page: 1 })); }} /> Open follow-ups only
      </label>
      <ListTable caption="Calls about the client" columns={columns} page={list.data ?? null} loading={list.isFetching} error={list.error?.message ?? null}
        onSort={() => undefined} onPage={(page) => setPaging((now) => ({ ...now, page }))} onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
        onRetry={() => void list.refetch()} rowKey={(call) => call.id} empty="No calls logged." />
    </Section>
  );
}

type CallForm = { call_date: string; call_time: string; direction: string; contact_id: string; caller_name: string; subject: string; summary: string; follow_up_needed: boolean; follow_up_action: string; follow_up_due: string };

function LogCall({ clientId }: { clientId: number }) {
  const navigate = useNavigate();
  const contacts = useApiQuery<ClientContactChoice[]>(clientPath(clientId, 'call-logs/contacts'));
  const form = useForm<CallForm>({
    resolver: valibotResolver(CallLogSchema),
    defaultValues: { call_date: ukDate(), call_time: ukTime(), direction: 'in', contact_id: '', caller_name: '', subject: '', summary: '', follow_up_needed: false, follow_up_action: '', follow_up_due: '' },
  });
  const { leaveWithoutWarning } = useUnsavedChangesWarning(form.formState.isDirty);
  const save = useApiMutation<CallLogRow, CallForm>({ request: (values) => api.post<CallLogRow>(clientPath(clientId, 'call-logs'), values), invalidates: [apiKey(clientPath(clientId, 'call-logs'))] });
  const contactId = form.watch('contact_id');
  const followUp = form.watch('follow_up_needed');
  const handleSave = form.handleSubmit(async () => {
    if (!handleSaved(await save.submit(form.getValues()), form, 'The call could not be saved.')) return;
    leaveWithoutWarning();
    navigate('..');
  });
  return (
    <Section title="Log a call">
      <FormProvider {...form}>
        <form className={styles.form} onSubmit={(event) => void handleSave(event)} noValidate aria-label="Log a call">
          <div className={styles.grid}>
            <TextField name="call_date" label="Date of the call" type="date" />
            <TextField name="call_time" label="Time of the call" type="time" />
            <SelectField name="direction" label="Direction" options={options(CALL_DIRECTIONS)} />
            <SelectField name="contact_id" label="Contact" options={[{ value: '', label: 'Someone else (write below)' }, ...(contacts.data ?? []).map((contact) => ({ value: String(contact.id), label: `${contact.name} (${contact.relationship})` }))]} />
          </div>
          {contactId === '' ? <TextField name="caller_name" label="Who the call was with" hint="Name and organisation, e.g. Camden Road Surgery, reception." /> : null}
          <TextField name="subject" label="Subject" />
          <TextAreaField name="summary" label="What was said" rows={5} />
          <CheckboxField name="follow_up_needed" label="Needs a follow-up" />
          {followUp ? (
            <div className={styles.grid}>
              <TextField name="follow_up_action" label="Follow-up to do" />
              <TextField name="follow_up_due" label="Follow-up due" type="date" />
            </div>
          ) : null}
          <div className={styles.actions}>
            <Button type="submit" disabled={form.formState.isSubmitting}>Save call</Button>
            <ButtonLink to=".." variant="secondary">Cancel</ButtonLink>
          </div>
        </form>
      </FormProvider>
    </Section>
  );
}

export default function CallLogs({ clientId }: { clientId: number }) {
  return (
    <div className={styles.screen}>
      <Routes>
        <Route index element={<CallList clientId={clientId} />} />
        <Route path="add" element={<LogCall clientId={clientId} />} />
      </Routes>
    </div>
  );
}
