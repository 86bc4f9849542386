import { ukDate } from '@hcm/contract/time';
import { formatDate, formatMonth } from '@hcm/contract/format';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, ErrorPanel, Loading, PageHeader, useRouteName } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { INTERVIEW_STATUSES, stageLabel, type InterviewRow } from '../../contract/recruitment';
import { InterviewPlace, shiftDay, styles, Tag } from './common';

type View = 'week' | 'month';

const mondayOf = (day: string) => {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return shiftDay(day, -((weekday + 6) % 7));
};
const monthEnd = (first: string) => {
  const date = new Date(`${first}T12:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1, 0);
  return date.toISOString().slice(0, 10);
};
const addMonths = (first: string, months: number) => {
  const date = new Date(`${first}T12:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months, 1);
  return date.toISOString().slice(0, 10);
};
const statusLabel = (status: string) => INTERVIEW_STATUSES.find((choice) => choice.value === status)?.label ?? status;

function periodOf(view: View, anchor: string): { from: string; to: string; title: string } {
  if (view === 'week') {
    const from = mondayOf(anchor);
    return { from, to: shiftDay(from, 6), title: `Week of ${formatDate(from) || '—'}` };
  }
  const from = `${anchor.slice(0, 7)}-01`;
  return { from, to: monthEnd(from), title: formatMonth(from) };
}

/**
 * /app/recruitment/calendar: the interviews of the user's branches for a week or a month, listed by day (a list,
 * not a grid of colours: every entry says its time, who, where and its status in words).
 */
export default function InterviewCalendar() {
  useRouteName('Interviews calendar');
  const viewId = useId();
  const [view, setView] = useState<View>('month');
  const [anchor, setAnchor] = useState(ukDate());
  const period = periodOf(view, anchor);
  const answer = useApiQuery<InterviewRow[]>('api/v1/recruitment/interviews', { from: period.from, to: period.to }, { keepPrevious: true, failure: 'The interviews could not be loaded.' });
  const interviews = answer.data ?? [];
  const days: string[] = [];
  for (let day = period.from; day <= period.to; day = shiftDay(day, 1)) days.push(day);
  const shown = view === 'week' ? days : days.filter((day) => interviews.some((interview) => interview.date === day));
  const move = (step: number) => setAnchor((current) => (view === 'week' ? shiftDay(mondayOf(current), step * 7) : addMonths(`${current.slice(0, 7)}-01`, step)));

  return (
    <div className={styles.screen}>
      <PageHeader title="Interviews calendar" actions={<Link to="/app/recruitment/applicants">Applicants</Link>} />
      <div className={styles.filters}>
        <label htmlFor={viewId}>
          Show
          <select id={viewId} value={view} onChange={(event) => setView(event.target.value as View)}>
            <option value="month">A month</option>
            <option value="week">A week</option>
          </select>
        </label>
        <Button variant="secondary" onClick={() => move(-1)}>Previous {view}</Button>
        <Button variant="secondary" onClick={() => setAnchor(ukDate())}>This {view}</Button>
        <Button variant="secondary" onClick={() => move(1)}>Next {view}</Button>
      </div>
      <h2>{period.title}</h2>
      {answer.error ? <ErrorPanel title="The interviews could not be loaded" onRetry={() => void answer.refetch()}>{answer.error.message}</ErrorPanel> : null}
      {!answer.data && !answer.error ? <Loading label="Loading the interviews…" /> : null}
      {answer.data && !shown.length ? <p>No interviews in {period.title}.</p> : null}
      {answer.data
        ? shown.map((day) => {
            const mine = interviews.filter((interview) => interview.date === day);
            return (
              <section key={day} className={styles.day} aria-label={formatDate(day) || '—'}>
                <h3>{formatDate(day) || '—'}</h3>
                {mine.length ? (
                  <ul className={styles.list}>
                    {mine.map((interview) => (
                      <li key={interview.id}>
                        {interview.start_time}–{interview.end_time}{' '}
                        <Link to={`/app/carers/${interview.carer_id}/edit/recruitment-info`}>{interview.carer_name}</Link> ({interview.branch}, {stageLabel(interview.stage)}):{' '}
                        <InterviewPlace videoLink={interview.video_link} location={interview.location} /> with {interview.interviewers}.{' '}
                        <Tag state={interview.status === 'cancelled' || interview.status === 'no-show' ? 'missing' : interview.status === 'held' ? 'done' : 'in-progress'}>{statusLabel(interview.status)}</Tag>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p>No interviews.</p>
                )}
              </section>
            );
          })
        : null}
    </div>
  );
}
