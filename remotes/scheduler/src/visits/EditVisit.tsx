import { useNavigate } from 'react-router-dom';
import { EmptyState, ErrorPanel, Loading, NotFound, PageHeader, useCan, useRouteName } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { PLANNABLE_STATUSES, type VisitRow } from '../../contract/visits';
import { styles, timesOf, visitApiPath } from './common';
import { VisitForm } from './VisitForm';
import { formatDate } from '@hcm/contract/format';

/** /app/visits/add: a visit added by hand (status unassigned); then its page. */
export function AddVisit() {
  useRouteName('Add a visit');
  const navigate = useNavigate();
  const can = useCan();
  if (!can('visits.edit')) return <EmptyState>Adding visits needs the visits.edit permission.</EmptyState>;
  return (
    <div className={styles.screen}>
      <PageHeader title="Add a visit" />
      <VisitForm visit={null} title="Add a visit" onSaved={(saved) => navigate(`/app/visits/${saved.id}`)} onCancel={() => navigate('/app/visits')} />
    </div>
  );
}

/**
 * Edits one visit (its planned part) at the version it was loaded; `back` is where saving or cancelling goes (the
 * visit's page, or the typed list it was opened from).
 */
export function EditVisit({ id, back }: { id: string; back: (visit: VisitRow | null) => string }) {
  useRouteName('Edit a visit');
  const navigate = useNavigate();
  const can = useCan();
  const valid = /^\d{1,10}$/.test(id);
  const visit = useApiQuery<VisitRow>(visitApiPath(id), undefined, { enabled: valid, failure: 'This visit could not be loaded.', refetchOnWindowFocus: false });
  if (!valid || visit.error?.status === 404) return <NotFound />;
  if (visit.error) return <ErrorPanel title="This visit could not be loaded" onRetry={() => void visit.refetch()}>{visit.error.message}</ErrorPanel>;
  if (!visit.data) return <Loading label="Loading the visit…" />;
  const row = visit.data;
  const title = `Edit the visit to ${row.client_name}, ${formatDate(row.date) || '—'} ${timesOf(row)}`;
  if (!can('visits.edit')) return <EmptyState>Editing visits needs the visits.edit permission.</EmptyState>;
  return (
    <div className={styles.screen}>
      <PageHeader title={title} />
      {PLANNABLE_STATUSES.includes(row.status) ? (
        <VisitForm key={row.id} visit={row} title="Edit the visit" onSaved={(saved) => navigate(back(saved))} onCancel={() => navigate(back(row))} />
      ) : (
        <p className={styles.muted}>This visit has started or is closed: a manager corrects it in the back office.</p>
      )}
    </div>
  );
}
