import { useState } from 'react';
import { SUPPORT_URGENCIES, SupportRequestSchema } from '@hcm/area-scheduler/contract/live-engine.js';
import { Choices, Field, inputProps, mergeErrors, QueuedStatus, schemaErrors, useQueuedWrite, type Errors, FormActions } from './forms.js';
import type { RecordFormProps } from './types.js';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Asks the office for support (POST /carer-app/support-requests, the scheduler's): what is needed, how urgent. */
export function SupportForm({ visit, refused, onClose }: RecordFormProps) {
  const first = refused?.body ?? {};
  const [urgency, setUrgency] = useState(text(first.urgency));
  const [message, setMessage] = useState(text(first.message));
  const [local, setLocal] = useState<Errors>({});
  const queued = useQueuedWrite(refused);
  const errors = mergeErrors(local, queued.serverErrors);
  const reset = () => {
    setUrgency('');
    setMessage('');
    queued.reset();
  };
  if (queued.state.phase === 'waiting' || queued.state.phase === 'sent') return <QueuedStatus state={queued.state} what="Your request for support" onAnother={reset} />;

  const save = async () => {
    const body = { visit_id: visit.id, message, urgency };
    const found = schemaErrors(SupportRequestSchema, body);
    setLocal(found);
    if (Object.keys(found).length) return;
    const label = `Asked the office for support (${SUPPORT_URGENCIES.find((choice) => choice.value === urgency)?.label.toLowerCase() ?? urgency})`;
    await queued.submit({ path: '/api/v1/carer-app/support-requests', body, label, visitId: visit.id });
  };

  return (
    <form aria-label="Ask for support" onSubmit={(event) => (event.preventDefault(), void save())}>
      <QueuedStatus state={queued.state} what="Your request for support" />
      <p className="hint">If someone is in danger, call 999 first, then the office.</p>
      <Choices name="support-urgency" legend="How urgent is it?" choices={SUPPORT_URGENCIES} value={urgency} onChange={setUrgency} errors={errors.urgency} />
      <Field id="support-message" label="What do you need?" errors={errors.message}>
        <textarea {...inputProps('support-message', errors.message)} value={message} onChange={(event) => setMessage(event.target.value)} />
      </Field>
      <FormActions busy={queued.state.phase === 'saving'} label={queued.correcting ? 'Send the corrected request' : 'Send to the office'} onClose={onClose} />
    </form>
  );
}
