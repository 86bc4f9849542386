import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './ui.module.css';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' };

export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonProps) {
  const classes = [styles.button, variant === 'secondary' ? styles.secondary : '', className ?? ''].join(' ').trim();
  return <button type={type} className={classes} {...props} />;
}

export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <div className={styles.pageHeader}>
      <h1>{title}</h1>
      {actions ? <div>{actions}</div> : null}
    </div>
  );
}

export function Card({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <section className={styles.card} aria-label={title}>
      {title ? <h2>{title}</h2> : null}
      {children}
    </section>
  );
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p role="status" className={styles.status}>
      {label}
    </p>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className={styles.status}>{children}</p>;
}

/** A clear error with an optional retry: used for failed lists and for an area that cannot load. */
export function ErrorPanel({ title, children, onRetry }: { title: string; children?: ReactNode; onRetry?: () => void }) {
  return (
    <div role="alert" className={styles.errorPanel}>
      <h2>{title}</h2>
      {children ? <p>{children}</p> : null}
      {onRetry ? <Button onClick={onRetry}>Retry</Button> : null}
    </div>
  );
}

export const kitStyles = styles;

/** The answer for a path inside an area that matches none of its screens. */
export function NotFound() {
  return (
    <div className={styles.card}>
      <h1>Page not found</h1>
      <p className={styles.muted}>There is no screen at this address. Use the menu to find what you need.</p>
    </div>
  );
}

/** The look of a dashboard panel (each area's `dashboard.panel`): one set of classes for every area's panel. */
export const dashboardPanelStyles = {
  panel: styles.dashboardPanel,
  muted: styles.panelMuted,
  count: styles.panelCount,
  list: styles.panelList,
  critical: styles.panelCritical,
} as const;
