import { useAlerts } from '@hcm/kit';
import styles from './Toaster.module.css';

/**
 * Toasts at the bottom right (spec §4 Alerts): success, danger, warning and chat variants. The container is a
 * named region (a landmark, "Notifications") that is always in the page and live, so a toast added to it is
 * announced; each toast is a status, danger toasts an alert (they interrupt).
 */
export function Toaster() {
  const alerts = useAlerts((state) => state.alerts);
  const dismiss = useAlerts((state) => state.dismiss);
  return (
    <div className={styles.region} role="region" aria-live="polite" aria-label="Notifications">
      {alerts.map((alert) => (
        <div key={alert.id} role={alert.type === 'danger' ? 'alert' : 'status'} className={`${styles.toast} ${styles[alert.type]}`}>
          <div>
            <strong className={styles.title}>{alert.title}</strong>
            <p className={styles.message}>{alert.message}</p>
          </div>
          <button type="button" className={styles.close} aria-label="Dismiss notification" onClick={() => dismiss(alert.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
