import { Navigate, Route, Routes, useParams } from 'react-router-dom';
import { NotFound } from '@hcm/kit';
import { isRegisterKind } from '../../contract/registers';
import Dashboard from './Dashboard';
import RegisterList from './List';
import RecordScreen from './RecordForm';

/**
 * /app/quality-assurance/*: the dashboard, and for each register (incident-and-accidents, safeguardings,
 * complaints, medication-errors, compliments, cqc-notifications) its list, `add` and `:id/edit`.
 */
export default function Screens() {
  return (
    <Routes>
      <Route index element={<Navigate to="dashboard" replace />} />
      <Route path="dashboard" element={<Dashboard />} />
      <Route path=":kind" element={<ForKind screen="list" />} />
      <Route path=":kind/add" element={<ForKind screen="record" />} />
      <Route path=":kind/:id/edit" element={<ForKind screen="record" />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

function ForKind({ screen }: { screen: 'list' | 'record' }) {
  const { kind } = useParams();
  if (!isRegisterKind(kind)) return <NotFound />;
  return screen === 'list' ? <RegisterList kind={kind} /> : <RecordScreen key={kind} kind={kind} />;
}
