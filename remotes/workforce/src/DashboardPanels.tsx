import type { Page } from '@hcm/contract';
import type { MyNotice } from '@hcm/contract/schemas';
import { api, Button, kitStyles, notify } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery, useQueryClient } from '@hcm/kit/data';
import styles from './dashboard/dashboard.module.css';
import LapsedChecks from './today/LapsedChecks';
import { formatDateTime } from '@hcm/contract/format';

/**
 * The notices the office addressed to this user (any signed-in user, carers too), unread first, each with
 * "Mark as read". GET /api/v1/communication/my-notices; the office's side is this area's communication screens.
 */
const MY_NOTICES = 'api/v1/communication/my-notices';
const MY_NOTICES_QUERY = { page_size: 5 };

function NoticesForYou() {
  const client = useQueryClient();
  const answer = useApiQuery<Page<MyNotice>>(MY_NOTICES, MY_NOTICES_QUERY, { failure: 'Your notices could not be loaded.' });
  const notices = answer.data?.data ?? null;
  const error = answer.error?.message ?? null;
  // Marking read changes the office's read counts too (the workforce area's notices list).
  const markRead = useApiMutation<MyNotice, MyNotice>({
    request: (notice) => api.post<MyNotice>(`${MY_NOTICES}/${notice.id}/read`),
    invalidates: [apiKey('api/v1/communication/notices')],
  });

  const handleMarkRead = async (notice: MyNotice) => {
    const result = await markRead.submit(notice);
    if (result.error || !result.data) {
      notify({ type: 'danger', message: result.message || 'The notice could not be marked as read.' });
      return;
    }
    // The notice as the server now has it, in place of the one shown (no second request).
    const read = result.data;
    client.setQueryData<Page<MyNotice>>(apiKey(MY_NOTICES, MY_NOTICES_QUERY), (previous) =>
      previous ? { ...previous, data: previous.data.map((item) => (item.id === read.id ? read : item)) } : previous,
    );
  };

  return (
    <section aria-labelledby="notices-for-you">
      <h2 id="notices-for-you" className={styles.heading}>
        Notices for you
      </h2>
      {error ? (
        <p role="alert">{error}</p>
      ) : !notices ? (
        <p role="status" className={kitStyles.muted}>
          Loading your notices…
        </p>
      ) : notices.length === 0 ? (
        <p className={kitStyles.muted}>No notices for you.</p>
      ) : (
        <ul className={styles.list}>
          {notices.map((notice) => (
            <li key={notice.id} className={styles.card} aria-label={notice.title}>
              <strong>{notice.title}</strong>
              <p>
                {notice.published_by ?? 'The office'} · {notice.branch_name ?? 'every branch'} · <time dateTime={notice.published_at}>{formatDateTime(notice.published_at)}</time>
              </p>
              <p>{notice.body}</p>
              {notice.read_at ? (
                <p>
                  Read <time dateTime={notice.read_at}>{formatDateTime(notice.read_at)}</time>
                </p>
              ) : (
                <Button variant="secondary" onClick={() => void handleMarkRead(notice)}>
                  Mark as read
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * What the workforce adds to the dashboard (extension point `dashboard.panel`, area.json): the notices the office
 * addressed to the signed-in user, and the lapsed checks of carers' files and training (./today, workforce-today).
 * The host renders each area's panels; areas never reach into the host.
 */
export default function DashboardPanels({ extensionKey }: { extensionKey: string }) {
  if (extensionKey === 'workforce-today') return <LapsedChecks />;
  return extensionKey === 'notices' ? <NoticesForYou /> : null;
}
