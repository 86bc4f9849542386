import { Route, Routes } from 'react-router-dom';
import type { ResourceSpec } from '@hcm/contract/engine';
import { NotFound } from '@hcm/kit';
import { ResourceForm, ResourceList } from '@hcm/kit/resources';
import { lazyScreen } from '@hcm/kit/routing';
import { carers as carersSpec, employees as employeesSpec } from '../../contract/people';
import CarersList from './CarersList';

const carers: ResourceSpec = carersSpec;
const employees: ResourceSpec = employeesSpec;

// A file (its header, tabs and their screens) loads on the first visit to a carer or employee, not with the list.
const StaffRecord = lazyScreen(() => import('../record/StaffRecord'), 'Loading the file…');
const TrainingMatrix = lazyScreen(() => import('../training/TrainingMatrix'), 'Loading the training matrix…');
const FileAlerts = lazyScreen(() => import('../compliance/FileAlerts'), 'Loading file alerts…');
const DueList = lazyScreen(() => import('../documents/DueList'), 'Loading what is due…');

/** A new carer or applicant: saved, it opens on their file (to carry on with recruitment). */
function AddCarer() {
  return <ResourceForm spec={carers} backTo="/app/carers" savedTo={(row) => `/app/carers/${String(row.id)}/edit/recruitment-info`} />;
}

function AddEmployee() {
  return <ResourceForm spec={employees} backTo="/app/employees" savedTo={(row) => `/app/employees/${String(row.id)}/edit/details`} />;
}

/**
 * /app/carers (the list, the training matrix, file alerts, supervisions due, each carer's file at
 * /app/carers/:id/edit/<tab>), /app/carer/add (spec "Carer creation"), and the same for office employees:
 * /app/employees, /app/employee/add, /app/employees/:id/edit/<tab>.
 */
export default function PeopleScreens({ prefix }: { prefix: string }) {
  if (prefix === 'carer' || prefix === 'employee') {
    return (
      <Routes>
        <Route path="add" element={prefix === 'carer' ? <AddCarer /> : <AddEmployee />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    );
  }
  if (prefix === 'employees') {
    return (
      <Routes>
        <Route index element={<ResourceList spec={employees} basePath="/app/employees" />} />
        <Route path="add" element={<AddEmployee />} />
        <Route path="due" element={<DueList owner="employees" />} />
        <Route path=":id/*" element={<StaffRecord owner="employees" />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route index element={<CarersList />} />
      <Route path="add" element={<AddCarer />} />
      <Route path="training-matrix" element={<TrainingMatrix />} />
      <Route path="file-alerts" element={<FileAlerts scope="carers" />} />
      <Route path="due" element={<DueList owner="carers" />} />
      <Route path=":id/*" element={<StaffRecord owner="carers" />} />
    </Routes>
  );
}
