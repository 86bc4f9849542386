import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { NotFound } from '@hcm/kit';
import { CarerTimeline } from './CarerTimeline';
import { ClientTimelineScreen, OneClientTimeline } from './ClientTimeline';

// The timelines: /app/scheduler/timeline/today|week|month (carers) and
// /app/scheduler/client-timeline/today|week|bi-weekly|month and client-timeline/:editid (one client).
export default function TimelineScreens() {
  const { pathname, search } = useLocation();
  if (/\/client-timeline(\/|$)/.test(pathname)) {
    return (
      <Routes>
        <Route index element={<Navigate to={`week${search}`} replace />} />
        <Route path="today" element={<ClientTimelineScreen key="today" view="today" />} />
        <Route path="week" element={<ClientTimelineScreen key="week" view="week" />} />
        <Route path="bi-weekly" element={<ClientTimelineScreen key="bi-weekly" view="bi-weekly" />} />
        <Route path="month" element={<ClientTimelineScreen key="month" view="month" />} />
        <Route path=":editid" element={<OneClientTimeline />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route index element={<Navigate to={`week${search}`} replace />} />
      <Route path="today" element={<CarerTimeline key="today" view="today" />} />
      <Route path="week" element={<CarerTimeline key="week" view="week" />} />
      <Route path="month" element={<CarerTimeline key="month" view="month" />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
