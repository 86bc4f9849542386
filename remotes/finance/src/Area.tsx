import { Route } from 'react-router-dom';
import type { AreaDescriptor } from '@hcm/contract';
import { AreaRoutes, lazyScreen } from '@hcm/kit/routing';
import descriptor from '../area.json';
import { BuildVersion } from './BuildVersion';

// The overview loads with the area; each part loads on the first visit to one of its screens.
const InvoicingScreens = lazyScreen(() => import('./invoicing/Screens'), 'Loading invoices…');
const LedgerScreens = lazyScreen(() => import('./ledger/Screens'), 'Loading the ledger…');
const RateScreens = lazyScreen(() => import('./rates/Screens'), 'Loading rate cards…');
const ReportScreens = lazyScreen(() => import('./reports/Screens'), 'Loading reports…');
const PayScreens = lazyScreen(() => import('./pay/Screens'), 'Loading pay runs…');
const ExportScreens = lazyScreen(() => import('./exports/Screens'), 'Loading exports…');
const PrintScreens = lazyScreen<{ prefix: string }>(() => import('./print/Screens'), 'Loading the document…');

/**
 * Finance's routes: under /app/finance the invoice runs (pre-generate, generate, reset, raised, batch-invoice,
 * client-invoice, unclaimed), the ledger (allocation, audit-trail, :id/audit/:editid, an invoice), rate cards,
 * expenses and reports, pay runs; under /app/export the exports and the wages report; and the printable
 * documents the spec places under /app/scheduler (invoice/:slug and its variants, credit-note/:slug, invoices,
 * credit-notes, credit-invoices, client-statement/:id).
 */
export default function Area({ prefix }: { prefix: string }) {
  return (
    <>
      {prefix === 'finance' ? (
        <AreaRoutes area={descriptor as AreaDescriptor} prefix={prefix}>
          {['pre-generate', 'generate', 'reset', 'raised', 'batch-invoice', 'client-invoice', 'unclaimed'].map((path) => (
            <Route key={path} path={`${path}/*`} element={<InvoicingScreens />} />
          ))}
          {['allocation', 'audit-trail', 'invoices', 'credit-notes', 'statements'].map((path) => (
            <Route key={path} path={`${path}/*`} element={<LedgerScreens />} />
          ))}
          <Route path=":id/audit/:editid" element={<LedgerScreens />} />
          {['rate-cards', 'minimum-wage-rates'].map((path) => (
            <Route key={path} path={`${path}/*`} element={<RateScreens />} />
          ))}
          {['categories', 'expenses', 'sales-report', 'daily-finance-charts'].map((path) => (
            <Route key={path} path={`${path}/*`} element={<ReportScreens />} />
          ))}
          <Route path="pay-runs/*" element={<PayScreens />} />
        </AreaRoutes>
      ) : prefix === 'export' ? (
        <AreaRoutes area={descriptor as AreaDescriptor} prefix={prefix}>
          <Route path="reports/*" element={<PayScreens />} />
          <Route path="*" element={<ExportScreens />} />
        </AreaRoutes>
      ) : (
        <PrintScreens prefix={prefix} />
      )}
      <BuildVersion />
    </>
  );
}
