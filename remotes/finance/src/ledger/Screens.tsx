import { PageHeader } from '@hcm/kit';

/** The ledger screens (being built). */
export default function Screens() {
  return <PageHeader title="Finance: ledger" />;
}
