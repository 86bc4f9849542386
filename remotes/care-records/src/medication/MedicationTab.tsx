import { ukDate } from '@hcm/contract/time';
import { formatDate, formatDateTime } from '@hcm/contract/format';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { FormProvider, useForm, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { Link, Route, Routes, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { Page } from '@hcm/contract';
import { api, Button, EmptyState, ErrorPanel, Loading, NotFound, useCan } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { Modal, ScoreRing, isScoreRingCode, type ScoreRingCode } from '@hcm/kit/elements';
import { CheckboxField, SelectField, TextAreaField, TextField, useUnsavedChangesWarning, valibotResolver } from '@hcm/kit/forms';
import { ButtonLink } from '@hcm/kit/routing';
import { ListTable, type Column } from '@hcm/kit/table';
import {
  DEFAULT_TIME_CRITICAL_WINDOW_MINUTES,
  DOSE_PERIODS,
  DOSE_TIMINGS,
  MEDICATION_ROUTES,
  MedicationScheduleSchema,
  slotLabel,
  StopScheduleSchema,
  SUPPORT_LEVELS,
  WEEKDAYS,
  type Administration,
  type AdministrationDetail,
  type MedicationList,
  type MedicationSchedule,
  type OutcomeCode,
  type StopScheduleInput,
} from '../../contract';
import { CodeBadge, medicationKeys, medicationPath, medicineName, routeLabel, saveOutcome, Section, styles, supportLabel, useOutcomeCodes, whenText, administrationsPath } from './common';

// The client record's medication tab (segment `medication`): the client's medicines, current and stopped; "Add
// medication" (the same medicine twice warns first); "Stop" with a date and reason, and "Re-create" a stopped one
// (a dose or time is never edited); each schedule's history (`:editid/logging`) and one record's detail (`:logid`).

const pageOfAll = <Row,>(rows: Row[]): Page<Row> => ({ data: rows, total: rows.length, page: 1, page_size: Math.max(rows.length, 1), last_page: 1 });

function Flags({ schedule }: { schedule: MedicationSchedule }) {
  const flags = [
    schedule.time_critical ? { text: `Time-critical (±${schedule.time_critical_window ?? DEFAULT_TIME_CRITICAL_WINDOW_MINUTES} min)`, critical: true } : null,
    schedule.controlled_drug ? { text: 'Controlled drug', critical: true } : null,
    schedule.high_risk ? { text: 'High-risk', critical: true } : null,
    schedule.blister_pack ? { text: 'Blister pack', critical: false } : null,
  ].filter((flag): flag is { text: string; critical: boolean } => flag !== null);
  if (!flags.length) return null;
  return (
    <span className={styles.flags}>
      {flags.map((flag) => (
        <span key={flag.text} className={[styles.flag, flag.critical ? styles.critical : ''].join(' ')}>
          {flag.text}
        </span>
      ))}
    </span>
  );
}

function StopDialog({ clientId, schedule, onClose }: { clientId: number; schedule: MedicationSchedule; onClose: () => void }) {
  const navigate = useNavigate();
  const [recreate, setRecreate] = useState(false);
  const [conflict, setConflict] = useState('');
  const recreateId = useId();
  const form = useForm<StopScheduleInput>({ resolver: valibotResolver(StopScheduleSchema), defaultValues: { stop_date: ukDate(), stop_reason: '' } });
  const stop = useApiMutation<MedicationSchedule, StopScheduleInput>({
    request: (values) => api.post<MedicationSchedule>(medicationPath(clientId, `/${schedule.id}/stop`), values),
    invalidates: [...medicationKeys(clientId), apiKey(medicationPath(clientId, `/${schedule.id}/history`))],
  });
  const handleStop = form.handleSubmit(async () => {
    const answer = await stop.submit(form.getValues());
    const outcome = saveOutcome(answer, form, 'The medicine could not be stopped.');
    if (outcome === 'conflict') setConflict(answer.message);
    if (outcome !== 'saved') return;
    onClose();
    if (recreate) navigate(`add?from=${schedule.id}`);
  });
  const title = `Stop ${medicineName(schedule)}`;
  return (
    <Modal open title={title} onClose={onClose}>
      <FormProvider {...form}>
        <form className={styles.form} onSubmit={(event) => void handleStop(event)} noValidate aria-label={title}>
          <p className={styles.muted}>
            {schedule.dose}, {whenText(schedule)}. A dose or time is never changed on a schedule: stop it, then re-create it with the new one.
          </p>
          <TextField name="stop_date" label="Stop from" type="date" hint="The first day no dose is due." />
          <TextAreaField name="stop_reason" label="Reason for stopping" rows={3} hint="e.g. GP letter of 12/11: dose increased; course finished; medicine changed." />
          <label htmlFor={recreateId} className={styles.actions}>
            <input id={recreateId} type="checkbox" checked={recreate} onChange={(event) => setRecreate(event.target.checked)} />
            Re-create it with changes once stopped
          </label>
          {conflict ? <p className={styles.error} role="alert">{conflict}</p> : null}
          <div className={styles.actions}>
            <Button type="submit" disabled={form.formState.isSubmitting}>Stop medicine</Button>
            <Button variant="secondary" onClick={onClose}>Cancel</Button>
          </div>
        </form>
      </FormProvider>
    </Modal>
  );
}

function ScheduleTable({ caption, schedules, actions }: { caption: string; schedules: MedicationSchedule[]; actions: (schedule: MedicationSchedule) => ReactNode }) {
  const columns: Column<MedicationSchedule>[] = [
    {
      key: 'medicine',
      label: 'Medicine',
      render: (schedule) => (
        <>
          <strong>{medicineName(schedule)}</strong> {schedule.form ? <span className={styles.muted}>({schedule.form})</span> : null}
          <Flags schedule={schedule} />
        </>
      ),
    },
    { key: 'dose', label: 'Dose and route', render: (schedule) => `${schedule.dose}, ${routeLabel(schedule.route).toLowerCase()}` },
    { key: 'times', label: 'When', render: (schedule) => (<><span>{whenText(schedule)}</span>{schedule.instructions ? <p className={styles.hint}>{schedule.instructions}</p> : null}</>) },
    { key: 'support_level', label: 'Support', render: (schedule) => supportLabel(schedule.support_level) },
    {
      key: 'dates',
      label: 'Dates',
      render: (schedule) => (
        <>
          From {formatDate(schedule.start_date)}
          {schedule.stop_date ? <>, stops {formatDate(schedule.stop_date)}</> : null}
          {schedule.stop_reason ? <p className={styles.hint}>Stopped{schedule.stopped_by ? ` by ${schedule.stopped_by}` : ''}: {schedule.stop_reason}</p> : null}
        </>
      ),
    },
    { key: 'prescriber', label: 'Prescriber and pharmacy', render: (schedule) => [schedule.prescriber, schedule.pharmacy].filter(Boolean).join('; ') || 'Not recorded' },
    { key: 'actions', label: 'Actions', render: actions },
  ];
  return (
    <ListTable
      caption={caption}
      columns={columns}
      page={pageOfAll(schedules)}
      loading={false}
      error={null}
      onSort={() => undefined}
      onPage={() => undefined}
      onPageSize={() => undefined}
      onRetry={() => undefined}
      rowKey={(schedule) => schedule.id}
      empty="None."
    />
  );
}

function ScheduleList({ clientId }: { clientId: number }) {
  const can = useCan();
  const [stopping, setStopping] = useState<MedicationSchedule | null>(null);
  const list = useApiQuery<MedicationList>(medicationPath(clientId), undefined, { failure: 'The medicines could not be loaded.' });
  if (list.error) return <ErrorPanel title="The medicines could not be loaded" onRetry={() => void list.refetch()}>{list.error.message}</ErrorPanel>;
  if (!list.data) return <Loading label="Loading medicines…" />;
  const current = list.data.schedules.filter((schedule) => schedule.status !== 'stopped');
  const stopped = list.data.schedules.filter((schedule) => schedule.status === 'stopped');
  const mayEdit = can('clients.edit');
  return (
    <>
      <Section title="Current medicines" actions={mayEdit ? <ButtonLink to="add">Add medication</ButtonLink> : null}>
        <p className={styles.muted}>
          <strong>Allergies:</strong> {list.data.client.allergies || 'Not recorded: ask and record them before adding medicines.'}
        </p>
        <ScheduleTable
          caption="Current medicines"
          schedules={current}
          actions={(schedule) => (
            <span className={styles.actions}>
              <Link to={`${schedule.id}/logging`} aria-label={`History of ${schedule.medicine}`}>History</Link>
              {mayEdit ? <Button variant="secondary" onClick={() => setStopping(schedule)} aria-label={`Stop ${schedule.medicine}`}>Stop</Button> : null}
            </span>
          )}
        />
      </Section>
      <Section title="Stopped medicines">
        <ScheduleTable
          caption="Stopped medicines"
          schedules={stopped}
          actions={(schedule) => (
            <span className={styles.actions}>
              <Link to={`${schedule.id}/logging`} aria-label={`History of ${schedule.medicine}`}>History</Link>
              {mayEdit && schedule.replaced_by_id === null ? <ButtonLink to={`add?from=${schedule.id}`} variant="secondary">{`Re-create ${schedule.medicine}`}</ButtonLink> : null}
              {schedule.replaced_by_id !== null ? <Link to={`${schedule.replaced_by_id}/logging`}>Re-created</Link> : null}
            </span>
          )}
        />
      </Section>
      {stopping ? <StopDialog clientId={clientId} schedule={stopping} onClose={() => setStopping(null)} /> : null}
    </>
  );
}

type ScheduleForm = {
  client_id: number;
  medication_id: string;
  dose: string;
  route: string;
  frequency: string;
  support_level: string;
  as_needed: boolean;
  timing: string;
  times: string;
  days_of_week: string;
  prn_reason: string;
  prn_max_doses: string;
  prn_min_gap_hours: string;
  time_critical: boolean;
  time_critical_window: string;
  start_date: string;
  stop_date: string;
  prescriber: string;
  pharmacy: string;
  blister_pack: boolean;
  instructions: string;
  replaces_id: string;
  confirm_duplicate: boolean;
};

/** Checkboxes writing a comma-separated list into one field (periods of the day, days of the week). */
function ChoiceList<Values extends FieldValues>({ name, legend, hint, choices }: { name: Path<Values>; legend: string; hint?: string; choices: readonly { value: string; label: string }[] }) {
  const { watch, setValue, getFieldState, formState } = useFormContext<Values>();
  const chosen = String(watch(name) ?? '').split(',').filter(Boolean);
  const error = getFieldState(name, formState).error?.message;
  const errorId = useId();
  const toggle = (value: string, on: boolean) => {
    const next = choices.map((choice) => choice.value).filter((item) => (item === value ? on : chosen.includes(item)));
    setValue(name, next.join(',') as never, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      <div className={styles.choices}>
        {choices.map((choice) => (
          <label key={choice.value}>
            <input type="checkbox" checked={chosen.includes(choice.value)} onChange={(event) => toggle(choice.value, event.target.checked)} />
            {choice.label}
          </label>
        ))}
      </div>
      {error ? <p id={errorId} className={styles.fieldError}>{error}</p> : null}
    </fieldset>
  );
}

const blankSchedule = (clientId: number): ScheduleForm => ({
  client_id: clientId,
  medication_id: '',
  dose: '',
  route: '',
  frequency: '',
  support_level: 'prompt',
  as_needed: false,
  timing: 'exact',
  times: '',
  days_of_week: '',
  prn_reason: '',
  prn_max_doses: '',
  prn_min_gap_hours: '',
  time_critical: false,
  time_critical_window: '',
  start_date: ukDate(),
  stop_date: '',
  prescriber: '',
  pharmacy: '',
  blister_pack: false,
  instructions: '',
  replaces_id: '',
  confirm_duplicate: false,
});

/** The form pre-filled from a stopped schedule: everything but its dates, to change what has changed. */
const recreatedFrom = (clientId: number, schedule: MedicationSchedule): ScheduleForm => ({
  ...blankSchedule(clientId),
  medication_id: String(schedule.medication_id),
  dose: schedule.dose,
  route: schedule.route,
  frequency: schedule.frequency,
  support_level: schedule.support_level,
  as_needed: schedule.as_needed,
  timing: schedule.timing,
  times: schedule.timing === 'exact' ? schedule.times.split(',').join(', ') : schedule.times,
  days_of_week: schedule.days_of_week,
  prn_reason: schedule.prn_reason,
  prn_max_doses: schedule.prn_max_doses === null ? '' : String(schedule.prn_max_doses),
  prn_min_gap_hours: schedule.prn_min_gap_hours === null ? '' : String(schedule.prn_min_gap_hours),
  time_critical: schedule.time_critical,
  time_critical_window: schedule.time_critical_window === null ? '' : String(schedule.time_critical_window),
  start_date: schedule.stop_date && schedule.stop_date > ukDate() ? schedule.stop_date : ukDate(),
  prescriber: schedule.prescriber,
  pharmacy: schedule.pharmacy,
  blister_pack: schedule.blister_pack,
  instructions: schedule.instructions,
  replaces_id: String(schedule.id),
});

function ScheduleFormFields({ list }: { list: MedicationList }) {
  const { watch, setValue } = useFormContext<ScheduleForm>();
  const prn = watch('as_needed');
  const timing = watch('timing');
  const critical = watch('time_critical');
  const medicines = [{ value: '', label: 'Choose a medicine' }, ...list.medicines.map((item) => ({ value: String(item.id), label: `${item.name}${item.strength ? ` ${item.strength}` : ''}${item.form ? ` (${item.form})` : ''}` }))];
  return (
    <>
      <div className={styles.grid}>
        <SelectField name="medication_id" label="Medicine" options={medicines} hint="From the agency's catalogue (reference data)." />
        <TextField name="dose" label="Dose" hint="e.g. 1 tablet (10 mg), 5 ml, 2 puffs" />
        <SelectField name="route" label="Route" options={[{ value: '', label: 'As the catalogue says' }, ...MEDICATION_ROUTES.map(({ value, label }) => ({ value, label }))]} />
        <SelectField name="support_level" label="Support" options={SUPPORT_LEVELS.map(({ value, label }) => ({ value, label }))} hint="Administer: the carer gives it. Assist: helps (opens, pours). Prompt: reminds." />
      </div>
      <TextField name="frequency" label="Directions" hint='As the pharmacy label words them, e.g. "One to be taken at night".' />
      <CheckboxField name="as_needed" label="Given only when needed (PRN)" />
      {prn ? (
        <div className={styles.grid}>
          <TextField name="prn_reason" label="When to give it" hint="e.g. for knee pain; when breathless" />
          <TextField name="prn_max_doses" label="Maximum doses in 24 hours" inputMode="numeric" />
          <TextField name="prn_min_gap_hours" label="Minimum hours between doses" inputMode="numeric" />
        </div>
      ) : (
        <>
          <SelectField
            name="timing"
            label="Timing"
            options={DOSE_TIMINGS.map(({ value, label }) => ({ value, label }))}
            onChange={(event) => {
              setValue('timing', event.target.value, { shouldDirty: true });
              setValue('times', '', { shouldDirty: true });
            }}
          />
          {timing === 'period' ? (
            <ChoiceList<ScheduleForm> name="times" legend="Periods of the day" choices={DOSE_PERIODS.map((period) => ({ value: period.value, label: slotLabel(period.value) }))} />
          ) : (
            <TextField name="times" label="Times" hint="24-hour times, separated by commas: 08:00, 20:00" />
          )}
          <ChoiceList<ScheduleForm> name="days_of_week" legend="Days of the week" hint="Leave all unticked when it is given every day." choices={WEEKDAYS} />
          <CheckboxField name="time_critical" label="Time-critical (e.g. insulin, Parkinson's medicines)" />
          {critical ? <TextField name="time_critical_window" label="Window either side of the time (minutes)" inputMode="numeric" hint={`A missed dose is flagged once this has passed (${DEFAULT_TIME_CRITICAL_WINDOW_MINUTES} if left empty).`} /> : null}
        </>
      )}
      <div className={styles.grid}>
        <TextField name="start_date" label="Start date" type="date" />
        <TextField name="stop_date" label="Stop date (if known)" type="date" hint="The first day no dose is due, e.g. the day after a course ends." />
        <TextField name="prescriber" label="Prescriber" hint="Who prescribed it, e.g. Dr Okafor, Camden Road Surgery" />
        <TextField name="pharmacy" label="Pharmacy" hint="Who supplies it" />
      </div>
      <CheckboxField name="blister_pack" label="In a blister pack (monitored dosage system)" />
      <TextAreaField name="instructions" label="Special instructions" rows={3} hint="e.g. with food; check the INR in the yellow book first; rotate patch sites." />
    </>
  );
}

function AddSchedule({ clientId }: { clientId: number }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const from = Number(params.get('from') ?? '') || null;
  const list = useApiQuery<MedicationList>(medicationPath(clientId), undefined, { failure: 'The medicines could not be loaded.' });
  const replaced = from === null ? null : (list.data?.schedules.find((schedule) => schedule.id === from) ?? null);
  if (list.error) return <ErrorPanel title="The medicines could not be loaded" onRetry={() => void list.refetch()}>{list.error.message}</ErrorPanel>;
  if (!list.data) return <Loading label="Loading the catalogue…" />;
  return <ScheduleEditor key={replaced?.id ?? 'new'} clientId={clientId} list={list.data} replaced={replaced} onDone={() => navigate('..')} />;
}

function ScheduleEditor({ clientId, list, replaced, onDone }: { clientId: number; list: MedicationList; replaced: MedicationSchedule | null; onDone: () => void }) {
  const defaults = useMemo(() => (replaced ? recreatedFrom(clientId, replaced) : blankSchedule(clientId)), [clientId, replaced]);
  const form = useForm<ScheduleForm>({ resolver: valibotResolver(MedicationScheduleSchema), defaultValues: defaults });
  const { leaveWithoutWarning } = useUnsavedChangesWarning(form.formState.isDirty);
  const [warning, setWarning] = useState('');
  const save = useApiMutation<MedicationSchedule, ScheduleForm>({
    request: (values) => api.post<MedicationSchedule>(medicationPath(clientId), values),
    invalidates: [...medicationKeys(clientId), ...(replaced ? [apiKey(medicationPath(clientId, `/${replaced.id}/history`))] : [])],
  });
  const submit = async (confirmDuplicate: boolean) => {
    const answer = await save.submit({ ...form.getValues(), confirm_duplicate: confirmDuplicate });
    const outcome = saveOutcome(answer, form, 'The medicine could not be added.');
    if (outcome === 'conflict') setWarning(answer.message);
    if (outcome !== 'saved') return;
    leaveWithoutWarning();
    onDone();
  };
  const handleSave = form.handleSubmit(() => submit(false));
  const title = replaced ? `Re-create ${medicineName(replaced)}` : 'Add medication';
  return (
    <Section title={title}>
      {replaced ? (
        <p className={styles.muted}>
          Pre-filled from the stopped schedule ({replaced.dose}, {whenText(replaced)}; stopped: {replaced.stop_reason || 'no reason recorded'}). Change what the new prescription says.
        </p>
      ) : null}
      <FormProvider {...form}>
        <form className={styles.form} onSubmit={(event) => void handleSave(event)} noValidate aria-label={title}>
          <ScheduleFormFields list={list} />
          {warning ? (
            <div className={styles.warning} role="alert">
              <p>{warning}</p>
              <div className={styles.actions}>
                <Button onClick={() => void submit(true)} disabled={save.isPending}>Add it anyway</Button>
                <Button variant="secondary" onClick={() => setWarning('')}>Change it</Button>
              </div>
            </div>
          ) : null}
          <div className={styles.actions}>
            <Button type="submit" disabled={form.formState.isSubmitting || save.isPending}>{replaced ? 'Re-create medicine' : 'Add medicine'}</Button>
            <ButtonLink to=".." variant="secondary">Cancel</ButtonLink>
          </div>
        </form>
      </FormProvider>
    </Section>
  );
}

type ScheduleHistory = {
  schedule: MedicationSchedule;
  events: { at: string; action: string; by: string | null; changes: Record<string, unknown> | null }[];
  replaces: MedicationSchedule | null;
  replaced_by: MedicationSchedule | null;
  administrations: Page<Administration>;
};

function administrationColumns(codes: readonly OutcomeCode[], prefix: string): Column<Administration>[] {
  return [
    { key: 'given_at', label: 'Given', render: (row) => <Link to={`${prefix}${row.id}`}>{formatDateTime(row.given_at)}</Link> },
    { key: 'due', label: 'Dose', render: (row) => (row.due_date ? `${slotLabel(row.due_slot ?? '')} on ${formatDate(row.due_date)}` : 'When needed') },
    { key: 'outcome', label: 'Outcome', render: (row) => (<><CodeBadge code={row.outcome} codes={codes} late={row.outside_window} /> {row.outcome_label}</>) },
    { key: 'dose_given', label: 'Dose given' },
    { key: 'recorded_by_name', label: 'By', render: (row) => `${row.recorded_by_name} (${row.created_via === 'device' ? 'carer app' : 'office'})` },
    {
      key: 'note',
      label: 'Notes',
      render: (row) => (
        <>
          {row.prn_reason ? <p className={styles.hint}>Reason: {row.prn_reason}</p> : null}
          {row.over_limit ? <p className={styles.error}>Over the limit: {row.over_limit_reason}</p> : null}
          {row.note ? <p>{row.note}</p> : null}
          {row.superseded_by !== null ? <p className={styles.hint}>Corrected by record {row.superseded_by}</p> : null}
          {row.corrects_id !== null ? <p className={styles.hint}>Corrects record {row.corrects_id}: {row.correction_reason}</p> : null}
        </>
      ),
    },
  ];
}

const EVENT_WORDS: Record<string, string> = { create: 'Added', update: 'Stopped', delete: 'Removed' };

function ScheduleHistoryPage({ clientId }: { clientId: number }) {
  const { editid = '' } = useParams();
  const id = Number(editid);
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const codes = useOutcomeCodes();
  const history = useApiQuery<ScheduleHistory>(medicationPath(clientId, `/${editid}/history`), { page: paging.page, page_size: paging.pageSize }, { enabled: Number.isSafeInteger(id) && id > 0, keepPrevious: true, failure: 'The history could not be loaded.' });
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFound />;
  if (history.error) return <ErrorPanel title="The history could not be loaded" onRetry={() => void history.refetch()}>{history.error.message}</ErrorPanel>;
  if (!history.data) return <Loading label="Loading the history…" />;
  const { schedule, events, replaces, replaced_by: replacedBy } = history.data;
  return (
    <>
      <Section title={`History of ${medicineName(schedule)}`} actions={<ButtonLink to=".." variant="secondary">Back to medicines</ButtonLink>}>
        <dl className={styles.facts}>
          <dt>Dose and route</dt>
          <dd>{schedule.dose}, {routeLabel(schedule.route).toLowerCase()}</dd>
          <dt>When</dt>
          <dd>{whenText(schedule)}</dd>
          <dt>Directions</dt>
          <dd>{schedule.frequency}</dd>
          <dt>Support</dt>
          <dd>{supportLabel(schedule.support_level)}</dd>
          <dt>Dates</dt>
          <dd>From {formatDate(schedule.start_date)}{schedule.stop_date ? `, no dose from ${formatDate(schedule.stop_date)}` : ''}</dd>
          <dt>Prescriber</dt>
          <dd>{schedule.prescriber || 'Not recorded'}</dd>
          <dt>Pharmacy</dt>
          <dd>{schedule.pharmacy || 'Not recorded'}</dd>
          {schedule.instructions ? (<><dt>Special instructions</dt><dd>{schedule.instructions}</dd></>) : null}
          {replaces ? (<><dt>Re-creates</dt><dd><Link to={`../${replaces.id}/logging`}>{replaces.dose}, {whenText(replaces)} (stopped {formatDate(replaces.stop_date)})</Link></dd></>) : null}
          {replacedBy ? (<><dt>Re-created as</dt><dd><Link to={`../${replacedBy.id}/logging`}>{replacedBy.dose}, {whenText(replacedBy)} (from {formatDate(replacedBy.start_date)})</Link></dd></>) : null}
        </dl>
        <h3>Changes</h3>
        <ul className={styles.list}>
          {events.map((event, index) => (
            <li key={index}>
              {formatDateTime(event.at)}: {EVENT_WORDS[event.action] ?? event.action} by {event.by ?? 'the system'}
              {event.action === 'update' && event.changes?.stop_reason ? ` (${String(event.changes.stop_reason)})` : ''}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Doses recorded">
        <ListTable
          caption={`Doses of ${schedule.medicine} recorded`}
          columns={administrationColumns(codes.data ?? [], '../')}
          page={history.data.administrations}
          loading={history.isFetching}
          error={null}
          onSort={() => undefined}
          onPage={(page) => setPaging((now) => ({ ...now, page }))}
          onPageSize={(pageSize) => setPaging({ page: 1, pageSize })}
          onRetry={() => void history.refetch()}
          rowKey={(row) => row.id}
          empty="Nothing recorded yet."
        />
      </Section>
    </>
  );
}

function AdministrationPage({ clientId }: { clientId: number }) {
  const { logid = '' } = useParams();
  const id = Number(logid);
  const valid = /^\d{1,10}$/.test(logid) && id > 0;
  const codes = useOutcomeCodes();
  const detail = useApiQuery<AdministrationDetail>(administrationsPath(clientId, id), undefined, { enabled: valid, failure: 'This record could not be loaded.' });
  if (!valid) return <NotFound />;
  if (detail.error) return <ErrorPanel title="This record could not be loaded" onRetry={() => void detail.refetch()}>{detail.error.message}</ErrorPanel>;
  if (!detail.data) return <Loading label="Loading the record…" />;
  const { administration: row, schedule, history } = detail.data;
  const code = codes.data?.find((item) => item.code === row.outcome);
  const labels = Object.fromEntries((codes.data ?? []).map((item) => [item.code, item.label]));
  return (
    <>
      <Section title={`${schedule.medicine}: ${row.outcome_label}`} actions={<ButtonLink to={`../${schedule.id}/logging`} variant="secondary">{`All doses of ${schedule.medicine}`}</ButtonLink>}>
        <div className={styles.actions}>
          {isScoreRingCode(row.outcome) ? <ScoreRing code={(row.outside_window ? `G${row.outcome}` : row.outcome) as ScoreRingCode} labels={labels} size="medium" /> : <CodeBadge code={row.outcome} codes={codes.data ?? []} late={row.outside_window} />}
          <p className={styles.muted}>{code?.description}</p>
        </div>
        <dl className={styles.facts}>
          <dt>Dose</dt>
          <dd>{row.due_date ? `${slotLabel(row.due_slot ?? '')} dose on ${formatDate(row.due_date)}` : 'When needed'}</dd>
          <dt>Given</dt>
          <dd>{formatDateTime(row.given_at)}{row.outside_window ? ' (outside its window)' : ''}</dd>
          <dt>Dose given</dt>
          <dd>{row.dose_given}</dd>
          <dt>Recorded by</dt>
          <dd>{row.recorded_by_name}, {formatDateTime(row.recorded_at)} ({row.created_via === 'device' ? 'carer app' : 'office'})</dd>
          {row.prn_reason ? (<><dt>Reason given</dt><dd>{row.prn_reason}</dd></>) : null}
          {row.over_limit ? (<><dt>Over the limit</dt><dd>{row.over_limit_reason}</dd></>) : null}
          {row.note ? (<><dt>Note</dt><dd>{row.note}</dd></>) : null}
          {row.corrects_id !== null ? (<><dt>Correction</dt><dd>{row.correction_reason}</dd></>) : null}
          {row.superseded_by !== null ? (<><dt>Corrected</dt><dd>Replaced by record {row.superseded_by} on {formatDateTime(row.superseded_at ?? row.recorded_at)}</dd></>) : null}
        </dl>
      </Section>
      {history.length > 1 ? (
        <Section title="Records of this dose">
          <ListTable
            caption="Every record of this dose, oldest first"
            columns={administrationColumns(codes.data ?? [], '../')}
            page={pageOfAll(history)}
            loading={false}
            error={null}
            onSort={() => undefined}
            onPage={() => undefined}
            onPageSize={() => undefined}
            onRetry={() => undefined}
            rowKey={(item) => item.id}
          />
        </Section>
      ) : null}
    </>
  );
}

/** The client record's medication tab (segment `medication`), with its sub-pages as relative routes. */
export default function MedicationTab({ clientId }: { clientId: number }) {
  const can = useCan();
  if (!can('clients.clinical.view')) {
    return <EmptyState>Medication is clinical content: reading it needs the "Read the clinical content of care records" permission.</EmptyState>;
  }
  return (
    <div className={styles.screen}>
      <Routes>
        <Route index element={<ScheduleList clientId={clientId} />} />
        <Route path="add" element={can('clients.edit') ? <AddSchedule clientId={clientId} /> : <NotFound />} />
        <Route path=":editid/logging" element={<ScheduleHistoryPage clientId={clientId} />} />
        <Route path=":logid" element={<AdministrationPage clientId={clientId} />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
