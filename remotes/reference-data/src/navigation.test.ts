import type { AreaDescriptor } from '@hcm/contract';
import { navigationLeaves } from '@hcm/contract';
import { appPathOf } from '@hcm/contract/engine';
import { REFERENCE_DATA_RESOURCES } from '../contract';
import descriptor from '../area.json';

// area.json is data the host reads before this remote loads, so it cannot be computed from the resource
// declarations at runtime: this test keeps the two in step.
const area = descriptor as AreaDescriptor;
const OURS = REFERENCE_DATA_RESOURCES;

describe('reference-data navigation', () => {
  const leaves = navigationLeaves(area.navigation);

  it('has a menu item, with the view permission, for every top-level resource', () => {
    for (const spec of OURS.filter((resource) => !resource.parent)) {
      const item = leaves.find((leaf) => leaf.target === appPathOf(spec));
      expect(item).toMatchObject({ title: spec.title, permission: [spec.permissions.view] });
    }
  });

  it('mounts the route prefix of every resource that lives outside datatables', () => {
    for (const spec of OURS.filter((resource) => resource.route)) {
      expect(area.routePrefixes).toContain(spec.route);
    }
  });
});
