import { PageHeader, useRouteName } from '@hcm/kit';
import { ReviewList } from '@hcm/kit/documents';
import { documentNameOf, RECORD_TABS } from '../../contract';

/** The tab of a document kind ('mental-capacity-risk-assessment' is the tab 'mental-capacity/risk-assessment'). */
const segmentOf = (kind: string) => RECORD_TABS.find((tab) => documentNameOf(tab.segment) === kind)?.segment ?? kind;

/** /app/clients/reviews: the care-record documents whose review is overdue, then those due within 14 days. */
export default function Reviews() {
  useRouteName('Reviews due');
  return (
    <>
      <PageHeader title="Reviews due" />
      <ReviewList path="clients/documents/reviews" ownerHeading="Client" linkTo={(review) => `/app/clients/${review.owner_id}/${segmentOf(review.kind)}`} />
    </>
  );
}
