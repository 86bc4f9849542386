import type { AreaDescriptor } from '@hcm/contract';
import { AreaRoutes } from '@hcm/kit/routing';
import descriptor from '../area.json';
import { BuildVersion } from './BuildVersion';

/** The area's routes under one of its prefixes, with the running build's version below them. */
export default function Area({ prefix }: { prefix: string }) {
  return (
    <>
      <AreaRoutes area={descriptor as AreaDescriptor} prefix={prefix} />
      <BuildVersion />
    </>
  );
}
