import { Route, Routes } from 'react-router-dom';
import type { AreaDescriptor } from '@hcm/contract';
import { NotFound } from '@hcm/kit';
import { AreaRoutes, lazyScreen } from '@hcm/kit/routing';
import descriptor from '../area.json';
import Home from './home/Home';

// The overview loads with the area; each part loads on the first visit to one of its screens.
const TimelineScreens = lazyScreen(() => import('./timeline/Screens'), 'Loading the timeline…');
const GlobalSchedule = lazyScreen(() => import('./timeline/GlobalSchedule'), 'Loading the global schedule…');
const TypedVisitLists = lazyScreen(() => import('./visits/TypedLists'), 'Loading visits…');
const VisitScreens = lazyScreen(() => import('./visits/Screens'), 'Loading visits…');
const MapView = lazyScreen(() => import('./map/MapView'), 'Loading the map…');
const RosteringWizard = lazyScreen(() => import('./planning/RosteringWizard'), 'Loading the rostering wizard…');
const AssessmentVisits = lazyScreen(() => import('./assessments/Screens'), 'Loading the office planner…');
const VisitUtilities = lazyScreen(() => import('./utility/Screens'), 'Loading the utility…');
const LiveView = lazyScreen(() => import('./live/LiveView'), 'Loading the live view…');
const LiveEventScreens = lazyScreen<{ prefix: string }>(() => import('./live-events/Screens'), 'Loading live events…');

/**
 * The scheduler's routes under /app/scheduler (overview, timelines, typed visit lists, the map, the live view),
 * the live events it owns (live-events/...), and under its
 * other prefixes: global-schedule, visits (lists, history, corrections, CSV imports), client-rostering (the
 * wizard), assessment-visits (the office planner) and utility/visit (bulk corrections).
 */
export default function Area({ prefix }: { prefix: string }) {
  switch (prefix) {
    case 'scheduler':
      return (
        <Routes>
          <Route index element={<Home />} />
          <Route path="timeline/*" element={<TimelineScreens />} />
          <Route path="client-timeline/*" element={<TimelineScreens />} />
          <Route path="v1/*" element={<TypedVisitLists />} />
          <Route path="map-view" element={<MapView />} />
          <Route path="live-view" element={<LiveView />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      );
    case 'global-schedule':
      return <GlobalSchedule />;
    case 'visits':
      return <VisitScreens />;
    case 'client-rostering':
      return <RosteringWizard />;
    case 'assessment-visits':
      return <AssessmentVisits />;
    case 'utility/visit':
      return <VisitUtilities />;
    default:
      if (prefix.startsWith('live-events/')) return <LiveEventScreens prefix={prefix} />;
      return <AreaRoutes area={descriptor as AreaDescriptor} prefix={prefix} />;
  }
}
