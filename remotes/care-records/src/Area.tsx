import type { AreaDescriptor } from '@hcm/contract';
import { AreaRoutes, lazyScreen } from '@hcm/kit/routing';
import descriptor from '../area.json';

// Health professionals (list, add, edit with their access panel) load on the first visit to them.
const HealthProfessionalScreens = lazyScreen(() => import('./health-professionals/Screens'), 'Loading health professionals…');

/** The area's routes under one of its prefixes; its screens arrive with the area's own issues. */
export default function Area({ prefix }: { prefix: string }) {
  if (prefix === 'health-professionals') return <HealthProfessionalScreens />;
  return <AreaRoutes area={descriptor as AreaDescriptor} prefix={prefix} />;
}
