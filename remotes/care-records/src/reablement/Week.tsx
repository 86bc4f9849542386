import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import { api, Button, Card, ErrorPanel, Loading, notify, PageHeader, useRouteName } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { applyServerErrors, SelectField, TextAreaField, TextField, valibotResolver } from '@hcm/kit/forms';
import {
  HANDOVER_OUTCOMES,
  REABLEMENT_OUTCOMES,
  REABLEMENT_WEEKS,
  WEEK_PROGRESS,
  WeekReviewSchema,
  type ReablementProgramme,
  type WeekReviewInput,
} from '../../contract';
import { recordPath } from '../live-events/reviews/common';
import { weekPath } from './Dashboard';
import styles from './reablement.module.css';
import { formatDate } from '@hcm/contract/format';

// /app/reablement/client/:id/week/:weekno: one week of a client's reablement programme. The goals with their
// status, the week's review (date, progress per goal, visits and hours, therapist's notes, equipment, next steps),
// and on the last week the programme's outcome. Saved as a new version of the client's reablement document; a
// save based on an older version is refused (409) and says who saved since, keeping what was typed.

const programmePath = (clientId: number) => `api/v1/reablement/clients/${clientId}`;
const STALE_KEYS = [apiKey('api/v1/reablement/dashboard'), apiKey('api/v1/live-events/re-ablement'), apiKey('api/v1/live-events/re-ablement-overdue')];
const GOAL_STATUS: Record<string, string> = { working: 'Working on it', achieved: 'Achieved', partly: 'Partly achieved', 'not-achieved': 'Not achieved' };

type Conflict = { message: string };

function defaultsOf(programme: ReablementProgramme, weekno: number): WeekReviewInput {
  const week = programme.weeks.find((candidate) => candidate.week === weekno);
  // A week not reviewed yet starts with the equipment of the latest week before it (aids stay in use).
  const before = programme.weeks.filter((candidate) => candidate.week < weekno).at(-1);
  return {
    base_version: programme.version,
    date: week?.date ?? '',
    progress: week?.progress ?? '',
    goals: programme.goals.map((_, index) => ({ progress: (week?.goals[index]?.progress ?? '') as 'achieved', note: week?.goals[index]?.note ?? '' })),
    visits: week?.visits === null || week?.visits === undefined ? '' : String(week.visits),
    support_hours: week?.support_hours === null || week?.support_hours === undefined ? '' : String(week.support_hours),
    therapist_notes: week?.therapist_notes ?? '',
    equipment: week?.equipment ?? before?.equipment ?? [],
    next_steps: week?.next_steps ?? '',
    outcome: programme.outcome || 'in-progress',
    ended_on: programme.ended_on,
    handover: programme.handover,
  };
}

function WeekForm({ programme, weekno }: { programme: ReablementProgramme; weekno: number }) {
  const defaults = defaultsOf(programme, weekno);
  const form = useForm<WeekReviewInput>({ resolver: valibotResolver(WeekReviewSchema), defaultValues: defaults });
  const [equipment, setEquipment] = useState<string[]>(defaults.equipment ?? []);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const outcome = useWatch({ control: form.control, name: 'outcome' });
  const lastWeek = weekno === REABLEMENT_WEEKS;
  const save = useApiMutation<ReablementProgramme, WeekReviewInput>({
    request: (values) => api.put<ReablementProgramme>(`api/v1/reablement/clients/${programme.client_id}/weeks/${weekno}`, values),
    invalidates: [apiKey(programmePath(programme.client_id)), ...STALE_KEYS],
  });
  const submit = form.handleSubmit(async (values) => {
    setConflict(null);
    const answer = await save.submit({ ...values, equipment });
    if (answer.error) {
      if (answer.httpStatus === 409) {
        setConflict({ message: answer.message });
        return;
      }
      applyServerErrors(form.setError, answer.errors);
      if (!answer.errors) notify({ type: 'danger', message: answer.message || 'The week could not be saved.' });
      return;
    }
    notify({ type: 'success', message: answer.message || `Week ${weekno} saved.` });
  });
  const allEquipment = [...new Set([...programme.equipment_choices, ...equipment])];
  return (
    <FormProvider {...form}>
      <form className={styles.form} aria-label={`Week ${weekno} review`} noValidate onSubmit={(event) => void submit(event)}>
        {conflict ? (
          <div className={styles.conflict} role="alert">
            <p>{conflict.message}</p>
            <p>What you typed is still here. Open the client&apos;s reablement tab to see their version, then save again here after reloading.</p>
          </div>
        ) : null}
        <TextField name="date" label="Reviewed on" type="date" />
        <fieldset>
          <legend>Progress per goal</legend>
          {programme.goals.length === 0 ? <p className={styles.muted}>No goals are set yet: add them on the reablement tab.</p> : null}
          {programme.goals.map((goal, index) => (
            <div key={index} className={styles.row}>
              <SelectField
                name={`goals.${index}.progress`}
                label={`Goal ${index + 1}: ${goal.goal}`}
                options={[{ value: '', label: 'Choose…' }, ...WEEK_PROGRESS.map(({ value, label }) => ({ value, label }))]}
              />
              <TextField name={`goals.${index}.note`} label={`Note on goal ${index + 1}`} />
            </div>
          ))}
        </fieldset>
        <TextAreaField name="progress" label="Summary of the week" rows={3} />
        <div className={styles.row}>
          <TextField name="visits" label="Visits this week" type="number" min={0} max={100} inputMode="numeric" />
          <TextField name="support_hours" label="Support hours this week" type="number" min={0} max={168} step={0.25} inputMode="decimal" />
        </div>
        <TextAreaField name="therapist_notes" label="Therapist's notes" rows={3} />
        <fieldset>
          <legend>Equipment in use</legend>
          {allEquipment.length === 0 ? <p className={styles.muted}>No reablement equipment in the reference data.</p> : null}
          <div className={styles.checks}>
            {allEquipment.map((name) => (
              <label key={name}>
                <input
                  type="checkbox"
                  checked={equipment.includes(name)}
                  onChange={(event) => setEquipment((now) => (event.target.checked ? [...now, name] : now.filter((item) => item !== name)))}
                />{' '}
                {name}
              </label>
            ))}
          </div>
        </fieldset>
        <TextAreaField name="next_steps" label="Next steps" rows={3} />
        {lastWeek ? (
          <fieldset>
            <legend>The programme&apos;s outcome</legend>
            <SelectField name="outcome" label="Outcome" options={REABLEMENT_OUTCOMES.map(({ value, label }) => ({ value, label }))} />
            {outcome && outcome !== 'in-progress' ? <TextField name="ended_on" label="Ended on" type="date" /> : null}
            {outcome && HANDOVER_OUTCOMES.includes(outcome) ? <TextAreaField name="handover" label="Handover to ongoing care" rows={3} /> : null}
          </fieldset>
        ) : null}
        {programme.can_edit ? (
          <div>
            <Button type="submit" disabled={save.isPending}>
              Save week {weekno}
            </Button>
          </div>
        ) : (
          <p className={styles.muted}>You may read this programme, not change it.</p>
        )}
      </form>
    </FormProvider>
  );
}

export default function Week() {
  const params = useParams();
  const clientId = Number(params.id);
  const weekno = Number(params.weekno);
  const valid = Number.isInteger(clientId) && clientId > 0 && Number.isInteger(weekno) && weekno >= 1 && weekno <= REABLEMENT_WEEKS;
  const title = valid ? `Reablement week ${weekno}` : 'Reablement week';
  useRouteName(title);
  const query = useApiQuery<ReablementProgramme>(programmePath(clientId), undefined, { enabled: valid, failure: 'The reablement programme could not be loaded.' });
  const programme = query.data;
  return (
    <div className={styles.screen}>
      <PageHeader title={title} />
      {!valid ? (
        <ErrorPanel title={`Choose a week from 1 to ${REABLEMENT_WEEKS}.`} />
      ) : query.error ? (
        <ErrorPanel title={query.error.message} onRetry={() => void query.refetch()} />
      ) : !programme ? (
        <Loading />
      ) : (
        <>
          <p>
            <strong>{programme.client_name}</strong>: {formatDate(programme.start_date) || '—'} to {formatDate(programme.planned_end) || '—'}
            {programme.current_week ? `, now in week ${programme.current_week}` : ''}. Therapist: {programme.therapist || 'not recorded'}.
          </p>
          <nav className={styles.nav} aria-label="Weeks">
            {weekno > 1 ? <Link to={weekPath(clientId, weekno - 1)}>Previous week (week {weekno - 1})</Link> : null}
            {weekno < REABLEMENT_WEEKS ? <Link to={weekPath(clientId, weekno + 1)}>Next week (week {weekno + 1})</Link> : null}
            <Link to={recordPath(clientId, 'reablement')}>Reablement tab</Link>
            <Link to="/app/reablement/dashboard">Dashboard</Link>
          </nav>
          <Card title="Goals">
            <ol className={styles.goals}>
              {programme.goals.map((goal, index) => (
                <li key={index}>
                  {goal.goal}: <strong>{GOAL_STATUS[goal.status] ?? (goal.status || 'No status')}</strong>
                  {goal.week_achieved ? ` (week ${goal.week_achieved})` : ''}. Target: {goal.target}
                </li>
              ))}
            </ol>
          </Card>
          <WeekForm key={`${programme.version}-${weekno}`} programme={programme} weekno={weekno} />
        </>
      )}
    </div>
  );
}
