import { useEffect, useState } from 'react';
import { api, Button, useCan } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import type { LiveSettingsAnswer } from '../../../contract/live-device';
import { Section, styles, useBranchChoices } from '../../visits/common';

type Field = { key: keyof Omit<LiveSettingsAnswer, 'branch_id' | 'is_default' | 'updated_at' | 'on_call_user_id' | 'on_call_phone'>; label: string };
const FIELDS: Field[] = [
  { key: 'punctuality_window_minutes', label: 'Punctuality window (minutes)' },
  { key: 'on_site_distance_metres', label: 'On-site distance (metres)' },
  { key: 'duration_variance_percent', label: 'Duration variance (%)' },
  { key: 'late_after_minutes', label: 'Late after (minutes)' },
  { key: 'missed_after_minutes', label: 'Missed after the planned end (minutes)' },
  { key: 'time_critical_late_after_minutes', label: 'Time-critical medication late after (minutes)' },
  { key: 'escalate_after_minutes', label: 'Escalate after (minutes)' },
];

/**
 * A branch's live thresholds (GET/PUT /api/v1/scheduler/live-settings/:branchId): what makes a visit confirm
 * itself, and when the engine calls a visit late or missed. Planners (scheduler.edit) change them.
 */
export function LiveThresholds() {
  const branches = useBranchChoices();
  const can = useCan();
  const [branchId, setBranchId] = useState('');
  const chosen = branchId || branches[0]?.value || '';
  const settings = useApiQuery<LiveSettingsAnswer>(`api/v1/scheduler/live-settings/${chosen}`, undefined, { enabled: Boolean(chosen), failure: 'The live thresholds could not be loaded.' });
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState('');
  // The on-call person as stored: kept, or taken off (the server answers 422 on on_call_user_id when they no
  // longer work in the branch or may not act on its alerts, and the error shows beside this control).
  const [onCall, setOnCall] = useState('');
  const [onCallPhone, setOnCallPhone] = useState('');
  useEffect(() => {
    if (!settings.data) return;
    setValues(Object.fromEntries(FIELDS.map((field) => [field.key, String(settings.data[field.key])])));
    setOnCall(settings.data.on_call_user_id === null ? '' : String(settings.data.on_call_user_id));
    setOnCallPhone(settings.data.on_call_phone);
  }, [settings.data]);
  const storedOnCall = settings.data?.on_call_user_id ?? null;
  const editable = can('scheduler.edit');

  async function save() {
    const answer = await api.put<LiveSettingsAnswer>(`api/v1/scheduler/live-settings/${chosen}`, { ...values, on_call_user_id: onCall ? Number(onCall) : null, on_call_phone: onCallPhone });
    setErrors(answer.errors ?? {});
    setMessage(answer.error ? answer.message || 'The thresholds could not be saved.' : 'Live thresholds saved.');
    if (!answer.error) void settings.refetch();
  }

  return (
    <Section title="Live thresholds">
      <p className={styles.muted}>{settings.data?.is_default ? 'This branch uses the defaults.' : settings.data ? 'This branch has its own thresholds.' : 'Loading…'}</p>
      <form className={styles.filters} aria-label="Live thresholds" onSubmit={(event) => { event.preventDefault(); void save(); }}>
        <label>
          Branch
          <select value={chosen} onChange={(event) => setBranchId(event.target.value)}>
            {branches.map((branch) => <option key={branch.value} value={branch.value}>{branch.label}</option>)}
          </select>
        </label>
        {FIELDS.map((field) => (
          <span key={field.key} className={styles.actions}>
          <label>
            {field.label}
            <input
              type="number"
              value={values[field.key] ?? ''}
              readOnly={!can('scheduler.edit')}
              aria-invalid={errors[field.key] ? 'true' : undefined}
              aria-describedby={errors[field.key] ? `${field.key}-error` : undefined}
              onChange={(event) => setValues((previous) => ({ ...previous, [field.key]: event.target.value }))}
            />
          </label>
          {errors[field.key] ? <span id={`${field.key}-error`} className={styles.invalid}>{errors[field.key]!.join(' ')}</span> : null}
          </span>
        ))}
        <span className={styles.actions}>
          <label>
            On-call person
            <select
              value={onCall}
              disabled={!editable}
              aria-invalid={errors.on_call_user_id ? 'true' : undefined}
              aria-describedby={errors.on_call_user_id ? 'on_call_user_id-error' : undefined}
              onChange={(event) => setOnCall(event.target.value)}
            >
              <option value="">No on-call person</option>
              {storedOnCall !== null ? <option value={String(storedOnCall)}>The person on call now (user {storedOnCall})</option> : null}
            </select>
          </label>
          {errors.on_call_user_id ? <span id="on_call_user_id-error" className={styles.invalid}>{errors.on_call_user_id.join(' ')}</span> : null}
        </span>
        <span className={styles.actions}>
          <label>
            On-call phone
            <input
              type="tel"
              value={onCallPhone}
              readOnly={!editable}
              aria-invalid={errors.on_call_phone ? 'true' : undefined}
              aria-describedby={errors.on_call_phone ? 'on_call_phone-error' : undefined}
              onChange={(event) => setOnCallPhone(event.target.value)}
            />
          </label>
          {errors.on_call_phone ? <span id="on_call_phone-error" className={styles.invalid}>{errors.on_call_phone.join(' ')}</span> : null}
        </span>
        {editable ? <Button type="submit">Save the thresholds</Button> : null}
      </form>
      {message ? <p role="status">{message}</p> : null}
    </Section>
  );
}
