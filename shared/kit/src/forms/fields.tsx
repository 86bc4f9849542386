import { useId, type InputHTMLAttributes, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useFormContext, type FieldValues, type Path } from 'react-hook-form';
import styles from './forms.module.css';

type Common = { name: string; label: string; hint?: string };

function useFieldState(name: string) {
  const { register, getFieldState, formState } = useFormContext<FieldValues>();
  const { error } = getFieldState(name as Path<FieldValues>, formState);
  return { register, message: error?.message };
}

function FieldShell({ id, label, hint, message, children }: { id: string; label: string; hint?: string; message?: string; children: React.ReactNode }) {
  return (
    <div className={[styles.field, message ? styles.invalid : ''].join(' ')}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? <span id={`${id}-hint`} className={styles.hint}>{hint}</span> : null}
      {message ? (
        <span id={`${id}-error`} className={styles.invalidMessage}>
          {message}
        </span>
      ) : null}
    </div>
  );
}

const describedBy = (id: string, hint?: string, message?: string) =>
  [hint ? `${id}-hint` : '', message ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

export function TextField({ name, label, hint, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const { register, message } = useFieldState(name);
  return (
    <FieldShell id={id} label={label} hint={hint} message={message}>
      <input id={id} aria-invalid={message ? true : undefined} aria-describedby={describedBy(id, hint, message)} {...input} {...register(name)} />
    </FieldShell>
  );
}

export function TextAreaField({ name, label, hint, ...textarea }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  const { register, message } = useFieldState(name);
  return (
    <FieldShell id={id} label={label} hint={hint} message={message}>
      <textarea id={id} rows={4} aria-invalid={message ? true : undefined} aria-describedby={describedBy(id, hint, message)} {...textarea} {...register(name)} />
    </FieldShell>
  );
}

export function SelectField({ name, label, hint, options, ...select }: Common & SelectHTMLAttributes<HTMLSelectElement> & { options: { value: string; label: string }[] }) {
  const id = useId();
  const { register, message } = useFieldState(name);
  return (
    <FieldShell id={id} label={label} hint={hint} message={message}>
      <select id={id} aria-invalid={message ? true : undefined} aria-describedby={describedBy(id, hint, message)} {...select} {...register(name)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function CheckboxField({ name, label, disabled }: Common & { disabled?: boolean }) {
  const id = useId();
  const { register } = useFieldState(name);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.checkbox}>
        <input id={id} type="checkbox" disabled={disabled} {...register(name)} />
        {label}
      </label>
    </div>
  );
}

export const formStyles = styles;
