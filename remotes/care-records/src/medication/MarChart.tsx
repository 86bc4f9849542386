import { useId, useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, Route, Routes, useSearchParams } from 'react-router-dom';
import { api, Button, EmptyState, ErrorPanel, Loading, NotFound, useCan, useRuntime } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery } from '@hcm/kit/data';
import { Modal } from '@hcm/kit/elements';
import { SelectField, TextAreaField, TextField, valibotResolver } from '@hcm/kit/forms';
import { PdfViewer } from '@hcm/kit/pdf';
import {
  addDays,
  AdministrationSchema,
  currentMonth,
  MAR_MONTH,
  periodOf,
  scheduleStatus,
  slotLabel,
  slotName,
  ukWallClock,
  type Administration,
  type MarChart as Chart,
  type MarEntry,
  type MarPrnRow,
  type MarRow,
  type OutcomeCode,
} from '../../contract';
import { administrationsPath, CodeBadge, marPath, medicationKeys, newIdempotencyKey, nowForInput, routeLabel, saveOutcome, Section, styles, supportLabel } from './common';
import { clock } from '@hcm/contract/time';
import { formatDate, formatDateTime, formatDayMonth, formatMonth, formatTime, formatWeekday } from '@hcm/contract/format';

// The client record's MAR chart (segment `marchart`): a month's grid of medicine × time × day, each cell the
// outcome code on its colour (the code is text, so the chart reads without colour) or a gap once the dose's window
// has passed; PRN medicines with their doses per day. A due or missed cell is a button that records the dose; a
// recorded one opens the record (and its correction). Printable as the server's PDF.

/** What the record dialog is for: a scheduled slot or a PRN dose on a day, and the record it corrects, if any. */
type Target = { kind: 'scheduled'; row: MarRow; day: string; correcting?: MarEntry } | { kind: 'prn'; row: MarPrnRow; day: string; correcting?: MarEntry };

type DoseForm = {
  schedule_id: number;
  due_date: string;
  due_slot: string;
  outcome: string;
  given_at: string;
  dose_given: string;
  note: string;
  prn_reason: string;
  over_limit_reason: string;
  corrects_id: string;
  correction_reason: string;
  idempotency_key: string;
};

/** A slot in a sentence: '08:00', or 'morning'. */
const slotWords = (slot: string) => (periodOf(slot) ? slotName(slot).toLowerCase() : slot);

/** The time the dialog offers: now for today's open doses, else when the dose was planned. */
function suggestedTime(target: Target, today: string): string {
  if (target.correcting) {
    const wall = ukWallClock(new Date(target.correcting.given_at));
    return `${wall.day}T${wall.time}`;
  }
  if (target.day === today) return nowForInput();
  const planned = target.kind === 'scheduled' ? (periodOf(target.row.slot)?.from ?? target.row.slot) : ukWallClock(clock.now()).time;
  return `${target.day}T${planned}`;
}

function RecordDialog({ clientId, target, codes, today, onClose }: { clientId: number; target: Target; codes: readonly OutcomeCode[]; today: string; onClose: () => void }) {
  const [conflict, setConflict] = useState('');
  const correcting = target.correcting;
  const defaults = useMemo<DoseForm>(
    () => ({
      schedule_id: target.row.schedule_id,
      due_date: target.kind === 'scheduled' ? target.day : '',
      due_slot: target.kind === 'scheduled' ? target.row.slot : '',
      outcome: '',
      given_at: suggestedTime(target, today),
      dose_given: target.row.dose,
      note: '',
      prn_reason: '',
      over_limit_reason: '',
      corrects_id: correcting ? String(correcting.id) : '',
      correction_reason: '',
      // One key per dialog: a double click or a retry of the same record never makes two.
      idempotency_key: newIdempotencyKey(),
    }),
    [target, today, correcting],
  );
  const form = useForm<DoseForm>({ resolver: valibotResolver(AdministrationSchema), defaultValues: defaults });
  const save = useApiMutation<Administration, DoseForm>({
    request: (values) => api.post<Administration>(administrationsPath(clientId), values),
    invalidates: [...medicationKeys(clientId), ...(correcting ? [apiKey(administrationsPath(clientId, correcting.id))] : [])],
  });
  const handleSave = form.handleSubmit(async () => {
    setConflict('');
    const answer = await save.submit(form.getValues());
    const outcome = saveOutcome(answer, form, 'The dose could not be recorded.');
    if (outcome === 'conflict') setConflict(answer.message);
    if (outcome === 'saved') onClose();
  });
  const what = target.kind === 'scheduled' ? `${slotWords(target.row.slot)} dose of ${target.row.medicine} on ${formatDayMonth(target.day)}` : `when-needed dose of ${target.row.medicine} on ${formatDayMonth(target.day)}`;
  const title = correcting ? `Correct the ${what}` : `Record the ${what}`;
  const active = codes.filter((code) => code.active);
  return (
    <Modal open title={title} onClose={onClose}>
      <FormProvider {...form}>
        <form className={styles.form} onSubmit={(event) => void handleSave(event)} noValidate aria-label={title}>
          <p className={styles.muted}>
            {target.row.medicine} {target.row.strength}: {target.row.dose}, {routeLabel(target.row.route).toLowerCase()}; {supportLabel(target.row.support_level).toLowerCase()}.
            {target.kind === 'scheduled' ? ` Due ${slotLabel(target.row.slot)}${target.row.time_critical ? `, time-critical (±${target.row.window_minutes ?? 30} min)` : ''}.` : ` ${target.row.prn_reason}${target.row.max_doses ? `; at most ${target.row.max_doses} in 24 hours` : ''}${target.row.min_gap_hours ? `, ${target.row.min_gap_hours} hours apart` : ''}.`}
          </p>
          {target.row.instructions ? <p className={styles.hint}>{target.row.instructions}</p> : null}
          {correcting ? (
            <p className={styles.warning}>
              Correcting: {correcting.code} by {correcting.by} at {formatDateTime(correcting.given_at)}{correcting.note ? ` (${correcting.note})` : ''}. The earlier record is kept, marked as corrected.
            </p>
          ) : null}
          <SelectField name="outcome" label="Outcome" options={[{ value: '', label: 'Choose an outcome' }, ...active.map((code) => ({ value: code.code, label: `${code.code}: ${code.label}` }))]} />
          <div className={styles.grid}>
            <TextField name="given_at" label="Date and time given" type="datetime-local" hint="When it was given or offered (UK time)." />
            <TextField name="dose_given" label="Dose given" />
          </div>
          {target.kind === 'prn' ? (
            <>
              <TextField name="prn_reason" label="Reason for giving it" hint={`The chart says: ${target.row.prn_reason}`} />
              <TextField name="over_limit_reason" label="Reason for giving it over the limit" hint="Only when it is over the maximum in 24 hours or inside the minimum gap, e.g. advised by the GP or NHS 111." />
            </>
          ) : null}
          <TextAreaField name="note" label="Note" rows={3} hint="Needed when it was not given: say why and what was done." />
          {correcting ? <TextAreaField name="correction_reason" label="Reason for the correction" rows={2} /> : null}
          {conflict ? <p className={styles.error} role="alert">{conflict}</p> : null}
          <div className={styles.actions}>
            <Button type="submit" disabled={form.formState.isSubmitting || save.isPending}>{correcting ? 'Save correction' : 'Record dose'}</Button>
            <Button variant="secondary" onClick={onClose}>Cancel</Button>
          </div>
        </form>
      </FormProvider>
    </Modal>
  );
}

/** A recorded cell opened: what was recorded, with the correction and the full record a click away. */
function EntryDialog({ clientId, target, codes, mayRecord, onCorrect, onClose }: { clientId: number; target: Target & { correcting: MarEntry }; codes: readonly OutcomeCode[]; mayRecord: boolean; onCorrect: () => void; onClose: () => void }) {
  const entry = target.correcting;
  const code = codes.find((item) => item.code === entry.code);
  const what = target.kind === 'scheduled' ? `${slotLabel(target.row.slot)} dose of ${target.row.medicine}, ${formatDate(target.day)}` : `${target.row.medicine} when needed, ${formatDateTime(entry.given_at)}`;
  return (
    <Modal open title={what} onClose={onClose}>
      <dl className={styles.facts}>
        <dt>Outcome</dt>
        <dd>
          <CodeBadge code={entry.code} codes={codes} late={entry.outside_window} /> {code?.label ?? entry.code}
          {entry.outside_window ? ' (given outside its window)' : ''}
        </dd>
        <dt>Given</dt>
        <dd>{formatDateTime(entry.given_at)}</dd>
        <dt>Dose</dt>
        <dd>{entry.dose_given}</dd>
        <dt>By</dt>
        <dd>{entry.by} ({entry.created_via === 'device' ? 'carer app' : 'office'})</dd>
        {entry.prn_reason ? (<><dt>Reason given</dt><dd>{entry.prn_reason}</dd></>) : null}
        {entry.over_limit ? (<><dt>Over the limit</dt><dd>Given over the PRN limit, with a recorded reason.</dd></>) : null}
        {entry.note ? (<><dt>Note</dt><dd>{entry.note}</dd></>) : null}
        {entry.corrected ? (<><dt>Correction</dt><dd>This record corrects an earlier one.</dd></>) : null}
      </dl>
      <div className={styles.actions}>
        <Link to={`/app/clients/${clientId}/medication/${entry.id}`}>Open the full record</Link>
        {mayRecord ? <Button variant="secondary" onClick={onCorrect}>Correct this record</Button> : null}
        <Button variant="secondary" onClick={onClose}>Close</Button>
      </div>
    </Modal>
  );
}

function Legend({ codes }: { codes: readonly OutcomeCode[] }) {
  return (
    <ul className={styles.legend} aria-label="Key to the chart">
      {codes.map((code) => (
        <li key={code.code}>
          <CodeBadge code={code.code} codes={codes} /> <span>{code.label}{code.active ? '' : ' (no longer used)'}</span>
        </li>
      ))}
      <li>
        <CodeBadge code="A" codes={codes} late /> <span>G before a code: given outside its window</span>
      </li>
      <li>
        <span className={[styles.code, styles.gap].join(' ')}>!</span> <span>Gap: nothing recorded once the window had passed</span>
      </li>
      <li>
        <span className={[styles.code, styles.due].join(' ')}>Due</span> <span>Due now</span>
      </li>
      <li>
        <span className={[styles.code, styles.off].join(' ')}>—</span> <span>Not due that day</span>
      </li>
    </ul>
  );
}

function Grid({ chart, mayRecord, onRecord, onOpen }: { chart: Chart; mayRecord: boolean; onRecord: (target: Target) => void; onOpen: (target: Target & { correcting: MarEntry }) => void }) {
  const codes = chart.codes;
  const label = (code: string) => codes.find((item) => item.code === code)?.label ?? code;
  const scheduledCell = (row: MarRow, index: number) => {
    const day = chart.days[index]!;
    const cell = row.cells[index]!;
    const what = `${slotWords(row.slot)} dose of ${row.medicine} on ${formatDayMonth(day)}`;
    if (cell.state === 'recorded') {
      const { entry } = cell;
      return (
        <button
          type="button"
          className={styles.cell}
          aria-label={`${what}: ${entry.outside_window ? 'G' : ''}${entry.code} ${label(entry.code)} by ${entry.by} at ${formatTime(entry.given_at)}${entry.outside_window ? ', outside its window' : ''}. Open the record`}
          onClick={() => onOpen({ kind: 'scheduled', row, day, correcting: entry })}
        >
          <CodeBadge code={entry.code} codes={codes} late={entry.outside_window} />
        </button>
      );
    }
    if (cell.state === 'off' || day > chart.today || !mayRecord) {
      const text = cell.state === 'gap' ? '!' : cell.state === 'due' ? 'Due' : cell.state === 'off' ? '—' : '';
      const words = { off: 'not due', gap: 'gap: nothing recorded', due: 'due now', upcoming: 'not yet due' }[cell.state];
      return (
        <span className={styles[cell.state]} title={words}>
          <span aria-hidden="true">{text}</span>
          <span className={styles.visuallyHidden}>{words}</span>
        </span>
      );
    }
    const missed = cell.state === 'gap';
    // The name holds what the cell shows ("Due"), so it can be said or searched by its visible word: outside
    // brackets, which name checks (axe, WCAG 2.5.3) read as an aside.
    return (
      <button
        type="button"
        className={[styles.cell, styles[cell.state]].join(' ')}
        aria-label={`Record ${what}${missed ? ' (missed: nothing recorded)' : cell.state === 'due' ? ', due now' : ''}`}
        onClick={() => onRecord({ kind: 'scheduled', row, day })}
      >
        <span aria-hidden="true">{missed ? '!' : cell.state === 'due' ? 'Due' : '+'}</span>
      </button>
    );
  };
  const prnCell = (row: MarPrnRow, index: number) => {
    const day = chart.days[index]!;
    const entries = row.days[index]!;
    const onChart = scheduleStatus(row, day) === 'active';
    return (
      <div className={styles.prnDay}>
        {entries.map((entry) => (
          <button
            key={entry.id}
            type="button"
            className={styles.cell}
            aria-label={`${row.medicine} on ${formatDayMonth(day)} at ${formatTime(entry.given_at)}: ${entry.code} ${label(entry.code)} by ${entry.by}${entry.over_limit ? ', over the limit' : ''}. Open the record`}
            onClick={() => onOpen({ kind: 'prn', row, day, correcting: entry })}
          >
            <CodeBadge code={entry.code} codes={codes} />
            <span aria-hidden="true">{formatTime(entry.given_at)}</span>
          </button>
        ))}
        {/* Only within the medicine's dates (from its start, before its stop): the server refuses others too. */}
        {onChart && mayRecord && day <= chart.today ? (
          <button type="button" className={styles.plus} aria-label={`Record a when-needed dose of ${row.medicine} on ${formatDayMonth(day)}`} onClick={() => onRecord({ kind: 'prn', row, day })}>
            +
          </button>
        ) : null}
        {!onChart && !entries.length ? (
          <span className={styles.off} title="not on the chart">
            <span aria-hidden="true">—</span>
            <span className={styles.visuallyHidden}>not on the chart</span>
          </span>
        ) : null}
      </div>
    );
  };
  // The grid scrolls in its own box (both ways, the medicine column and the days row kept in view), never the page.
  return (
    <div className={styles.gridWrap} role="region" aria-label={`MAR chart grid, ${formatMonth(chart.month)}: scroll to see every day`} tabIndex={0}>
      <table className={styles.mar}>
        <caption>
          MAR chart: {chart.client.name}, {formatMonth(chart.month)}
        </caption>
        <thead>
          <tr>
            <th scope="col">Medicine and time</th>
            {chart.days.map((day) => (
              <th key={day} scope="col" className={day === chart.today ? styles.today : undefined}>
                <abbr title={formatDate(day)}>{Number(day.slice(8))}</abbr>
                <br />
                <span aria-hidden="true">{formatWeekday(day, 'short')}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.rows.map((row) => (
            <tr key={`${row.schedule_id}-${row.slot}`}>
              <th scope="row">
                <strong>{row.medicine} {row.strength}</strong>
                {row.dose}, {slotLabel(row.slot)}
                {row.time_critical ? <span className={[styles.flag, styles.critical].join(' ')}>Time-critical</span> : null}
              </th>
              {chart.days.map((day, index) => (
                <td key={day}>{scheduledCell(row, index)}</td>
              ))}
            </tr>
          ))}
          {chart.prn.map((row) => (
            <tr key={`prn-${row.schedule_id}`}>
              <th scope="row">
                <strong>{row.medicine} {row.strength}</strong>
                {row.dose}, when needed{row.max_doses ? ` (max ${row.max_doses} in 24 h)` : ''}
              </th>
              {chart.days.map((day, index) => (
                <td key={day}>{prnCell(row, index)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ChartScreen({ clientId }: { clientId: number }) {
  const can = useCan();
  const mayRecord = can('medication.administer');
  const [params, setParams] = useSearchParams();
  const asked = params.get('month') ?? '';
  const month = MAR_MONTH.test(asked) ? asked : currentMonth();
  const [recording, setRecording] = useState<Target | null>(null);
  const [opened, setOpened] = useState<(Target & { correcting: MarEntry }) | null>(null);
  const [printing, setPrinting] = useState(false);
  const monthId = useId();
  const apiUrl = useRuntime((state) => state.registry.apiUrl).replace(/\/+$/, '');
  const chart = useApiQuery<Chart>(marPath(clientId), { month }, { keepPrevious: true, failure: 'The MAR chart could not be loaded.' });
  const goTo = (next: string) => setParams((now) => {
    const copy = new URLSearchParams(now);
    copy.set('month', next);
    return copy;
  });
  const shift = (months: number) => goTo(addDays(`${month}-15`, months * 30).slice(0, 7));

  if (chart.error) return <ErrorPanel title="The MAR chart could not be loaded" onRetry={() => void chart.refetch()}>{chart.error.message}</ErrorPanel>;
  const data = chart.data;
  const title = data ? `MAR chart: ${data.client.name}, ${formatMonth(data.month)}` : 'MAR chart';
  return (
    <>
      <Section title="MAR chart" actions={<Button variant="secondary" onClick={() => setPrinting(true)} disabled={!data}>Print MAR chart</Button>}>
        <div className={styles.toolbar}>
          <Button variant="secondary" onClick={() => shift(-1)}>Previous month</Button>
          <label htmlFor={monthId}>
            Month
            <input id={monthId} type="month" value={month} max={currentMonth()} onChange={(event) => (MAR_MONTH.test(event.target.value) ? goTo(event.target.value) : undefined)} />
          </label>
          <Button variant="secondary" onClick={() => shift(1)} disabled={month >= currentMonth()}>Next month</Button>
        </div>
        {!data ? (
          <Loading label="Loading the MAR chart…" />
        ) : (
          <>
            <p className={styles.muted}>
              <strong>Allergies:</strong> {data.client.allergies || 'Not recorded'}. Born {formatDate(data.client.date_of_birth)}; NHS number {data.client.nhs_number}; GP {data.client.gp_practice || 'not recorded'}.
            </p>
            <ul className={styles.totals} aria-label="This month">
              <li><strong>{data.totals.given}</strong> given</li>
              <li><strong>{data.totals.not_given}</strong> not given</li>
              <li><strong>{data.totals.gaps}</strong> gaps</li>
              <li><strong>{data.totals.prn_doses}</strong> when-needed doses</li>
              <li><strong>{data.totals.outside_window}</strong> outside their window</li>
            </ul>
            <Legend codes={data.codes} />
            {data.rows.length || data.prn.length ? (
              <Grid chart={data} mayRecord={mayRecord} onRecord={setRecording} onOpen={setOpened} />
            ) : (
              <EmptyState>No medicines are on the chart this month. Add them on the Medication tab.</EmptyState>
            )}
          </>
        )}
      </Section>
      {data && data.gaps.length ? (
        <Section title="Gaps this month">
          <ul className={styles.list}>
            {data.gaps.map((gap) => (
              <li key={`${gap.schedule_id}-${gap.day}-${gap.slot}`}>
                {formatDate(gap.day)}, {slotLabel(gap.slot)}: {gap.medicine}{gap.time_critical ? ' (time-critical)' : ''}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      {data && recording ? <RecordDialog clientId={clientId} target={recording} codes={data.codes} today={data.today} onClose={() => setRecording(null)} /> : null}
      {data && opened ? (
        <EntryDialog
          clientId={clientId}
          target={opened}
          codes={data.codes}
          mayRecord={mayRecord}
          onClose={() => setOpened(null)}
          onCorrect={() => {
            setRecording(opened);
            setOpened(null);
          }}
        />
      ) : null}
      {printing && data ? (
        <Modal open title={title} size="large" onClose={() => setPrinting(false)}>
          <PdfViewer file={`${apiUrl}/${marPath(clientId)}.pdf?month=${data.month}`} title={title} downloadName={`mar-chart-${clientId}-${data.month}.pdf`} />
        </Modal>
      ) : null}
    </>
  );
}

/** The client record's MAR chart tab (segment `marchart`). */
export default function MarChart({ clientId }: { clientId: number }) {
  const can = useCan();
  if (!can('clients.clinical.view')) {
    return <EmptyState>The MAR chart is clinical content: reading it needs the "Read the clinical content of care records" permission.</EmptyState>;
  }
  return (
    <div className={styles.screen}>
      <Routes>
        <Route index element={<ChartScreen clientId={clientId} />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </div>
  );
}
