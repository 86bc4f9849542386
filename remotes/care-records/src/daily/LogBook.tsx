import { ukDate, ukTime } from '@hcm/contract/time';
import { formatDateTime } from '@hcm/contract/format';
import { useState } from 'react';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import type { Page } from '@hcm/contract';
import { api, Button, useCan } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { CheckboxField, SelectField, TextAreaField, TextField, valibotResolver } from '@hcm/kit/forms';
import { ListTable, type Column } from '@hcm/kit/table';
import {
  LOG_BOOK_AUDIENCES,
  LOG_BOOK_AUDIT_CHECKS,
  LOG_BOOK_AUDIT_OUTCOMES,
  LOG_BOOK_AUTHOR_ROLES,
  LogBookAuditSchema,
  LogBookEntrySchema,
  LogBookReplySchema,
  labelOf,
  type LogBookAuditRow,
  type LogBookEntryRow,
} from '../../contract';
import { clientPath, handleSaved, options, Section, styles } from './common';

// communication-log-book-audit: the communication book kept in the home (entries typed in as written, with who
// wrote them and for whom, replies), and the office's monthly audit of the book, on one screen.

function Reply({ clientId, entry }: { clientId: number; entry: LogBookEntryRow }) {
  const [open, setOpen] = useState(false);
  const form = useForm<{ reply: string }>({ resolver: valibotResolver(LogBookReplySchema), defaultValues: { reply: '' } });
  const save = useApiMutation<LogBookEntryRow, { reply: string }>({
    request: (values) => api.post<LogBookEntryRow>(clientPath(clientId, `log-book/${entry.id}/reply`), values),
    invalidates: [apiKey(clientPath(clientId, 'log-book'))],
  });
  if (!open) return <Button variant="secondary" onClick={() => setOpen(true)}>Reply to entry {entry.id}</Button>;
  const handleSave = form.handleSubmit(async () => {
    if (handleSaved(await save.submit(form.getValues()), form, 'The reply could not be saved.')) setOpen(false);
  });
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void handleSave(event)} noValidate aria-label={`Reply to entry ${entry.id}`}>
        <TextAreaField name="reply" label="Reply" rows={2} />
        <div className={styles.actions}>
          <Button type="submit">Save reply</Button>
          <Button variant="secondary" onClick={() => setOpen(false)}>Cancel</Button>
        </div>
      </form>
    </FormProvider>
  );
}

type EntryForm = { entry_date: string; entry_time: string; author_name: string; author_role: string; audience: string; message: string; needs_reply: boolean };

function NewEntry({ clientId, onDone }: { clientId: number; onDone: () => void }) {
  const form = useForm<EntryForm>({
    resolver: valibotResolver(LogBookEntrySchema),
    defaultValues: { entry_date: ukDate(), entry_time: ukTime(), author_name: '', author_role: 'carer', audience: 'everyone', message: '', needs_reply: false },
  });
  const save = useApiMutation<LogBookEntryRow, EntryForm>({ request: (values) => api.post<LogBookEntryRow>(clientPath(clientId, 'log-book'), values), invalidates: [apiKey(clientPath(clientId, 'log-book'))] });
  const handleSave = form.handleSubmit(async () => {
    if (handleSaved(await save.submit(form.getValues()), form, 'The entry could not be saved.')) onDone();
  });
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void handleSave(event)} noValidate aria-label="Add a log book entry">
        <div className={styles.grid}>
          <TextField name="entry_date" label="Date written" type="date" />
          <TextField name="entry_time" label="Time written" type="time" />
          <TextField name="author_name" label="Written by" />
          <SelectField name="author_role" label="Who they are" options={options(LOG_BOOK_AUTHOR_ROLES)} />
          <SelectField name="audience" label="For" options={options(LOG_BOOK_AUDIENCES)} />
        </div>
        <TextAreaField name="message" label="Message" rows={4} />
        <CheckboxField name="needs_reply" label="Needs a reply" />
        <div className={styles.actions}>
          <Button type="submit" disabled={form.formState.isSubmitting}>Add entry</Button>
          <Button variant="secondary" onClick={onDone}>Cancel</Button>
        </div>
      </form>
    </FormProvider>
  );
}

function Entries({ clientId }: { clientId: number }) {
  const can = useCan();
  const [adding, setAdding] = useState(false);
  const [awaiting, setAwaiting] = useState(false);
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const list = useApiQuery<Page<LogBookEntryRow>>(clientPath(clientId, 'log-book'), { awaiting_reply: awaiting ? 1 : '', page: paging.page, page_size: paging.pageSize }, { failure: 'The log book could not be loaded.', keepPrevious: true });
  const columns: Column<LogBookEntryRow>[] = [
    { key: 'written_at', label: 'Written', render: (entry) => formatDateTime(entry.written_at) },
    { key: 'author_name', label: 'By', render: (entry) => `${entry.author_name} (${labelOf(LOG_BOOK_AUTHOR_ROLES, entry.author_role)})` },
    { key: 'audience', label: 'For', render: (entry) => labelOf(LOG_BOOK_AUDIENCES, entry.audience) },
    { key: 'message', label: 'Message', render: (entry) => <p>{entry.message}</p> },
    {
      key: 'reply',
      label: 'Reply',
      render: (entry) =>
        entry.replied_at ? `${entry.reply} — ${entry.replied_by_name}, ${formatDateTime(entry.replied_at)}` : entry.needs_reply ? (
          <>
            <p className={styles.concern}>Waiting for a reply</p>
            {can('clients.edit') ? <Reply clientId={clientId} entry={entry} /> : null}
          </>
        ) : '—',
    },
  ];
  return (
    <Section title="Communication log book" actions={can('clients.edit') && !adding ? <Button onClick={() => setAdding(true)}>Add an entry</Button> : null}>
      {adding ? <NewEntry clientId={clientId} onDone={() => setAdding(false)} /> : null}
      <label>
        <input type="checkbox" checked={awaiting} onChange={(event) => setAwaiting(event.target.checked)} /> Waiting for a reply only
      </label>
      <ListTable caption="Log book entries" columns={columns} page={list.data ?? null} loading={list.isFetching} error={list.error?.message ?? null}
        onSort={() => undefined} onPage={(page) => setPaging((now) => ({ ...now, page }))} onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
        onRetry={() => void list.refetch()} rowKey={(entry) => entry.id} empty="No entries yet." />
    </Section>
  );
}

type CheckKey = (typeof LOG_BOOK_AUDIT_CHECKS)[number]['key'];
type AuditForm = { month: string; entries_checked: string; issues: { entry_date: string; issue: string; action: string }[]; outcome: string; actions: string } & Record<CheckKey, string>;

function NewAudit({ clientId, onDone }: { clientId: number; onDone: () => void }) {
  const form = useForm<AuditForm>({
    resolver: valibotResolver(LogBookAuditSchema),
    defaultValues: { month: ukDate().slice(0, 7), entries_checked: '', issues: [], outcome: '', actions: '', ...(Object.fromEntries(LOG_BOOK_AUDIT_CHECKS.map((check) => [check.key, ''])) as Record<CheckKey, string>) },
  });
  const issues = useFieldArray({ control: form.control, name: 'issues' });
  const save = useApiMutation<LogBookAuditRow, AuditForm>({ request: (values) => api.post<LogBookAuditRow>(clientPath(clientId, 'log-book/audits'), values), invalidates: [apiKey(clientPath(clientId, 'log-book/audits'))] });
  const handleSave = form.handleSubmit(async () => {
    if (handleSaved(await save.submit(form.getValues()), form, 'The audit could not be saved.')) onDone();
  });
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void handleSave(event)} noValidate aria-label="Audit the log book">
        <div className={styles.grid}>
          <TextField name="month" label="Month audited" type="month" />
          <TextField name="entries_checked" label="Entries checked" inputMode="numeric" />
        </div>
        {LOG_BOOK_AUDIT_CHECKS.map((check) => (
          <SelectField key={check.key} name={check.key} label={check.label} options={[{ value: '', label: 'Choose' }, { value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }]} />
        ))}
        <fieldset className={styles.rows}>
          <legend>Issues found</legend>
          {issues.fields.map((field, index) => (
            <div key={field.id} className={styles.row}>
              <TextField name={`issues.${index}.entry_date`} label={`Issue ${index + 1}: entry date`} type="date" />
              <TextField name={`issues.${index}.issue`} label={`Issue ${index + 1}: what was wrong`} />
              <TextField name={`issues.${index}.action`} label={`Issue ${index + 1}: action taken`} />
              <Button variant="secondary" onClick={() => issues.remove(index)}>Remove issue {index + 1}</Button>
            </div>
          ))}
          <div>
            <Button variant="secondary" onClick={() => issues.append({ entry_date: '', issue: '', action: '' })}>Add an issue</Button>
          </div>
        </fieldset>
        <SelectField name="outcome" label="Outcome" options={options(LOG_BOOK_AUDIT_OUTCOMES, 'Choose the outcome')} />
        <TextAreaField name="actions" label="Actions" rows={3} hint="What will be done, by whom and by when." />
        <div className={styles.actions}>
          <Button type="submit" disabled={form.formState.isSubmitting}>Save audit</Button>
          <Button variant="secondary" onClick={onDone}>Cancel</Button>
        </div>
      </form>
    </FormProvider>
  );
}

function Audits({ clientId }: { clientId: number }) {
  const can = useCan();
  const [adding, setAdding] = useState(false);
  const audits = useApiQuery<LogBookAuditRow[]>(clientPath(clientId, 'log-book/audits'), undefined, { failure: 'The audits could not be loaded.' });
  return (
    <Section title="Monthly audits of the log book" actions={can('clients.edit') && !adding ? <Button onClick={() => setAdding(true)}>Audit a month</Button> : null}>
      {adding ? <NewAudit clientId={clientId} onDone={() => setAdding(false)} /> : null}
      {audits.error ? <p className={styles.error} role="alert">{audits.error.message}</p> : null}
      {audits.data?.length === 0 ? <p className={styles.muted}>No audits yet.</p> : null}
      <ul className={styles.notes} aria-label="Log book audits">
        {(audits.data ?? []).map((audit) => (
          <li key={audit.id} className={styles.note}>
            <h3>
              {audit.month}: {labelOf(LOG_BOOK_AUDIT_OUTCOMES, audit.outcome)}
            </h3>
            <p className={styles.muted}>
              By {audit.auditor_name}, {formatDateTime(audit.audited_at)}. {audit.entries_checked} entries checked ({audit.entries_recorded} recorded here for that month).
            </p>
            <ul>
              {LOG_BOOK_AUDIT_CHECKS.map((check) => (
                <li key={check.key}>
                  {check.label}: <strong>{audit.checks[check.key] ? 'Yes' : 'No'}</strong>
                </li>
              ))}
            </ul>
            {audit.issues.length ? (
              <table className={styles.table}>
                <caption>Issues found</caption>
                <thead>
                  <tr><th scope="col">Entry</th><th scope="col">Issue</th><th scope="col">Action</th></tr>
                </thead>
                <tbody>
                  {audit.issues.map((issue, index) => (
                    <tr key={index}><td>{issue.entry_date || '—'}</td><td>{issue.issue}</td><td>{issue.action || '—'}</td></tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {audit.actions ? <p>Actions: {audit.actions}</p> : null}
          </li>
        ))}
      </ul>
    </Section>
  );
}

export default function LogBook({ clientId }: { clientId: number }) {
  return (
    <div className={styles.screen}>
      <Entries clientId={clientId} />
      <Audits clientId={clientId} />
    </div>
  );
}
