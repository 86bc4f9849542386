import { lazyScreen } from '@hcm/kit/routing';
import PeopleScreens from './people/Screens';

// The carers list is the area's home, so the people screens load with the area; each other part loads on the
// first visit to one of its prefixes.
const CommunicationScreens = lazyScreen(() => import('./communication/Screens'), 'Loading communication…');
const RecruitmentScreens = lazyScreen(() => import('./recruitment/Screens'), 'Loading recruitment…');
const Calendars = lazyScreen(() => import('./time-off/Calendars'), 'Loading the calendar…');
const LiveEventScreens = lazyScreen(() => import('./live-events/Screens'), 'Loading live events…');

/** The area's routes under one of its prefixes (area.json routePrefixes). */
export default function Area({ prefix }: { prefix: string }) {
  switch (prefix) {
    case 'communication':
      return <CommunicationScreens />;
    case 'recruitment':
    case 'job-vacancies':
    case 'surveys':
      return <RecruitmentScreens prefix={prefix} />;
    case 'calendar':
      return <Calendars />;
    case 'live-events/carers':
    case 'live-events/office-employees':
      return <LiveEventScreens prefix={prefix} />;
    default:
      return <PeopleScreens prefix={prefix} />;
  }
}
