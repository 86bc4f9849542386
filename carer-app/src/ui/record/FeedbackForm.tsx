import { useState } from 'react';
import { FEEDBACK_KINDS, FamilyFeedbackSchema } from '@hcm/area-care-records/contract/live-incidents.js';
import { Choices, Field, inputProps, mergeErrors, QueuedStatus, schemaErrors, useQueuedWrite, type Errors, FormActions } from './forms.js';
import type { RecordFormProps } from './types.js';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What the family said at the visit (POST …/clients/:id/family-feedback): who, what kind, their words. */
export function FeedbackForm({ visit, refused, onClose }: RecordFormProps) {
  const first = refused?.body ?? {};
  const [from, setFrom] = useState(text(first.from));
  const [kind, setKind] = useState(text(first.kind));
  const [said, setSaid] = useState(text(first.text));
  const [local, setLocal] = useState<Errors>({});
  const queued = useQueuedWrite(refused);
  const errors = mergeErrors(local, queued.serverErrors);
  const reset = () => {
    setFrom('');
    setKind('');
    setSaid('');
    queued.reset();
  };
  if (queued.state.phase === 'waiting' || queued.state.phase === 'sent') return <QueuedStatus state={queued.state} what="Family feedback" onAnother={reset} />;

  const save = async () => {
    const body = { from, kind, text: said };
    const found = schemaErrors(FamilyFeedbackSchema, body);
    setLocal(found);
    if (Object.keys(found).length) return;
    const label = `Family feedback: ${FEEDBACK_KINDS.find((choice) => choice.value === kind)?.label ?? kind} from ${from.trim()}`;
    await queued.submit({ path: `/api/v1/carer-app/clients/${visit.client_id}/family-feedback`, body, label, visitId: visit.id });
  };

  return (
    <form aria-label="Family feedback" onSubmit={(event) => (event.preventDefault(), void save())}>
      <QueuedStatus state={queued.state} what="Family feedback" />
      <Field id="feedback-from" label="Who said it (their relation to the client)" errors={errors.from}>
        <input {...inputProps('feedback-from', errors.from)} value={from} onChange={(event) => setFrom(event.target.value)} />
      </Field>
      <Choices name="feedback-kind" legend="What kind of feedback" choices={FEEDBACK_KINDS} value={kind} onChange={setKind} errors={errors.kind} />
      <Field id="feedback-text" label="What they said" errors={errors.text}>
        <textarea {...inputProps('feedback-text', errors.text)} value={said} onChange={(event) => setSaid(event.target.value)} />
      </Field>
      <FormActions busy={queued.state.phase === 'saving'} label={queued.correcting ? 'Send the corrected feedback' : 'Save feedback'} onClose={onClose} />
    </form>
  );
}
