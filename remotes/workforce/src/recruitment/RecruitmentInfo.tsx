import { ukDate } from '@hcm/contract/time';
import { formatDate, formatDateTime } from '@hcm/contract/format';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { Page } from '@hcm/contract';
import { api, Button, ErrorPanel, Loading, notify, useCan } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { SelectField, TextAreaField, TextField, valibotResolver } from '@hcm/kit/forms';
import { CARER_STATUSES, CONTRACT_TYPES, RECRUITMENT_STAGES } from '../../contract/people';
import {
  CLOSING_STAGES,
  HireSchema,
  INTERVIEW_STATUSES,
  InterviewSchema,
  InterviewUpdateSchema,
  sourceLabel,
  stageLabel,
  StageMoveSchema,
  type InterviewRow,
  type RecruitmentInfo as Info,
  type VacancyRow,
} from '../../contract/recruitment';
import type { StaffScreenProps } from '../record/types';
import { handleSaved, InterviewPlace, options, Section, styles, Tag } from './common';

type Keys = readonly (readonly unknown[])[];
const keysOf = (carerId: number): Keys => [apiKey(`api/v1/recruitment/applicants/${carerId}`), apiKey(`api/v1/carers/${carerId}/summary`), apiKey('api/v1/recruitment/applicants'), apiKey('api/v1/recruitment/interviews')];
const statusLabel = (status: string) => INTERVIEW_STATUSES.find((choice) => choice.value === status)?.label ?? status;

type MoveForm = { stage: string; reason: string };

function MoveStage({ info }: { info: Info }) {
  const form = useForm<MoveForm>({ resolver: valibotResolver(StageMoveSchema), defaultValues: { stage: '', reason: '' } });
  const move = useApiMutation<Info, MoveForm>({ request: (values) => api.put<Info>(`api/v1/recruitment/applicants/${info.id}/stage`, values), invalidates: keysOf(info.id) });
  const stage = form.watch('stage');
  const ending = (CLOSING_STAGES as readonly string[]).includes(stage);
  const choices = RECRUITMENT_STAGES.filter((choice) => choice.value !== 'hired' && choice.value !== info.stage);
  const submit = form.handleSubmit(async (values) => {
    if (handleSaved(await move.submit(values), form, 'The stage could not be moved.')) form.reset({ stage: '', reason: '' });
  });
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Move to another stage">
        <SelectField name="stage" label="Move to" options={options(choices, 'Choose a stage')} hint="Ready to start needs every pre-employment check clear." />
        <TextAreaField name="reason" label={ending ? 'Why the application ends (required)' : 'Reason or note'} rows={2} />
        <div className={styles.actions}>
          <Button type="submit" disabled={form.formState.isSubmitting}>Move</Button>
        </div>
      </form>
    </FormProvider>
  );
}

type InterviewForm = { date: string; start_time: string; end_time: string; location: string; video_link: string; interviewers: string; notes: string; status?: string };

function InterviewEditor({ carerId, interview, onDone }: { carerId: number; interview?: InterviewRow; onDone: () => void }) {
  const form = useForm<InterviewForm>({
    resolver: valibotResolver(interview ? InterviewUpdateSchema : InterviewSchema),
    defaultValues: interview
      ? { date: interview.date, start_time: interview.start_time, end_time: interview.end_time, location: interview.location, video_link: interview.video_link, interviewers: interview.interviewers, notes: interview.notes, status: interview.status }
      : { date: ukDate(), start_time: '10:00', end_time: '11:00', location: '', video_link: '', interviewers: '', notes: '' },
  });
  const save = useApiMutation<InterviewRow, InterviewForm>({
    request: (values) => (interview ? api.put<InterviewRow>(`api/v1/recruitment/interviews/${interview.id}`, values) : api.post<InterviewRow>(`api/v1/recruitment/applicants/${carerId}/interviews`, values)),
    invalidates: keysOf(carerId),
  });
  const submit = form.handleSubmit(async (values) => {
    if (handleSaved(await save.submit(values), form, 'The interview could not be saved.')) onDone();
  });
  const title = interview ? `Interview on ${formatDate(interview.date) || '—'}` : 'Book an interview';
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
        <div className={styles.grid}>
          <TextField name="date" label="Date" type="date" />
          <TextField name="start_time" label="Starts at" type="time" />
          <TextField name="end_time" label="Ends at" type="time" />
          {interview ? <SelectField name="status" label="What happened" options={options(INTERVIEW_STATUSES)} /> : null}
        </div>
        <TextField name="location" label="Place" hint="An office or address; leave empty for a video interview." />
        <TextField name="video_link" label="Video link" type="url" />
        <TextField name="interviewers" label="Interviewers" />
        <TextAreaField name="notes" label="Notes" rows={3} />
        <div className={styles.actions}>
          <Button type="submit" disabled={form.formState.isSubmitting}>{interview ? 'Save interview' : 'Book interview'}</Button>
          <Button variant="secondary" onClick={onDone}>Cancel</Button>
        </div>
      </form>
    </FormProvider>
  );
}

function Interviews({ info, editable }: { info: Info; editable: boolean }) {
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const cancel = useApiMutation<InterviewRow, number>({ request: (id) => api.post<InterviewRow>(`api/v1/recruitment/interviews/${id}/cancel`, { reason: '' }), invalidates: keysOf(info.id) });
  const inPipeline = info.status === 'applicant' && !(CLOSING_STAGES as readonly string[]).includes(info.stage);
  return (
    <Section title="Interviews" actions={editable && inPipeline && editing === null ? <Button variant="secondary" onClick={() => setEditing('new')}>Book an interview</Button> : null}>
      {editing === 'new' ? <InterviewEditor carerId={info.id} onDone={() => setEditing(null)} /> : null}
      {info.interviews.length ? (
        <ul className={styles.list}>
          {info.interviews.map((interview) => (
            <li key={interview.id}>
              {formatDate(interview.date) || '—'}, {interview.start_time}–{interview.end_time}: <InterviewPlace videoLink={interview.video_link} location={interview.location} /> with {interview.interviewers}.{' '}
              <Tag state={interview.status === 'held' ? 'done' : interview.status === 'scheduled' ? 'in-progress' : 'missing'}>{statusLabel(interview.status)}</Tag>
              {interview.notes ? <p>{interview.notes}</p> : null}
              {editable && editing === null ? (
                <span className={styles.actions}>
                  <Button variant="secondary" onClick={() => setEditing(interview.id)}>Edit the interview on {formatDate(interview.date) || '—'}</Button>
                  {interview.status === 'scheduled' ? (
                    <Button
                      variant="secondary"
                      onClick={() =>
                        void cancel.submit(interview.id).then((answer) => notify({ type: answer.error ? 'danger' : 'success', message: answer.message || (answer.error ? 'The interview could not be cancelled.' : 'Interview cancelled.') }))
                      }
                    >
                      Cancel the interview on {formatDate(interview.date) || '—'}
                    </Button>
                  ) : null}
                </span>
              ) : null}
              {editing === interview.id ? <InterviewEditor carerId={info.id} interview={interview} onDone={() => setEditing(null)} /> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>No interview booked.</p>
      )}
    </Section>
  );
}

type HireForm = { start_date: string; contract_type: string; contracted_hours: string; staffcode_id: string; band_id: string };
type Named = { id: number; name: string };

function Hire({ info }: { info: Info }) {
  const staffcodes = useApiQuery<Page<Named>>('api/v1/staffcodes', { page_size: 100 });
  const bands = useApiQuery<Page<Named>>('api/v1/bands', { page_size: 100 });
  const form = useForm<HireForm>({
    resolver: valibotResolver(HireSchema),
    defaultValues: { start_date: '', contract_type: info.contract_type || 'part-time', contracted_hours: info.contracted_hours === null ? '' : String(info.contracted_hours), staffcode_id: info.staffcode_id ? String(info.staffcode_id) : '', band_id: info.band_id ? String(info.band_id) : '' },
  });
  const hire = useApiMutation<Info, HireForm>({ request: (values) => api.post<Info>(`api/v1/recruitment/applicants/${info.id}/hire`, values), invalidates: keysOf(info.id) });
  const submit = form.handleSubmit(async () => {
    handleSaved(await hire.submit(form.getValues()), form, 'The applicant could not be hired.');
  });
  const named = (page: Page<Named> | undefined, empty: string) => [{ value: '', label: empty }, ...(page?.data ?? []).map((row) => ({ value: String(row.id), label: row.name }))];
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label="Hire">
        <p>Hiring keeps this file and every document on it: {info.name} becomes an active carer with a sign-in account ({info.email || 'no email yet'}).</p>
        <div className={styles.grid}>
          <TextField name="start_date" label="Start date" type="date" />
          <SelectField name="contract_type" label="Contract" options={options(CONTRACT_TYPES)} />
          <TextField name="contracted_hours" label="Contracted hours a week" inputMode="numeric" hint="Empty for zero-hours and bank" />
          <SelectField name="staffcode_id" label="Role" options={named(staffcodes.data, 'Keep as on the file')} />
          <SelectField name="band_id" label="Pay band" options={named(bands.data, 'Keep as on the file')} />
        </div>
        <div className={styles.actions}>
          <Button type="submit" disabled={form.formState.isSubmitting}>Hire {info.name}</Button>
        </div>
      </form>
    </FormProvider>
  );
}

function VacancyChooser({ info }: { info: Info }) {
  const vacancies = useApiQuery<VacancyRow[]>('api/v1/recruitment/vacancies');
  const link = useApiMutation<Info, string>({ request: (careerId) => api.put<Info>(`api/v1/recruitment/applicants/${info.id}/vacancy`, { career_id: careerId }), invalidates: keysOf(info.id) });
  return (
    <label>
      Vacancy applied for{' '}
      <select
        value={info.vacancy ? String(info.vacancy.id) : ''}
        onChange={(event) => void link.submit(event.target.value).then((answer) => notify({ type: answer.error ? 'danger' : 'success', message: answer.message || 'Saved.' }))}
      >
        <option value="">None</option>
        {(Array.isArray(vacancies.data) ? vacancies.data : []).map((vacancy) => (
          <option key={vacancy.id} value={String(vacancy.id)}>{vacancy.title}{vacancy.status === 'open' ? '' : ' (closed)'}</option>
        ))}
      </select>
    </label>
  );
}

/**
 * The carer file's 'recruitment-info' tab: where an applicant stands (stage with the move control, source, applied
 * on, vacancy), the stage history, interviews, the pre-employment checks, and the Hire form once ready. For a
 * carer already hired it shows how they were recruited.
 */
export default function RecruitmentInfo({ ownerId }: StaffScreenProps) {
  const can = useCan();
  const answer = useApiQuery<Info>(`api/v1/recruitment/applicants/${ownerId}`, undefined, { failure: 'The recruitment record could not be loaded.' });
  if (answer.error) return <ErrorPanel title="The recruitment record could not be loaded" onRetry={() => void answer.refetch()}>{answer.error.message}</ErrorPanel>;
  const info = answer.data;
  if (!info) return <Loading label="Loading recruitment…" />;
  const applicant = info.status === 'applicant';
  const editable = applicant && can('recruitment.edit');
  const status = CARER_STATUSES.find((choice) => choice.value === info.status)?.label ?? info.status;
  return (
    <div className={styles.screen}>
      <h2>{applicant ? 'Recruitment' : 'How they were recruited'}</h2>
      <dl className={styles.facts}>
        <div><dt>Status</dt><dd>{status}</dd></div>
        <div><dt>Stage</dt><dd><Tag state={info.stage}>{stageLabel(info.stage)}</Tag></dd></div>
        <div><dt>Where they heard of us</dt><dd>{sourceLabel(info.source)}</dd></div>
        <div><dt>Applied on</dt><dd>{formatDate(info.applied_on ?? info.history[0]?.moved_at.slice(0, 10)) || '—'}</dd></div>
        <div><dt>Vacancy</dt><dd>{info.vacancy?.title ?? 'None recorded'}</dd></div>
        <div><dt>Start date</dt><dd>{formatDate(info.start_date) || '—'}</dd></div>
        {info.rejection_reason ? <div><dt>Why not taken forward</dt><dd>{info.rejection_reason}</dd></div> : null}
      </dl>
      {editable ? <VacancyChooser info={info} /> : null}
      {editable ? <MoveStage info={info} /> : null}

      <Section title="Pre-employment checks">
        <ul className={styles.list} aria-label="Pre-employment checks">
          {info.checks.map((check) => (
            <li key={check.key}>
              {check.label}: <Tag state={check.clear ? 'clear' : 'missing'}>{check.clear ? 'Clear' : 'Not clear'}</Tag> {check.detail}
            </li>
          ))}
        </ul>
      </Section>

      {applicant ? (
        <Section title="Hire">
          {info.stage !== 'ready' ? (
            <p>The Hire form opens once the applicant is at Ready to start.</p>
          ) : info.missing.length ? (
            <p className={styles.notice}>Cannot hire yet: {info.missing.join(', ')} not clear.</p>
          ) : can('recruitment.edit') && can('carers.edit') ? (
            <Hire info={info} />
          ) : (
            <p>Hiring needs permission to edit carers’ files and recruitment.</p>
          )}
        </Section>
      ) : null}

      <Interviews info={info} editable={editable} />

      <Section title="Stage history">
        {info.history.length ? (
          <table className={styles.table}>
            <caption>Every move of {info.name} through recruitment</caption>
            <thead>
              <tr><th scope="col">When</th><th scope="col">From</th><th scope="col">To</th><th scope="col">By</th><th scope="col">Reason</th></tr>
            </thead>
            <tbody>
              {info.history.map((move) => (
                <tr key={move.id}>
                  <td>{formatDateTime(move.moved_at) || '—'}</td>
                  <td>{move.from_stage ? stageLabel(move.from_stage) : 'New application'}</td>
                  <td>{stageLabel(move.to_stage)}</td>
                  <td>{move.moved_by ?? '—'}</td>
                  <td>{move.reason || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>No stage moves recorded.</p>
        )}
      </Section>
    </div>
  );
}
