import { FormProvider, useForm } from 'react-hook-form';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import { api, Button, EmptyState, ErrorPanel, Loading, notify, useCan } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { applyServerErrors, SelectField, TextAreaField, TextField, useUnsavedChangesWarning, valibotResolver } from '@hcm/kit/forms';
import { ButtonLink } from '@hcm/kit/routing';
import {
  CARE_CERTIFICATE_CODE,
  TRAINING_CATEGORY_LABELS,
  TRAINING_RESULTS,
  TrainingRecordSchema,
  type CarerCompetence,
  type CarerTraining,
  type TrainingCourse,
  type TrainingRecordRow,
} from '../../contract/training';
import type { StaffScreenProps } from '../record/types';
import { CareCertificateSection } from './CareCertificate';
import { carerPath, dateNote, Section, StateLabel, styles, useCarerTraining } from './common';
import { formatDate } from '@hcm/contract/format';

// The carer's "training" tab: each required course (and any other on file) with its state, competence from the
// observed checks, every record, and a form to add or correct one (expiry worked out from the course unless typed).

const trainingHome = (carerId: number) => `/app/carers/${carerId}/edit/training`;
const resultLabel = (value: string) => TRAINING_RESULTS.find((choice) => choice.value === value)?.label ?? value;

/** Keys to refresh after a write: the file, its stats, the Care Certificate and the matrix. */
export const trainingKeys = (carerId: number) => [
  apiKey(carerPath(carerId, 'training')),
  apiKey(carerPath(carerId, 'training-stats')),
  apiKey(carerPath(carerId, 'care-certificate')),
  apiKey('api/v1/carers/training-matrix'),
];

export function CompetenceSummary({ carerId, competence }: { carerId: number; competence: CarerCompetence }) {
  const { medication, catheter, shadowing, additional } = competence;
  const file = (segment: string) => `/app/carers/${carerId}/edit/${segment}`;
  return (
    <Section title="Competence">
      <dl className={styles.facts}>
        <dt>Medication</dt>
        <dd>
          <strong>{medication.competent ? 'Competent to give medication alone' : 'Not yet signed off to give medication alone'}</strong>
          {` — ${medication.competent_observations} of ${medication.required} observed administrations assessed competent`}
          {medication.observed > medication.competent_observations ? ` (${medication.observed} observed)` : ''}
          {medication.last_observed_on ? `, last ${formatDate(medication.last_observed_on)}` : ''}. <Link to={file('competency-checks-new')}>Medication observations</Link>
        </dd>
        <dt>Catheter care</dt>
        <dd>
          {catheter.checks ? `${catheter.competent ? 'Competent' : 'Not yet competent'} (assessed ${formatDate(catheter.assessed_on)})` : 'Not assessed'}.{' '}
          <Link to={file('competency-checks-catheter')}>Catheter checks</Link>
        </dd>
        <dt>Other skills</dt>
        <dd>
          {additional.length ? additional.map((skill) => `${skill.label}: ${skill.competent ? 'competent' : 'not yet competent'} (${formatDate(skill.assessed_on)})`).join('; ') : 'None assessed'}.{' '}
          <Link to={file('competency-checks-additional')}>Competency checks</Link>
        </dd>
        <dt>Shadowing</dt>
        <dd>
          {shadowing.shifts} shadow shift{shadowing.shifts === 1 ? '' : 's'}
          {shadowing.shifts ? `; ${shadowing.ready_to_work_alone ? 'ready to work alone' : 'not yet ready to work alone'} (last ${formatDate(shadowing.last_shift_on)})` : ''}.{' '}
          <Link to={file('shadowing/competency_checks')}>Shadow shifts</Link>
        </dd>
      </dl>
    </Section>
  );
}

function CoursesTable({ training, caption, filter }: { training: CarerTraining; caption: string; filter?: (course: TrainingCourse) => boolean }) {
  const rows = training.courses.filter((status) => !filter || filter(status.course));
  if (!rows.length) return <EmptyState>No course of this kind on file.</EmptyState>;
  return (
    <table className={styles.table}>
      <caption className={styles.muted}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Course</th>
          <th scope="col">Category</th>
          <th scope="col">State</th>
          <th scope="col">Last completed</th>
          <th scope="col">Provider</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((status) => (
          <tr key={status.course.id}>
            <th scope="row">
              {status.course.name} <span className={styles.muted}>({status.course.code})</span>
            </th>
            <td>{TRAINING_CATEGORY_LABELS[status.course.category]}</td>
            <td>
              <StateLabel state={status.state} inProgress={status.in_progress} />{' '}
              {status.latest ? dateNote(status.state, status.latest.completed_on, status.latest.expires_on) : status.required ? 'never done' : ''}
            </td>
            <td>{status.latest?.completed_on ? formatDate(status.latest.completed_on) : '—'}</td>
            <td>{status.latest?.provider || '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function RecordsTable({ carerId, records }: { carerId: number; records: TrainingRecordRow[] }) {
  const can = useCan();
  const remove = useApiMutation<null, number>({ request: (id) => api.delete<null>(carerPath(carerId, `training/${id}`)), invalidates: trainingKeys(carerId) });
  if (!records.length) return <EmptyState>No training recorded yet.</EmptyState>;
  return (
    <table className={styles.table}>
      <caption className={styles.muted}>Every record, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Course</th>
          <th scope="col">Result</th>
          <th scope="col">Completed</th>
          <th scope="col">Expires</th>
          <th scope="col">Provider and certificate</th>
          <th scope="col" className={styles.number}>Hours</th>
          {can('carers.edit') ? <th scope="col">Actions</th> : null}
        </tr>
      </thead>
      <tbody>
        {records.map((record) => (
          <tr key={record.id}>
            <th scope="row">{record.course_name}</th>
            <td>
              {resultLabel(record.result)}
              {record.score !== null ? ` (${record.score}%)` : ''}
            </td>
            <td>{record.completed_on ? formatDate(record.completed_on) : '—'}</td>
            <td>
              {record.expires_on ? formatDate(record.expires_on) : record.completed_on ? 'Does not expire' : '—'}
              {record.expiry_overridden ? ' (set by hand)' : ''}
            </td>
            <td>
              {record.provider || '—'}
              {record.certificate_number ? `, no. ${record.certificate_number}` : ''}
            </td>
            <td className={styles.number}>{record.hours ?? '—'}</td>
            {can('carers.edit') ? (
              <td className={styles.actions}>
                {record.course_code === CARE_CERTIFICATE_CODE ? (
                  <span className={styles.muted}>Follows its standards</span>
                ) : (
                  <Link to={`${trainingHome(carerId)}/${record.id}/edit`} aria-label={`Edit ${record.course_name} of ${record.completed_on ? formatDate(record.completed_on) : 'in progress'}`}>
                    Edit
                  </Link>
                )}
                <Button
                  variant="secondary"
                  aria-label={`Remove ${record.course_name} of ${record.completed_on ? formatDate(record.completed_on) : 'in progress'}`}
                  onClick={() => {
                    if (!window.confirm(`Remove the ${record.course_name} record? The audit trail keeps what it said.`)) return;
                    void remove.submit(record.id).then((answer) => notify({ type: answer.error ? 'danger' : 'success', message: answer.message || (answer.error ? 'The record could not be removed.' : 'Removed.') }));
                  }}
                >
                  Remove
                </Button>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Overview({ carerId }: { carerId: number }) {
  const can = useCan();
  const training = useCarerTraining(carerId);
  if (training.isPending) return <Loading label="Loading the training…" />;
  if (training.error) return <ErrorPanel title="The training could not be loaded" onRetry={() => void training.refetch()}>{training.error.message}</ErrorPanel>;
  const data = training.data;
  const { counts } = data;
  return (
    <>
      <Section title="Training" actions={can('carers.edit') ? <ButtonLink to={`${trainingHome(carerId)}/add`}>Add a training record</ButtonLink> : null}>
        <p className={styles.muted}>
          {counts.valid} valid, {counts.expiring} expiring within {data.alert_days} days, {counts.expired} expired, {counts.missing} missing.
        </p>
        <CoursesTable training={data} caption="Courses on file and required courses" />
      </Section>
      <CareCertificateSection carerId={carerId} />
      <CompetenceSummary carerId={carerId} competence={data.competence} />
      <Section title="Training records">
        <RecordsTable carerId={carerId} records={data.records} />
      </Section>
    </>
  );
}

type RecordForm = { course_id: string; result: string; completed_on: string; expires_on: string; provider: string; certificate_number: string; score: string; hours: string; notes: string };

const EMPTY: RecordForm = { course_id: '', result: 'passed', completed_on: '', expires_on: '', provider: '', certificate_number: '', score: '', hours: '', notes: '' };

function formOf(record: TrainingRecordRow): RecordForm {
  return {
    course_id: String(record.course_id),
    result: record.result,
    completed_on: record.completed_on ?? '',
    expires_on: record.expiry_overridden ? (record.expires_on ?? '') : '',
    provider: record.provider,
    certificate_number: record.certificate_number,
    score: record.score === null ? '' : String(record.score),
    hours: record.hours === null ? '' : String(record.hours),
    notes: record.notes,
  };
}

export function TrainingRecordForm({ carerId, record }: { carerId: number; record?: TrainingRecordRow }) {
  const navigate = useNavigate();
  const catalogue = useApiQuery<TrainingCourse[]>('api/v1/carers/training-courses', undefined, { failure: 'The courses could not be loaded.' });
  const form = useForm<RecordForm>({ resolver: valibotResolver(TrainingRecordSchema), defaultValues: record ? formOf(record) : EMPTY });
  const { leaveWithoutWarning } = useUnsavedChangesWarning(form.formState.isDirty);
  const save = useApiMutation<TrainingRecordRow, RecordForm>({
    request: (values) => (record ? api.put<TrainingRecordRow>(carerPath(carerId, `training/${record.id}`), values) : api.post<TrainingRecordRow>(carerPath(carerId, 'training'), values)),
    invalidates: trainingKeys(carerId),
  });
  const chosen = catalogue.data?.find((course) => String(course.id) === form.watch('course_id'));
  const handleSave = form.handleSubmit(async () => {
    const answer = await save.submit(form.getValues());
    if (answer.error) {
      applyServerErrors(form.setError, answer.errors);
      if (!answer.errors) notify({ type: 'danger', message: answer.message || 'The record could not be saved.' });
      return;
    }
    notify({ type: 'success', message: answer.message || 'Saved.' });
    leaveWithoutWarning();
    navigate(trainingHome(carerId));
  });
  const title = record ? `Edit ${record.course_name}` : 'Add a training record';
  return (
    <Section title={title}>
      <FormProvider {...form}>
        <form className={styles.form} onSubmit={(event) => void handleSave(event)} noValidate aria-label={title}>
          <SelectField
            name="course_id"
            label="Course"
            options={[
              { value: '', label: catalogue.isPending ? 'Loading the courses…' : 'Choose a course' },
              // The Care Certificate is recorded standard by standard, in its own section of the tab.
              ...(catalogue.data ?? []).filter((course) => course.code !== CARE_CERTIFICATE_CODE).map((course) => ({ value: String(course.id), label: `${course.name} (${course.code})` })),
            ]}
          />
          <div className={styles.grid}>
            <SelectField name="result" label="Result" options={TRAINING_RESULTS.map(({ value, label }) => ({ value, label }))} />
            <TextField name="completed_on" label="Completed on" type="date" hint="Leave empty while in progress" />
            <TextField
              name="expires_on"
              label="Expires on"
              type="date"
              hint={chosen ? (chosen.validity_months ? `Leave empty to use the course’s ${chosen.validity_months} months` : 'This course does not expire; set a date only if the certificate has one') : 'Leave empty to work it out from the course'}
            />
          </div>
          <div className={styles.grid}>
            <TextField name="provider" label="Provider or trainer" />
            <TextField name="certificate_number" label="Certificate number" />
            <TextField name="score" label="Score (%)" inputMode="numeric" />
            <TextField name="hours" label="Hours" inputMode="decimal" hint="Counts towards training hours this year" />
          </div>
          <TextAreaField name="notes" label="Notes" rows={3} />
          <div className={styles.actions}>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              Save record
            </Button>
            <ButtonLink to={trainingHome(carerId)} variant="secondary">
              Cancel
            </ButtonLink>
          </div>
        </form>
      </FormProvider>
    </Section>
  );
}

function EditRecord({ carerId }: { carerId: number }) {
  const { recordId } = useParams();
  const training = useCarerTraining(carerId);
  if (training.isPending) return <Loading />;
  if (training.error) return <ErrorPanel title="The training could not be loaded">{training.error.message}</ErrorPanel>;
  const record = training.data.records.find((candidate) => String(candidate.id) === recordId);
  if (!record) return <EmptyState>No such training record on this file.</EmptyState>;
  return <TrainingRecordForm carerId={carerId} record={record} />;
}

/** The training tab of a carer's file (/app/carers/:id/edit/training). */
export default function TrainingTab({ owner, ownerId }: StaffScreenProps) {
  if (owner !== 'carers') return <EmptyState>Training records are kept on carers’ files.</EmptyState>;
  return (
    <div className={styles.screen}>
      <Routes>
        <Route index element={<Overview carerId={ownerId} />} />
        <Route path="add" element={<TrainingRecordForm carerId={ownerId} />} />
        <Route path=":recordId/edit" element={<EditRecord carerId={ownerId} />} />
      </Routes>
    </div>
  );
}
