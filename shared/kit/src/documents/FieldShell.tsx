import { createContext, useContext, type ReactNode } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import styles from './documents.module.css';

// The frame of every question: its label (or legend, for a group of inputs), hint and error message, with
// ids the inputs point at (aria-describedby), so a screen reader reads the hint and the error with the input.

/** The id of a form field's input from its name ('meals.0.time'), unique to the form on the page. */
export const FieldIds = createContext<(name: string) => string>((name) => `document-${name.replace(/\./g, '-')}`);

export function useFieldId(name: string): string {
  return useContext(FieldIds)(name);
}

/** The message of a field's error, wherever react-hook-form keeps it. */
export function useFieldError(name: string): string | undefined {
  const { control, getFieldState } = useFormContext();
  const formState = useFormState({ control, name });
  return getFieldState(name, formState).error?.message;
}

/** aria-describedby of an input: its hint, its error, and anything else (a unit). */
export function describedBy(id: string, { hint, error, extra }: { hint?: string | undefined; error?: string | undefined; extra?: string | undefined }): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : '', extra ?? ''].filter(Boolean).join(' ') || undefined;
}

function Hint({ id, hint }: { id: string; hint?: string | undefined }) {
  return hint ? (
    <p id={`${id}-hint`} className={styles.hint}>
      {hint}
    </p>
  ) : null;
}

export function ErrorText({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className={styles.error}>
      <span className={styles.visuallyHidden}>Error: </span>
      {error}
    </p>
  ) : null;
}

function Required({ required }: { required?: boolean | undefined }) {
  return required ? <span className={styles.required}> (needed to make it active)</span> : null;
}

/** One input with its label. */
export function FieldShell(props: { id: string; label: string; hint?: string | undefined; error?: string | undefined; required?: boolean | undefined; children: ReactNode }) {
  const { id, label, hint, error, required, children } = props;
  return (
    <div className={[styles.field, error ? styles.invalid : ''].join(' ')}>
      <label htmlFor={id} className={styles.label}>
        {label}
        <Required required={required} />
      </label>
      <Hint id={id} hint={hint} />
      <ErrorText id={id} error={error} />
      {children}
    </div>
  );
}

/** A group of inputs (radios, checkboxes, a signature, a table) under one question: a fieldset and its legend. */
export function GroupShell(props: { id: string; label: string; hint?: string | undefined; error?: string | undefined; required?: boolean | undefined; children: ReactNode; className?: string }) {
  const { id, label, hint, error, required, children, className } = props;
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      className={[styles.group, error ? styles.invalid : '', className ?? ''].join(' ')}
      aria-describedby={describedBy(id, { hint, error })}
    >
      <legend className={styles.label}>
        {label}
        <Required required={required} />
      </legend>
      <Hint id={id} hint={hint} />
      <ErrorText id={id} error={error} />
      {children}
    </fieldset>
  );
}
