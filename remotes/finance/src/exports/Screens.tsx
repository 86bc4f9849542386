import { PageHeader } from '@hcm/kit';

/** The exports screens (being built). */
export default function Screens() {
  return <PageHeader title="Finance: exports" />;
}
