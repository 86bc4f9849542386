import { Route, Routes, useParams } from 'react-router-dom';
import { EmptyState, NotFound, useCan } from '@hcm/kit';
import { lazyScreen } from '@hcm/kit/routing';
import BackOffice from './BackOffice';
import { AddVisit, EditVisit } from './EditVisit';
import VisitLogs from './VisitLogs';
import VisitPage from './VisitPage';
import VisitsList from './VisitsList';

// CSV imports are their own part (src/imports), loaded on the first visit to one of its screens.
const CsvImports = lazyScreen(() => import('../imports/Screens'), 'Loading CSV imports…');
const Confirmations = lazyScreen(() => import('./Confirmations'), 'Loading visits to confirm…');
const NeedsAttention = lazyScreen(() => import('./NeedsAttention'), 'Loading the visits needing attention…');

function EditRoute() {
  const { id = '' } = useParams();
  return <EditVisit id={id} back={(visit) => (visit ? `/app/visits/${visit.id}` : '/app/visits')} />;
}

function BackOfficeRoute() {
  const can = useCan();
  return can('visits.correct') ? <BackOffice /> : <EmptyState>Back-office corrections are for managers (visits.correct).</EmptyState>;
}

/**
 * /app/visits: the visits list, add, one visit's page and its edit form, the history of all visits, the back
 * office's corrections, the visits needing attention (needs-attention), and CSV imports (csv-imports/*, delegated to the imports part).
 */
export default function VisitScreens() {
  return (
    <Routes>
      <Route index element={<VisitsList />} />
      <Route path="add" element={<AddVisit />} />
      <Route path="logs" element={<VisitLogs />} />
      <Route path="backoffice" element={<BackOfficeRoute />} />
      <Route path="confirmations" element={<Confirmations />} />
      <Route path="needs-attention" element={<NeedsAttention />} />
      <Route path="csv-imports/*" element={<CsvImports />} />
      <Route path=":id" element={<VisitPage />} />
      <Route path=":id/edit" element={<EditRoute />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
