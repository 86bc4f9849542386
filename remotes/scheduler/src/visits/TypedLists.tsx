import { ukDate } from '@hcm/contract/time';
import { Link, Route, Routes, useParams } from 'react-router-dom';
import { NotFound, PageHeader, useCan, useRouteName } from '@hcm/kit';
import type { ApiParams } from '@hcm/kit/data';
import { shiftDay, styles } from './common';
import { EditVisit } from './EditVisit';
import { VisitTable } from './VisitTable';

/** The typed visit lists of /app/scheduler/v1/:type: each GET /api/v1/visits with its own filter. */
export const VISIT_LIST_TYPES = {
  unassigned: { title: 'Unassigned visits', about: 'Visits from today on still needing a carer (a double-up with one carer is here too).', filters: (today: string): ApiParams => ({ unassigned: 1, from: today, to: shiftDay(today, 27) }) },
  'double-up': { title: 'Double-up visits', about: 'Visits from today on needing two carers.', filters: (today: string): ApiParams => ({ carers_needed: 2, from: today, to: shiftDay(today, 27) }) },
  medication: { title: 'Medication visits', about: 'Visits from today on with a medication task: the carer must be assessed as competent.', filters: (today: string): ApiParams => ({ medication: 1, from: today, to: shiftDay(today, 27) }) },
  cancelled: { title: 'Cancelled visits', about: 'Visits cancelled in the last four weeks and ahead.', filters: (today: string): ApiParams => ({ status: 'cancelled', from: shiftDay(today, -28), to: shiftDay(today, 27) }) },
  missed: { title: 'Missed visits', about: 'Visits missed in the last four weeks.', filters: (today: string): ApiParams => ({ status: 'missed', from: shiftDay(today, -28), to: today }) },
  today: { title: 'Today’s visits', about: 'Every visit of today in your branches.', filters: (today: string): ApiParams => ({ from: today, to: today }) },
} as const;
export type VisitListType = keyof typeof VISIT_LIST_TYPES;
export const isVisitListType = (type: string | undefined): type is VisitListType => !!type && Object.prototype.hasOwnProperty.call(VISIT_LIST_TYPES, type);

function TypedList({ type }: { type: VisitListType }) {
  const spec = VISIT_LIST_TYPES[type];
  useRouteName(spec.title);
  const can = useCan();
  const today = ukDate();
  return (
    <div className={styles.screen}>
      <PageHeader title={spec.title} actions={<Link to="/app/visits">All visits</Link>} />
      <nav aria-label="Visit lists" className={styles.actions}>
        {(Object.keys(VISIT_LIST_TYPES) as VisitListType[]).map((other) => (
          <Link key={other} to={`/app/scheduler/v1/${other}`} aria-current={other === type ? 'page' : undefined}>
            {VISIT_LIST_TYPES[other].title}
          </Link>
        ))}
      </nav>
      <p className={styles.muted}>{spec.about}</p>
      <VisitTable
        caption={spec.title}
        filters={spec.filters(today)}
        linkOf={(row) => `/app/visits/${row.id}`}
        empty="No visit in this list."
        extraColumns={can('visits.edit') ? [{ key: 'edit', label: 'Edit', render: (row) => <Link to={`/app/scheduler/v1/${type}/${row.id}/edit`} aria-label={`Edit the visit to ${row.client_name} on ${row.date} at ${row.start_time}`}>Edit</Link> }] : []}
      />
    </div>
  );
}

function TypedRoute() {
  const { type } = useParams();
  return isVisitListType(type) ? <TypedList key={type} type={type} /> : <NotFound />;
}

function TypedEditRoute() {
  const { type, editid = '' } = useParams();
  if (!isVisitListType(type)) return <NotFound />;
  return <EditVisit id={editid} back={() => `/app/scheduler/v1/${type}`} />;
}

/** /app/scheduler/v1/:type and v1/:type/:editid/edit: a typed list of visits, and a visit of it edited (back to the list). */
export default function TypedVisitLists() {
  return (
    <Routes>
      <Route path=":type" element={<TypedRoute />} />
      <Route path=":type/:editid/edit" element={<TypedEditRoute />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
