import { FEEDBACK_STATES, LIVE_INCIDENT_LISTS, type FamilyFeedbackRow } from '../../../contract';
import { feedbackColumns } from './columns';
import { ReportScreen, useUrlFilter } from './common';

// Live events → Complaints and compliments from families (/app/live-events/clients/family-feedback-complaint-
// compliment): the feedback a registered manager must log and answer (complaints) or pass on (compliments), with
// whether each has been acknowledged. The filter is kept in the address.

const KINDS = [
  { value: 'complaint', label: 'Complaint' },
  { value: 'compliment', label: 'Compliment' },
] as const;

export default function FeedbackComplaintsCompliments() {
  return (
    <ReportScreen<FamilyFeedbackRow>
      title="Complaints and compliments from families"
      intro="Complaints and compliments families gave carers at visits, and whether the office has acknowledged them."
      path={LIVE_INCIDENT_LISTS.complaintsCompliments}
      filter={useUrlFilter()}
      kinds={KINDS}
      states={FEEDBACK_STATES}
      defaultSort="recorded_at"
      columns={feedbackColumns}
      caption="Complaints and compliments"
      empty="No complaints or compliments match these filters."
    />
  );
}
