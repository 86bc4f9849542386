import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { api, Button, useCan } from '@hcm/kit';
import { apiKey, useApiMutation } from '@hcm/kit/data';
import { CheckboxField, SelectField, TextAreaField, valibotResolver } from '@hcm/kit/forms';
import {
  FEEDBACK_STATES,
  FeedbackAcknowledgeSchema,
  INCIDENT_STATES,
  IncidentReviewSchema,
  labelOf,
  LIVE_INCIDENT_LISTS,
  REVIEW_OUTCOMES,
  type FamilyFeedbackRow,
  type IncidentRow,
} from '../../../contract';
import { handleSaved, options } from '../../daily/common';
import { styles } from './common';
import { formatDateTime } from '@hcm/contract/format';

// The office's answer in a list's row: an incident's review, a family's feedback acknowledged with a response.
// Given once; the lists refetch after (every list of this part: a fall is in incidents and falls alike).

const INCIDENT_LIST_KEYS = [LIVE_INCIDENT_LISTS.incidents, LIVE_INCIDENT_LISTS.falls, LIVE_INCIDENT_LISTS.hazards].map((path) => apiKey(path));
const FEEDBACK_LIST_KEYS = [LIVE_INCIDENT_LISTS.feedback, LIVE_INCIDENT_LISTS.complaintsCompliments].map((path) => apiKey(path));

type ReviewForm = { outcome: string; note: string; escalate_to_quality: boolean };

function ReviewIncident({ incident }: { incident: IncidentRow }) {
  const [open, setOpen] = useState(false);
  const form = useForm<ReviewForm>({ resolver: valibotResolver(IncidentReviewSchema), defaultValues: { outcome: '', note: '', escalate_to_quality: false } });
  const review = useApiMutation<IncidentRow, ReviewForm>({ request: (values) => api.post<IncidentRow>(`${LIVE_INCIDENT_LISTS.incidents}/${incident.id}/review`, values), invalidates: INCIDENT_LIST_KEYS });
  if (!open) return <Button variant="secondary" onClick={() => setOpen(true)}>Review incident {incident.id}</Button>;
  const handleSubmit = form.handleSubmit(async () => {
    if (handleSaved(await review.submit(form.getValues()), form, 'The review could not be saved.')) setOpen(false);
  });
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void handleSubmit(event)} noValidate aria-label={`Review of incident ${incident.id}`}>
        <SelectField name="outcome" label="Outcome" options={options(REVIEW_OUTCOMES, 'Choose…')} />
        <TextAreaField name="note" label="Review note" rows={3} />
        <CheckboxField name="escalate_to_quality" label="Raise with quality assurance" />
        <div className={styles.actions}>
          <Button type="submit" disabled={form.formState.isSubmitting}>Save review</Button>
          <Button variant="secondary" onClick={() => setOpen(false)}>Cancel</Button>
        </div>
      </form>
    </FormProvider>
  );
}

/** The incident's state: its review when given, else "Awaiting review" and the review button for editors. */
export function IncidentState({ incident }: { incident: IncidentRow }) {
  const can = useCan();
  if (incident.reviewed_at) {
    return (
      <>
        <strong>{labelOf(INCIDENT_STATES, incident.state)}</strong>: {labelOf(REVIEW_OUTCOMES, incident.review_outcome)}
        <p>{incident.review_note}</p>
        <p className={styles.muted}>
          {incident.reviewed_by_name}, {formatDateTime(incident.reviewed_at)}
          {incident.escalate_to_quality ? ' · to raise with quality assurance' : ''}
        </p>
      </>
    );
  }
  return (
    <>
      <strong className={styles.concern}>{labelOf(INCIDENT_STATES, incident.state)}</strong>
      {can('clients.edit') ? <ReviewIncident incident={incident} /> : null}
    </>
  );
}

function AcknowledgeFeedback({ feedback }: { feedback: FamilyFeedbackRow }) {
  const [open, setOpen] = useState(false);
  const form = useForm<{ response: string }>({ resolver: valibotResolver(FeedbackAcknowledgeSchema), defaultValues: { response: '' } });
  const acknowledge = useApiMutation<FamilyFeedbackRow, { response: string }>({
    request: (values) => api.post<FamilyFeedbackRow>(`${LIVE_INCIDENT_LISTS.feedback}/${feedback.id}/acknowledge`, values),
    invalidates: FEEDBACK_LIST_KEYS,
  });
  if (!open) return <Button variant="secondary" onClick={() => setOpen(true)}>Acknowledge feedback {feedback.id}</Button>;
  const handleSubmit = form.handleSubmit(async () => {
    if (handleSaved(await acknowledge.submit(form.getValues()), form, 'The acknowledgement could not be saved.')) setOpen(false);
  });
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void handleSubmit(event)} noValidate aria-label={`Acknowledgement of feedback ${feedback.id}`}>
        <TextAreaField name="response" label="Response" rows={3} hint="What you told the family, or will tell them." />
        <div className={styles.actions}>
          <Button type="submit" disabled={form.formState.isSubmitting}>Acknowledge</Button>
          <Button variant="secondary" onClick={() => setOpen(false)}>Cancel</Button>
        </div>
      </form>
    </FormProvider>
  );
}

/** The feedback's state: its acknowledgement when given, else the button to acknowledge for editors. */
export function FeedbackState({ feedback }: { feedback: FamilyFeedbackRow }) {
  const can = useCan();
  if (feedback.acknowledged_at) {
    return (
      <>
        <strong>{labelOf(FEEDBACK_STATES, feedback.state)}</strong>
        <p>{feedback.response}</p>
        <p className={styles.muted}>{feedback.acknowledged_by_name}, {formatDateTime(feedback.acknowledged_at)}</p>
      </>
    );
  }
  return (
    <>
      <strong className={styles.concern}>{labelOf(FEEDBACK_STATES, feedback.state)}</strong>
      {can('clients.edit') ? <AcknowledgeFeedback feedback={feedback} /> : null}
    </>
  );
}
