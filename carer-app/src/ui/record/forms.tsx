import { useMemo, useState, type ReactNode } from 'react';
import * as v from 'valibot';
import { fieldErrorsOf } from '@hcm/contract/schemas';
import { WriteQueue, type NewWrite, type QueuedWrite } from '../../queue/queue.js';
import { useServices } from '../App.js';

// What every form of the visit screen shares: labelled fields with their errors read out with them, yes/no and
// choice groups with large touch targets, and a write that goes through the offline queue and is followed there —
// waiting on the phone, sent, or refused by the office (parked) with its words and its errors at the fields.

export type Errors = Record<string, string[]>;

/** The input's id and, when it has errors, aria-invalid and the id of the message that describes it. */
export const inputProps = (id: string, errors?: string[]) => ({ id, 'aria-invalid': errors?.length ? true : undefined, 'aria-describedby': errors?.length ? `${id}-error` : undefined });

export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  return errors?.length ? (
    <p className="error" id={`${id}-error`}>
      {errors.join(' ')}
    </p>
  ) : null;
}

/** A label, the input (given `inputProps(id, errors)`), its hint and its errors. */
export function Field({ id, label, errors, hint, children }: { id: string; label: string; errors?: string[]; hint?: string; children: ReactNode }) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {hint && <p className="hint">{hint}</p>}
      {children}
      <FieldErrors id={id} errors={errors} />
    </>
  );
}

/** Radio buttons for one choice, as a group named by its legend. */
export function Choices<T extends string>({
  name,
  legend,
  choices,
  value,
  onChange,
  errors,
}: {
  name: string;
  legend: string;
  choices: readonly { value: T; label: string }[];
  value: string | null;
  onChange(value: T): void;
  errors?: string[];
}) {
  return (
    <fieldset className="choices" aria-invalid={errors?.length ? true : undefined} aria-describedby={errors?.length ? `${name}-error` : undefined}>
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="choice">
          <input type="radio" name={name} value={choice.value} checked={value === choice.value} onChange={() => onChange(choice.value)} />
          {choice.label}
        </label>
      ))}
      <FieldErrors id={name} errors={errors} />
    </fieldset>
  );
}

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

/** A yes/no question that must be answered (null until it is). */
export function YesNo({ name, legend, value, onChange, errors }: { name: string; legend: string; value: boolean | null; onChange(value: boolean): void; errors?: string[] }) {
  return <Choices name={name} legend={legend} choices={YES_NO} value={value === null ? null : value ? 'yes' : 'no'} onChange={(answer) => onChange(answer === 'yes')} errors={errors} />;
}

/** The body as it is stored and sent (no undefined values: IndexedDB and JSON would differ on them). */
const plain = (body: Record<string, unknown>): Record<string, unknown> => JSON.parse(JSON.stringify(body)) as Record<string, unknown>;

const withoutKey = (body: Record<string, unknown>, key: string | null) => {
  if (!key) return JSON.stringify(body);
  const { [key]: _time, ...rest } = body;
  return JSON.stringify(rest);
};

/** Checks a body with the route's own schema: its errors by field (dot paths, as the server gives them), or none. */
export function schemaErrors(schema: v.GenericSchema, body: unknown): Errors {
  const parsed = v.safeParse(schema, body);
  return parsed.success ? {} : fieldErrorsOf(parsed.issues);
}

type Submitted = { path: string; body: Record<string, unknown>; timeKey: string | null; writesThen: QueuedWrite[]; replaced: string | null };

export type QueuedState =
  | { phase: 'editing' }
  | { phase: 'saving' }
  | { phase: 'waiting'; write: QueuedWrite }
  | { phase: 'parked'; write: QueuedWrite }
  | { phase: 'sent' }
  | { phase: 'failed'; message: string };

/**
 * Records a write through the queue and follows it: waiting on the phone, sent (gone from the queue), or parked
 * with the server's words and per-field errors. `refused` is a parked write the form corrects (opened from the
 * list of refused records): sending the correction discards it and records the corrected body under a new key,
 * keeping the time it was first made.
 */
export function useQueuedWrite(refused: QueuedWrite | null = null) {
  const { record, writes, db, session } = useServices();
  const [submitted, setSubmitted] = useState<Submitted | null>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState('');

  const followed = useMemo(() => {
    if (!submitted) return null;
    const sent = withoutKey(submitted.body, submitted.timeKey);
    return [...writes].reverse().find((write) => write.id !== submitted.replaced && write.path === submitted.path && withoutKey(write.body, submitted.timeKey) === sent) ?? null;
  }, [submitted, writes]);

  let state: QueuedState = { phase: 'editing' };
  if (saving) state = { phase: 'saving' };
  else if (failure) state = { phase: 'failed', message: failure };
  else if (submitted && followed) state = followed.state === 'parked' ? { phase: 'parked', write: followed } : { phase: 'waiting', write: followed };
  // Not in the queue once the list has been read again after it was stored: the office has it.
  else if (submitted && writes !== submitted.writesThen) state = { phase: 'sent' };
  else if (submitted) state = { phase: 'saving' };

  /** The parked write the form now corrects: the one it opened with, or its own refused one. */
  const correcting = state.phase === 'parked' ? state.write : submitted ? null : refused;

  const submit = async (write: NewWrite) => {
    setSaving(true);
    setFailure('');
    try {
      const timeKey = write.timeField === null ? null : (write.timeField ?? 'recorded_at');
      let next: NewWrite = { ...write, body: plain(write.body) };
      if (correcting) {
        // The refused record saved nothing: it goes, and the correction keeps the time it was first made.
        await new WriteQueue(db, () => session.email).discard(correcting.id);
        if (timeKey && correcting.body[timeKey] !== undefined) next = { ...next, body: { ...next.body, [timeKey]: correcting.body[timeKey] }, timeField: null };
      }
      setSubmitted({ path: next.path, body: next.body, timeKey, writesThen: writes, replaced: correcting?.id ?? null });
      await record(next);
    } catch (error) {
      setSubmitted(null);
      setFailure(`Not saved on this phone: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setSaving(false);
    }
  };

  const reset = () => {
    setSubmitted(null);
    setFailure('');
  };
  return { state, submit, correcting, serverErrors: (correcting?.fieldErrors ?? {}) as Errors, reset };
}

/** What became of the form's record, in words (read out as it changes). */
export function QueuedStatus({ state, what, onAnother }: { state: QueuedState; what: string; onAnother?: () => void }) {
  if (state.phase === 'editing') return null;
  return (
    <div role="status" className={state.phase === 'parked' || state.phase === 'failed' ? 'notice bad' : 'notice'}>
      {state.phase === 'saving' && <p>Saving on this phone…</p>}
      {state.phase === 'failed' && <p>{state.message}</p>}
      {state.phase === 'waiting' && <p>{what} kept on this phone: it is sent as soon as there is a connection.</p>}
      {state.phase === 'sent' && <p>{what} sent to the office.</p>}
      {state.phase === 'parked' && (
        <p>
          <strong>Not accepted by the office:</strong> {state.write.error} Correct it below and send it again, or discard it on{' '}
          <a href="#/outbox">Waiting to send</a>.
        </p>
      )}
      {onAnother && (state.phase === 'waiting' || state.phase === 'sent') && (
        <button type="button" className="secondary" onClick={onAnother}>
          Record another
        </button>
      )}
    </div>
  );
}

/** Errors to show at a field: what the phone found, else what the office said of the refused record. */
export const mergeErrors = (local: Errors, server: Errors): Errors => (Object.keys(local).length ? local : server);

/** A record form's buttons: send (its words say what, and whether it is a correction) and close. */
export function FormActions({ busy, label, onClose }: { busy: boolean; label: string; onClose(): void }) {
  return (
    <div className="row">
      <button type="submit" disabled={busy}>
        {label}
      </button>
      <button type="button" className="secondary" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
