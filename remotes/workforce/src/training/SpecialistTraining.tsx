import { EmptyState, ErrorPanel, Loading } from '@hcm/kit';
import { ButtonLink } from '@hcm/kit/routing';
import type { StaffScreenProps } from '../record/types';
import { dateNote, Section, StateLabel, styles, useCarerTraining } from './common';
import { CompetenceSummary, RecordsTable } from './TrainingTab';
import { formatDate } from '@hcm/contract/format';

// The carer's "specialist-training" tab: specialist courses for the clients who need them (PEG feeding, catheter
// and stoma care, epilepsy and buccal midazolam, dementia, end of life…), with the competence checks beside them.

export default function SpecialistTraining({ owner, ownerId }: StaffScreenProps) {
  const training = useCarerTraining(ownerId, owner === 'carers');
  if (owner !== 'carers') return <EmptyState>Training records are kept on carers’ files.</EmptyState>;
  if (training.isPending) return <Loading label="Loading the specialist training…" />;
  if (training.error) return <ErrorPanel title="The specialist training could not be loaded" onRetry={() => void training.refetch()}>{training.error.message}</ErrorPanel>;
  const specialist = training.data.courses.filter((status) => status.course.category === 'specialist');
  const ids = new Set(specialist.map((status) => status.course.id));
  return (
    <div className={styles.screen}>
      <Section title="Specialist training" actions={<ButtonLink to={`/app/carers/${ownerId}/edit/training/add`}>Add a training record</ButtonLink>}>
        {specialist.length ? (
          <table className={styles.table}>
            <caption className={styles.muted}>Specialist courses on file</caption>
            <thead>
              <tr>
                <th scope="col">Course</th>
                <th scope="col">State</th>
                <th scope="col">Completed</th>
                <th scope="col">Provider</th>
              </tr>
            </thead>
            <tbody>
              {specialist.map((status) => (
                <tr key={status.course.id}>
                  <th scope="row">{status.course.name}</th>
                  <td>
                    <StateLabel state={status.state} inProgress={status.in_progress} /> {dateNote(status.state, status.latest?.completed_on ?? null, status.latest?.expires_on ?? null)}
                  </td>
                  <td>{status.latest?.completed_on ? formatDate(status.latest.completed_on) : '—'}</td>
                  <td>{status.latest?.provider || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <EmptyState>No specialist training on file yet.</EmptyState>
        )}
      </Section>
      <CompetenceSummary carerId={ownerId} competence={training.data.competence} />
      <Section title="Specialist records">
        <RecordsTable carerId={ownerId} records={training.data.records.filter((record) => ids.has(record.course_id))} />
      </Section>
    </div>
  );
}
