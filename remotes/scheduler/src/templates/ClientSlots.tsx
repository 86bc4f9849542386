import { useState } from 'react';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { api, Button, ErrorPanel, Loading, notify, useCan } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { applyServerErrors, CheckboxField, SelectField, TextField, useUnsavedChangesWarning, valibotResolver } from '@hcm/kit/forms';
import { ClientSlotsSchema, type ClientSlotsAnswer } from '../../contract/templates';
import { clientPath, Section, styles } from './common';

// The client record's `client-slots` tab: the client's commissioned time windows per visit slot (morning,
// lunch…): the preferred start, the earliest and latest starts accepted, and whether the call is time-critical
// (time-critical medication) and why. Templates are checked against them.

type WindowForm = { visit_slot_id: string; preferred_start: string; earliest_start: string; latest_start: string; time_critical: boolean; time_critical_reason: string; notes: string };
type SlotsForm = { stamp: string; slots: WindowForm[] };

const formOf = (answer: ClientSlotsAnswer): SlotsForm => ({
  stamp: answer.stamp,
  slots: answer.slots.map((slot) => ({
    visit_slot_id: String(slot.visit_slot_id),
    preferred_start: slot.preferred_start,
    earliest_start: slot.earliest_start,
    latest_start: slot.latest_start,
    time_critical: slot.time_critical,
    time_critical_reason: slot.time_critical_reason,
    notes: slot.notes,
  })),
});

function SlotsEditor({ clientId, answer }: { clientId: number; answer: ClientSlotsAnswer }) {
  const can = useCan();
  const path = clientPath(clientId, 'slots');
  const form = useForm<SlotsForm>({ resolver: valibotResolver(ClientSlotsSchema), values: formOf(answer), resetOptions: { keepDirtyValues: true } });
  const windows = useFieldArray({ control: form.control, name: 'slots' });
  const { leaveWithoutWarning } = useUnsavedChangesWarning(form.formState.isDirty);
  const [conflict, setConflict] = useState<string | null>(null);
  const save = useApiMutation<ClientSlotsAnswer, SlotsForm>({ request: (values) => api.put<ClientSlotsAnswer>(path, values), invalidates: [apiKey(path), apiKey(clientPath(clientId, 'visit-templates'))] });
  const handleSave = form.handleSubmit(async () => {
    setConflict(null);
    const result = await save.submit(form.getValues());
    if (result.error) {
      if (result.httpStatus === 409) setConflict(result.message);
      else if (result.errors) applyServerErrors(form.setError, result.errors);
      else notify({ type: 'danger', message: result.message || 'The client slots could not be saved.' });
      return;
    }
    notify({ type: 'success', message: result.message || 'Client slots saved.' });
    leaveWithoutWarning();
    if (result.data) form.reset(formOf(result.data));
  });
  const slotOptions = answer.visit_slots.map((choice) => ({ value: String(choice.id), label: `${choice.name} (${choice.start_time}–${choice.end_time})` }));
  const slotName = (id: string) => answer.visit_slots.find((choice) => String(choice.id) === id)?.name ?? 'New window';
  const values = form.watch('slots');
  return (
    <Section title="Client slots">
      <p className={styles.muted}>The times {answer.client.name}’s calls are commissioned for. A template call outside its window is flagged when the template is saved.</p>
      <FormProvider {...form}>
        <form className={styles.form} aria-label="Client slots" noValidate onSubmit={(event) => void handleSave(event)}>
          {conflict ? (
            <p role="alert" className={styles.conflict}>
              {conflict}
            </p>
          ) : null}
          <fieldset disabled={!can('scheduler.edit')} className={styles.form}>
            {windows.fields.length ? null : <p className={styles.muted}>No commissioned windows yet.</p>}
            {windows.fields.map((field, index) => {
              const name = slotName(values[index]?.visit_slot_id ?? '');
              return (
                <fieldset key={field.id} className={styles.call}>
                  <legend>
                    {name}
                    {values[index]?.time_critical ? ' (time-critical)' : ''}
                  </legend>
                  <div className={styles.callFields}>
                    <SelectField name={`slots.${index}.visit_slot_id`} label={`Visit slot of window ${index + 1}`} options={[{ value: '', label: 'Choose a slot' }, ...slotOptions]} />
                    <TextField name={`slots.${index}.earliest_start`} label={`Earliest start, window ${index + 1}`} type="time" />
                    <TextField name={`slots.${index}.preferred_start`} label={`Preferred start, window ${index + 1}`} type="time" />
                    <TextField name={`slots.${index}.latest_start`} label={`Latest start, window ${index + 1}`} type="time" />
                  </div>
                  <CheckboxField name={`slots.${index}.time_critical`} label={`Window ${index + 1} is time-critical`} />
                  <TextField name={`slots.${index}.time_critical_reason`} label={`Why window ${index + 1} is time-critical`} />
                  <TextField name={`slots.${index}.notes`} label={`Notes for window ${index + 1}`} />
                  <div className={styles.actions}>
                    <Button variant="secondary" onClick={() => windows.remove(index)}>
                      Remove window {index + 1}
                    </Button>
                  </div>
                </fieldset>
              );
            })}
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => windows.append({ visit_slot_id: '', preferred_start: '08:00', earliest_start: '07:30', latest_start: '08:30', time_critical: false, time_critical_reason: '', notes: '' })}>
                Add a window
              </Button>
              <Button type="submit" disabled={form.formState.isSubmitting}>
                Save client slots
              </Button>
            </div>
          </fieldset>
        </form>
      </FormProvider>
    </Section>
  );
}

export default function ClientSlots({ clientId }: { clientId: number }) {
  const answer = useApiQuery<ClientSlotsAnswer>(clientPath(clientId, 'slots'), undefined, { failure: 'The client slots could not be loaded.', refetchOnWindowFocus: false });
  if (answer.error) return <ErrorPanel title="The client slots could not be loaded" onRetry={() => void answer.refetch()}>{answer.error.message}</ErrorPanel>;
  if (!answer.data) return <Loading label="Loading client slots…" />;
  return (
    <div className={styles.screen}>
      <SlotsEditor clientId={clientId} answer={answer.data} />
    </div>
  );
}
