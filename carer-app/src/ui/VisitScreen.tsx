import { useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import { ukToday } from '@hcm/contract/time';
import { formatTime } from '@hcm/contract/format';
import { TASK_NOT_DONE_REASONS, VisitCheckSchema, type DeviceVisit } from '@hcm/area-scheduler/contract/live-device.js';
import { CareNoteSchema, DEFAULT_CARE_NOTE_CATEGORIES, MOODS } from '@hcm/area-care-records/contract/daily.js';
import { DeviceOutcomeSchema, type CareSheet, type CareSheetDose } from '@hcm/area-care-records/contract/live-medication.js';
import { CACHE, getValue } from '../queue/db.js';
import { useServices } from './App.js';
import { mapsLink } from './DayScreen.js';
import { Field, inputProps, type Errors } from './record/forms.js';
import { forgetKeptKeySafeCodes, KeySafe } from './record/KeySafe.js';
import { outcomeCodesOf } from './record/prn.js';
import { PrnDoses } from './record/PrnDoses.js';
import { RecordSection } from './record/RecordSection.js';
import { useCachedRead } from './useCachedRead.js';

/** Finds the visit in today's list (fetched again) or tomorrow's kept one, then shows it. */
export function VisitScreen({ visitId }: { visitId: number }) {
  const { db, session } = useServices();
  const today = useCachedRead<DeviceVisit[]>(`visits:${session.email}:today`, '/api/v1/carer-app/visits?day=today');
  const [tomorrow, setTomorrow] = useState<DeviceVisit[] | null>(null);
  useEffect(() => {
    getValue<{ data: DeviceVisit[] }>(db, CACHE, `visits:${session.email}:tomorrow`).then((kept) => setTomorrow(kept?.data ?? []), () => setTomorrow([]));
  }, [db, session.email]);
  useEffect(() => {
    void forgetKeptKeySafeCodes(db).catch(() => undefined);
  }, [db]);
  const visit = [...(today.data ?? []), ...(tomorrow ?? [])].find((row) => row.id === visitId);
  if (!visit) return today.loading || tomorrow === null ? <p role="status">Loading the visit…</p> : <p>This visit is not on your list. <a href="#/">Back to today</a></p>;
  return <VisitDetail visit={visit} note={today.note} />;
}

function VisitDetail({ visit, note }: { visit: DeviceVisit; note: string }) {
  const { session, writes } = useServices();
  const care = useCachedRead<CareSheet>(`care:${session.email}:${visit.client_id}`, visit.care_url);
  const pending = writes.filter((write) => write.visitId === visit.id);
  const checkedIn = !!visit.check_in || pending.some((write) => write.path.endsWith('/check-in'));
  const checkedOut = !!visit.check_out || pending.some((write) => write.path.endsWith('/check-out'));
  const sheet = care.data;
  // A record of this client's sent (gone from the queue): the care sheet is read again (doses recorded, PRN counts).
  const waitingForClient = writes.filter((write) => write.state === 'waiting' && write.path.includes(`/clients/${visit.client_id}/`)).length;
  const waitedBefore = useRef(waitingForClient);
  const reloadCare = care.reload;
  useEffect(() => {
    if (waitingForClient < waitedBefore.current) void reloadCare();
    waitedBefore.current = waitingForClient;
  }, [waitingForClient, reloadCare]);
  return (
    <>
      <p>
        <a href={visit.date === ukToday() ? '#/' : '#/tomorrow'}>← Back to the day</a>
      </p>
      <h2>
        {visit.start_time}–{visit.end_time} {visit.client_name}
      </h2>
      {(note || care.note) && <p className="notice">{care.note || note}</p>}
      {pending.length > 0 && (
        <div className="notice" aria-label="Waiting to send">
          <strong>On this phone, waiting to send:</strong>
          <ul>
            {pending.map((write) => (
              <li key={write.id}>
                {write.label} ({formatTime(write.deviceTime)}){write.state === 'parked' ? ` — not accepted: ${write.error}` : ''}
              </li>
            ))}
          </ul>
        </div>
      )}

      <section aria-labelledby="facts">
        <h3 id="facts">Key facts</h3>
        <dl className="facts">
          <dt>Address</dt>
          <dd>
            {sheet?.client.address ? `${sheet.client.address}, ` : ''}
            {visit.client_postcode && (
              <a href={mapsLink(visit.client_postcode)} target="_blank" rel="noreferrer">
                {visit.client_postcode}
              </a>
            )}
          </dd>
          <dt>Allergies</dt>
          <dd className={(sheet?.client.allergies ?? visit.allergies) ? 'flag' : undefined}>{(sheet?.client.allergies ?? visit.allergies) || 'None recorded'}</dd>
          <dt>DNACPR</dt>
          <dd>{sheet?.key_facts.resuscitation ?? visit.key_facts?.resuscitation ?? 'Not recorded'}</dd>
          <dt>Access</dt>
          <dd>{sheet?.key_facts.access || visit.key_facts?.access || 'No notes'}</dd>
        </dl>
        {sheet?.key_facts.key_safe && <KeySafe clientId={visit.client_id} location={sheet.key_facts.key_safe.location} />}
      </section>

      <CheckPanel visit={visit} kind="in" done={checkedIn} />

      {sheet && (sheet.calls.length > 0 || sheet.what_matters) && (
        <section aria-labelledby="plan">
          <h3 id="plan">Support plan</h3>
          {sheet.what_matters && <p>{sheet.what_matters}</p>}
          <ul>
            {sheet.calls.map((call, index) => (
              <li key={index}>
                <strong>
                  {call.call} {call.time}
                </strong>
                : {call.tasks}
              </li>
            ))}
          </ul>
        </section>
      )}

      <Tasks visit={visit} />
      {sheet && <Medication visit={visit} sheet={sheet} />}
      {sheet && visit.date <= ukToday() && <PrnDoses visit={visit} sheet={sheet} />}
      <CareNote visit={visit} />
      <RecordSection visit={visit} sheet={sheet} />
      <CheckPanel visit={visit} kind="out" done={checkedOut} />
    </>
  );
}

type Position = { latitude: number; longitude: number; accuracy_metres: number };

function currentPosition(): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (!navigator.geolocation) return reject(new Error('This phone gives no position.'));
    navigator.geolocation.getCurrentPosition(
      (found) => resolve({ latitude: found.coords.latitude, longitude: found.coords.longitude, accuracy_metres: Math.min(10_000, Math.round(found.coords.accuracy)) }),
      (error) => reject(new Error(error.code === error.PERMISSION_DENIED ? 'Location permission refused.' : 'No position could be found.')),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}

/** Check in or out: the position with its accuracy, or the reason there is none. */
function CheckPanel({ visit, kind, done }: { visit: DeviceVisit; kind: 'in' | 'out'; done: boolean }) {
  const { record } = useServices();
  const [asking, setAsking] = useState(false);
  const [noPosition, setNoPosition] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const word = kind === 'in' ? 'Check in' : 'Check out';
  const send = async (body: Record<string, unknown>) => {
    const parsed = v.safeParse(VisitCheckSchema, body);
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.issues));
    setErrors({});
    await record({ path: `/api/v1/carer-app/visits/${visit.id}/check-${kind}`, body, label: `${word} at ${visit.client_name}`, visitId: visit.id });
  };
  const start = async () => {
    setAsking(true);
    try {
      const position = await currentPosition();
      await send({ ...position, no_position_reason: '' });
    } catch (error) {
      setNoPosition(error instanceof Error ? error.message : 'No position.');
      setReason((current) => current || (error instanceof Error ? error.message : ''));
    } finally {
      setAsking(false);
    }
  };
  if (done) return <p className="notice">{kind === 'in' ? 'Checked in.' : 'Checked out.'}</p>;
  if (kind === 'out' && visit.status === 'cancelled') return null;
  return (
    <section aria-label={word}>
      <p>
        <button type="button" className="full" disabled={asking} onClick={() => void start()}>
          {asking ? 'Finding your position…' : word}
        </button>
      </p>
      {noPosition && (
        <fieldset>
          <legend>{word} without a position</legend>
          <p>{noPosition}</p>
          <Field id={`reason-${kind}`} label="Why is there no position?" errors={errors.no_position_reason}>
            <input {...inputProps(`reason-${kind}`, errors.no_position_reason)} value={reason} onChange={(event) => setReason(event.target.value)} />
          </Field>
          <button type="button" onClick={() => void send({ latitude: null, longitude: null, accuracy_metres: null, no_position_reason: reason })}>
            {word} without a position
          </button>
        </fieldset>
      )}
    </section>
  );
}

/** The visit's tasks: done, or not done with a reason. */
function Tasks({ visit }: { visit: DeviceVisit }) {
  const { record, writes } = useServices();
  const [notDone, setNotDone] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  if (!visit.tasks.length) return null;
  const recorded = (key: string) => writes.find((write) => write.visitId === visit.id && write.path.endsWith('/tasks') && (write.body.tasks as { task_key: string }[])[0]?.task_key === key);
  const save = async (key: string, label: string, done: boolean) => {
    if (!done && !reason) return setError('Say why the task was not done.');
    setError('');
    await record({ path: `/api/v1/carer-app/visits/${visit.id}/tasks`, body: { tasks: [{ task_key: key, done, reason: done ? '' : reason, note: '' }] }, label: `${label}: ${done ? 'done' : 'not done'}`, visitId: visit.id });
    setNotDone(null);
    setReason('');
  };
  return (
    <section aria-labelledby="tasks">
      <h3 id="tasks">Tasks</h3>
      <ul className="cards">
        {visit.tasks.map((task) => {
          const queued = recorded(task.key);
          return (
            <li key={task.key} className="card">
              <strong>{task.label}</strong>
              {queued ? (
                <p>{queued.label} (waiting to send)</p>
              ) : notDone === task.key ? (
                <>
                  <label htmlFor={`reason-${task.key}`}>Why was “{task.label}” not done?</label>
                  <select id={`reason-${task.key}`} value={reason} onChange={(event) => setReason(event.target.value)}>
                    <option value="">Choose a reason</option>
                    {TASK_NOT_DONE_REASONS.map((choice) => (
                      <option key={choice.value} value={choice.value}>
                        {choice.label}
                      </option>
                    ))}
                  </select>
                  {error && <p className="error">{error}</p>}
                  <div className="row">
                    <button type="button" onClick={() => void save(task.key, task.label, false)}>
                      Save: not done
                    </button>
                    <button type="button" className="secondary" onClick={() => setNotDone(null)}>
                      Cancel
                    </button>
                  </div>
                </>
              ) : (
                <div className="row">
                  <button type="button" aria-label={`${task.label}: done`} onClick={() => void save(task.key, task.label, true)}>
                    Done
                  </button>
                  <button type="button" className="secondary" aria-label={`${task.label}: not done`} onClick={() => setNotDone(task.key)}>
                    Not done
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Today's doses not yet recorded (support level, time-critical and anticoagulant flags), each recorded with a code. */
function Medication({ visit, sheet }: { visit: DeviceVisit; sheet: CareSheet }) {
  const { writes } = useServices();
  const today = ukToday();
  const doses = sheet.doses.filter((dose) => dose.day === visit.date && dose.day <= today);
  const queuedFor = (dose: CareSheetDose) =>
    writes.find((write) => write.path.endsWith(`/clients/${visit.client_id}/medication-outcomes`) && write.body.schedule_id === dose.schedule_id && write.body.due_slot === dose.slot && write.body.due_date === dose.day);
  if (!doses.length) return null;
  return (
    <section aria-labelledby="mar">
      <h3 id="mar">Medication (MAR)</h3>
      <ul className="cards">
        {doses.map((dose) => {
          const queued = queuedFor(dose);
          return (
            <li key={`${dose.schedule_id}-${dose.slot}`} className="card">
              <div>
                <strong>
                  {dose.slot} {dose.medicine}
                </strong>
              </div>
              <div>
                {dose.dose} · {dose.route} · {dose.directions}
              </div>
              <div>Support: {dose.support}</div>
              {dose.time_critical && <div className="flag">Time-critical</div>}
              {dose.anticoagulant && <div className="flag">Anticoagulant: ask for the latest INR</div>}
              {dose.recorded ? (
                <p>
                  Recorded: {dose.recorded.outcome} {dose.recorded.outcome_label} at {formatTime(dose.recorded.given_at)}
                </p>
              ) : queued ? (
                <p>{queued.label} (waiting to send)</p>
              ) : (
                <DoseForm visit={visit} sheet={sheet} dose={dose} />
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function DoseForm({ visit, sheet, dose }: { visit: DeviceVisit; sheet: CareSheet; dose: CareSheetDose }) {
  const { record } = useServices();
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState('A');
  const [doseGiven, setDoseGiven] = useState(dose.dose);
  const [note, setNote] = useState('');
  const [inr, setInr] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const id = `dose-${dose.schedule_id}-${dose.slot}`;
  const codes = outcomeCodesOf(sheet);
  const code = codes.find((row) => row.code === outcome);
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)}>
        Record {dose.slot} {dose.medicine}
      </button>
    );
  const save = async () => {
    const body: Record<string, unknown> = { schedule_id: dose.schedule_id, due_date: dose.day, due_slot: dose.slot, outcome, dose_given: doseGiven, note, inr: dose.anticoagulant ? inr : '' };
    const parsed = v.safeParse(DeviceOutcomeSchema, body);
    const found: Errors = parsed.success ? {} : fieldErrorsOf(parsed.issues);
    if (code?.note_required && !note.trim()) found.note = [`${code.label}: say what happened in the note.`];
    if (Object.keys(found).length) return setErrors(found);
    await record({ path: `/api/v1/carer-app/clients/${visit.client_id}/medication-outcomes`, body, label: `${dose.medicine} ${dose.slot}: ${outcome} ${code?.label ?? ''}`.trim(), visitId: visit.id });
  };
  return (
    <fieldset>
      <legend>
        {dose.slot} {dose.medicine}
      </legend>
      <Field id={`${id}-outcome`} label="Outcome" errors={errors.outcome}>
        <select {...inputProps(`${id}-outcome`, errors.outcome)} value={outcome} onChange={(event) => setOutcome(event.target.value)}>
          {codes.map((row) => (
            <option key={row.code} value={row.code}>
              {row.code} — {row.label}
            </option>
          ))}
        </select>
      </Field>
      {code && <p className="hint">{code.description}</p>}
      <Field id={`${id}-given`} label="Dose given" errors={errors.dose_given}>
        <input {...inputProps(`${id}-given`, errors.dose_given)} value={doseGiven} onChange={(event) => setDoseGiven(event.target.value)} />
      </Field>
      {dose.anticoagulant && (
        <Field id={`${id}-inr`} label="Latest INR (from the yellow book)" errors={errors.inr}>
          <input {...inputProps(`${id}-inr`, errors.inr)} inputMode="decimal" value={inr} onChange={(event) => setInr(event.target.value)} />
        </Field>
      )}
      <Field id={`${id}-note`} label={code?.note_required ? 'Note (needed for this outcome)' : 'Note'} errors={errors.note}>
        <textarea {...inputProps(`${id}-note`, errors.note)} value={note} onChange={(event) => setNote(event.target.value)} />
      </Field>
      <div className="row">
        <button type="button" onClick={() => void save()}>
          Save dose
        </button>
        <button type="button" className="secondary" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}

/** A care note of the visit (its date, planned time and reference), written offline keeping its time. */
function CareNote({ visit }: { visit: DeviceVisit }) {
  const { record } = useServices();
  const [category, setCategory] = useState('personal-care');
  const [text, setText] = useState('');
  const [mood, setMood] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState(false);
  const save = async () => {
    const body: Record<string, unknown> = { category, visit_date: visit.date, planned_time: visit.start_time, external_visit_id: String(visit.id), note: text, mood };
    const parsed = v.safeParse(CareNoteSchema, body);
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.issues));
    setErrors({});
    await record({ path: `/api/v1/carer-app/clients/${visit.client_id}/notes`, body, label: 'Care note', visitId: visit.id, timeField: 'written_at' });
    setText('');
    setMood('');
    setSaved(true);
  };
  return (
    <section aria-labelledby="note">
      <h3 id="note">Care note</h3>
      {visit.date > ukToday() ? (
        <p className="hint">Notes are written on the day of the visit.</p>
      ) : (
        <>
          <Field id="note-category" label="Category" errors={errors.category}>
            <select {...inputProps('note-category', errors.category)} value={category} onChange={(event) => setCategory(event.target.value)}>
              {DEFAULT_CARE_NOTE_CATEGORIES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </Field>
          <Field id="note-text" label="Note" errors={errors.note}>
            <textarea {...inputProps('note-text', errors.note)} value={text} onChange={(event) => setText(event.target.value)} />
          </Field>
          <Field id="note-mood" label="Mood (optional)" errors={errors.mood}>
            <select {...inputProps('note-mood', errors.mood)} value={mood} onChange={(event) => setMood(event.target.value)}>
              <option value="">Not recorded</option>
              {MOODS.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </Field>
          <p>
            <button type="button" className="full" onClick={() => void save()}>
              Save care note
            </button>
          </p>
          {saved && <p role="status">Care note kept on this phone; it is sent as soon as there is a connection.</p>}
        </>
      )}
    </section>
  );
}
