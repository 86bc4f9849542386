import { ukDate } from '@hcm/contract/time';
import { formatDate, formatHours, formatMonth } from '@hcm/contract/format';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, Navigate, Route, Routes, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { Page } from '@hcm/contract';
import { api, Button, EmptyState, ErrorPanel, Loading, NotFound, PageHeader, useCan, useRouteName } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { SelectField, TextAreaField, TextField, valibotResolver } from '@hcm/kit/forms';
import { ListTable } from '@hcm/kit/table';
import { useTracker } from '@hcm/kit/tracker';
import { ASSESSMENT_KINDS, ASSESSMENT_STATUSES, AssessmentVisitSchema, type AssessmentChoices, type AssessmentVisitRow, type ReviewToBookRow } from '../../contract/assessments';
import { handleSaved, shiftDay } from '../planning/common';
import styles from './assessments.module.css';

// The office planner (/app/assessment-visits): office staff's assessments, reviews and re-assessments of clients,
// as a list (/visits, with add and edit) and a month calendar (/calendar), each visit timed with the time
// tracker's OFFICE_PLANNER module ("Start timer").

const PATH = 'api/v1/assessment-visits';
const kindWords = (kind: string) => ASSESSMENT_KINDS.find((choice) => choice.value === kind)?.label ?? kind;
const statusWords = (status: string) => ASSESSMENT_STATUSES.find((choice) => choice.value === status)?.label ?? status;
const STATUS_SYMBOL: Record<string, string> = { planned: '○', done: '✓', cancelled: '⊘' };

function StatusText({ status }: { status: string }) {
  return (
    <span>
      <span aria-hidden="true">{STATUS_SYMBOL[status]} </span>
      {statusWords(status)}
    </span>
  );
}

/** "Start timer": the tracker times the client's assessment under the office planner module. */
export function StartTimer({ visit }: { visit: AssessmentVisitRow }) {
  const can = useCan();
  const [message, setMessage] = useState('');
  const timing = useTracker((state) => state.sessionOpen && state.target_reference_entity_id === visit.id && state.module === 'OFFICE_PLANNER');
  if (!can('time-tracker.use') || visit.status !== 'planned') return null;
  if (timing) return <span>Timing…</span>;
  const handleStart = async () => {
    setMessage('');
    const loaded = useTracker.getState().track({
      event_type: visit.kind === 'review' ? 'REVIEW' : 'ASSESSMENT',
      target_type: 'client',
      target_id: visit.client_id,
      reference: visit.client_name,
      content: { title: visit.client_name, body: `${kindWords(visit.kind)} (office planner)` },
      module: 'OFFICE_PLANNER',
      page_title: 'Assessment visits',
      target_reference_entity_id: visit.id,
    });
    if (!loaded.ok) return setMessage(loaded.message);
    const started = await useTracker.getState().start();
    if (!started.ok) setMessage(started.message);
  };
  return (
    <>
      <Button variant="secondary" onClick={() => void handleStart()} aria-label={`Start timer for ${visit.client_name}`}>
        Start timer
      </Button>
      {message ? <span className={styles.error} role="alert"> {message}</span> : null}
    </>
  );
}

/**
 * Care plans and assessments falling due for review (care-records announces them a fortnight ahead), until a
 * review or re-assessment visit is planned with the client.
 */
function ReviewsToBook() {
  const can = useCan();
  const [paging, setPaging] = useState({ page: 1, page_size: 10 });
  const list = useApiQuery<Page<ReviewToBookRow>>(`${PATH}/reviews-to-book`, paging, { failure: 'The reviews to book could not be loaded.', keepPrevious: true });
  return (
    <section aria-labelledby="reviews-to-book" className={styles.screen}>
      <h2 id="reviews-to-book" className={styles.subheading}>
        Reviews to book
      </h2>
      <ListTable<ReviewToBookRow>
        caption="Care plans and assessments due for review, no review visit planned yet"
        columns={[
          { key: 'due_on', label: 'Due', render: (row) => (row.overdue ? `${formatDate(row.due_on) || '—'} (overdue)` : formatDate(row.due_on) || '—') },
          { key: 'client_name', label: 'Client' },
          { key: 'title', label: 'Document' },
          {
            key: 'actions',
            label: 'Actions',
            render: (row) =>
              can('scheduler.edit') ? (
                <Link to={`/app/assessment-visits/visits/add?client_id=${row.client_id}&kind=review`} aria-label={`Plan a review with ${row.client_name}`}>
                  Plan a review
                </Link>
              ) : null,
          },
        ]}
        page={list.data ?? null}
        loading={list.isFetching}
        error={list.error?.message ?? null}
        onSort={() => undefined}
        onPage={(page) => setPaging((previous) => ({ ...previous, page }))}
        onPageSize={(size) => setPaging({ page: 1, page_size: size })}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        empty={<EmptyState>No review to book: every care plan and assessment due has a review planned.</EmptyState>}
      />
    </section>
  );
}

function VisitList() {
  useRouteName('Assessment visits');
  const can = useCan();
  const [filters, setFilters] = useState({ status: 'planned', from: ukDate(), to: '', page: 1, page_size: 25 });
  const params = { ...filters, sort: filters.status === 'planned' ? 'oldest' : '' };
  const list = useApiQuery<Page<AssessmentVisitRow>>(PATH, params, { failure: 'The assessment visits could not be loaded.', keepPrevious: true });
  const choose = (key: 'status' | 'from' | 'to', value: string) => setFilters((previous) => ({ ...previous, [key]: value, page: 1 }));
  return (
    <div className={styles.screen}>
      <PageHeader
        title="Assessment visits"
        actions={
          <span className={styles.actions}>
            <Link to="/app/assessment-visits/calendar">Calendar</Link>
            {can('scheduler.edit') ? <Link to="/app/assessment-visits/visits/add">Plan an assessment visit</Link> : null}
          </span>
        }
      />
      <form className={styles.filters} aria-label="Filter assessment visits" onSubmit={(event) => event.preventDefault()}>
        <label>
          Status
          <select value={filters.status} onChange={(event) => choose('status', event.target.value)}>
            <option value="">Any</option>
            {ASSESSMENT_STATUSES.map((status) => (
              <option key={status.value} value={status.value}>
                {status.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" value={filters.from} onChange={(event) => choose('from', event.target.value)} />
        </label>
        <label>
          To
          <input type="date" value={filters.to} onChange={(event) => choose('to', event.target.value)} />
        </label>
      </form>
      <ListTable<AssessmentVisitRow>
        caption="Assessment visits of your branches"
        columns={[
          { key: 'date', label: 'Date', render: (row) => `${formatDate(row.date) || '—'} ${row.start_time}` },
          { key: 'client_name', label: 'Client' },
          { key: 'kind', label: 'Kind', render: (row) => kindWords(row.kind) },
          { key: 'assessor_name', label: 'Assessor' },
          { key: 'duration_minutes', label: 'Length', render: (row) => formatHours(row.duration_minutes) },
          { key: 'status', label: 'Status', render: (row) => <StatusText status={row.status} /> },
          {
            key: 'actions',
            label: 'Actions',
            render: (row) => (
              <span className={styles.actions}>
                {can('scheduler.edit') ? <Link to={`/app/assessment-visits/visits/${row.id}/edit`} aria-label={`Edit the ${kindWords(row.kind).toLowerCase()} of ${row.client_name}`}>Edit</Link> : null}
                <StartTimer visit={row} />
              </span>
            ),
          },
        ]}
        page={list.data ?? null}
        loading={list.isFetching}
        error={list.error?.message ?? null}
        onSort={() => undefined}
        onPage={(page) => setFilters((previous) => ({ ...previous, page }))}
        onPageSize={(size) => setFilters((previous) => ({ ...previous, page: 1, page_size: size }))}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.id}
        empty={<EmptyState>No assessment visit matches.</EmptyState>}
      />
      <ReviewsToBook />
    </div>
  );
}

type FormValues = { client_id: string; kind: string; assessor_id: string; date: string; start_time: string; duration_minutes: string; location: string; status: string; outcome: string; version?: number };

function VisitForm({ visit, start = {} }: { visit: AssessmentVisitRow | null; start?: Partial<Pick<FormValues, 'client_id' | 'kind'>> }) {
  const navigate = useNavigate();
  const choices = useApiQuery<AssessmentChoices>(`${PATH}/choices`, undefined, { failure: 'The clients and assessors could not be loaded.' });
  const form = useForm<FormValues>({
    resolver: valibotResolver(AssessmentVisitSchema) as never,
    defaultValues: visit
      ? { client_id: String(visit.client_id), kind: visit.kind, assessor_id: String(visit.assessor_id), date: visit.date, start_time: visit.start_time, duration_minutes: String(visit.duration_minutes), location: visit.location, status: visit.status, outcome: visit.outcome, version: visit.version }
      : { client_id: start.client_id ?? '', kind: start.kind ?? 'assessment', assessor_id: '', date: shiftDay(ukDate(), 7), start_time: '10:00', duration_minutes: '60', location: '', status: 'planned', outcome: '' },
  });
  const [conflict, setConflict] = useState('');
  const save = useApiMutation<AssessmentVisitRow, FormValues>({
    request: (values) => (visit ? api.put<AssessmentVisitRow>(`${PATH}/${visit.id}`, values) : api.post<AssessmentVisitRow>(PATH, values)),
    invalidates: [apiKey(PATH), apiKey(`${PATH}/calendar`)],
  });
  const remove = useApiMutation<null, number>({ request: (id) => api.delete<null>(`${PATH}/${id}`), invalidates: [apiKey(PATH), apiKey(`${PATH}/calendar`)] });
  const submit = form.handleSubmit(async () => {
    setConflict('');
    const answer = await save.submit(form.getValues());
    if (answer.httpStatus === 409) return setConflict(answer.message);
    if (handleSaved(answer, form, 'The assessment visit could not be saved.')) navigate('/app/assessment-visits/visits');
  });
  if (choices.error) return <ErrorPanel title="The clients and assessors could not be loaded" onRetry={() => void choices.refetch()}>{choices.error.message}</ErrorPanel>;
  if (!choices.data) return <Loading label="Loading clients and assessors…" />;
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={visit ? 'Edit the assessment visit' : 'Plan an assessment visit'}>
        {conflict ? <p className={styles.error} role="alert">{conflict}</p> : null}
        <div className={styles.grid}>
          <SelectField name="client_id" label="Client" options={[{ value: '', label: 'Choose a client' }, ...choices.data.clients.map((client) => ({ value: String(client.id), label: `${client.name} (${client.branch})` }))]} />
          <SelectField name="kind" label="Kind" options={ASSESSMENT_KINDS.map((kind) => ({ value: kind.value, label: kind.label }))} />
          <SelectField name="assessor_id" label="Assessor" options={[{ value: '', label: 'Choose an office user' }, ...choices.data.assessors.map((user) => ({ value: String(user.id), label: user.name }))]} />
          <TextField name="date" label="Date" type="date" />
          <TextField name="start_time" label="Start time" type="time" />
          <TextField name="duration_minutes" label="Duration (minutes)" inputMode="numeric" />
          <SelectField name="status" label="Status" options={ASSESSMENT_STATUSES.map((status) => ({ value: status.value, label: status.label }))} />
        </div>
        <TextField name="location" label="Location" hint="The client's home unless said otherwise" />
        <TextAreaField name="outcome" label="Outcome notes" rows={4} />
        <div className={styles.actions}>
          <Button type="submit" disabled={form.formState.isSubmitting}>{visit ? 'Save' : 'Plan the visit'}</Button>
          {visit ? (
            <Button
              variant="secondary"
              onClick={() =>
                void remove.submit(visit.id).then((answer) => {
                  if (!answer.error) navigate('/app/assessment-visits/visits');
                })
              }
            >
              Remove
            </Button>
          ) : null}
          <Link to="/app/assessment-visits/visits">Back to the list</Link>
        </div>
      </form>
    </FormProvider>
  );
}

function AddVisit() {
  useRouteName('Plan an assessment visit');
  // "Plan a review" from the reviews to book opens the form on that client and kind.
  const [search] = useSearchParams();
  const kind = search.get('kind');
  const start = { client_id: search.get('client_id') ?? undefined, kind: ASSESSMENT_KINDS.some((choice) => choice.value === kind) ? kind! : undefined };
  return (
    <div className={styles.screen}>
      <PageHeader title="Plan an assessment visit" />
      <VisitForm visit={null} start={start} />
    </div>
  );
}

function EditVisit() {
  useRouteName('Edit an assessment visit');
  const { id = '' } = useParams();
  const visit = useApiQuery<AssessmentVisitRow>(`${PATH}/${id}`, undefined, { failure: 'The assessment visit could not be loaded.' });
  return (
    <div className={styles.screen}>
      <PageHeader title="Edit an assessment visit" />
      {visit.error ? <ErrorPanel title="The assessment visit could not be loaded">{visit.error.message}</ErrorPanel> : visit.data ? <VisitForm key={visit.data.version} visit={visit.data} /> : <Loading />}
      {visit.data ? <StartTimer visit={visit.data} /> : null}
    </div>
  );
}

const monthOf = (day: string) => day.slice(0, 7);
function shiftMonth(month: string, by: number): string {
  const date = new Date(`${month}-01T12:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + by);
  return date.toISOString().slice(0, 7);
}

/** The weeks (Monday first) covering a month, as days YYYY-MM-DD. */
export function monthWeeks(month: string): string[][] {
  const first = `${month}-01`;
  const weekday = new Date(`${first}T12:00:00Z`).getUTCDay() || 7;
  let day = shiftDay(first, 1 - weekday);
  const weeks: string[][] = [];
  while (weeks.length < 6 && (weeks.length === 0 || monthOf(day) === month)) {
    const week = Array.from({ length: 7 }, (_, index) => shiftDay(day, index));
    weeks.push(week);
    day = shiftDay(day, 7);
  }
  return weeks;
}

function Calendar() {
  useRouteName('Assessment calendar');
  const [search, setSearch] = useSearchParams();
  const asked = search.get('month') ?? '';
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : monthOf(ukDate());
  const setMonth = (next: string) => setSearch({ month: next });
  const data = useApiQuery<{ month: string; visits: AssessmentVisitRow[] }>(`${PATH}/calendar`, { month }, { failure: 'The calendar could not be loaded.', keepPrevious: true });
  const byDay = new Map<string, AssessmentVisitRow[]>();
  for (const visit of data.data?.visits ?? []) byDay.set(visit.date, [...(byDay.get(visit.date) ?? []), visit]);
  const title = formatMonth(month);
  return (
    <div className={styles.screen}>
      <PageHeader title="Assessment calendar" actions={<Link to="/app/assessment-visits/visits">List</Link>} />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => setMonth(shiftMonth(month, -1))}>Previous month</Button>
        <h2 aria-live="polite">{title}</h2>
        <Button variant="secondary" onClick={() => setMonth(shiftMonth(month, 1))}>Next month</Button>
      </div>
      {data.error ? <ErrorPanel title="The calendar could not be loaded" onRetry={() => void data.refetch()}>{data.error.message}</ErrorPanel> : null}
      <table className={styles.calendar}>
        <caption className={styles.muted}>Assessment visits in {title}</caption>
        <thead>
          <tr>
            {['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((day) => (
              <th key={day} scope="col">
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={week[0]}>
              {week.map((day) => (
                <td key={day} className={monthOf(day) === month ? undefined : styles.other}>
                  <span className={styles.day}>{Number(day.slice(8))}</span>
                  <ul className={styles.entries}>
                    {(byDay.get(day) ?? []).map((visit) => (
                      <li key={visit.id} className={visit.status === 'cancelled' ? styles.cancelled : undefined}>
                        <Link to={`/app/assessment-visits/visits/${visit.id}/edit`}>
                          {visit.start_time} {kindWords(visit.kind)}: {visit.client_name}
                        </Link>{' '}
                        ({statusWords(visit.status)}, {visit.assessor_name})
                      </li>
                    ))}
                  </ul>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /app/assessment-visits (opens the list), /app/assessment-visits/visits (list, add, edit) and /app/assessment-visits/calendar. */
export default function AssessmentVisits() {
  const can = useCan();
  if (!can('scheduler.view')) return <EmptyState>The office planner needs the scheduler.view permission.</EmptyState>;
  return (
    <Routes>
      {/* The spec's office planner is a group (list and calendar), not a screen: its bare path opens the list. */}
      <Route index element={<Navigate to="visits" replace />} />
      <Route path="visits" element={<VisitList />} />
      <Route path="visits/add" element={can('scheduler.edit') ? <AddVisit /> : <EmptyState>Planning assessment visits needs scheduler.edit.</EmptyState>} />
      <Route path="visits/:id/edit" element={<EditVisit />} />
      <Route path="calendar" element={<Calendar />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
