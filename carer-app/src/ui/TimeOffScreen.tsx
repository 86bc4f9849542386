import { useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import { ukToday } from '@hcm/contract/time';
import { formatDate, formatTime } from '@hcm/contract/format';
import { HolidayRequestSchema, TemporaryChangeSchema, type AvailabilityDay, type HolidayBalance } from '@hcm/area-workforce/contract/time-off.js';
import {
  AVAILABILITY_REQUEST_STATUSES,
  CARER_APP_AVAILABILITY_PATH,
  CARER_APP_HOLIDAYS_PATH,
  CARER_APP_TIME_OFF_PATH,
  carerAppCancelPath,
  type AvailabilityRequestRow,
  type PhoneHoliday,
  type PhoneTimeOff,
} from '@hcm/area-workforce/contract/carer-app-time-off.js';
import { useServices } from './App.js';
import { useCachedRead } from './useCachedRead.js';

// Time off (#/time-off): the carer's coming days as the rota reads them, their leave and what is left of it, what
// they told the office about their availability; "Ask for leave" and "Tell the office I can't work" go through the
// offline queue like every write (kept on the phone, sent with an Idempotency-Key, a refusal parked with the
// server's words). The forms are checked by workforce's own schemas (a leave request, a temporary change), as the
// server checks them.

type Errors = Record<string, string[]>;

const HOLIDAY_STATUS: Record<string, string> = { requested: 'Waiting for the office', approved: 'Approved', refused: 'Refused', cancelled: 'Cancelled' };
const DAY_STATUS: Record<string, string> = { available: 'Available', unavailable: 'Not available', holiday: 'On holiday', 'not-set': 'No working days set' };

/** "Thu 3 Dec" */
const period = (from: string, to: string) => (from === to ? formatDate(from) : `${formatDate(from)} – ${formatDate(to)}`);
const amount = (value: number, unit: HolidayBalance['unit']) => (unit === 'days' ? `${value} day${value === 1 ? '' : 's'}` : `${value} hour${value === 1 ? '' : 's'}`);
const windowsText = (windows: { from: string; to: string }[]) => windows.map((window) => `${window.from}–${window.to}`).join(', ');
const isTimeOff = (path: string) => path === CARER_APP_HOLIDAYS_PATH || path === CARER_APP_AVAILABILITY_PATH || path.startsWith(`${CARER_APP_HOLIDAYS_PATH}/`);

function Field({ id, label, errors, children }: { id: string; label: string; errors?: string[]; children: React.ReactNode }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {children}
      {errors?.length ? (
        <p className="error" id={`${id}-error`}>
          {errors.join(' ')}
        </p>
      ) : null}
    </>
  );
}

/** The props that tie an input to its error for a screen reader. */
const described = (id: string, errors?: string[]) => (errors?.length ? { 'aria-describedby': `${id}-error`, 'aria-invalid': true } : {});

export function TimeOffScreen() {
  const { session, writes } = useServices();
  const { data, loading, note, reload } = useCachedRead<PhoneTimeOff>(`time-off:${session.email}`, CARER_APP_TIME_OFF_PATH);
  const pending = writes.filter((write) => isTimeOff(write.path));
  // Once a write has gone, what the office holds has changed: read it again.
  const waiting = pending.filter((write) => write.state === 'waiting').length;
  const before = useRef(waiting);
  useEffect(() => {
    if (waiting < before.current) void reload();
    before.current = waiting;
  }, [waiting, reload]);

  return (
    <>
      <nav className="tabs" aria-label="Day">
        <a href="#/">Today</a>
        <a href="#/tomorrow">Tomorrow</a>
        <a href="#/time-off" aria-current="page">
          Time off
        </a>
      </nav>
      <h2>Time off</h2>
      {note && <p className="notice">{note}</p>}
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
          {pending.some((write) => write.state === 'parked') && <a href="#/outbox">Correct or discard what was not accepted</a>}
        </div>
      )}
      {loading ? (
        <p role="status">Loading your time off…</p>
      ) : !data ? null : (
        <>
          <Balance balance={data.balance} />
          <AskForLeave data={data} />
          <TellTheOffice />
          <Leave holidays={data.holidays} />
          <Told requests={data.availability_requests} />
          <Days days={data.days} />
        </>
      )}
    </>
  );
}

function Balance({ balance }: { balance: HolidayBalance }) {
  return (
    <section aria-labelledby="balance" className="card">
      <h3 id="balance">Holiday left</h3>
      <p>
        <strong>
          {amount(balance.remaining, balance.unit)} of {amount(balance.entitlement, balance.unit)}
        </strong>{' '}
        this leave year ({period(balance.leave_year.start, balance.leave_year.end)}).
      </p>
      <p className="hint">
        Taken {amount(balance.taken, balance.unit)}, booked {amount(balance.booked, balance.unit)}, waiting for the office {amount(balance.requested, balance.unit)}. {balance.explanation}
      </p>
    </section>
  );
}

const HALF_DAYS = [
  { value: 'none', label: 'Whole days', start: false, end: false },
  { value: 'start', label: 'The first day is a half day', start: true, end: false },
  { value: 'end', label: 'The last day is a half day', start: false, end: true },
  { value: 'both', label: 'The first and last days are half days', start: true, end: true },
] as const;

/** A leave request, checked by the office's own schema, then queued. */
function AskForLeave({ data }: { data: PhoneTimeOff }) {
  const { record } = useServices();
  const today = ukToday();
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [reasonId, setReasonId] = useState('');
  const [half, setHalf] = useState<(typeof HALF_DAYS)[number]['value']>('none');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState('');
  const send = async () => {
    const halves = HALF_DAYS.find((choice) => choice.value === half)!;
    const body = { from_date: from, to_date: to, half_day_start: halves.start, half_day_end: halves.end, reason_id: reasonId, notes };
    const parsed = v.safeParse(HolidayRequestSchema, body);
    if (!parsed.success) {
      setSaved('');
      return setErrors(fieldErrorsOf(parsed.issues));
    }
    setErrors({});
    const { override_reason: _none, ...values } = parsed.output;
    const reason = data.reasons.find((choice) => choice.id === values.reason_id)?.name ?? 'Leave';
    await record({ path: CARER_APP_HOLIDAYS_PATH, body: values, label: `${reason}: ${period(values.from_date, values.to_date)}` });
    setNotes('');
    setSaved(`${reason} ${period(values.from_date, values.to_date)} is kept on this phone and sent to the office as soon as there is a connection.`);
  };
  return (
    <section aria-labelledby="ask-leave">
      <h3 id="ask-leave">Ask for leave</h3>
      <Field id="leave-from" label="First day" errors={errors.from_date}>
        <input id="leave-from" type="date" value={from} onChange={(event) => setFrom(event.target.value)} {...described('leave-from', errors.from_date)} />
      </Field>
      <Field id="leave-to" label="Last day" errors={errors.to_date}>
        <input id="leave-to" type="date" value={to} min={from} onChange={(event) => setTo(event.target.value)} {...described('leave-to', errors.to_date)} />
      </Field>
      <Field id="leave-reason" label="Reason" errors={errors.reason_id}>
        <select id="leave-reason" value={reasonId} onChange={(event) => setReasonId(event.target.value)} {...described('leave-reason', errors.reason_id)}>
          <option value="">Choose a reason</option>
          {data.reasons.map((reason) => (
            <option key={reason.id} value={String(reason.id)}>
              {reason.name}
              {reason.deducts_allowance ? '' : ' (not taken from your holiday)'}
            </option>
          ))}
        </select>
      </Field>
      <Field id="leave-half" label="Half days" errors={errors.half_day_end ?? errors.half_day_start}>
        <select id="leave-half" value={half} onChange={(event) => setHalf(event.target.value as typeof half)} {...described('leave-half', errors.half_day_end ?? errors.half_day_start)}>
          {HALF_DAYS.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </Field>
      <Field id="leave-notes" label="Note for the office (optional)" errors={errors.notes}>
        <textarea id="leave-notes" value={notes} onChange={(event) => setNotes(event.target.value)} {...described('leave-notes', errors.notes)} />
      </Field>
      <p>
        <button type="button" className="full" onClick={() => void send()}>
          Ask for leave
        </button>
      </p>
      {saved && <p role="status">{saved}</p>}
    </section>
  );
}

/** "Not available from–to because…" or "available at these times": a request the office accepts or declines. */
function TellTheOffice() {
  const { record } = useServices();
  const today = ukToday();
  const [kind, setKind] = useState<'unavailable' | 'available'>('unavailable');
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [start, setStart] = useState('08:00');
  const [end, setEnd] = useState('14:00');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [saved, setSaved] = useState('');
  const available = kind === 'available';
  const send = async () => {
    const body = { from_date: from, to_date: to, available, windows: available ? [{ from: start, to: end }] : [], reason };
    const parsed = v.safeParse(TemporaryChangeSchema, body);
    const found: Errors = parsed.success ? {} : fieldErrorsOf(parsed.issues);
    // The server refuses days already past (the office cannot plan them): said here first.
    if (!found.from_date && from < today) found.from_date = ['Tell the office about today or a later day.'];
    if (!parsed.success || Object.keys(found).length) {
      setSaved('');
      return setErrors(found);
    }
    setErrors({});
    const label = `${available ? `Can work ${windowsText(parsed.output.windows)}` : 'Can’t work'}: ${period(parsed.output.from_date, parsed.output.to_date)}`;
    await record({ path: CARER_APP_AVAILABILITY_PATH, body: parsed.output, label });
    setReason('');
    setSaved(`“${label}” is kept on this phone and sent to the office as soon as there is a connection. Your days change once the office accepts it.`);
  };
  const windowErrors = Object.entries(errors)
    .filter(([key]) => key.startsWith('windows'))
    .flatMap(([, messages]) => messages);
  return (
    <section aria-labelledby="tell-office">
      <h3 id="tell-office">Tell the office I can’t work</h3>
      <Field id="tell-kind" label="What do you want to tell the office?">
        <select id="tell-kind" value={kind} onChange={(event) => setKind(event.target.value === 'available' ? 'available' : 'unavailable')}>
          <option value="unavailable">I can’t work on these days</option>
          <option value="available">I can work these hours</option>
        </select>
      </Field>
      <Field id="tell-from" label="From" errors={errors.from_date}>
        <input id="tell-from" type="date" value={from} min={today} onChange={(event) => setFrom(event.target.value)} {...described('tell-from', errors.from_date)} />
      </Field>
      <Field id="tell-to" label="To" errors={errors.to_date}>
        <input id="tell-to" type="date" value={to} min={from} onChange={(event) => setTo(event.target.value)} {...described('tell-to', errors.to_date)} />
      </Field>
      {available && (
        <fieldset>
          <legend>Hours you can work</legend>
          <Field id="tell-start" label="From (time)">
            <input id="tell-start" type="time" value={start} onChange={(event) => setStart(event.target.value)} {...described('tell-end', windowErrors)} />
          </Field>
          <Field id="tell-end" label="To (time)" errors={windowErrors.length ? windowErrors : undefined}>
            <input id="tell-end" type="time" value={end} onChange={(event) => setEnd(event.target.value)} {...described('tell-end', windowErrors)} />
          </Field>
        </fieldset>
      )}
      <Field id="tell-reason" label={available ? 'Note for the office' : 'Why you can’t work'} errors={errors.reason}>
        <input id="tell-reason" value={reason} onChange={(event) => setReason(event.target.value)} {...described('tell-reason', errors.reason)} />
      </Field>
      <p>
        <button type="button" className="full" onClick={() => void send()}>
          Send to the office
        </button>
      </p>
      {saved && <p role="status">{saved}</p>}
    </section>
  );
}

function Leave({ holidays }: { holidays: PhoneHoliday[] }) {
  const { record, writes } = useServices();
  const cancelling = (id: number) => writes.some((write) => write.path === carerAppCancelPath(id));
  return (
    <section aria-labelledby="your-leave">
      <h3 id="your-leave">Your leave</h3>
      {holidays.length === 0 ? (
        <p>No leave this leave year.</p>
      ) : (
        <ul className="cards" aria-label="Your leave">
          {holidays.map((holiday) => (
            <li key={holiday.id} className="card">
              <strong>{period(holiday.from_date, holiday.to_date)}</strong> {holiday.reason}
              <div>
                <span className="pill">{HOLIDAY_STATUS[holiday.status] ?? holiday.status}</span>
                <span className="hint"> · {holiday.days} working day{holiday.days === 1 ? '' : 's'}</span>
              </div>
              {holiday.status === 'refused' && holiday.decision_reason && <p>Why: {holiday.decision_reason}</p>}
              {holiday.status === 'requested' &&
                (cancelling(holiday.id) ? (
                  <p className="hint">Cancelling: waiting to send.</p>
                ) : (
                  <button
                    type="button"
                    className="secondary"
                    onClick={() =>
                      window.confirm(`Cancel your request for ${period(holiday.from_date, holiday.to_date)}?`) &&
                      void record({ path: carerAppCancelPath(holiday.id), body: { reason: '' }, label: `Cancel leave request: ${period(holiday.from_date, holiday.to_date)}` })
                    }
                  >
                    Cancel request for {period(holiday.from_date, holiday.to_date)}
                  </button>
                ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Told({ requests }: { requests: AvailabilityRequestRow[] }) {
  if (!requests.length) return null;
  return (
    <section aria-labelledby="told">
      <h3 id="told">What you told the office</h3>
      <ul className="cards" aria-label="What you told the office">
        {requests.map((row) => (
          <li key={row.id} className="card">
            <strong>{period(row.from_date, row.to_date)}</strong> {row.available ? `Can work ${windowsText(row.windows)}` : 'Can’t work'}: {row.reason}
            <div>
              <span className="pill">{AVAILABILITY_REQUEST_STATUSES.find((choice) => choice.value === row.status)?.label ?? row.status}</span>
            </div>
            {row.decision_note && <p>{row.status === 'declined' ? 'Why: ' : 'Office note: '}{row.decision_note}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Days({ days }: { days: AvailabilityDay[] }) {
  return (
    <section aria-labelledby="your-days">
      <h3 id="your-days">Your next 4 weeks</h3>
      <ul className="cards" aria-label="Your next 4 weeks">
        {days.map((day) => (
          <li key={day.date} className="card">
            <strong>{formatDate(day.date)}</strong>: {DAY_STATUS[day.status] ?? day.status}
            {day.windows.length ? ` ${windowsText(day.windows)}` : ''}
            {day.note ? <span className="hint"> ({day.note})</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
