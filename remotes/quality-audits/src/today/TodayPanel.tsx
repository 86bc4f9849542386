import { Link } from 'react-router-dom';
import { useApiQuery } from '@hcm/kit/data';
import { QUALITY_TODAY_PATH, type QualityToday } from '../../contract/today';
import { dashboardPanelStyles as styles } from '@hcm/kit';

// The quality registers' panel on the dashboard (extension point dashboard.panel, key quality-today): the CQC
// notifications still drafts, a count in words linking to the register, the oldest event first, each opening the
// notification. GET /api/v1/quality-audits/today; nothing is pushed when a notification is drafted or submitted,
// so the panel asks again when the window regains focus and every five minutes.

export const REFRESH_MS = 5 * 60_000;

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export default function TodayPanel() {
  const today = useApiQuery<QualityToday>(QUALITY_TODAY_PATH, undefined, { refetchInterval: REFRESH_MS, refetchOnWindowFocus: true, failure: 'The CQC notifications could not be loaded.' });
  const drafts = today.data?.cqc_drafts;
  return (
    <section aria-labelledby="quality-today" className={styles.panel}>
      <h2 id="quality-today">CQC notifications to submit</h2>
      {today.error ? (
        <p role="alert">{today.error.message}</p>
      ) : !drafts ? (
        <p className={styles.muted}>Loading the CQC notifications…</p>
      ) : drafts.count === 0 ? (
        <p className={styles.muted}>No CQC notification is waiting to be submitted.</p>
      ) : (
        <>
          <p className={styles.count}>
            <Link to="/app/quality-assurance/cqc-notifications">{counted(drafts.count, 'CQC notification', 'CQC notifications')} not yet submitted</Link>
          </p>
          <ul className={styles.list}>
            {drafts.items.map((draft) => (
              <li key={draft.id}>
                <Link to={`/app/quality-assurance/cqc-notifications/${draft.id}/edit`}>
                  {draft.reference}: {draft.headline}
                </Link>{' '}
                — the event was {draft.days_since === 0 ? 'today' : `${counted(draft.days_since, 'day', 'days')} ago`} ({draft.branch}). {draft.summary}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
