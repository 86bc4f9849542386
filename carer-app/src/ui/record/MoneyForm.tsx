import { useState } from 'react';
import { ukToday } from '@hcm/contract/time';
import { formatMoney } from '@hcm/contract/format';
import { MONEY_TYPES, MoneyEntrySchema } from '@hcm/area-care-records/contract/daily.js';
import { useServices } from '../App.js';
import { Choices, Field, inputProps, mergeErrors, QueuedStatus, schemaErrors, useQueuedWrite, type Errors, FormActions } from './forms.js';
import type { RecordFormProps } from './types.js';

/** What the office reads when the paper receipt was kept (the app takes no photo of it; the office files it). */
export const PAPER_RECEIPT = 'Paper receipt put in the client’s money folder at the visit (recorded on the carers’ app; no photo).';

const RECEIPT_CHOICES = [
  { value: 'kept', label: 'Yes: I put the receipt in the client’s money folder' },
  { value: 'none', label: 'No receipt' },
] as const;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Money handled for the client (POST …/clients/:id/money, the office's own schema): what kind, how much, what for,
 * a receipt kept or why there is none; a withdrawal needs the client's consent and a witness. The entry carries
 * its day, not a device time; a refusal that the balance would go below zero asks why.
 */
export function MoneyForm({ visit, refused, onClose }: RecordFormProps) {
  const { session } = useServices();
  const first = refused?.body ?? {};
  const [type, setType] = useState(text(first.type) || 'spent');
  const [amount, setAmount] = useState(text(first.amount));
  const [description, setDescription] = useState(text(first.description));
  const [receipt, setReceipt] = useState<'kept' | 'none' | ''>(first.no_receipt_reason === PAPER_RECEIPT ? 'kept' : first.no_receipt_reason ? 'none' : '');
  const [noReceiptReason, setNoReceiptReason] = useState(first.no_receipt_reason === PAPER_RECEIPT ? '' : text(first.no_receipt_reason));
  const [witness, setWitness] = useState(text(first.witnessed_by));
  const [consent, setConsent] = useState(first.consent_confirmed === true);
  const [handledBy, setHandledBy] = useState(text(first.handled_by) || session.name);
  const [negativeReason, setNegativeReason] = useState(text(first.negative_reason));
  const [local, setLocal] = useState<Errors>({});
  const queued = useQueuedWrite(refused);
  const errors = mergeErrors(local, queued.serverErrors);
  const reset = () => {
    setAmount('');
    setDescription('');
    setReceipt('');
    setNoReceiptReason('');
    setWitness('');
    setConsent(false);
    setNegativeReason('');
    queued.reset();
  };

  if (queued.state.phase === 'waiting' || queued.state.phase === 'sent') return <QueuedStatus state={queued.state} what="Money entry" onAnother={reset} />;

  const save = async () => {
    const body = {
      transaction_date: ukToday(),
      type,
      amount: amount.trim(),
      description,
      receipt_upload_id: null,
      no_receipt_reason: type === 'spent' ? (receipt === 'kept' ? PAPER_RECEIPT : noReceiptReason) : '',
      handled_by: handledBy,
      witnessed_by: type === 'withdrawal' ? witness : '',
      consent_confirmed: type === 'withdrawal' ? consent : false,
      negative_reason: negativeReason,
    };
    const found = schemaErrors(MoneyEntrySchema, body);
    if (type === 'spent' && !receipt) found.no_receipt_reason = ['Say whether there is a receipt.'];
    setLocal(found);
    if (Object.keys(found).length) return;
    const label = `Money: ${MONEY_TYPES.find((choice) => choice.value === type)?.label ?? type}, ${formatMoney(amount.trim())} (${description.trim()})`;
    await queued.submit({ path: `/api/v1/carer-app/clients/${visit.client_id}/money`, body, label, visitId: visit.id, timeField: null });
  };

  return (
    <form aria-label="Money handled" onSubmit={(event) => (event.preventDefault(), void save())}>
      <QueuedStatus state={queued.state} what="Money entry" />
      <Field id="money-type" label="What happened" errors={errors.type}>
        <select {...inputProps('money-type', errors.type)} value={type} onChange={(event) => setType(event.target.value)}>
          {MONEY_TYPES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </Field>
      <Field id="money-amount" label="Amount (£)" errors={errors.amount}>
        <input {...inputProps('money-amount', errors.amount)} inputMode="decimal" autoComplete="off" value={amount} onChange={(event) => setAmount(event.target.value)} />
      </Field>
      <Field id="money-for" label="What for" errors={errors.description}>
        <input {...inputProps('money-for', errors.description)} value={description} onChange={(event) => setDescription(event.target.value)} />
      </Field>
      {type === 'spent' && (
        <>
          <Choices
            name="money-receipt"
            legend="Receipt?"
            choices={RECEIPT_CHOICES}
            value={receipt}
            onChange={(value) => setReceipt(value)}
            errors={receipt === 'none' ? undefined : errors.no_receipt_reason}
          />
          {receipt === 'none' && (
            <Field id="money-no-receipt" label="Why is there no receipt?" errors={errors.no_receipt_reason}>
              <input {...inputProps('money-no-receipt', errors.no_receipt_reason)} value={noReceiptReason} onChange={(event) => setNoReceiptReason(event.target.value)} />
            </Field>
          )}
        </>
      )}
      {type === 'withdrawal' && (
        <>
          <label className="choice">
            <input type="checkbox" aria-describedby={errors.consent_confirmed?.length ? 'money-consent-error' : undefined} checked={consent} onChange={(event) => setConsent(event.target.checked)} />
            The client (or their attorney) agreed to this withdrawal
          </label>
          {errors.consent_confirmed?.length ? (
            <p className="error" id="money-consent-error">
              {errors.consent_confirmed.join(' ')}
            </p>
          ) : null}
          <Field id="money-witness" label="Witnessed by" errors={errors.witnessed_by}>
            <input {...inputProps('money-witness', errors.witnessed_by)} value={witness} onChange={(event) => setWitness(event.target.value)} />
          </Field>
        </>
      )}
      <Field id="money-handled" label="Carer who handled it" errors={errors.handled_by}>
        <input {...inputProps('money-handled', errors.handled_by)} value={handledBy} onChange={(event) => setHandledBy(event.target.value)} />
      </Field>
      {(errors.negative_reason || negativeReason) && (
        <Field id="money-negative" label="Why the balance goes below zero" errors={errors.negative_reason}>
          <input {...inputProps('money-negative', errors.negative_reason)} value={negativeReason} onChange={(event) => setNegativeReason(event.target.value)} />
        </Field>
      )}
      <FormActions busy={queued.state.phase === 'saving'} label={queued.correcting ? 'Send the corrected entry' : 'Save money entry'} onClose={onClose} />
    </form>
  );
}
