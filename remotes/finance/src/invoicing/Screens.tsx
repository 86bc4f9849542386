import { PageHeader } from '@hcm/kit';

/** The invoicing screens (being built). */
export default function Screens() {
  return <PageHeader title="Finance: invoicing" />;
}
