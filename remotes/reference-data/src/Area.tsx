import { Route } from 'react-router-dom';
import type { AreaDescriptor } from '@hcm/contract';
import { AreaRoutes } from '@hcm/kit/routing';
import descriptor from '../area.json';
import { BranchForm } from './branches/BranchForm';
import { BranchList } from './branches/BranchList';

const area = descriptor as AreaDescriptor;

/** Reference data: the datatables overview, and branches (list, add, edit). */
export default function Area({ prefix }: { prefix: string }) {
  return (
    <AreaRoutes area={area} prefix={prefix}>
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
