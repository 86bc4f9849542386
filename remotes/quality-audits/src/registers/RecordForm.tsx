import { useMemo, useState } from 'react';
import { FormProvider, useFieldArray, useForm, useFormContext, type FieldErrors as FormErrors } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { londonDate } from '@hcm/contract/engine';
import { api, Button, Card, ErrorPanel, kitStyles, Loading, notify, PageHeader, useCan, useRouteName } from '@hcm/kit';
import { useApiMutation, useApiQuery } from '@hcm/kit/data';
import { applyServerErrors, CheckboxField, formStyles, SelectField, TextAreaField, TextField, valibotResolver } from '@hcm/kit/forms';
import {
  CQC_STATUSES,
  KIND_FIELDS,
  PERSON_TYPES,
  REGISTERS,
  SEVERITIES,
  TOLD_PARTIES,
  emptyValues,
  isRegisterKind,
  labelOf,
  registerSchema,
  type CqcPrompt,
  type RegisterField,
  type RegisterKind,
  type RegisterRecord,
  type RegisterValues,
} from '../../contract/registers';
import { QA_API, useApiUrl, useBranchChoices, writeKeys } from './common';
import { PersonPicker } from './PersonPicker';
import styles from './registers.module.css';
import { formatDate, formatDateTime } from '@hcm/contract/format';

type SaveAnswer = { record: RegisterRecord; cqc_prompt: CqcPrompt | null };

/** `:kind/add` and `:kind/:id/edit`: the heading at once, then the form (a CQC notification can start from a record: ?source=kind:id). */
export default function RecordScreen({ kind }: { kind: RegisterKind }) {
  const { id } = useParams();
  const [search] = useSearchParams();
  const info = REGISTERS[kind];
  const editing = id !== undefined;
  const record = useApiQuery<RegisterRecord>(`${QA_API}/${kind}/${id ?? ''}`, undefined, { enabled: editing, failure: `The ${info.singular} could not be loaded.` });
  const [sourceKind, sourceId] = (search.get('source') ?? '').split(':');
  const fromSource = !editing && kind === 'cqc-notifications' && isRegisterKind(sourceKind) && /^\d+$/.test(sourceId ?? '');
  const source = useApiQuery<RegisterRecord>(`${QA_API}/${sourceKind ?? ''}/${sourceId ?? ''}`, undefined, { enabled: fromSource, failure: 'The record to notify about could not be loaded.' });
  const branches = useBranchChoices();
  const title = editing ? `Edit ${info.singular}${record.data ? ` ${record.data.reference}` : ''}` : `New ${info.singular}`;
  useRouteName(title);

  let body: React.ReactNode;
  if (editing && record.error) body = <ErrorPanel title={record.error.message} onRetry={() => void record.refetch()} />;
  else if (editing && !record.data) body = <Loading label={`Loading the ${info.singular}…`} />;
  else if (fromSource && source.error) body = <ErrorPanel title={source.error.message} onRetry={() => void source.refetch()} />;
  else if (fromSource && !source.data) body = <Loading label="Loading the record to notify about…" />;
  else {
    const initial = record.data ? valuesOf(record.data) : fromSource && source.data ? prefillFrom(source.data) : emptyValues(kind, branches.length === 1 ? String(branches[0]!.id) : '');
    body = (
      <>
        {record.data ? <RecordPanels record={record.data} /> : null}
        {fromSource && source.data ? (
          <p className={styles.info}>
            Prefilled from {source.data.reference}: check every answer before you save.
          </p>
        ) : null}
        <RecordForm key={record.data ? `${record.data.id}-${record.data.version}` : 'new'} kind={kind} record={record.data ?? null} initial={initial} />
      </>
    );
  }
  return (
    <>
      <PageHeader title={title} actions={<Link to={`/app/quality-assurance/${kind}`}>Back to {info.title.toLowerCase()}</Link>} />
      {body}
    </>
  );
}

/** The record's values as the form holds them (the kind fields flat, the branch as text for its select). */
function valuesOf(record: RegisterRecord): RegisterValues {
  const values = emptyValues(record.kind, String(record.branch_id));
  for (const key of Object.keys(values)) if (key in record) values[key] = record[key];
  values.branch_id = String(record.branch_id);
  values.base_version = record.version;
  return values;
}

/** A CQC notification started from the record that called for it. */
function prefillFrom(source: RegisterRecord): RegisterValues {
  const values = emptyValues('cqc-notifications', String(source.branch_id));
  const category = source.cqc_prompt?.category ?? '';
  return {
    ...values,
    occurred_on: source.occurred_on,
    occurred_time: source.occurred_time,
    reported_by: source.reported_by,
    summary: source.summary,
    immediate_actions: source.immediate_actions,
    investigation: source.investigation,
    outcome: source.outcome,
    people: source.people,
    told: source.told,
    category,
    injury_description: category === 'serious_injury' ? [source.summary, source['body_location'] ? `Where: ${String(source['body_location'])}.` : ''].filter(Boolean).join(' ') : '',
    la_informed: source.told.some((row) => row.party === 'local_authority'),
    police_reference: source.told.find((row) => row.party === 'police')?.reference ?? '',
    source_kind: source.kind,
    source_id: source.id,
  };
}

/** Above an edited record: the CQC prompt or the linked notification, a complaint's timetable, a notification's source and PDF. */
function RecordPanels({ record }: { record: RegisterRecord }) {
  const can = useCan();
  const pdf = useApiUrl(`${QA_API}/cqc-notifications/${record.id}/pdf`);
  return (
    <>
      {record.cqc_notification ? (
        <p className={styles.info} role="status">
          CQC notification <Link to={`/app/quality-assurance/cqc-notifications/${record.cqc_notification.id}/edit`}>{record.cqc_notification.reference}</Link>:{' '}
          {labelOf(CQC_STATUSES, record.cqc_notification.status)}
          {record.cqc_notification.submitted_on ? ` on ${formatDate(record.cqc_notification.submitted_on)}` : ' (not yet submitted to CQC)'}.
        </p>
      ) : record.cqc_prompt ? (
        <div className={styles.alert} role="alert">
          <p>
            <strong>This needs a CQC notification: {record.cqc_prompt.label}.</strong> {record.cqc_prompt.reason}
          </p>
          {can('quality.cqc') ? (
            <Link className={kitStyles.button} to={`/app/quality-assurance/cqc-notifications/add?source=${record.kind}:${record.id}`}>
              Prepare the CQC notification
            </Link>
          ) : (
            <p>Ask the registered manager to notify CQC.</p>
          )}
        </div>
      ) : null}
      {record.timetable ? (
        <p className={record.timetable.response_overdue || record.timetable.acknowledge_overdue ? styles.alert : styles.info}>
          Acknowledge by {formatDate(record.timetable.acknowledge_by)} ({record.timetable.acknowledge_working_days} working days)
          {record.timetable.acknowledge_overdue ? ' — overdue' : ''}; full response by {formatDate(record.timetable.respond_by)} ({record.timetable.response_working_days} working days)
          {record.timetable.response_overdue ? ' — overdue' : ''}.
        </p>
      ) : null}
      {record.kind === 'cqc-notifications' ? (
        <p className={styles.info}>
          {record.source_reference && record.source_kind ? (
            <>
              About <Link to={`/app/quality-assurance/${record.source_kind}/${String(record.source_id)}/edit`}>{record.source_reference}</Link>.{' '}
            </>
          ) : null}
          <a href={pdf} target="_blank" rel="noopener noreferrer">
            Open the notification as a PDF
          </a>
        </p>
      ) : null}
      <p>
        Version {record.version}, last saved {formatDateTime(record.updated_at)}
        {record.updated_by ? ` by ${record.updated_by}` : ''}.
      </p>
    </>
  );
}

export function RecordForm({ kind, record, initial }: { kind: RegisterKind; record: RegisterRecord | null; initial: RegisterValues }) {
  const info = REGISTERS[kind];
  const navigate = useNavigate();
  const can = useCan();
  const branches = useBranchChoices();
  const schema = useMemo(() => registerSchema(kind), [kind]);
  const form = useForm<RegisterValues>({ resolver: valibotResolver(schema), defaultValues: initial });
  const [conflict, setConflict] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const sourceId = typeof initial.source_id === 'number' ? initial.source_id : null;
  const linked = kind === 'cqc-notifications' && sourceId && initial.source_kind ? { kind: String(initial.source_kind), id: sourceId } : null;
  const save = useApiMutation<SaveAnswer, RegisterValues>({
    request: (values) => (record ? api.put<SaveAnswer>(`${QA_API}/${kind}/${record.id}`, values) : api.post<SaveAnswer>(`${QA_API}/${kind}`, values)),
    invalidates: (_values, data) => writeKeys(kind, data?.record.id ?? record?.id, linked),
  });
  const mayWrite = can(kind === 'cqc-notifications' ? 'quality.cqc' : 'quality.edit');

  const onInvalid = (errors: FormErrors<RegisterValues>) => setProblems(Object.values(errors).map((error) => String(error?.message ?? 'Check this answer.')));
  const submit = form.handleSubmit(async (values) => {
    setProblems([]);
    setConflict('');
    const answer = await save.submit(values);
    if (answer.error) {
      if (answer.httpStatus === 409) setConflict(answer.message);
      else if (answer.errors) {
        applyServerErrors(form.setError, answer.errors);
        setProblems(Object.values(answer.errors).map((messages) => messages[0] ?? 'Check this answer.'));
      } else notify({ type: 'danger', message: answer.message || `The ${info.singular} could not be saved.` });
      return;
    }
    const saved = answer.data!.record;
    notify({ type: 'success', message: answer.message || `${saved.reference} saved.` });
    if (!record) void navigate(`/app/quality-assurance/${kind}/${saved.id}/edit`, { replace: true });
  }, onInvalid);

  const branchOptions = [{ value: '', label: 'Choose a branch' }, ...branches.map((branch) => ({ value: String(branch.id), label: branch.name }))];
  const statusOptions = info.statuses;
  return (
    <FormProvider {...form}>
      <form className={styles.recordForm} aria-label={record ? `Edit ${record.reference}` : `New ${info.singular}`} noValidate onSubmit={(event) => void submit(event)}>
        {conflict ? (
          <div className={styles.alert} role="alert">
            <p>
              <strong>Not saved: someone else saved this record since you opened it.</strong> {conflict}
            </p>
            <p>Your answers are still here: copy what you need, then reload the record.</p>
          </div>
        ) : null}
        {problems.length ? (
          <div className={styles.alert} role="alert">
            <p>
              <strong>Check these answers:</strong>
            </p>
            <ul>
              {problems.map((problem, index) => (
                <li key={index}>{problem}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <Card title={kind === 'cqc-notifications' ? 'The notification' : 'The event'}>
          <div className={styles.cardBody}>
            <div className={formStyles.grid}>
              <SelectField name="branch_id" label="Branch" options={branchOptions} />
              <TextField name="occurred_on" label={info.dateLabel} type="date" max={londonDate()} />
              <TextField name="occurred_time" label="Time" type="time" />
              <TextField name="reported_by" label={kind === 'compliments' ? 'Received by' : 'Reported by'} />
              {info.hasSeverity ? <SelectField name="severity" label="Severity" options={[{ value: '', label: 'Not graded' }, ...SEVERITIES]} /> : null}
            </div>
            <KindFields kind={kind} />
            <TextAreaField name="summary" label={kind === 'compliments' ? 'What they said' : 'What happened'} rows={4} />
            {kind !== 'compliments' ? <TextAreaField name="immediate_actions" label="Immediate actions" rows={3} /> : null}
          </div>
        </Card>
        <Card title="People involved">
          <PeopleRows />
        </Card>
        {kind !== 'compliments' ? (
          <Card title="Who was told and when">
            <ToldRows />
          </Card>
        ) : null}
        <Card title={kind === 'cqc-notifications' ? 'Action taken and submission' : 'Investigation and outcome'}>
          <div className={styles.cardBody}>
            {kind !== 'compliments' ? <TextAreaField name="investigation" label="Investigation" rows={3} /> : null}
            <TextAreaField name="outcome" label="Outcome" rows={3} />
            {kind !== 'compliments' ? <TextAreaField name="lessons_learnt" label="Lessons learnt" rows={3} /> : null}
            <div className={formStyles.grid}>
              <SelectField name="status" label="Status" options={statusOptions} />
              {kind !== 'cqc-notifications' ? <TextField name="closed_on" label="Closed on" type="date" /> : null}
              {kind !== 'cqc-notifications' && kind !== 'complaints' ? <TextField name="due_on" label="Investigation due by" type="date" /> : null}
            </div>
          </div>
        </Card>
        <div className={styles.actions}>
          {mayWrite ? (
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : record ? 'Save changes' : `Save ${info.singular}`}
            </Button>
          ) : (
            <p>You may read this record; changing it needs {kind === 'cqc-notifications' ? 'the registered manager' : 'quality edit rights'}.</p>
          )}
          {kind === 'cqc-notifications' && mayWrite && form.watch('status') !== 'submitted' ? (
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                form.setValue('status', 'submitted', { shouldDirty: true });
                if (!form.getValues('submitted_on')) form.setValue('submitted_on', londonDate(), { shouldDirty: true });
                void submit();
              }}
            >
              Mark as submitted to CQC today
            </Button>
          ) : null}
        </div>
      </form>
    </FormProvider>
  );
}

/** The kind's own fields from its declaration (a field shown only while another holds one of its values). */
function KindFields({ kind }: { kind: RegisterKind }) {
  const { watch } = useFormContext<RegisterValues>();
  const values = watch();
  const fields = KIND_FIELDS[kind].filter((field: RegisterField) => (!field.showWhen || field.showWhen.values.includes(String(values[field.showWhen.field] ?? ''))));
  return (
    <div className={formStyles.grid}>
      {fields.map((field) => {
        if (field.kind === 'boolean') return <CheckboxField key={field.name} name={field.name} label={field.label} />;
        if (field.kind === 'choice') return <SelectField key={field.name} name={field.name} label={field.label} hint={field.hint} options={field.options ?? []} />;
        if (field.kind === 'textarea') return <TextAreaField key={field.name} name={field.name} label={field.label} hint={field.hint} rows={3} />;
        return <TextField key={field.name} name={field.name} label={field.label} hint={field.hint} type={field.kind === 'date' ? 'date' : field.kind === 'time' ? 'time' : 'text'} />;
      })}
    </div>
  );
}

function PeopleRows() {
  const { control, register } = useFormContext<RegisterValues>();
  const people = useFieldArray({ control, name: 'people' as never });
  return (
    <>
      {people.fields.length ? null : <p>Nobody added yet.</p>}
      <div className={styles.rows}>
        {people.fields.map((field, index) => (
          <fieldset key={field.id} className={styles.row}>
            <legend className={styles.hidden}>Person {index + 1}</legend>
            <label>
              Who (person {index + 1})
              <select {...register(`people.${index}.person_type` as const)}>
                {PERSON_TYPES.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Name (person {index + 1})
              <input {...register(`people.${index}.name` as const)} />
            </label>
            <label>
              Role in the event (person {index + 1})
              <input {...register(`people.${index}.role` as const)} />
            </label>
            <Button type="button" variant="secondary" onClick={() => people.remove(index)}>
              Remove person {index + 1}
            </Button>
          </fieldset>
        ))}
      </div>
      <PersonPicker onPick={(person) => people.append({ ...person, role: '' } as never)} />
      <Button type="button" variant="secondary" onClick={() => people.append({ person_type: 'other', person_id: null, name: '', role: '' } as never)}>
        Add someone else by name
      </Button>
    </>
  );
}

function ToldRows() {
  const { control, register } = useFormContext<RegisterValues>();
  const told = useFieldArray({ control, name: 'told' as never });
  return (
    <>
      {told.fields.length ? null : <p>Nobody recorded yet.</p>}
      <div className={styles.rows}>
        {told.fields.map((field, index) => (
          <fieldset key={field.id} className={styles.row}>
            <legend className={styles.hidden}>Told {index + 1}</legend>
            <label>
              Who was told ({index + 1})
              <select {...register(`told.${index}.party` as const)}>
                {TOLD_PARTIES.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Date told ({index + 1})
              <input type="date" {...register(`told.${index}.told_on` as const)} />
            </label>
            <label>
              Time ({index + 1})
              <input type="time" {...register(`told.${index}.told_time` as const)} />
            </label>
            <label>
              Told by ({index + 1})
              <input {...register(`told.${index}.by_whom` as const)} />
            </label>
            <label>
              Their reference ({index + 1})
              <input {...register(`told.${index}.reference` as const)} />
            </label>
            <Button type="button" variant="secondary" onClick={() => told.remove(index)}>
              Remove row {index + 1}
            </Button>
          </fieldset>
        ))}
      </div>
      <Button type="button" variant="secondary" onClick={() => told.append({ party: 'family', told_on: londonDate(), told_time: '', by_whom: '', reference: '' } as never)}>
        Add who was told
      </Button>
    </>
  );
}
