import type { AreaDescriptor } from '@hcm/contract';
import { AreaRoutes, lazyScreen } from '@hcm/kit/routing';
import descriptor from '../area.json';
import ClientScreens from './clients/Screens';

// Health professionals (list, add, edit with their access panel) load on the first visit to them.
const HealthProfessionalScreens = lazyScreen(() => import('./health-professionals/Screens'), 'Loading health professionals…');
// Hospital stays and care endings load on their first visit too.
const EpisodeScreens = lazyScreen<{ prefix: string }>(() => import('./episodes/Screens'), 'Loading…');
// Clients' live events (medication, incidents, what is due) load on their first visit.
const LiveEventScreens = lazyScreen(() => import('./live-events/Screens'), 'Loading live events…');
// Reablement programmes (the dashboard and a client's week) load on their first visit.
const ReablementScreens = lazyScreen(() => import('./reablement/Screens'), 'Loading reablement…');

/**
 * The area's routes under one of its prefixes. The clients list is the area's home, so its screens load with
 * the area; health professionals load on their first visit.
 */
export default function Area({ prefix }: { prefix: string }) {
  if (prefix === 'health-professionals') return <HealthProfessionalScreens />;
  if (prefix === 'client-hospitals' || prefix === 'client-pre-exit') return <EpisodeScreens prefix={prefix} />;
  if (prefix === 'clients' || prefix === 'client') return <ClientScreens prefix={prefix} />;
  if (prefix === 'live-events/clients') return <LiveEventScreens />;
  if (prefix === 'reablement') return <ReablementScreens />;
  return <AreaRoutes area={descriptor as AreaDescriptor} prefix={prefix} />;
}
