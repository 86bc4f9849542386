import { Route, Routes, useLocation } from 'react-router-dom';
import { NotFound } from '@hcm/kit';
import { NewPayRun } from './NewPayRun';
import { PayRunList } from './PayRunList';
import { RunDetail } from './RunDetail';
import { WagesReport } from './WagesReport';

/**
 * Pay runs under /app/finance/pay-runs (the list, "new" with its preview, a run with its carers) and the wages
 * report under /app/export/reports/wages-report.
 */
export default function Screens() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/app/export/')) {
    return (
      <Routes>
        <Route path="wages-report" element={<WagesReport />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route index element={<PayRunList />} />
      <Route path="new" element={<NewPayRun />} />
      <Route path=":id" element={<RunDetail />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
