import { Link } from 'react-router-dom';
import { useApiQuery } from '@hcm/kit/data';
import { FINANCE_TODAY_PATH, type FinanceToday } from '../../contract/today';
import { dashboardPanelStyles as styles } from '@hcm/kit';
import { formatDate, formatMoney } from '@hcm/contract/format';

// Finance's panel on the dashboard (extension point dashboard.panel, key finance-today): the payments received and
// not yet wholly allocated to invoices, a count in words and the amount linking to the allocation list, the oldest
// first, each opening the payment to allocate it. GET /api/v1/finance/today; nothing is pushed when a payment is
// recorded or allocated, so the panel asks again when the window regains focus and every five minutes.

export const REFRESH_MS = 5 * 60_000;

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export default function TodayPanel() {
  const today = useApiQuery<FinanceToday>(FINANCE_TODAY_PATH, undefined, { refetchInterval: REFRESH_MS, refetchOnWindowFocus: true, failure: 'The payments to allocate could not be loaded.' });
  const waiting = today.data?.to_allocate;
  return (
    <section aria-labelledby="finance-today" className={styles.panel}>
      <h2 id="finance-today">Payments to allocate</h2>
      {today.error ? (
        <p role="alert">{today.error.message}</p>
      ) : !waiting ? (
        <p className={styles.muted}>Loading the payments to allocate…</p>
      ) : waiting.count === 0 ? (
        <p className={styles.muted}>No payment is waiting to be allocated.</p>
      ) : (
        <>
          <p className={styles.count}>
            <Link to="/app/finance/allocation">
              {counted(waiting.count, 'payment', 'payments')} to allocate: {formatMoney(waiting.unallocated_pence)} not yet allocated
            </Link>
          </p>
          <ul className={styles.list}>
            {waiting.items.map((payment) => (
              <li key={payment.id}>
                <Link to={`/app/finance/allocation/${payment.id}`}>
                  {payment.payer_name} ({payment.payer_kind === 'funder' ? 'funder' : 'private client'}), received {formatDate(payment.received_on)}
                </Link>
                : {formatMoney(payment.unallocated_pence)} of {formatMoney(payment.amount_pence)} not allocated{payment.reference ? ` (${payment.reference})` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
