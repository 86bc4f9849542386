import { Route, Routes } from 'react-router-dom';
import { NotFound } from '@hcm/kit';
import Dashboard from './Dashboard';
import Week from './Week';

/** /app/reablement/…: the dashboard of the six-week programmes and a client's week. */
export default function Screens() {
  return (
    <Routes>
      <Route path="dashboard" element={<Dashboard />} />
      <Route path="client/:id/week/:weekno" element={<Week />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
