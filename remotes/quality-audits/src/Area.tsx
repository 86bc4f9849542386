import type { AreaDescriptor } from '@hcm/contract';
import { AreaRoutes, lazyScreen } from '@hcm/kit/routing';
import descriptor from '../area.json';

// The audit trail (/app/audit) loads on its first visit.
const AuditTrail = lazyScreen(() => import('./audit/AuditTrail'), 'Loading the audit trail…');

/** The area's routes under one of its prefixes; its other screens arrive with the area's own issues. */
export default function Area({ prefix }: { prefix: string }) {
  if (prefix === 'audit') return <AuditTrail />;
  return <AreaRoutes area={descriptor as AreaDescriptor} prefix={prefix} />;
}
