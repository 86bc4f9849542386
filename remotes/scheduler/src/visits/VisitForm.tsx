import { useState } from 'react';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { api, Button } from '@hcm/kit';
import { apiKey, useApiMutation } from '@hcm/kit/data';
import { SelectField, TextAreaField, TextField, useUnsavedChangesWarning, valibotResolver } from '@hcm/kit/forms';
import { TASK_KINDS, VisitSchema, type VisitConflict, type VisitRow, type VisitTask } from '../../contract/visits';
import { outcomeOf, styles, useVisitChoices, visitApiPath, VISITS_PATH } from './common';
import { clock, ukDate } from '@hcm/contract/time';

/** The visit form's values as typed (strings), checked by the VisitSchema the server checks with. */
export type VisitFormValues = {
  client_id: string;
  date: string;
  start_time: string;
  end_time: string;
  carers_needed: string;
  funder_code_id: string;
  npc_code_id: string;
  tasks: VisitTask[];
  notes: string;
};

export function formValuesOf(visit: VisitRow | null, defaults: Partial<VisitFormValues> = {}): VisitFormValues {
  if (!visit) return { client_id: '', date: ukDate(), start_time: '', end_time: '', carers_needed: '1', funder_code_id: '', npc_code_id: '', tasks: [], notes: '', ...defaults };
  return {
    client_id: String(visit.client_id),
    date: visit.date,
    start_time: visit.start_time,
    end_time: visit.end_time,
    carers_needed: String(visit.carers_needed),
    funder_code_id: visit.funder_code_id ? String(visit.funder_code_id) : '',
    npc_code_id: visit.npc_code_id ? String(visit.npc_code_id) : '',
    tasks: visit.tasks.map((task) => ({ ...task })),
    notes: visit.notes,
  };
}

let taskCount = 0;
const newTaskKey = () => `task-${clock.nowMs().toString(36)}-${(taskCount += 1)}`;

/**
 * Adds a visit (POST /api/v1/visits) or edits one (PUT /api/v1/visits/:id with the version it was loaded at).
 * A 422 puts the server's messages on their fields and keeps what was typed; a 409 says what someone else
 * changed and offers to start again from the visit as it is now.
 */
export function VisitForm({ visit, onSaved, onCancel, title }: { visit: VisitRow | null; onSaved: (saved: VisitRow) => void; onCancel: () => void; title: string }) {
  const choices = useVisitChoices();
  const [version, setVersion] = useState(visit?.version ?? 0);
  const [conflict, setConflict] = useState<{ message: string; current: VisitRow | null } | null>(null);
  const form = useForm<VisitFormValues>({ resolver: valibotResolver(VisitSchema), defaultValues: formValuesOf(visit) });
  const tasks = useFieldArray({ control: form.control, name: 'tasks', keyName: 'fieldKey' });
  const { leaveWithoutWarning } = useUnsavedChangesWarning(form.formState.isDirty);
  const save = useApiMutation<VisitRow, VisitFormValues>({
    request: (values) => (visit ? api.put<VisitRow>(visitApiPath(visit.id), { ...values, version }) : api.post<VisitRow>(VISITS_PATH, values)),
    invalidates: (_values, saved) => [apiKey(VISITS_PATH), ...(saved ? [apiKey(visitApiPath(saved.id)), apiKey(visitApiPath(saved.id, 'logs'))] : [])],
  });

  const handleSave = form.handleSubmit(async () => {
    setConflict(null);
    const answer = await save.submit(form.getValues());
    const outcome = outcomeOf(answer, form, 'The visit could not be saved.');
    if (outcome.kind === 'conflict') setConflict({ message: outcome.message, current: (outcome.conflict as VisitConflict | null)?.current ?? null });
    if (outcome.kind !== 'saved' || !answer.data) return;
    leaveWithoutWarning();
    onSaved(answer.data);
  });

  const startAgainFrom = (current: VisitRow) => {
    form.reset(formValuesOf(current));
    setVersion(current.version);
    setConflict(null);
  };

  const none = (label: string) => ({ value: '', label });
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void handleSave(event)} noValidate aria-label={title}>
        {conflict ? (
          <div role="alert" className={styles.conflict}>
            <p>{conflict.message}</p>
            {conflict.current ? (
              <p>
                <Button variant="secondary" onClick={() => startAgainFrom(conflict.current!)}>
                  Start again from the visit as it is now
                </Button>
              </p>
            ) : null}
          </div>
        ) : null}
        <div className={styles.grid}>
          <SelectField name="client_id" label="Client" options={[none('Choose the client'), ...choices.clients]} />
          <TextField name="date" label="Date" type="date" />
          <TextField name="start_time" label="Start time" type="time" hint="UK time, e.g. 08:30" />
          <TextField name="end_time" label="End time" type="time" hint="UK time, e.g. 09:00" />
          <SelectField name="carers_needed" label="Carers needed" options={[{ value: '1', label: 'One carer' }, { value: '2', label: 'Two carers (double-up)' }]} />
          <SelectField name="funder_code_id" label="Funder code" options={[none('No funder code'), ...choices.funders]} />
          <SelectField name="npc_code_id" label="NPC code" options={[none('No NPC code'), ...choices.npcs]} />
        </div>
        <fieldset className={styles.tasks}>
          <legend>Tasks</legend>
          {tasks.fields.length === 0 ? <p className={styles.muted}>No tasks yet.</p> : null}
          {tasks.fields.map((field, index) => {
            const message = form.formState.errors.tasks?.[index]?.label?.message;
            return (
              <div key={field.fieldKey} className={styles.task}>
                <label>
                  Task {index + 1}
                  <input {...form.register(`tasks.${index}.label`)} aria-invalid={message ? true : undefined} />
                </label>
                <label>
                  Kind of task {index + 1}
                  <select {...form.register(`tasks.${index}.kind`)}>
                    {TASK_KINDS.map((kind) => <option key={kind.value} value={kind.value}>{kind.label}</option>)}
                  </select>
                </label>
                <Button variant="secondary" onClick={() => tasks.remove(index)}>
                  Remove task {index + 1}
                </Button>
                {message ? <span className={styles.invalid}>{message}</span> : null}
              </div>
            );
          })}
          <p>
            <Button variant="secondary" onClick={() => tasks.append({ key: newTaskKey(), label: '', kind: 'personal-care' })}>
              Add a task
            </Button>
          </p>
        </fieldset>
        <TextAreaField name="notes" label="Notes for the carers" rows={3} />
        <div className={styles.actions}>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {visit ? 'Save the visit' : 'Add the visit'}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
