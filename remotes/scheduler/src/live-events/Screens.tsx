import { Route, Routes } from 'react-router-dom';
import { NotFound } from '@hcm/kit';
import { lazyScreen } from '@hcm/kit/routing';

// Each screen loads on its first visit.
const VisitsToday = lazyScreen(() => import('./VisitsToday'), "Loading today's visits…");
const CheckLocations = lazyScreen(() => import('./CheckLocations'), 'Loading check-in locations…');
const NotOnSite = lazyScreen(() => import('./NotOnSite'), 'Loading visits not on site…');
const Monitoring = lazyScreen(() => import('./Monitoring'), 'Loading alerts…');
const CarerSupport = lazyScreen(() => import('./CarerSupport'), 'Loading support requests…');
const CarerDevices = lazyScreen(() => import('./CarerDevices'), "Loading carers' devices…");
const PushNotifications = lazyScreen(() => import('./PushNotifications'), 'Loading push notifications…');
const OfficeLocations = lazyScreen(() => import('./OfficeLocations'), 'Loading office staff locations…');

/**
 * The live events the scheduler owns (spec §2.2 live-events), one prefix each: clients' visits, check-in
 * locations, not on site (optionally one visit), late and missed alerts (monitoring) and carer support requests;
 * carers' devices (carers/monitoring) and push notifications; office employees' locations. The other clients'
 * live events are care-records' (medication, incidents...), carers' file alerts and availability workforce's.
 */
export default function LiveEventScreens({ prefix }: { prefix: string }) {
  switch (prefix) {
    case 'live-events/clients/visits':
      return <VisitsToday />;
    case 'live-events/clients/locations':
      return <CheckLocations />;
    case 'live-events/clients/not-on-site':
      return (
        <Routes>
          <Route index element={<NotOnSite />} />
          <Route path=":visit" element={<NotOnSite />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      );
    case 'live-events/clients/monitoring':
      return <Monitoring />;
    case 'live-events/clients/carer-support':
      return <CarerSupport />;
    case 'live-events/carers/monitoring':
      return <CarerDevices />;
    case 'live-events/carers/push-notifications':
      return <PushNotifications />;
    case 'live-events/office-employees/locations':
      return <OfficeLocations />;
    default:
      return <NotFound />;
  }
}
