import { PageHeader } from '@hcm/kit';

/** The rates screens (being built). */
export default function Screens() {
  return <PageHeader title="Finance: rates" />;
}
