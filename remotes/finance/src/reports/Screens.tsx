import { PageHeader } from '@hcm/kit';

/** The reports screens (being built). */
export default function Screens() {
  return <PageHeader title="Finance: reports" />;
}
