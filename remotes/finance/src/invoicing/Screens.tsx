import type { ReactElement } from 'react';
import { useLocation } from 'react-router-dom';
import { NotFound } from '@hcm/kit';
import { BatchInvoice, ClientInvoice, Raised, Reset, Unclaimed } from './ListScreens';
import { Generate, PreGenerate } from './RunScreens';

const SCREENS: Record<string, () => ReactElement> = {
  'pre-generate': PreGenerate,
  generate: Generate,
  reset: Reset,
  raised: Raised,
  'batch-invoice': BatchInvoice,
  'client-invoice': ClientInvoice,
  unclaimed: Unclaimed,
};

/**
 * Invoice runs under /app/finance: pre-generate (the preview), generate, reset, raised (invoices), batch-invoice
 * (per funder), client-invoice (private clients) and unclaimed (delivered visits not invoiced).
 */
export default function Screens() {
  const { pathname } = useLocation();
  const [, , , section = '', rest = ''] = pathname.split('/');
  const Screen = SCREENS[section];
  return Screen && !rest ? <Screen /> : <NotFound />;
}
