import { lazy, Suspense } from 'react';
import { Loading } from '@hcm/kit';

const FunderCodeTab = lazy(() => import('./clients/FunderCodeTab'));
const FinancialsTab = lazy(() => import('./ledger/FinancialsTab'));

/**
 * What finance adds to the client record (extension point `client-record.tab`, see area.json): the `funder-code`
 * tab (who pays for the client's care, purchase orders and references) and the `financials` tab (their
 * invoices, credit notes, payments and balance). The record gives the client's id and the tab's key.
 */
export default function ClientRecordTabs({ clientId, extensionKey }: { clientId: number; extensionKey: string }) {
  return (
    <Suspense fallback={<Loading />}>
      {extensionKey === 'financials' ? <FinancialsTab clientId={Number(clientId)} /> : <FunderCodeTab clientId={Number(clientId)} />}
    </Suspense>
  );
}
