import { Route } from 'react-router-dom';
import type { AreaDescriptor } from '@hcm/contract';
import { RESOURCES } from '@hcm/contract/resources';
import { ResourceRoutes } from '@hcm/kit/resources';
import { AreaRoutes } from '@hcm/kit/routing';
import descriptor from '../area.json';
import { BranchForm } from './branches/BranchForm';
import { BranchList } from './branches/BranchList';

const area = descriptor as AreaDescriptor;

// Every declared resource gets its screens under /app/datatables/<name>; nested ones (funder scales) show
// inside their parent's edit page.
const TOP_LEVEL = RESOURCES.filter((spec) => !spec.parent);
const nestedIn = (name: string) => RESOURCES.filter((spec) => spec.parent?.resource === name);

/** Reference data: the datatables overview and every declared resource, and branches (list, add, edit). */
export default function Area({ prefix }: { prefix: string }) {
  return (
    <AreaRoutes area={area} prefix={prefix}>
      {prefix === 'datatables'
        ? TOP_LEVEL.map((spec) => (
            <Route
              key={spec.name}
              path={`${spec.name}/*`}
              element={<ResourceRoutes spec={spec} basePath={`/app/datatables/${spec.name}`} nestedSpecs={nestedIn(spec.name)} />}
            />
          ))
        : null}
      {prefix === 'branches' ? (
        <>
          <Route index element={<BranchList />} />
          <Route path="add" element={<BranchForm />} />
          <Route path=":id/edit" element={<BranchForm />} />
        </>
      ) : null}
    </AreaRoutes>
  );
}
