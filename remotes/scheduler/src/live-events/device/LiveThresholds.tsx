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
  useEffect(() => {
    if (settings.data) setValues(Object.fromEntries(FIELDS.map((field) => [field.key, String(settings.data[field.key])])));
  }, [settings.data]);

  async function save() {
    const answer = await api.put<LiveSettingsAnswer>(`api/v1/scheduler/live-settings/${chosen}`, { ...values, on_call_user_id: settings.data?.on_call_user_id ?? null, on_call_phone: settings.data?.on_call_phone ?? '' });
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
        {can('scheduler.edit') ? <Button type="submit">Save the thresholds</Button> : null}
      </form>
      {message ? <p role="status">{message}</p> : null}
    </Section>
  );
}
