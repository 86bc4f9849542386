import type { AreaDescriptor } from '@hcm/contract';
import { AreaRoutes, lazyScreen } from '@hcm/kit/routing';
import descriptor from '../area.json';

const area = descriptor as AreaDescriptor;

// The overview renders from area.json alone; the resource and branch screens (declarations, forms, table)
// load on the first visit to one of them, so the area's first screen stays light.
const Screens = lazyScreen(() => import('./screens'), 'Loading reference data…');

/** Reference data: the overview at /app/datatables; every other path is one of the lazily loaded screens. */
export default function Area({ prefix }: { prefix: string }) {
  return <AreaRoutes area={area} prefix={prefix} fallback={<Screens prefix={prefix} />} />;
}
