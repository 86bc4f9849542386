import { useId, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { FieldFrame, Tag, describedByOf, fieldStyles as styles } from './FieldFrame';

export type TagInputProps = {
  label: string;
  /** The tags (controlled). */
  value: string[];
  onChange: (tags: string[]) => void;
  placeholder?: string;
  hint?: string;
  /** The invalid message; the field gets the invalid style while one is given. */
  error?: string;
  disabled?: boolean;
  name?: string;
};

/** Splits typed or pasted text into trimmed, non-empty tags not already in `existing`. */
function newTags(text: string, existing: string[]): string[] {
  const added: string[] = [];
  for (const part of text.split(',')) {
    const tag = part.trim();
    if (tag && !existing.includes(tag) && !added.includes(tag)) added.push(tag);
  }
  return added;
}

/**
 * Free-text tags: Enter or a comma adds what is typed, Backspace in the empty input removes the last tag,
 * each tag has a 'Remove <tag>' button. Duplicates are ignored; text left in the input is added on blur.
 */
export function TagInput({ label, value, onChange, placeholder, hint, error, disabled, name }: TagInputProps) {
  const [text, setText] = useState('');
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);

  function commit(input: string) {
    const added = newTags(input, value);
    if (added.length > 0) onChange([...value, ...added]);
    setText('');
  }

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const next = event.target.value;
    // A pasted "a, b, c" becomes tags at once; the text after the last comma stays in the input.
    if (next.includes(',')) {
      const lastComma = next.lastIndexOf(',');
      commit(next.slice(0, lastComma));
      setText(next.slice(lastComma + 1).trimStart());
    } else {
      setText(next);
    }
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      // Enter must not submit the surrounding form.
      event.preventDefault();
      commit(text);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      event.preventDefault();
      onChange(value.slice(0, -1));
    }
  }

  function handleRemove(tag: string) {
    onChange(value.filter((item) => item !== tag));
    // The removed button takes focus with it: keep the keyboard in the field.
    inputRef.current?.focus();
  }

  return (
    <FieldFrame inputId={inputId} label={label} hint={hint} error={error} disabled={disabled}>
      <div className={styles.control}>
        {value.length > 0 ? (
          <ul className={styles.tags} aria-label={`${label}: selected`}>
            {value.map((tag) => (
              <Tag key={tag} label={tag} onRemove={() => handleRemove(tag)} disabled={disabled} />
            ))}
          </ul>
        ) : null}
        <input
          ref={inputRef}
          id={inputId}
          name={name}
          className={styles.input}
          value={text}
          placeholder={placeholder}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByOf(inputId, hint, error)}
          onChange={handleChange}
          onKeyDown={handleKeyDown}
          onBlur={() => commit(text)}
        />
      </div>
    </FieldFrame>
  );
}
