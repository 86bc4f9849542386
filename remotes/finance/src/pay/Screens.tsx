import { PageHeader } from '@hcm/kit';

/** The pay screens (being built). */
export default function Screens() {
  return <PageHeader title="Finance: pay" />;
}
