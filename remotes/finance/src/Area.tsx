import type { AreaDescriptor } from '@hcm/contract';
import { AreaRoutes } from '@hcm/kit/routing';
import descriptor from '../area.json';

/** The area's routes under one of its prefixes; its screens arrive with the area's own issues. */
export default function Area({ prefix }: { prefix: string }) {
  return <AreaRoutes area={descriptor as AreaDescriptor} prefix={prefix} />;
}
