import type { AreaDescriptor } from '@hcm/contract';
import { AreaRoutes, lazyScreen } from '@hcm/kit/routing';
import descriptor from '../area.json';

// The communication screens (/app/communication/...) load on their first visit.
const CommunicationScreens = lazyScreen(() => import('./communication/Screens'), 'Loading communication…');

/** The area's routes under one of its prefixes; the carers' and employees' screens arrive with the area's own issues. */
export default function Area({ prefix }: { prefix: string }) {
  if (prefix === 'communication') return <CommunicationScreens />;
  return <AreaRoutes area={descriptor as AreaDescriptor} prefix={prefix} />;
}
