import { Route, Routes } from 'react-router-dom';
import { NotFound } from '@hcm/kit';
import { lazyScreen } from '@hcm/kit/routing';

const FileAlerts = lazyScreen(() => import('../compliance/FileAlerts'), 'Loading file alerts…');
const Availability = lazyScreen(() => import('../time-off/Availability'), 'Loading availability…');

/**
 * The live events about staff this area owns (spec §2.2 "live-events"): /app/live-events/carers/file-alerts and
 * availability, /app/live-events/office-employees/alerts. The other live events are the scheduler's (visits) and
 * arrive with live operations.
 */
export default function LiveEventScreens({ prefix }: { prefix: string }) {
  if (prefix === 'live-events/office-employees') {
    return (
      <Routes>
        <Route path="alerts" element={<FileAlerts scope="employees" />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route path="file-alerts" element={<FileAlerts scope="carers" />} />
      <Route path="availability" element={<Availability />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
