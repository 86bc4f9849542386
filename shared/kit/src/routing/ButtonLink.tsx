import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { kitStyles } from '@hcm/kit';

/** A link styled as a button, for "Add …" actions that navigate. */
export function ButtonLink({ to, children, variant = 'primary' }: { to: string; children: ReactNode; variant?: 'primary' | 'secondary' }) {
  return (
    <Link to={to} className={[kitStyles.button, variant === 'secondary' ? kitStyles.secondary : ''].join(' ').trim()}>
      {children}
    </Link>
  );
}
