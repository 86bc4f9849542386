import type { ReactNode } from 'react';
import styles from './templates.module.css';

// What the client-record tabs of templates and client slots share: API paths, UK days, sections.

export { styles };

export const clientPath = (clientId: number, part: string) => `api/v1/clients/${clientId}/${part}`;
export const templatePath = (id: number, part = '') => `api/v1/visit-templates/${id}${part ? `/${part}` : ''}`;

/** Today in the UK as YYYY-MM-DD. */

export const shiftDay = (day: string, days: number) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

export function Section({ title, actions, children, level = 2 }: { title: string; actions?: ReactNode; children: ReactNode; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={styles.section} aria-label={title}>
      <div className={styles.heading}>
        <Heading>{title}</Heading>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
