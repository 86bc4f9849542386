import { Link } from 'react-router-dom';
import { ErrorPanel, Loading } from '@hcm/kit';
import { COMPLIANCE_CHECKS, COMPLIANCE_STATES, tabOfCheck } from '../../contract/compliance';
import type { StaffScreenProps } from '../record/types';
import { labelOf, StateBadge, styles, tabPath, useCompliance } from './common';
import { formatDate, formatDateTime } from '@hcm/contract/format';

/**
 * The 'checklist' tab: every Schedule 3 check of the carer's file with its state in words, what it says and a
 * link to the tab that fixes it; whether the carer may be rostered and why not.
 */
export default function Checklist({ owner, ownerId, ownerName }: StaffScreenProps) {
  const picture = useCompliance(ownerId);
  if (picture.error) return <ErrorPanel title="The checklist could not be loaded" onRetry={() => void picture.refetch()}>{picture.error.message}</ErrorPanel>;
  if (!picture.data) return <Loading label="Loading the checklist…" />;
  const { compliance } = picture.data;
  return (
    <div className={styles.screen}>
      <h2>File checklist</h2>
      <p>
        <strong>{labelOf(COMPLIANCE_STATES, compliance.state)}.</strong>{' '}
        {compliance.rosterable ? `${ownerName} may be rostered.` : `${ownerName} cannot be rostered.`}
        {compliance.weekly_hours_cap ? ` Limited to ${compliance.weekly_hours_cap} hours a week by their visa.` : ''}
        {compliance.next_expiry ? ` Next date: ${formatDate(compliance.next_expiry) || '—'}.` : ''}
      </p>
      {compliance.blocked_because.length ? (
        <div className={styles.blocked} role="note" aria-label="Why they cannot be rostered">
          <p><strong>Why they cannot be rostered:</strong></p>
          <ul>
            {compliance.blocked_because.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <ul className={styles.checklist} aria-label="Checks of the file">
        {compliance.checks.map((check) => (
          <li key={check.key}>
            <p>
              <strong>{check.label}</strong> <StateBadge check={check} />
              {check.blocks_rostering ? <span className={styles.muted}> (needed to be rostered)</span> : null}
            </p>
            <p>{check.detail}</p>
            {check.expires_on ? <p className={styles.muted}>{check.state === 'expired' ? 'Lapsed' : 'Lapses'} on {formatDate(check.expires_on) || '—'}</p> : null}
            <p>
              <Link to={tabPath(owner, ownerId, tabOfCheck(check.key))}>{check.state === 'valid' ? 'Open' : 'Fix'}: {COMPLIANCE_CHECKS.find((item) => item.value === check.key)?.label ?? check.label}</Link>
            </p>
          </li>
        ))}
      </ul>
      <p className={styles.muted}>Worked out {formatDateTime(compliance.checked_at) || '—'}, after every change to the file and each day as dates pass.</p>
    </div>
  );
}
