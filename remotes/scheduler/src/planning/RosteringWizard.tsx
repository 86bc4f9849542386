import { ukDate } from '@hcm/contract/time';
import { formatDate } from '@hcm/contract/format';
import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FormProvider, useFieldArray, useForm, useFormContext, useWatch } from 'react-hook-form';
import { Link, Navigate, Route, Routes, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { api, Button, EmptyState, ErrorPanel, Loading, NotFound, PageHeader, useCan, useRouteName } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery, useInvalidate } from '@hcm/kit/data';
import { CheckboxField, SelectField, TextAreaField, TextField, valibotResolver } from '@hcm/kit/forms';
import { BANK_HOLIDAY_RULES, WEEKDAYS } from '../../contract/templates';
import {
  callLabel,
  plannedHoursPerWeek,
  WIZARD_STEPS,
  WizardCarersSchema,
  WizardCheckSchema,
  WizardClientSchema,
  WizardPackageSchema,
  WizardPatternSchema,
  type RosteringDraftRow,
  type WizardChoices,
  type WizardPublished,
  type WizardStepAnswer,
} from '../../contract/wizard';
import type { VisitTask } from '../../contract/visits';
import { handleSaved, shiftDay } from './common';
import styles from './planning.module.css';

// The rostering wizard (client-rostering/add/1 … /6): a new care package from the client to published visits.
// Every step is a form saved on the server as the planner goes, so leaving and coming back (or reloading a step)
// shows what was typed; a step not reachable yet sends the planner to the first one still to do. The draft is the
// one named by ?draft=, else the planner's latest open one.

const DRAFTS = 'api/v1/rostering-drafts';
const stepPath = (step: number, draftId?: number | null) => `/app/client-rostering/add/${step}${draftId ? `?draft=${draftId}` : ''}`;

type Props = { draft: RosteringDraftRow | null; onSaved: (draft: RosteringDraftRow, next: number) => void };

function Stepper({ current, draft }: { current: number; draft: RosteringDraftRow | null }) {
  const next = draft?.next_step ?? 1;
  return (
    <nav className={styles.stepper} aria-label="Steps of the new care package">
      <ol>
        {WIZARD_STEPS.map(({ step, title }) => {
          const saved = draft ? step <= draft.step_reached : false;
          const state = draft?.published_at ? 'Published' : saved ? 'Saved' : step === next ? 'To do next' : 'Not yet';
          const label = (
            <>
              {step}. {title}
              <span className={styles.state}>{state}</span>
            </>
          );
          return (
            <li key={step} aria-current={step === current ? 'step' : undefined}>
              {step <= next && step !== current ? <Link to={stepPath(step, draft?.id)}>{label}</Link> : label}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

function useChoices(clientId?: number | null) {
  return useApiQuery<WizardChoices>(`${DRAFTS}/choices`, clientId ? { client_id: clientId } : undefined, { failure: 'The clients and carers could not be loaded.' });
}

// ------------------------------------------------------------------ step 1

function ClientStep({ draft, onSaved }: Props) {
  const choices = useChoices();
  const saved = draft?.data.client;
  const form = useForm({ resolver: valibotResolver(WizardClientSchema), defaultValues: { client_id: asText(saved?.client_id), funder_code_id: asText(saved?.funder_code_id) } as never });
  const save = useApiMutation<RosteringDraftRow, Record<string, unknown>>({
    request: (values) => (draft ? api.put<RosteringDraftRow>(`${DRAFTS}/${draft.id}/steps/1`, values) : api.post<RosteringDraftRow>(DRAFTS, values)),
    invalidates: [apiKey(DRAFTS)],
  });
  const submit = form.handleSubmit(async () => {
    const answer = await save.submit(form.getValues() as Record<string, unknown>);
    if (handleSaved(answer, form, 'The client could not be saved.') && answer.data) onSaved(answer.data, 2);
  });
  if (choices.error) return <ErrorPanel title="The clients could not be loaded" onRetry={() => void choices.refetch()}>{choices.error.message}</ErrorPanel>;
  if (!choices.data) return <Loading label="Loading clients…" />;
  if (!choices.data.clients.length) return <EmptyState>Your branches have no active client to plan a package for.</EmptyState>;
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Client and funder">
        <SelectField name="client_id" label="Client" options={[{ value: '', label: 'Choose a client' }, ...choices.data.clients.map((client) => ({ value: String(client.id), label: `${client.name} (${client.postcode}, ${client.branch})` }))]} hint="Active clients of your branches." />
        <SelectField name="funder_code_id" label="Funder code" options={[{ value: '', label: 'Choose a funder code' }, ...choices.data.funder_codes.map((code) => ({ value: String(code.id), label: `${code.code}: ${code.name}` }))]} />
        {draft?.data.package ? <p className={styles.muted}>Choosing another client starts the package, pattern and carers again.</p> : null}
        <div className={styles.actions}>
          <Button type="submit" disabled={form.formState.isSubmitting}>Save and continue</Button>
        </div>
      </form>
    </FormProvider>
  );
}

// ------------------------------------------------------------------ step 2

function PackageStep({ draft, onSaved }: Props & { draft: RosteringDraftRow }) {
  const saved = draft.data.package;
  const form = useForm({
    resolver: valibotResolver(WizardPackageSchema),
    defaultValues: {
      name: saved?.name ?? '',
      starts_on: saved?.starts_on ?? shiftDay(ukDate(), 1),
      ends_on: saved?.ends_on ?? '',
      repeat_weeks: asText(saved?.repeat_weeks ?? 1),
      bank_holidays: saved?.bank_holidays ?? 'run',
      hours_per_week: asText(saved?.hours_per_week),
      notes: saved?.notes ?? '',
    } as never,
  });
  const save = useApiMutation<RosteringDraftRow, Record<string, unknown>>({ request: (values) => api.put<RosteringDraftRow>(`${DRAFTS}/${draft.id}/steps/2`, values), invalidates: [apiKey(DRAFTS)] });
  const submit = form.handleSubmit(async () => {
    const answer = await save.submit(form.getValues() as Record<string, unknown>);
    if (handleSaved(answer, form, 'The package could not be saved.') && answer.data) onSaved(answer.data, 3);
  });
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Package and dates">
        <TextField name="name" label="Package name" hint="For example: Morning, lunch and bed calls" />
        <div className={styles.grid}>
          <TextField name="starts_on" label="Start date" type="date" />
          <TextField name="ends_on" label="End date" type="date" hint="Leave empty for an open-ended package." />
          <SelectField name="repeat_weeks" label="Repeat every" options={[1, 2, 3, 4, 5, 6, 7, 8].map((weeks) => ({ value: String(weeks), label: weeks === 1 ? 'Every week' : `${weeks} weeks` }))} />
          <SelectField name="bank_holidays" label="On bank holidays" options={BANK_HOLIDAY_RULES.map((rule) => ({ value: rule.value, label: rule.label }))} />
          <TextField name="hours_per_week" label="Hours commissioned a week" inputMode="decimal" hint="In quarter hours, like 10.5" />
        </div>
        <TextAreaField name="notes" label="Notes" rows={3} />
        <div className={styles.actions}>
          <Button type="submit" disabled={form.formState.isSubmitting}>Save and continue</Button>
        </div>
      </form>
    </FormProvider>
  );
}

// ------------------------------------------------------------------ step 3

type CallForm = { week: string; weekday: string; start_time: string; duration_minutes: string; carers_needed: string; tasks: VisitTask[] };

function TaskChoices({ index, available }: { index: number; available: VisitTask[] }) {
  const { setValue, control } = useFormContext<{ calls: CallForm[] }>();
  const chosen = useWatch({ control, name: `calls.${index}.tasks` }) ?? [];
  if (!available.length) return <p className={styles.muted}>The care plan lists no visit tasks.</p>;
  return (
    <fieldset className={styles.checks}>
      <legend>Tasks</legend>
      {available.map((task) => {
        const checked = chosen.some((item) => item.key === task.key);
        return (
          <label key={task.key}>
            <input
              type="checkbox"
              checked={checked}
              onChange={() => setValue(`calls.${index}.tasks`, checked ? chosen.filter((item) => item.key !== task.key) : [...chosen, task], { shouldDirty: true })}
            />
            {task.label}
          </label>
        );
      })}
    </fieldset>
  );
}

function PatternStep({ draft, onSaved }: Props & { draft: RosteringDraftRow }) {
  const step = useApiQuery<WizardStepAnswer>(`${DRAFTS}/${draft.id}/steps/3`, undefined, { failure: 'The care plan could not be read.' });
  if (step.error) return <ErrorPanel title="The care plan could not be read" onRetry={() => void step.refetch()}>{step.error.message}</ErrorPanel>;
  if (!step.data) return <Loading label="Loading the care plan…" />;
  return <PatternForm draft={draft} onSaved={onSaved} carePlan={step.data.care_plan_tasks} />;
}

function PatternForm({ draft, onSaved, carePlan }: Props & { draft: RosteringDraftRow; carePlan: VisitTask[] }) {
  const repeat = draft.data.package?.repeat_weeks ?? 1;
  const blank = (): CallForm => ({ week: '1', weekday: '1', start_time: '08:00', duration_minutes: '30', carers_needed: '1', tasks: carePlan });
  const saved = draft.data.pattern?.calls.map((call) => ({ ...call, week: String(call.week), weekday: String(call.weekday), duration_minutes: String(call.duration_minutes), carers_needed: String(call.carers_needed) }));
  const form = useForm<{ calls: CallForm[] }>({ resolver: valibotResolver(WizardPatternSchema) as never, defaultValues: { calls: saved ?? [blank()] } });
  const calls = useFieldArray({ control: form.control, name: 'calls' });
  const watched = useWatch({ control: form.control, name: 'calls' }) ?? [];
  const available = [...carePlan, ...watched.flatMap((call) => call.tasks ?? [])].filter((task, index, all) => all.findIndex((other) => other.key === task.key) === index);
  const save = useApiMutation<RosteringDraftRow, { calls: CallForm[] }>({ request: (values) => api.put<RosteringDraftRow>(`${DRAFTS}/${draft.id}/steps/3`, values), invalidates: [apiKey(DRAFTS)] });
  const submit = form.handleSubmit(async () => {
    const answer = await save.submit(form.getValues());
    if (handleSaved(answer, form, 'The pattern could not be saved.') && answer.data) onSaved(answer.data, 4);
  });
  const hours = plannedHoursPerWeek(watched.map((call) => ({ duration_minutes: Number(call.duration_minutes) || 0 })), repeat);
  const listError = form.formState.errors.calls?.root?.message ?? form.formState.errors.calls?.message;
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Weekly pattern">
        <p className={styles.muted}>
          {hours} hours a week planned on average; {draft.data.package?.hours_per_week ?? '?'} commissioned.
          {carePlan.length ? ' Each new call starts with the care plan’s tasks ticked.' : ''}
        </p>
        {calls.fields.map((field, index) => (
          <fieldset key={field.id} className={styles.call}>
            <legend>Call {index + 1}</legend>
            <div className={styles.grid}>
              {repeat > 1 ? <SelectField name={`calls.${index}.week`} label="Week of the cycle" options={Array.from({ length: repeat }, (_, week) => ({ value: String(week + 1), label: `Week ${week + 1}` }))} /> : null}
              <SelectField name={`calls.${index}.weekday`} label="Day" options={WEEKDAYS.map((day) => ({ value: String(day.value), label: day.label }))} />
              <TextField name={`calls.${index}.start_time`} label="Start" type="time" />
              <TextField name={`calls.${index}.duration_minutes`} label="Length (minutes)" inputMode="numeric" />
              <SelectField name={`calls.${index}.carers_needed`} label="Carers needed" options={[{ value: '1', label: 'One carer' }, { value: '2', label: 'Two (double-up)' }]} />
            </div>
            <TaskChoices index={index} available={available} />
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => calls.remove(index)} disabled={calls.fields.length === 1} aria-label={`Remove call ${index + 1}`}>
                Remove this call
              </Button>
            </div>
          </fieldset>
        ))}
        {listError ? <p className={styles.error} role="alert">{listError}</p> : null}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => calls.append(blank())}>Add a call</Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>Save and continue</Button>
        </div>
      </form>
    </FormProvider>
  );
}

// ------------------------------------------------------------------ step 4

type CarersForm = { preferred: { carer_ids: string[] }[] };

function CarerChoices({ index, carers, needed }: { index: number; carers: WizardChoices['carers']; needed: number }) {
  const { setValue, control, formState } = useFormContext<CarersForm>();
  const chosen = useWatch({ control, name: `preferred.${index}.carer_ids` }) ?? [];
  const message = formState.errors.preferred?.[index]?.carer_ids?.message;
  return (
    <>
      <div className={styles.checks}>
        {carers.map((carer) => {
          const checked = chosen.includes(String(carer.id));
          return (
            <label key={carer.id}>
              <input
                type="checkbox"
                checked={checked}
                onChange={() => setValue(`preferred.${index}.carer_ids`, checked ? chosen.filter((id) => id !== String(carer.id)) : [...chosen, String(carer.id)], { shouldDirty: true })}
              />
              {carer.name}
            </label>
          );
        })}
      </div>
      <p className={styles.muted}>Name up to {needed} carer{needed === 1 ? '' : 's'}, or none to leave the call for auto-assign.</p>
      {message ? <p className={styles.error} role="alert">{message}</p> : null}
    </>
  );
}

function CarersStep({ draft, onSaved }: Props & { draft: RosteringDraftRow }) {
  const choices = useChoices(draft.client_id);
  const calls = draft.data.pattern?.calls ?? [];
  const repeat = draft.data.package?.repeat_weeks ?? 1;
  const form = useForm<CarersForm>({
    resolver: valibotResolver(WizardCarersSchema) as never,
    defaultValues: { preferred: calls.map((_, index) => ({ carer_ids: (draft.data.carers?.preferred[index]?.carer_ids ?? []).map(String) })) },
  });
  const save = useApiMutation<RosteringDraftRow, CarersForm>({ request: (values) => api.put<RosteringDraftRow>(`${DRAFTS}/${draft.id}/steps/4`, values), invalidates: [apiKey(DRAFTS)] });
  const submit = form.handleSubmit(async () => {
    const answer = await save.submit(form.getValues());
    if (handleSaved(answer, form, 'The carers could not be saved.') && answer.data) onSaved(answer.data, 5);
  });
  if (choices.error) return <ErrorPanel title="The carers could not be loaded" onRetry={() => void choices.refetch()}>{choices.error.message}</ErrorPanel>;
  if (!choices.data) return <Loading label="Loading carers…" />;
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Preferred carers">
        {calls.map((call, index) => (
          <fieldset key={index} className={styles.call}>
            <legend>{callLabel(call, repeat)}</legend>
            <CarerChoices index={index} carers={choices.data.carers} needed={call.carers_needed} />
          </fieldset>
        ))}
        <div className={styles.actions}>
          <Button type="submit" disabled={form.formState.isSubmitting}>Save and check</Button>
        </div>
      </form>
    </FormProvider>
  );
}

// ------------------------------------------------------------------ step 5

function CheckStep({ draft, onSaved }: Props & { draft: RosteringDraftRow }) {
  const step = useApiQuery<WizardStepAnswer>(`${DRAFTS}/${draft.id}/steps/5`, undefined, { failure: 'The package could not be checked.' });
  const form = useForm<{ accept_warnings: boolean }>({ resolver: valibotResolver(WizardCheckSchema) as never, defaultValues: { accept_warnings: false } });
  const save = useApiMutation<RosteringDraftRow, Record<string, unknown>>({ request: (values) => api.put<RosteringDraftRow>(`${DRAFTS}/${draft.id}/steps/5`, values), invalidates: [apiKey(DRAFTS)] });
  const submit = form.handleSubmit(async () => {
    const answer = await save.submit(form.getValues());
    if (handleSaved(answer, form, 'The check could not be saved.') && answer.data) onSaved(answer.data, 6);
    else void step.refetch();
  });
  if (step.error) return <ErrorPanel title="The package could not be checked" onRetry={() => void step.refetch()}>{step.error.message}</ErrorPanel>;
  const check = step.data?.check;
  if (!check) return <Loading label="Checking every call against the rules…" />;
  return (
    <FormProvider {...form}>
      <p>
        <strong>{check.hard_count ? `${check.hard_count} problem${check.hard_count === 1 ? '' : 's'} to fix` : 'No problem to fix'}</strong>
        {`, ${check.soft_count} warning${check.soft_count === 1 ? '' : 's'}.`} Every visit publishing makes is checked with its call’s preferred carers: a carer the rules refuse on every visit of a call must be changed; one refused on some days only leaves those visits unassigned, flagged as needing attention.
      </p>
      {check.package_problems.length ? (
        <ul className={styles.problems} aria-label="Problems with the package">
          {check.package_problems.map((problem) => <li key={problem}>Problem: {problem}</li>)}
        </ul>
      ) : null}
      {check.package_warnings.length ? (
        <ul className={styles.warnings} aria-label="Warnings about the package">
          {check.package_warnings.map((warning) => <li key={warning}>Warning: {warning}</li>)}
        </ul>
      ) : null}
      <table className={styles.table}>
        <caption className={styles.muted}>The check of each call</caption>
        <thead>
          <tr>
            <th scope="col">Call</th>
            <th scope="col">First visit</th>
            <th scope="col">Must be fixed</th>
            <th scope="col">Left unassigned</th>
            <th scope="col">Warnings</th>
          </tr>
        </thead>
        <tbody>
          {check.calls.map((call) => (
            <tr key={call.call}>
              <td>{call.label}</td>
              <td>{formatDate(call.date) || '—'}</td>
              <td>{call.hard.length ? <ul>{call.hard.map((finding, index) => <li key={index}>Problem: {finding.message}</li>)}</ul> : 'Nothing'}</td>
              <td>
                {call.left_unassigned?.length ? (
                  <ul>{call.left_unassigned.map((item, index) => <li key={index}>{formatDate(item.date) || '—'}: {item.message}</li>)}</ul>
                ) : (
                  'None'
                )}
              </td>
              <td>{call.soft.length ? <ul>{call.soft.map((finding, index) => <li key={index}>Warning: {finding.message}</li>)}</ul> : 'None'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {check.hard_count ? (
        <p className={styles.actions}>
          Fix them: <Link to={stepPath(3, draft.id)}>Back to the weekly pattern</Link> <Link to={stepPath(4, draft.id)}>Back to the preferred carers</Link>
        </p>
      ) : null}
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Check against the rules">
        <CheckboxField name="accept_warnings" label="I have read the check and accept its warnings" />
        {form.formState.errors.accept_warnings?.message ? <p className={styles.error} role="alert">{String(form.formState.errors.accept_warnings.message)}</p> : null}
        <div className={styles.actions}>
          <Button type="submit" disabled={form.formState.isSubmitting || check.hard_count > 0}>Continue to review</Button>
        </div>
      </form>
    </FormProvider>
  );
}

// ------------------------------------------------------------------ step 6

function ReviewStep({ draft }: { draft: RosteringDraftRow }) {
  const invalidate = useInvalidate();
  const [published, setPublished] = useState<WizardPublished | null>(null);
  const [failure, setFailure] = useState('');
  const publish = useApiMutation<WizardPublished, void>({ request: () => api.post<WizardPublished>(`${DRAFTS}/${draft.id}/publish`, {}), invalidates: [apiKey(DRAFTS)] });
  const { client, package: pkg, pattern, carers } = draft.data;
  const repeat = pkg?.repeat_weeks ?? 1;
  const handlePublish = async () => {
    setFailure('');
    const answer = await publish.submit();
    if (answer.error || !answer.data) {
      setFailure(answer.message || 'The package could not be published.');
      await invalidate([apiKey(DRAFTS)]);
      return;
    }
    setPublished(answer.data);
  };
  if (published || draft.published_at) {
    return (
      <div role="status">
        <p>
          <strong>Published.</strong>{' '}
          {published ? `The rota template and ${published.visits_created} visits from ${formatDate(published.from) || '—'} to ${formatDate(published.to) || '—'}.` : `On ${formatDate(draft.published_at!.slice(0, 10)) || '—'}.`}
        </p>
        <p className={styles.actions}>
          <Link to="/app/client-rostering/add/1?new=1">Start another package</Link>
          <Link to="/app/visits">See the visits</Link>
          {draft.data.client?.client_id ? <Link to={`/app/clients/${String(draft.data.client.client_id)}/visit-templates`}>The client's visit templates</Link> : null}
        </p>
      </div>
    );
  }
  return (
    <>
      <dl className={styles.facts}>
        <dt>Client</dt>
        <dd>{draft.client_name ?? `Client #${client?.client_id}`}</dd>
        <dt>Package</dt>
        <dd>{pkg?.name}</dd>
        <dt>Dates</dt>
        <dd>
          From {formatDate(pkg?.starts_on) || '—'} {pkg?.ends_on ? `to ${formatDate(pkg.ends_on) || '—'}` : '(open-ended)'}, {repeat === 1 ? 'every week' : `repeating every ${repeat} weeks`}
        </dd>
        <dt>Bank holidays</dt>
        <dd>{BANK_HOLIDAY_RULES.find((rule) => rule.value === pkg?.bank_holidays)?.label}</dd>
        <dt>Hours a week</dt>
        <dd>
          {plannedHoursPerWeek(pattern?.calls ?? [], repeat)} planned, {pkg?.hours_per_week} commissioned
        </dd>
      </dl>
      <table className={styles.table}>
        <caption className={styles.muted}>The calls of the package</caption>
        <thead>
          <tr>
            <th scope="col">Call</th>
            <th scope="col">Carers needed</th>
            <th scope="col">Tasks</th>
            <th scope="col">Preferred carers</th>
          </tr>
        </thead>
        <tbody>
          {(pattern?.calls ?? []).map((call, index) => (
            <tr key={index}>
              <td>{callLabel(call, repeat)}</td>
              <td>{call.carers_needed === 2 ? 'Two (double-up)' : 'One'}</td>
              <td>{call.tasks.map((task) => task.label).join(', ') || 'None'}</td>
              <td>{carers?.preferred[index]?.carer_ids.length ? `${carers.preferred[index]!.carer_ids.length} named` : 'None: auto-assign'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {failure ? <p className={styles.error} role="alert">{failure}</p> : null}
      <div className={styles.actions}>
        <Button onClick={() => void handlePublish()} disabled={publish.isPending}>Publish the package</Button>
      </div>
    </>
  );
}

// ------------------------------------------------------------------ the wizard

function WizardStep() {
  const can = useCan();
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const step = Number(params.step);
  const drafts = useApiQuery<RosteringDraftRow[]>(DRAFTS, undefined, { failure: 'Your drafts could not be loaded.' });
  const wanted = Number(search.get('draft')) || null;
  const fresh = search.get('new') === '1';
  const draft = drafts.data ? (drafts.data.find((row) => row.id === wanted) ?? (wanted || fresh ? null : (drafts.data.find((row) => !row.published_at) ?? null))) : null;
  const discard = useApiMutation<null, number>({ request: (id) => api.delete<null>(`${DRAFTS}/${id}`), invalidates: [apiKey(DRAFTS)] });
  const [title] = WIZARD_STEPS.filter((item) => item.step === step).map((item) => item.title);
  useEffect(() => {
    if (typeof document !== 'undefined' && title) document.title = `New care package: ${title}`;
  }, [title]);

  if (!can('scheduler.edit')) return <EmptyState>Planning a new care package needs the scheduler.edit permission.</EmptyState>;
  if (!title) return <NotFound />;
  if (drafts.error) return <ErrorPanel title="Your drafts could not be loaded" onRetry={() => void drafts.refetch()}>{drafts.error.message}</ErrorPanel>;
  if (!drafts.data) return <Loading label="Loading your draft…" />;
  // Not reachable yet: to the first step still to do.
  const next = draft?.next_step ?? 1;
  if (step > next && !draft?.published_at) return <Navigate to={stepPath(next, draft?.id)} replace />;

  // The saved draft goes into the cached list before navigating: the next step must not be judged by the list as
  // it was before the save (it would send the planner back to the step they just finished).
  const onSaved = (saved: RosteringDraftRow, to: number) => {
    queryClient.setQueryData<RosteringDraftRow[]>(apiKey(DRAFTS), (rows) => [saved, ...(rows ?? []).filter((row) => row.id !== saved.id)]);
    navigate(stepPath(Math.min(to, saved.next_step), saved.id));
  };
  const others = drafts.data.filter((row) => !row.published_at && row.id !== draft?.id);
  return (
    <>
      <Stepper current={step} draft={draft} />
      <Section title={`Step ${step} of 6: ${title}`}>
        {draft ? (
          <p className={styles.muted}>
            {draft.client_name ? `For ${draft.client_name}. ` : ''}Saved as you go: you can leave and come back.{' '}
            {!draft.published_at ? (
              <Button
                variant="secondary"
                onClick={() =>
                  void discard.submit(draft.id).then((answer) => {
                    if (!answer.error) navigate('/app/client-rostering/add/1?new=1');
                  })
                }
              >
                Discard this draft
              </Button>
            ) : null}
          </p>
        ) : null}
        {step === 1 ? <ClientStep draft={draft} onSaved={onSaved} /> : null}
        {step === 2 && draft ? <PackageStep draft={draft} onSaved={onSaved} /> : null}
        {step === 3 && draft ? <PatternStep draft={draft} onSaved={onSaved} /> : null}
        {step === 4 && draft ? <CarersStep draft={draft} onSaved={onSaved} /> : null}
        {step === 5 && draft ? <CheckStep draft={draft} onSaved={onSaved} /> : null}
        {step === 6 && draft ? <ReviewStep draft={draft} /> : null}
      </Section>
      {others.length ? (
        <Section title="Your other drafts">
          <ul>
            {others.map((row) => (
              <li key={row.id}>
                <Link to={stepPath(row.next_step, row.id)}>{row.client_name ?? 'No client yet'}</Link> (step {row.next_step} to do; saved {formatDate(row.updated_at.slice(0, 10)) || '—'})
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </>
  );
}

/** /app/client-rostering/add/1 … /6. */
export default function RosteringWizard() {
  useRouteName('New care package');
  return (
    <div className={styles.screen}>
      <PageHeader title="New care package" />
      <Routes>
        <Route path="add/:step" element={<WizardStep />} />
        <Route path="*" element={<Navigate to="add/1" replace />} />
      </Routes>
    </div>
  );
}
