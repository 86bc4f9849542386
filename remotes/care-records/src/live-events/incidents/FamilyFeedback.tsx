import { FEEDBACK_KINDS, FEEDBACK_STATES, LIVE_INCIDENT_LISTS, type FamilyFeedbackRow } from '../../../contract';
import { feedbackColumns } from './columns';
import { ReportScreen, useUrlFilter } from './common';

// Live events → Family feedback (/app/live-events/clients/family-feedback): what families told carers at visits
// (comments, complaints, compliments, concerns), each acknowledged by the office with a response. No saved
// filter slot is named for it: the filter is kept in the address.

export default function FamilyFeedback() {
  return (
    <ReportScreen<FamilyFeedbackRow>
      title="Family feedback"
      intro="What clients’ families told carers at visits. Acknowledge each with the response given to the family."
      path={LIVE_INCIDENT_LISTS.feedback}
      filter={useUrlFilter()}
      kinds={FEEDBACK_KINDS}
      states={FEEDBACK_STATES}
      defaultSort="recorded_at"
      columns={feedbackColumns}
      caption="Family feedback"
      empty="No feedback matches these filters."
    />
  );
}
