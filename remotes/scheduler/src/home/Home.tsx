import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { Page } from '@hcm/contract';
import { api, Button, ErrorPanel, Loading, PageHeader, useCan, useRouteName } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { TextField, valibotResolver } from '@hcm/kit/forms';
import { TravelSettingsSchema, type BranchTravelSettings } from '../../contract/postcodes';
import type { GlobalSchedule } from '../../contract/timeline';
import type { VisitRow } from '../../contract/visits';
import styles from './home.module.css';
import { ukDate } from '@hcm/contract/time';
import { formatDate, formatHours, formatPercent } from '@hcm/contract/format';

// The overview office staff land on (/app/scheduler): today's and this week's figures for their branches, the way
// to every scheduler screen they may open, and their branches' travel settings. Kept light: it loads with the area.

const GLOBAL_SCHEDULE_PATH = 'api/v1/scheduler/global-schedule';
const TRAVEL_PATH = 'api/v1/scheduler/travel-settings';

type Figures = { visits: number; unassigned: number; cancelled: number; planned_minutes: number };

/** Sums the branches' days that fall from `from` to `to`. */
export function figuresOf(schedule: GlobalSchedule, from: string, to: string): Figures {
  const sum: Figures = { visits: 0, unassigned: 0, cancelled: 0, planned_minutes: 0 };
  for (const branch of schedule.branches) {
    for (const day of branch.days) {
      if (day.date < from || day.date > to) continue;
      sum.visits += day.visits;
      sum.unassigned += day.unassigned;
      sum.cancelled += day.cancelled;
      sum.planned_minutes += day.planned_minutes;
    }
  }
  return sum;
}

/** How many visits were missed in the period (the list's total), for users who may see visits. */
function useMissed(from: string, to: string, enabled: boolean) {
  return useApiQuery<Page<VisitRow>>('api/v1/visits', { status: 'missed', from, to, page: 1, page_size: 1 }, { enabled: enabled && !!from && !!to });
}

function FigureList({ label, figures, missed }: { label: string; figures: Figures; missed: number | null }) {
  return (
    <ul className={styles.figures} aria-label={label}>
      <li>Visits<strong>{figures.visits}</strong></li>
      <li>Unassigned<strong>{figures.unassigned}</strong></li>
      <li>Cancelled<strong>{figures.cancelled}</strong></li>
      <li>Missed<strong>{missed === null ? '—' : missed}</strong></li>
      <li>Planned hours<strong>{formatHours(figures.planned_minutes)}</strong></li>
    </ul>
  );
}

function Numbers({ mayListVisits }: { mayListVisits: boolean }) {
  const today = ukDate();
  const schedule = useApiQuery<GlobalSchedule>(GLOBAL_SCHEDULE_PATH, { view: 'week', date: today }, { failure: 'The figures could not be loaded.' });
  const week = schedule.data ? { from: schedule.data.from, to: schedule.data.to } : { from: '', to: '' };
  const missedToday = useMissed(today, today, mayListVisits);
  const missedWeek = useMissed(week.from, week.to, mayListVisits);
  if (schedule.error) return <ErrorPanel title="The figures could not be loaded" onRetry={() => void schedule.refetch()}>{schedule.error.message}</ErrorPanel>;
  if (!schedule.data) return <Loading label="Loading today’s figures…" />;
  return (
    <>
      <section className={styles.section} aria-label="Today">
        <h2>Today, {formatDate(today)}</h2>
        <FigureList label="Today’s figures" figures={figuresOf(schedule.data, today, today)} missed={missedToday.data?.total ?? null} />
      </section>
      <section className={styles.section} aria-label="This week">
        <h2>This week, {formatDate(week.from)} – {formatDate(week.to)}</h2>
        <FigureList label="This week’s figures" figures={figuresOf(schedule.data, week.from, week.to)} missed={missedWeek.data?.total ?? null} />
        <p className={styles.muted}>Across {schedule.data.branches.map((branch) => branch.branch).join(', ') || 'no branch'}.</p>
      </section>
    </>
  );
}

/** The scheduler's screens and what each needs. */
const SCREENS: { to: string; title: string; about: string; permission: string }[] = [
  { to: '/app/scheduler/timeline/week', title: 'Carer timeline', about: 'Carers as rows, visits as bars; assign and move', permission: 'scheduler.view' },
  { to: '/app/scheduler/client-timeline/week', title: 'Client timeline', about: 'Each client’s visits over the week', permission: 'scheduler.view' },
  { to: '/app/global-schedule', title: 'Global schedule', about: 'Every branch side by side', permission: 'scheduler.view' },
  { to: '/app/scheduler/v1/unassigned', title: 'Unassigned visits', about: 'Visits still needing a carer', permission: 'scheduler.view' },
  { to: '/app/scheduler/v1/today', title: 'Today’s visits', about: 'Every visit of today', permission: 'scheduler.view' },
  { to: '/app/scheduler/v1/double-up', title: 'Double-up visits', about: 'Visits needing two carers', permission: 'scheduler.view' },
  { to: '/app/scheduler/v1/medication', title: 'Medication visits', about: 'Visits with a medication task', permission: 'scheduler.view' },
  { to: '/app/scheduler/v1/missed', title: 'Missed visits', about: 'Visits missed in the last four weeks', permission: 'scheduler.view' },
  { to: '/app/scheduler/v1/cancelled', title: 'Cancelled visits', about: 'Cancellations, with reasons', permission: 'scheduler.view' },
  { to: '/app/scheduler/map-view', title: 'Map', about: 'Clients and carers of a branch on a map', permission: 'scheduler.view' },
  { to: '/app/client-rostering/add/1', title: 'New care package', about: 'The rostering wizard, from client to published visits', permission: 'scheduler.edit' },
  { to: '/app/visits', title: 'All visits', about: 'Search, add and edit visits', permission: 'visits.view' },
  { to: '/app/visits/logs', title: 'Visit history', about: 'Every change to a visit, who and why', permission: 'visits.view' },
  { to: '/app/visits/backoffice', title: 'Back-office corrections', about: 'Past visits needing the office', permission: 'visits.correct' },
  { to: '/app/visits/csv-imports', title: 'CSV imports', about: 'Import visits from a spreadsheet', permission: 'visits.edit' },
  { to: '/app/utility/visit/move-funder-code', title: 'Move funder code', about: 'Change the funder of visits in bulk', permission: 'visits.correct' },
  { to: '/app/utility/visit/mark-npc-code', title: 'Mark NPC code', about: 'Mark visits not paid or not charged, in bulk', permission: 'visits.correct' },
  { to: '/app/assessment-visits/visits', title: 'Assessment visits', about: 'The office’s assessments and reviews', permission: 'scheduler.view' },
];

type TravelValues = { branch_id: number; average_speed_kmh: string; road_factor_percent: string };

function TravelForm({ branch }: { branch: BranchTravelSettings }) {
  const form = useForm<TravelValues>({
    resolver: valibotResolver(TravelSettingsSchema),
    defaultValues: { branch_id: branch.branch_id, average_speed_kmh: String(branch.average_speed_kmh), road_factor_percent: String(branch.road_factor_percent) },
  });
  const save = useApiMutation<BranchTravelSettings, TravelValues>({ request: (values) => api.put<BranchTravelSettings>(TRAVEL_PATH, values), invalidates: [apiKey(TRAVEL_PATH)] });
  const handleSave = form.handleSubmit(async () => {
    const answer = await save.submit(form.getValues());
    if (answer.error && answer.errors) for (const [field, messages] of Object.entries(answer.errors)) form.setError(field as keyof TravelValues, { type: 'server', message: messages[0] });
    else if (answer.error) form.setError('root', { type: 'server', message: answer.message || 'The travel settings could not be saved.' });
  });
  return (
    <FormProvider {...form}>
      <form className={styles.travelForm} onSubmit={(event) => void handleSave(event)} noValidate aria-label={`Travel settings of ${branch.branch}`}>
        <h3>{branch.branch}{branch.own ? '' : ' (the agency’s defaults)'}</h3>
        <TextField name="average_speed_kmh" label="Average speed (km/h)" inputMode="numeric" />
        <TextField name="road_factor_percent" label="Road factor (%)" inputMode="numeric" hint="130 adds 30 % to the straight line" />
        <Button type="submit" variant="secondary" disabled={form.formState.isSubmitting}>Save {branch.branch}</Button>
        {form.formState.errors.root ? <p role="alert">{form.formState.errors.root.message}</p> : null}
        {form.formState.isSubmitSuccessful && !save.isError ? <p role="status">Saved.</p> : null}
      </form>
    </FormProvider>
  );
}

function Travel({ mayEdit }: { mayEdit: boolean }) {
  const travel = useApiQuery<BranchTravelSettings[]>(TRAVEL_PATH, undefined, { failure: 'The travel settings could not be loaded.' });
  if (travel.error) return <ErrorPanel title="The travel settings could not be loaded" onRetry={() => void travel.refetch()}>{travel.error.message}</ErrorPanel>;
  if (!travel.data) return <Loading label="Loading the travel settings…" />;
  if (!travel.data.length) return <p className={styles.muted}>You hold no branch.</p>;
  return (
    <div className={styles.travel}>
      <p className={styles.muted}>Travel between visits is the straight line between postcodes times the road factor, at the average speed.</p>
      {mayEdit ? (
        travel.data.map((branch) => <TravelForm key={`${branch.branch_id}-${branch.average_speed_kmh}-${branch.road_factor_percent}`} branch={branch} />)
      ) : (
        <table className={styles.table}>
          <caption className={styles.muted}>Travel settings of your branches</caption>
          <thead><tr><th scope="col">Branch</th><th scope="col">Average speed</th><th scope="col">Road factor</th></tr></thead>
          <tbody>
            {travel.data.map((branch) => (
              <tr key={branch.branch_id}><td>{branch.branch}</td><td>{branch.average_speed_kmh} km/h</td><td>{formatPercent(branch.road_factor_percent)}</td></tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** /app/scheduler: the scheduling overview. */
export default function Home() {
  useRouteName('Scheduling overview');
  const can = useCan();
  const screens = SCREENS.filter((item) => can(item.permission));
  return (
    <div className={styles.screen}>
      <PageHeader title="Scheduling and visits" />
      {can('scheduler.view') ? <Numbers mayListVisits={can('visits.view')} /> : <p className={styles.muted}>The day’s and week’s figures are for rota planners (scheduler.view).</p>}
      <section className={styles.section} aria-label="Scheduler screens">
        <h2>Screens</h2>
        <ul className={styles.links}>
          {screens.map((item) => (
            <li key={item.to}>
              <Link to={item.to}>
                {item.title}
                <span>{item.about}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {can('scheduler.view') ? (
        <section className={styles.section} aria-label="Travel settings">
          <h2>Travel settings</h2>
          <Travel mayEdit={can('scheduler.edit')} />
        </section>
      ) : null}
    </div>
  );
}
