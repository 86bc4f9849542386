import { Link } from 'react-router-dom';
import { useApiQuery } from '@hcm/kit/data';
import { CARE_RECORDS_TODAY_PATH, type CareRecordsToday } from '../../contract/today';
import { dashboardPanelStyles as styles } from '@hcm/kit';

import { formatDate } from '@hcm/contract/format';
// The care records' panel on the dashboard (extension point dashboard.panel, key care-records-today): the care plans
// and assessments overdue for review, a count in words linking to their lists, the most overdue first, each opening
// the client's record at its tab. GET /api/v1/care-records/today; no event is pushed when a review falls due (it
// falls due at midnight), so the panel asks again when the window regains focus and every five minutes.

export const REFRESH_MS = 5 * 60_000;

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export default function TodayPanel() {
  const today = useApiQuery<CareRecordsToday>(CARE_RECORDS_TODAY_PATH, undefined, { refetchInterval: REFRESH_MS, refetchOnWindowFocus: true, failure: 'The reviews overdue could not be loaded.' });
  const overdue = today.data?.reviews_overdue;
  return (
    <section aria-labelledby="care-records-today" className={styles.panel}>
      <h2 id="care-records-today">Reviews overdue</h2>
      {today.error ? (
        <p role="alert">{today.error.message}</p>
      ) : !overdue ? (
        <p className={styles.muted}>Loading the reviews overdue…</p>
      ) : overdue.count === 0 ? (
        <p className={styles.muted}>No care plan or assessment is overdue for review.</p>
      ) : (
        <>
          <p className={styles.count}>{counted(overdue.count, 'review', 'reviews')} overdue</p>
          <ul className={styles.list} aria-label="Lists of reviews overdue">
            {overdue.care_plans ? (
              <li>
                <Link to="/app/clients/reviews">{counted(overdue.care_plans, 'care plan', 'care plans')} overdue for review</Link>
              </li>
            ) : null}
            {overdue.assessments ? (
              <li>
                <Link to="/app/live-events/clients/assessment-alerts?alert=overdue">{counted(overdue.assessments, 'assessment', 'assessments')} overdue for review</Link>
              </li>
            ) : null}
          </ul>
          <h3 id="care-records-today-first">Most overdue</h3>
          <ul className={styles.list} aria-labelledby="care-records-today-first">
            {overdue.items.map((item) => (
              <li key={item.document_id}>
                <Link to={`/app/clients/${item.client_id}/${item.tab}`}>
                  {item.client_name}: {item.title}
                </Link>{' '}
                {counted(item.days_overdue, 'day', 'days')} overdue (due {formatDate(item.due_on)})
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
