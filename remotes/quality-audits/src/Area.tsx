import { Route } from 'react-router-dom';
import type { AreaDescriptor } from '@hcm/contract';
import { AreaRoutes, lazyScreen } from '@hcm/kit/routing';
import descriptor from '../area.json';

// Each part loads on the first visit to one of its screens.
const AuditTrail = lazyScreen(() => import('./audit/AuditTrail'), 'Loading the audit trail…');
const RegisterScreens = lazyScreen(() => import('./registers/Screens'), 'Loading quality assurance…');
const AuditScreens = lazyScreen(() => import('./audits/Screens'), 'Loading audits…');
const KpiScreens = lazyScreen(() => import('./kpis/Screens'), 'Loading KPIs…');
const DashboardScreens = lazyScreen<{ prefix: string }>(() => import('./dashboards/Screens'), 'Loading the dashboard…');
const AssistantScreens = lazyScreen(() => import('./assistant/Screens'), 'Loading the assistant…');

/**
 * The area's routes: under /app/quality-assurance the registers, CQC notifications and the quality dashboard;
 * /app/audits/carers/* and /app/audits/clients/*; /app/kpis/*; the client and carer dashboards under
 * /app/dashboard/client/* and /app/dashboard/carer/* (the dashboard home itself is the host's); the assistant at
 * /app/ai; the audit trail at /app/audit.
 */
export default function Area({ prefix }: { prefix: string }) {
  switch (prefix) {
    case 'audit':
      return <AuditTrail />;
    case 'audits':
      return <AuditScreens />;
    case 'kpis':
      return <KpiScreens />;
    case 'dashboard/client':
    case 'dashboard/carer':
      return <DashboardScreens prefix={prefix} />;
    case 'ai':
      return <AssistantScreens />;
    default:
      return (
        <AreaRoutes area={descriptor as AreaDescriptor} prefix={prefix}>
          <Route path="*" element={<RegisterScreens />} />
        </AreaRoutes>
      );
  }
}
