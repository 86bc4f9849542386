import type { VisitLogRow } from '../../contract/visits';
import { logActionWords, styles } from './common';
import { formatDateTime } from '@hcm/contract/format';

/** The warnings a change went ahead with (soft rules overridden), in words. */
export const warningsText = (row: Pick<VisitLogRow, 'warnings'>) => (row.warnings.length ? row.warnings.map((warning) => warning.message).join(' ') : 'None');

/** A visit's history, newest first: when, who, what, the reason, and the warnings overridden. */
export function HistoryTable({ rows, caption = 'History of this visit' }: { rows: VisitLogRow[]; caption?: string }) {
  if (!rows.length) return <p className={styles.muted}>No changes recorded yet.</p>;
  return (
    <table className={styles.table}>
      <caption className={styles.muted}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">Action</th>
          <th scope="col">What changed</th>
          <th scope="col">Reason</th>
          <th scope="col">Warnings overridden</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td>{formatDateTime(row.at) || '—'}</td>
            <td>{row.user_name ?? 'The system'}</td>
            <td>{logActionWords(row.action)}</td>
            <td>{row.summary}</td>
            <td>{row.reason || '—'}</td>
            <td>{warningsText(row)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
