import { Link } from 'react-router-dom';
import { useApiQuery } from '@hcm/kit/data';
import { WORKFORCE_TODAY_PATH, type WorkforceToday } from '../../contract/today';
import { tabPath } from '../compliance/common';
import { dashboardPanelStyles as styles } from '@hcm/kit';
import { formatDate } from '@hcm/contract/format';

// The workforce's "Lapsed checks" panel on the dashboard (extension point dashboard.panel, key workforce-today,
// rendered by ../DashboardPanels): the checks of carers' files that have lapsed and the required training out of
// date, each a count in words linking to its list (the file alerts, the training matrix), the longest lapsed first,
// each opening the carer's file at its tab. GET /api/v1/workforce/today; nothing is pushed when a check lapses (it
// lapses at midnight), so the panel asks again when the window regains focus and every five minutes.

export const REFRESH_MS = 5 * 60_000;

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export default function LapsedChecks() {
  const today = useApiQuery<WorkforceToday>(WORKFORCE_TODAY_PATH, undefined, { refetchInterval: REFRESH_MS, refetchOnWindowFocus: true, failure: 'The lapsed checks could not be loaded.' });
  const answer = today.data;
  return (
    <section aria-labelledby="workforce-today" className={styles.panel}>
      <h2 id="workforce-today">Lapsed checks</h2>
      {today.error ? (
        <p role="alert">{today.error.message}</p>
      ) : !answer ? (
        <p className={styles.muted}>Loading the lapsed checks…</p>
      ) : (
        <>
          <section aria-labelledby="workforce-today-checks">
            <h3 id="workforce-today-checks">Carers&apos; files</h3>
            {answer.checks.count === 0 ? (
              <p className={styles.muted}>No check of a carer&apos;s file has lapsed.</p>
            ) : (
              <>
                <p className={styles.count}>
                  <Link to="/app/live-events/carers/file-alerts">{counted(answer.checks.count, 'check', 'checks')} lapsed</Link>
                </p>
                <ul className={styles.list}>
                  {answer.checks.items.map((item) => (
                    <li key={`${item.carer_id}-${item.check}`}>
                      <Link to={tabPath('carers', item.carer_id, item.tab)}>
                        {item.carer_name}: {item.label}
                      </Link>{' '}
                      {item.expires_on ? `lapsed ${formatDate(item.expires_on) || '—'}` : 'lapsed'}
                      {item.blocks_rostering ? <strong> (needed to be rostered)</strong> : null}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
          <section aria-labelledby="workforce-today-training">
            <h3 id="workforce-today-training">Training</h3>
            {answer.training.count === 0 ? (
              <p className={styles.muted}>No carer&apos;s required training is out of date.</p>
            ) : (
              <>
                <p className={styles.count}>
                  <Link to="/app/carers/training-matrix">
                    {counted(answer.training.count, 'course', 'courses')} out of date for {counted(answer.training.carers, 'carer', 'carers')}
                  </Link>
                </p>
                <ul className={styles.list}>
                  {answer.training.items.map((item) => (
                    <li key={`${item.carer_id}-${item.course}`}>
                      <Link to={tabPath('carers', item.carer_id, 'training')}>
                        {item.carer_name}: {item.course}
                      </Link>{' '}
                      out of date since {formatDate(item.from) || '—'}
                      {item.required_for === 'medication' ? ' (needed for medication visits)' : ''}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
        </>
      )}
    </section>
  );
}
