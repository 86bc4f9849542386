import { ukDate } from '@hcm/contract/time';
import { useState } from 'react';
import { Controller, FormProvider, useFieldArray, useForm, useFormContext } from 'react-hook-form';
import { api, Button, notify, type ApiResult } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { applyServerErrors, SelectField, TextAreaField, TextField, useUnsavedChangesWarning, valibotResolver } from '@hcm/kit/forms';
import {
  BANK_HOLIDAY_RULES,
  TemplateSchema,
  templateWarnings,
  WEEKDAYS,
  type ClientTemplates,
  type TemplateDetail,
  type TemplatePreview,
  type TemplateSaved,
  type TemplateVisitChanges,
  type TemplateWarning,
} from '../../contract/templates';
import type { VisitTask } from '../../contract/visits';
import { clientPath, plural, styles, templatePath } from './common';

// The add/edit form of a rota template: its dates, cycle, funder and bank-holiday rule, and the weekly pattern as a
// grid per week of the cycle (the calls of each day at a glance), each call with its day, start, length, carers,
// visit slot, tasks and preferred carers. The same schema as the server's; a 422 puts its messages on the fields
// and keeps what was typed. Editing shows what the change would do to the future visits before saving.

type SlotForm = {
  id: number | null;
  week: string;
  weekday: string;
  start_time: string;
  duration_minutes: string;
  carers_needed: string;
  visit_slot_id: string;
  tasks: VisitTask[];
  preferred_carer_ids: string[];
  notes: string;
};
export type TemplateForm = {
  name: string;
  starts_on: string;
  ends_on: string;
  repeat_weeks: string;
  funder_code_id: string;
  bank_holidays: 'run' | 'skip';
  notes: string;
  slots: SlotForm[];
};

type RotaCarer = { id: number; name: string; branch_id: number; status: string };

const emptySlot = (week: number, weekday = 1): SlotForm => ({
  id: null,
  week: String(week),
  weekday: String(weekday),
  start_time: '08:00',
  duration_minutes: '30',
  carers_needed: '1',
  visit_slot_id: '',
  tasks: [],
  preferred_carer_ids: [],
  notes: '',
});

function formOf(template: TemplateDetail | null): TemplateForm {
  if (!template) return { name: '', starts_on: ukDate(), ends_on: '', repeat_weeks: '1', funder_code_id: '', bank_holidays: 'run', notes: '', slots: [emptySlot(1)] };
  return {
    name: template.name,
    starts_on: template.starts_on,
    ends_on: template.ends_on ?? '',
    repeat_weeks: String(template.repeat_weeks),
    funder_code_id: template.funder_code_id ? String(template.funder_code_id) : '',
    bank_holidays: template.bank_holidays,
    notes: template.notes,
    slots: template.slots.map((slot) => ({
      id: slot.id,
      week: String(slot.week),
      weekday: String(slot.weekday),
      start_time: slot.start_time,
      duration_minutes: String(slot.duration_minutes),
      carers_needed: String(slot.carers_needed),
      visit_slot_id: slot.visit_slot_id ? String(slot.visit_slot_id) : '',
      tasks: slot.tasks,
      preferred_carer_ids: slot.preferred_carer_ids.map(String),
      notes: slot.notes,
    })),
  };
}

const dayLabel = (weekday: string | number) => WEEKDAYS.find((day) => day.value === Number(weekday))?.label ?? 'Day';

/** The calls of one week of the cycle, as a grid of the seven days (read-only overview). */
function WeekGrid({ week, slots }: { week: number; slots: SlotForm[] }) {
  return (
    <table className={styles.pattern}>
      <caption className={styles.muted}>Week {week} at a glance</caption>
      <thead>
        <tr>
          {WEEKDAYS.map((day) => (
            <th key={day.value} scope="col">
              <abbr title={day.label}>{day.short}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          {WEEKDAYS.map((day) => {
            const calls = slots.filter((slot) => Number(slot.week) === week && Number(slot.weekday) === day.value).sort((a, b) => a.start_time.localeCompare(b.start_time));
            return (
              <td key={day.value}>
                {calls.length ? (
                  <ul>
                    {calls.map((call, index) => (
                      <li key={index}>
                        {call.start_time} · {call.duration_minutes} min{call.carers_needed === '2' ? ' · 2 carers' : ''}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <span className={styles.muted}>No call</span>
                )}
              </td>
            );
          })}
        </tr>
      </tbody>
    </table>
  );
}

function TaskChoices({ index, label, choices }: { index: number; label: string; choices: VisitTask[] }) {
  const { control } = useFormContext<TemplateForm>();
  return (
    <Controller
      control={control}
      name={`slots.${index}.tasks`}
      render={({ field, fieldState }) => {
        const chosen = field.value ?? [];
        const all = [...choices, ...chosen.filter((task) => !choices.some((choice) => choice.key === task.key))];
        return (
          <fieldset className={styles.tasks}>
            <legend>Tasks at {label}</legend>
            {all.length ? null : <span className={styles.muted}>The care plan has no tasks yet.</span>}
            {all.map((task) => (
              <label key={task.key}>
                <input
                  type="checkbox"
                  checked={chosen.some((item) => item.key === task.key)}
                  onChange={(event) => field.onChange(event.target.checked ? [...chosen, task] : chosen.filter((item) => item.key !== task.key))}
                />
                {task.label}
                {task.kind === 'medication' ? ' (medication)' : ''}
              </label>
            ))}
            {fieldState.error ? <span className={styles.error}>{fieldState.error.message}</span> : null}
          </fieldset>
        );
      }}
    />
  );
}

function PreferredCarers({ index, label, carers }: { index: number; label: string; carers: RotaCarer[] }) {
  const { register, getFieldState, formState } = useFormContext<TemplateForm>();
  const id = `preferred-${index}`;
  const { error } = getFieldState(`slots.${index}.preferred_carer_ids`, formState);
  return (
    <div className={styles.multi}>
      <label htmlFor={id}>Preferred carers at {label}</label>
      <select id={id} multiple aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...register(`slots.${index}.preferred_carer_ids`)}>
        {carers.map((carer) => (
          <option key={carer.id} value={String(carer.id)}>
            {carer.name}
          </option>
        ))}
      </select>
      {error ? (
        <span id={`${id}-error`} className={styles.error}>
          {error.message}
        </span>
      ) : (
        <span className={styles.muted}>Put on generated visits when free; otherwise left for auto-assign.</span>
      )}
    </div>
  );
}

function CallFields({ index, options, onRemove, carers, tasks }: { index: number; options: ClientTemplates; onRemove: () => void; carers: RotaCarer[]; tasks: VisitTask[] }) {
  const { watch } = useFormContext<TemplateForm>();
  const repeat = Number(watch('repeat_weeks')) || 1;
  const slot = watch(`slots.${index}`);
  const label = `${dayLabel(slot.weekday)}${repeat > 1 ? ` (week ${slot.week})` : ''} ${slot.start_time}`;
  return (
    <fieldset className={styles.call}>
      <legend>Call: {label}</legend>
      <div className={styles.callFields}>
        {repeat > 1 ? <SelectField name={`slots.${index}.week`} label={`Week of call ${index + 1}`} options={Array.from({ length: 8 }, (_, week) => ({ value: String(week + 1), label: `Week ${week + 1}` }))} /> : null}
        <SelectField name={`slots.${index}.weekday`} label={`Day of call ${index + 1}`} options={WEEKDAYS.map((day) => ({ value: String(day.value), label: day.label }))} />
        <TextField name={`slots.${index}.start_time`} label={`Start of call ${index + 1}`} type="time" />
        <TextField name={`slots.${index}.duration_minutes`} label={`Minutes of call ${index + 1}`} type="number" min={5} step={5} inputMode="numeric" />
        <SelectField name={`slots.${index}.carers_needed`} label={`Carers at call ${index + 1}`} options={[{ value: '1', label: 'One carer' }, { value: '2', label: 'Two carers (double-up)' }]} />
        <SelectField
          name={`slots.${index}.visit_slot_id`}
          label={`Visit slot of call ${index + 1}`}
          options={[{ value: '', label: 'No slot' }, ...options.visit_slots.map((choice) => ({ value: String(choice.id), label: `${choice.name} (${choice.start_time}–${choice.end_time})` }))]}
        />
      </div>
      <TaskChoices index={index} label={label} choices={tasks} />
      <PreferredCarers index={index} label={label} carers={carers} />
      <TextField name={`slots.${index}.notes`} label={`Notes for call ${index + 1}`} />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onRemove}>
          Remove call {index + 1}
        </Button>
      </div>
    </fieldset>
  );
}

function Warnings({ warnings, title }: { warnings: TemplateWarning[]; title: string }) {
  if (!warnings.length) return null;
  return (
    <section aria-label={title}>
      <h4>{title}</h4>
      <ul className={styles.warnings}>
        {warnings.map((warning, index) => (
          <li key={index}>Warning: {warning.message}</li>
        ))}
      </ul>
    </section>
  );
}

export function describeVisits(changes: TemplateVisitChanges, preview = false): string {
  const verb = preview ? 'would be' : 'were';
  return [
    `${plural(changes.changed, 'future visit')} ${verb} changed`,
    `${changes.removed} removed`,
    `${changes.created} added`,
    `${plural(changes.kept, 'visit')} changed by hand kept`,
    `${plural(changes.skipped, 'visit')} started or closed skipped`,
  ].join(', ');
}

const bodyOf = (values: TemplateForm) => ({ ...values, slots: values.slots.map((slot) => ({ ...slot, visit_slot_id: slot.visit_slot_id || null })) });

export function TemplateFormSection({ clientId, options, template, onDone }: { clientId: number; options: ClientTemplates; template: TemplateDetail | null; onDone: (saved: TemplateSaved | null) => void }) {
  const form = useForm<TemplateForm>({ resolver: valibotResolver(TemplateSchema), defaultValues: formOf(template) });
  const slots = useFieldArray({ control: form.control, name: 'slots' });
  const { leaveWithoutWarning } = useUnsavedChangesWarning(form.formState.isDirty);
  const [conflict, setConflict] = useState<string | null>(null);
  const [preview, setPreview] = useState<TemplatePreview | null>(null);
  const carersAnswer = useApiQuery<RotaCarer[]>('api/v1/carers/rota', { branch_id: options.client.branch_id }, { failure: 'The branch’s carers could not be loaded.' });
  const carers = (carersAnswer.data ?? []).filter((carer) => carer.status === 'active');
  const listKey = apiKey(clientPath(clientId, 'visit-templates'));
  const save = useApiMutation<TemplateSaved, TemplateForm>({
    request: (values) => (template ? api.put<TemplateSaved>(templatePath(template.id), { ...bodyOf(values), version: template.version }) : api.post<TemplateSaved>(clientPath(clientId, 'visit-templates'), bodyOf(values))),
    invalidates: [listKey, ...(template ? [apiKey(templatePath(template.id))] : []), apiKey('api/v1/visits')],
  });
  const previewChange = useApiMutation<TemplatePreview, TemplateForm>({ request: (values) => api.post<TemplatePreview>(templatePath(template!.id, 'preview-change'), bodyOf(values)), invalidates: [] });

  const values = form.watch();
  const repeat = Math.min(8, Math.max(1, Number(values.repeat_weeks) || 1));
  const live = templateWarnings({ repeat_weeks: repeat, slots: values.slots.map((slot) => ({ ...slot, visit_slot_id: slot.visit_slot_id || null })) }, options.client_slots);
  const tasks = options.care_plan_tasks;

  function failed(answer: ApiResult<unknown>, fallback: string) {
    if (answer.httpStatus === 409) {
      setConflict(answer.message || fallback);
      return;
    }
    if (answer.errors) applyServerErrors(form.setError, answer.errors);
    else notify({ type: 'danger', message: answer.message || fallback });
  }

  const handleSave = form.handleSubmit(async () => {
    setConflict(null);
    const answer = await save.submit(form.getValues());
    if (answer.error) return failed(answer, 'The template could not be saved.');
    notify({ type: 'success', message: answer.message || 'Template saved.' });
    leaveWithoutWarning();
    onDone(answer.data);
  });
  const handlePreview = form.handleSubmit(async () => {
    setConflict(null);
    const answer = await previewChange.submit(form.getValues());
    if (answer.error) return failed(answer, 'The change could not be previewed.');
    setPreview(answer.data);
  });

  const title = template ? `Edit ${template.name}` : 'New template';
  return (
    <section className={styles.section} aria-label={title}>
      <h3>{title}</h3>
      <FormProvider {...form}>
        <form className={styles.form} aria-label={title} noValidate onSubmit={(event) => void handleSave(event)}>
          {conflict ? (
            <p role="alert" className={styles.conflict}>
              {conflict}
            </p>
          ) : null}
          <div className={styles.grid}>
            <TextField name="name" label="Name" />
            <TextField name="starts_on" label="Starts on" type="date" />
            <TextField name="ends_on" label="Ends on (optional)" type="date" />
            <SelectField name="repeat_weeks" label="Repeats every" options={Array.from({ length: 8 }, (_, week) => ({ value: String(week + 1), label: week === 0 ? 'Week (the same every week)' : `${week + 1} weeks` }))} />
            <SelectField name="funder_code_id" label="Funder code" options={[{ value: '', label: 'No funder code' }, ...options.funder_codes.map((code) => ({ value: String(code.id), label: code.name }))]} />
            <SelectField name="bank_holidays" label="On bank holidays" options={BANK_HOLIDAY_RULES.map((rule) => ({ value: rule.value, label: rule.label }))} />
          </div>
          <TextAreaField name="notes" label="Notes" rows={2} />
          {form.formState.errors.slots?.message ? <p className={styles.error}>{form.formState.errors.slots.message}</p> : null}
          {Array.from({ length: repeat }, (_, position) => position + 1).map((week) => (
            <fieldset key={week} className={styles.week}>
              <legend>{repeat > 1 ? `Week ${week} of ${repeat}` : 'Every week'}</legend>
              <WeekGrid week={week} slots={values.slots} />
              {slots.fields.map((field, index) =>
                Number(values.slots[index]?.week ?? 1) === week || (week === repeat && Number(values.slots[index]?.week ?? 1) > repeat) ? (
                  <CallFields key={field.id} index={index} options={options} carers={carers} tasks={tasks} onRemove={() => slots.remove(index)} />
                ) : null,
              )}
              <div className={styles.actions}>
                <Button variant="secondary" onClick={() => slots.append(emptySlot(week))}>
                  Add a call{repeat > 1 ? ` in week ${week}` : ''}
                </Button>
              </div>
            </fieldset>
          ))}
          <Warnings warnings={live} title="Check before saving" />
          {preview ? (
            <div role="status" className={styles.report}>
              If saved: {describeVisits(preview.visits, true)}.
            </div>
          ) : null}
          <div className={styles.actions}>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {template ? 'Save the template' : 'Add the template'}
            </Button>
            {template ? (
              <Button variant="secondary" onClick={() => void handlePreview()}>
                Preview the change to visits
              </Button>
            ) : null}
            <Button
              variant="secondary"
              onClick={() => {
                leaveWithoutWarning();
                onDone(null);
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      </FormProvider>
    </section>
  );
}
