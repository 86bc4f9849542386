import { useState } from 'react';
import { Button, EmptyState, ErrorPanel, Loading, useCan } from '@hcm/kit';
import { SelectField, TextAreaField, TextField } from '@hcm/kit/forms';
import { RIGHT_TO_WORK_DOCUMENTS, RightToWorkSchema, VISA_TYPES, type RightToWorkRow } from '../../contract/compliance';
import type { StaffScreenProps } from '../record/types';
import { CheckForm } from './CheckForm';
import { labelOf, optionsOf, Section, StateBadge, styles, useCompliance } from './common';
import { ukToday } from '@hcm/contract/time';
import { formatDate } from '@hcm/contract/format';

// The 'references-documents/student-visa-terms' tab: the carer's right to work (how it was checked, the visa and
// its terms, when it ends and when to check again), the weekly hours limit the rota must respect, earlier checks,
// and the forms to record a new check or correct the current one.

const defaultsOf = (row?: RightToWorkRow) => ({
  document_type: row?.document_type ?? 'british-irish-passport',
  visa_type: row?.visa_type ?? 'none',
  share_code: row?.share_code ?? '',
  checked_on: row?.checked_on ?? ukToday(),
  expires_on: row?.expires_on ?? '',
  conditions: row?.conditions ?? '',
  weekly_hours_cap: row?.weekly_hours_cap === null || row?.weekly_hours_cap === undefined ? '' : String(row.weekly_hours_cap),
  follow_up_on: row?.follow_up_on ?? '',
});

function Fields() {
  return (
    <>
      <div className={styles.grid}>
        <SelectField name="document_type" label="How it was checked" options={optionsOf(RIGHT_TO_WORK_DOCUMENTS)} />
        <SelectField name="visa_type" label="Immigration status" options={optionsOf(VISA_TYPES)} />
        <TextField name="share_code" label="Share code" hint="For an online check: 9 characters, like W4X 8RT 9KP" autoComplete="off" />
        <TextField name="checked_on" label="Checked on" type="date" />
        <TextField name="expires_on" label="Permission ends on" type="date" hint="Empty for a British or Irish passport or settled status" />
        <TextField name="follow_up_on" label="Follow-up check due" type="date" hint="Before the permission ends" />
        <TextField name="weekly_hours_cap" label="Weekly hours limit" inputMode="numeric" hint="A Student visa: usually 20 in term time" />
      </div>
      <TextAreaField name="conditions" label="Conditions" hint="What the visa allows: sponsor, term dates, restrictions" rows={3} />
    </>
  );
}

export default function RightToWork({ ownerId, ownerName }: StaffScreenProps) {
  const can = useCan();
  const picture = useCompliance(ownerId);
  const [open, setOpen] = useState<'new' | 'correct' | null>(null);
  if (picture.error) return <ErrorPanel title="The right to work could not be loaded" onRetry={() => void picture.refetch()}>{picture.error.message}</ErrorPanel>;
  if (!picture.data) return <Loading label="Loading the right to work…" />;
  const editable = can('carers.edit');
  const [current, ...earlier] = picture.data.right_to_work;
  const check = picture.data.compliance.checks.find((item) => item.key === 'right-to-work');
  const cap = picture.data.compliance.weekly_hours_cap;
  return (
    <div className={styles.screen}>
      <div className={styles.head}>
        <h2>Right to work and visa</h2>
        {editable && !open ? (
          <div className={styles.actions}>
            <Button onClick={() => setOpen('new')}>Record a new check</Button>
            {current ? <Button variant="secondary" onClick={() => setOpen('correct')}>Correct the current check</Button> : null}
          </div>
        ) : null}
      </div>
      {check ? <p><strong>{check.label}:</strong> <StateBadge check={check} /> {check.detail}</p> : null}
      {cap ? (
        <p className={styles.notice} role="note">
          <strong>Weekly hours limit: {cap} hours.</strong> The rota must not give {ownerName} more than {cap} hours of work a week{current?.visa_type === 'student' ? ' in term time' : ''}.
        </p>
      ) : null}
      {open === 'new' ? (
        <CheckForm carerId={ownerId} part="right-to-work" schema={RightToWorkSchema} defaults={defaultsOf()} title="New right to work check" submitLabel="Save the check" onDone={() => setOpen(null)}>
          <Fields />
        </CheckForm>
      ) : null}
      {open === 'correct' && current ? (
        <CheckForm carerId={ownerId} part="right-to-work" rowId={current.id} schema={RightToWorkSchema} defaults={defaultsOf(current)} title="Correct the current check" submitLabel="Save the correction" onDone={() => setOpen(null)}>
          <Fields />
        </CheckForm>
      ) : null}
      {current ? (
        <Section title="Current check">
          <dl className={styles.facts}>
            <dt>Checked by</dt><dd>{labelOf(RIGHT_TO_WORK_DOCUMENTS, current.document_type)}{current.share_code ? ` (share code ${current.share_code})` : ''}</dd>
            <dt>Checked on</dt><dd>{formatDate(current.checked_on) || '—'}</dd>
            <dt>Immigration status</dt><dd>{labelOf(VISA_TYPES, current.visa_type)}</dd>
            <dt>Permission ends</dt><dd>{current.expires_on ? formatDate(current.expires_on) || '—' : 'No time limit'}</dd>
            <dt>Follow-up check</dt><dd>{current.follow_up_on ? formatDate(current.follow_up_on) || '—' : current.expires_on ? 'Not set: check again before the permission ends' : 'None needed'}</dd>
            <dt>Weekly hours limit</dt><dd>{current.weekly_hours_cap ? `${current.weekly_hours_cap} hours` : 'None'}</dd>
            <dt>Visa terms</dt><dd>{current.conditions || 'None recorded'}</dd>
          </dl>
        </Section>
      ) : (
        <EmptyState>No right to work check recorded for {ownerName}: they cannot be rostered until one is.</EmptyState>
      )}
      {earlier.length ? (
        <Section title="Earlier checks">
          <ul>
            {earlier.map((row) => (
              <li key={row.id}>
                {formatDate(row.checked_on) || '—'}: {labelOf(RIGHT_TO_WORK_DOCUMENTS, row.document_type)}, {labelOf(VISA_TYPES, row.visa_type)}
                {row.expires_on ? `, until ${formatDate(row.expires_on) || '—'}` : ''}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </div>
  );
}
