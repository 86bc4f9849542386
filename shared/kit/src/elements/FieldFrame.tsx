import type { ReactNode } from 'react';
import styles from './fields.module.css';

type FieldFrameProps = {
  inputId: string;
  label: string;
  hint?: string;
  error?: string;
  disabled?: boolean;
  children: ReactNode;
};

/** The ids that describe a field's input: its hint and its error message. */
export function describedByOf(inputId: string, hint?: string, error?: string): string | undefined {
  return [hint ? `${inputId}-hint` : '', error ? `${inputId}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/** Label, hint and invalid message around a tag control, like the kit's form fields. */
export function FieldFrame({ inputId, label, hint, error, disabled, children }: FieldFrameProps) {
  return (
    <div className={[styles.field, error ? styles.invalid : '', disabled ? styles.disabled : ''].join(' ')}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      {children}
      {hint ? (
        <span id={`${inputId}-hint`} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${inputId}-error`} className={styles.invalidMessage}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

type TagProps = { label: string; onRemove: () => void; disabled?: boolean };

/** One removable tag; its button is named 'Remove <label>'. */
export function Tag({ label, onRemove, disabled }: TagProps) {
  return (
    <li className={styles.tag}>
      <span>{label}</span>
      <button type="button" className={styles.removeTag} aria-label={`Remove ${label}`} onClick={onRemove} disabled={disabled}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}

export const fieldStyles = styles;
