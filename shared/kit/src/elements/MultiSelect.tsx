import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type FocusEvent, type KeyboardEvent } from 'react';
import { FieldFrame, Tag, describedByOf, fieldStyles } from './FieldFrame';
import { useClickOutside } from './useClickOutside';
import styles from './MultiSelect.module.css';

export type MultiSelectOption = { value: string; label: string };

export type MultiSelectProps = {
  label: string;
  options: MultiSelectOption[];
  /** The selected values (controlled), in the order they were chosen. */
  value: string[];
  onChange: (values: string[]) => void;
  placeholder?: string;
  hint?: string;
  error?: string;
  disabled?: boolean;
  noMatchesText?: string;
};

/**
 * A multi-select with tags (WAI-ARIA combobox with a multi-selectable listbox): typing filters the options,
 * ArrowDown/ArrowUp move through them, Enter or a click toggles one, Escape closes the list, Backspace in
 * the empty input removes the last choice. Choices show as removable tags. The list is at most 320px high
 * and scrolls (spec §9).
 */
export function MultiSelect({ label, options, value, onChange, placeholder, hint, error, disabled, noMatchesText = 'No matches' }: MultiSelectProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const listboxId = useId();

  const needle = query.trim().toLowerCase();
  const matches = needle ? options.filter((option) => option.label.toLowerCase().includes(needle)) : options;
  const active = open ? matches[Math.min(activeIndex, matches.length - 1)] : undefined;
  const optionId = (index: number) => `${listboxId}-option-${index}`;
  const labelOf = (optionValue: string) => options.find((option) => option.value === optionValue)?.label ?? optionValue;

  const activeId = active ? optionId(matches.indexOf(active)) : undefined;
  useEffect(() => {
    // The list scrolls (max 320px): keep the keyboard's option in sight.
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const handleClose = useCallback(() => setOpen(false), []);
  useClickOutside(rootRef, open, handleClose);

  function toggle(option: MultiSelectOption) {
    onChange(value.includes(option.value) ? value.filter((item) => item !== option.value) : [...value, option.value]);
  }

  function moveActive(step: number) {
    if (!open) {
      setOpen(true);
      setActiveIndex(0);
      return;
    }
    if (matches.length === 0) return;
    setActiveIndex((index) => (Math.min(index, matches.length - 1) + step + matches.length) % matches.length);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        moveActive(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        moveActive(-1);
        break;
      case 'Enter':
        if (active) {
          event.preventDefault();
          toggle(active);
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
        } else {
          setQuery('');
        }
        break;
      case 'Backspace':
        if (query === '' && value.length > 0) onChange(value.slice(0, -1));
        break;
      default:
    }
  }

  function handleQueryChange(event: ChangeEvent<HTMLInputElement>) {
    setQuery(event.target.value);
    setActiveIndex(0);
    setOpen(true);
  }

  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    if (!(event.relatedTarget instanceof Node && rootRef.current?.contains(event.relatedTarget))) setOpen(false);
  }

  function handleRemove(optionValue: string) {
    onChange(value.filter((item) => item !== optionValue));
    inputRef.current?.focus();
  }

  return (
    <FieldFrame inputId={inputId} label={label} hint={hint} error={error} disabled={disabled}>
      <div ref={rootRef} className={styles.root} onBlur={handleBlur}>
        <div className={fieldStyles.control} onClick={() => inputRef.current?.focus()}>
          {value.length > 0 ? (
            <ul className={fieldStyles.tags} aria-label={`${label}: selected`}>
              {value.map((item) => (
                <Tag key={item} label={labelOf(item)} onRemove={() => handleRemove(item)} disabled={disabled} />
              ))}
            </ul>
          ) : null}
          <input
            ref={inputRef}
            id={inputId}
            role="combobox"
            className={fieldStyles.input}
            value={query}
            placeholder={placeholder}
            disabled={disabled}
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listboxId}
            aria-activedescendant={activeId}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedByOf(inputId, hint, error)}
            onChange={handleQueryChange}
            onKeyDown={handleKeyDown}
            onClick={() => setOpen(true)}
          />
        </div>
        <ul id={listboxId} role="listbox" aria-multiselectable="true" aria-label={label} className={styles.listbox} hidden={!open}>
          {matches.map((option, index) => {
            const selected = value.includes(option.value);
            return (
              <li
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={selected}
                className={[styles.option, option === active ? styles.active : '', selected ? styles.selected : ''].join(' ')}
                // Keep focus in the input, so the list stays open for the next choice.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => toggle(option)}
              >
                <span className={styles.check} aria-hidden="true" />
                {option.label}
              </li>
            );
          })}
          {matches.length === 0 ? (
            <li role="option" aria-disabled="true" aria-selected="false" className={styles.empty}>
              {noMatchesText}
            </li>
          ) : null}
        </ul>
      </div>
    </FieldFrame>
  );
}
