import { FormProvider, useForm } from 'react-hook-form';
import { api, Button, notify } from '@hcm/kit';
import { apiKey, useApiMutation } from '@hcm/kit/data';
import { applyServerErrors, SelectField, TextAreaField, valibotResolver } from '@hcm/kit/forms';
import { NOTE_AUDIT_OUTCOMES, NoteAuditSchema, type LogbookNoteRow, type NoteAuditValues } from '../../../contract';
import { styles } from './common';

// "Audit note N": the office's outcome and comment for one care note, given once. A note someone else audited in
// the meantime is refused (409): the lists are read again and the reason told.

const LIST_KEYS = [apiKey('api/v1/live-events/logbook-audit'), apiKey('api/v1/live-events/logbook-audit/weeks')];

export function AuditNoteForm({ note, onDone }: { note: LogbookNoteRow; onDone: () => void }) {
  const form = useForm<NoteAuditValues>({ resolver: valibotResolver(NoteAuditSchema), defaultValues: { outcome: 'satisfactory', comment: '' } });
  const save = useApiMutation<LogbookNoteRow, NoteAuditValues>({
    request: (values) => api.post<LogbookNoteRow>(`api/v1/live-events/logbook-audit/notes/${note.id}/audit`, values),
    invalidates: LIST_KEYS,
  });
  const submit = form.handleSubmit(async (values) => {
    const answer = await save.submit(values);
    if (answer.error) {
      applyServerErrors(form.setError, answer.errors);
      if (!answer.errors) notify({ type: 'danger', message: answer.message || 'The audit could not be saved.' });
      if (answer.httpStatus === 409) onDone();
      return;
    }
    notify({ type: 'success', message: `Note ${note.id} audited.` });
    onDone();
  });
  return (
    <FormProvider {...form}>
      <form className={styles.form} aria-label={`Audit note ${note.id}`} noValidate onSubmit={(event) => void submit(event)}>
        <SelectField name="outcome" label="Outcome" options={NOTE_AUDIT_OUTCOMES.map(({ value, label }) => ({ value, label }))} />
        <TextAreaField name="comment" label="Comment" hint="What you found and did (needed unless satisfactory)." rows={3} />
        <div className={styles.tabs}>
          <Button type="submit" disabled={save.isPending}>
            Mark audited
          </Button>
          <Button type="button" variant="secondary" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
