import { EmptyState, ErrorPanel, Loading } from '@hcm/kit';
import { ButtonLink } from '@hcm/kit/routing';
import { type CarerCourseStatus } from '../../contract/training';
import type { StaffScreenProps } from '../record/types';
import { dateNote, Section, StateLabel, styles, useCarerTraining } from './common';
import { RecordsTable } from './TrainingTab';
import { formatDate } from '@hcm/contract/format';

// The carer's "refresher-training" tab: the courses that must be renewed (yearly moving and handling, first aid,
// medication, safeguarding, fire safety; three-yearly MCA, infection control, food safety…), what is due first,
// and the refresher records on file.

const dueOrder = (status: CarerCourseStatus) => (status.state === 'missing' ? '0000' : (status.latest?.expires_on ?? '9999'));

export default function RefresherTraining({ owner, ownerId }: StaffScreenProps) {
  const training = useCarerTraining(ownerId, owner === 'carers');
  if (owner !== 'carers') return <EmptyState>Training records are kept on carers’ files.</EmptyState>;
  if (training.isPending) return <Loading label="Loading the refresher training…" />;
  if (training.error) return <ErrorPanel title="The refresher training could not be loaded" onRetry={() => void training.refetch()}>{training.error.message}</ErrorPanel>;
  const refreshers = training.data.courses.filter((status) => status.course.validity_months !== null && status.course.category !== 'specialist').sort((a, b) => dueOrder(a).localeCompare(dueOrder(b)));
  const due = refreshers.filter((status) => status.state !== 'valid');
  const ids = new Set(refreshers.map((status) => status.course.id));
  return (
    <div className={styles.screen}>
      <Section title="Refresher training due" actions={<ButtonLink to={`/app/carers/${ownerId}/edit/training/add`}>Add a training record</ButtonLink>}>
        {due.length ? (
          <ul>
            {due.map((status) => (
              <li key={status.course.id}>
                <StateLabel state={status.state} inProgress={status.in_progress} /> <strong>{status.course.name}</strong>{' '}
                {status.state === 'missing' ? '— never done: book it before the next rota' : `— ${dateNote(status.state, status.latest?.completed_on ?? null, status.latest?.expires_on ?? null)}, renew every ${status.course.validity_months} months`}
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>Nothing due: every refresher is valid for more than {training.data.alert_days} days.</EmptyState>
        )}
      </Section>
      <Section title="Refresher courses">
        <table className={styles.table}>
          <caption className={styles.muted}>Soonest due first</caption>
          <thead>
            <tr>
              <th scope="col">Course</th>
              <th scope="col">Renewed every</th>
              <th scope="col">State</th>
              <th scope="col">Last done</th>
              <th scope="col">Next due</th>
            </tr>
          </thead>
          <tbody>
            {refreshers.map((status) => (
              <tr key={status.course.id}>
                <th scope="row">{status.course.name}</th>
                <td>{status.course.validity_months} months</td>
                <td>
                  <StateLabel state={status.state} inProgress={status.in_progress} />
                </td>
                <td>{status.latest?.completed_on ? formatDate(status.latest.completed_on) : '—'}</td>
                <td>{status.state === 'missing' ? 'Now' : formatDate(status.latest?.expires_on ?? null) || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>
      <Section title="Refresher records">
        <RecordsTable carerId={ownerId} records={training.data.records.filter((record) => ids.has(record.course_id))} />
      </Section>
    </div>
  );
}
