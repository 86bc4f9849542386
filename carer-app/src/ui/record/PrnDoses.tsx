import { useState } from 'react';
import { clock } from '@hcm/contract/time';
import type { DeviceVisit } from '@hcm/area-scheduler/contract/live-device.js';
import { DeviceOutcomeSchema, type CareSheet, type CareSheetPrn } from '@hcm/area-care-records/contract/live-medication.js';
import type { QueuedWrite } from '../../queue/queue.js';
import { useServices } from '../App.js';
import { Field, inputProps, mergeErrors, QueuedStatus, schemaErrors, useQueuedWrite, type Errors, FormActions } from './forms.js';
import { givenIn24h, limitText, nextAllowedMs, outcomeCodesOf } from './prn.js';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Is this queued write a PRN dose (an outcome with no dose time)? */
export const isPrnWrite = (write: QueuedWrite, clientId: number) => write.path.endsWith(`/clients/${clientId}/medication-outcomes`) && !write.body.due_slot;

/** The PRN medicines of the chart: their reason and limits in words, and "Give a PRN dose" with the reason asked. */
export function PrnDoses({ visit, sheet }: { visit: DeviceVisit; sheet: CareSheet }) {
  const { writes } = useServices();
  if (!sheet.as_needed.length) return null;
  const refused = writes.filter((write) => write.state === 'parked' && isPrnWrite(write, visit.client_id));
  return (
    <section aria-labelledby="prn">
      <h3 id="prn">When needed (PRN)</h3>
      <ul className="cards">
        {sheet.as_needed.map((prn) => (
          <li key={prn.schedule_id} className="card">
            <PrnMedicine visit={visit} sheet={sheet} prn={prn} refused={refused.find((write) => write.body.schedule_id === prn.schedule_id) ?? null} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PrnMedicine({ visit, sheet, prn, refused }: { visit: DeviceVisit; sheet: CareSheet; prn: CareSheetPrn; refused: QueuedWrite | null }) {
  const { writes } = useServices();
  // The form, new or correcting a refused dose (kept while it is open: sending the correction discards it).
  const [opened, setOpened] = useState<{ refused: QueuedWrite | null } | null>(null);
  const codes = outcomeCodesOf(sheet);
  const nowMs = clock.nowMs();
  const given = givenIn24h(prn, writes, visit.client_id, codes, nowMs);
  const id = `prn-${prn.schedule_id}`;
  return (
    <>
      <div>
        <strong>{prn.medicine}</strong> · {prn.dose}
      </div>
      <div>When needed: {prn.prn_reason || 'as the chart says'}</div>
      <p id={`${id}-limit`}>{limitText(prn, given, nowMs)}</p>
      {opened ? (
        <PrnForm visit={visit} sheet={sheet} prn={prn} refused={opened.refused} overLimit={nextAllowedMs(prn, given, nowMs) !== null} onClose={() => setOpened(null)} />
      ) : refused ? (
        <div className="notice bad">
          <p>
            <strong>Not accepted by the office:</strong> {refused.label}: {refused.error}
          </p>
          <button type="button" onClick={() => setOpened({ refused })}>
            Correct the dose of {prn.medicine}
          </button>
        </div>
      ) : (
        <button type="button" aria-describedby={`${id}-limit`} onClick={() => setOpened({ refused: null })}>
          Give a PRN dose: {prn.medicine}
        </button>
      )}
    </>
  );
}

function PrnForm({ visit, sheet, prn, refused, overLimit, onClose }: { visit: DeviceVisit; sheet: CareSheet; prn: CareSheetPrn; refused: QueuedWrite | null; overLimit: boolean; onClose(): void }) {
  const first = refused?.body ?? {};
  const codes = outcomeCodesOf(sheet);
  const [outcome, setOutcome] = useState(text(first.outcome) || 'A');
  const [doseGiven, setDoseGiven] = useState(text(first.dose_given) || prn.dose);
  const [reason, setReason] = useState(text(first.prn_reason));
  const [overReason, setOverReason] = useState(text(first.over_limit_reason));
  const [note, setNote] = useState(text(first.note));
  const [local, setLocal] = useState<Errors>({});
  const queued = useQueuedWrite(refused);
  const errors = mergeErrors(local, queued.serverErrors);
  const code = codes.find((row) => row.code === outcome);
  const id = `prn-${prn.schedule_id}`;
  if (queued.state.phase === 'waiting' || queued.state.phase === 'sent') return <QueuedStatus state={queued.state} what={`${prn.medicine} (PRN)`} onAnother={onClose} />;
  const askOverLimit = !!code?.counts_as_given && (overLimit || !!errors.over_limit_reason || !!overReason);

  const save = async () => {
    const body = { schedule_id: prn.schedule_id, due_date: '', due_slot: '', outcome, dose_given: doseGiven, note, prn_reason: reason, over_limit_reason: askOverLimit ? overReason : '', inr: '' };
    const found = schemaErrors(DeviceOutcomeSchema, body);
    if (code?.counts_as_given && !reason.trim()) found.prn_reason = [`Say why it is given (the chart says: ${prn.prn_reason || 'when needed'}).`];
    if (askOverLimit && overLimit && !overReason.trim()) found.over_limit_reason = ['This is over the limit: say why it is given anyway (e.g. advised by the GP or NHS 111), or do not give it.'];
    if (code?.note_required && !note.trim()) found.note = [`${code.label}: say what happened in the note.`];
    setLocal(found);
    if (Object.keys(found).length) return;
    await queued.submit({ path: `/api/v1/carer-app/clients/${visit.client_id}/medication-outcomes`, body, label: `${prn.medicine} (PRN): ${outcome} ${code?.label ?? ''}`.trim(), visitId: visit.id });
  };

  return (
    <form aria-label={`PRN dose of ${prn.medicine}`} onSubmit={(event) => (event.preventDefault(), void save())}>
      <QueuedStatus state={queued.state} what={`${prn.medicine} (PRN)`} />
      <Field id={`${id}-outcome`} label="Outcome" errors={errors.outcome}>
        <select {...inputProps(`${id}-outcome`, errors.outcome)} value={outcome} onChange={(event) => setOutcome(event.target.value)}>
          {codes.map((row) => (
            <option key={row.code} value={row.code}>
              {row.code} — {row.label}
            </option>
          ))}
        </select>
      </Field>
      {code?.description && <p className="hint">{code.description}</p>}
      <Field id={`${id}-given`} label="Dose given" errors={errors.dose_given}>
        <input {...inputProps(`${id}-given`, errors.dose_given)} value={doseGiven} onChange={(event) => setDoseGiven(event.target.value)} />
      </Field>
      <Field id={`${id}-reason`} label={`Why is it given? (the chart says: ${prn.prn_reason || 'when needed'})`} errors={errors.prn_reason}>
        <input {...inputProps(`${id}-reason`, errors.prn_reason)} value={reason} onChange={(event) => setReason(event.target.value)} />
      </Field>
      {askOverLimit && (
        <Field id={`${id}-over`} label="Over the limit: why is it given anyway?" errors={errors.over_limit_reason}>
          <input {...inputProps(`${id}-over`, errors.over_limit_reason)} value={overReason} onChange={(event) => setOverReason(event.target.value)} />
        </Field>
      )}
      <Field id={`${id}-note`} label={code?.note_required ? 'Note (needed for this outcome)' : 'Note (optional)'} errors={errors.note}>
        <textarea {...inputProps(`${id}-note`, errors.note)} value={note} onChange={(event) => setNote(event.target.value)} />
      </Field>
      <FormActions busy={queued.state.phase === 'saving'} label={queued.correcting ? 'Send the corrected dose' : 'Save PRN dose'} onClose={onClose} />
    </form>
  );
}
