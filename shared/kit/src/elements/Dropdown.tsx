import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useClickOutside } from './useClickOutside';
import styles from './Dropdown.module.css';

export type DropdownItem = {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
};

export type DropdownProps = {
  /** The button's text. */
  label: ReactNode;
  items: DropdownItem[];
  /** Which edge of the button the menu lines up with. */
  align?: 'start' | 'end';
  variant?: 'primary' | 'secondary';
};

/**
 * A menu button (WAI-ARIA menu button pattern): Enter, Space or ArrowDown opens the menu on its first item,
 * ArrowUp on its last; arrows, Home and End move between items; Escape closes and returns to the button;
 * Tab or a click outside closes.
 */
export function Dropdown({ label, items, align = 'start', variant = 'secondary' }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const buttonId = useId();
  const menuId = useId();
  const enabled = items.map((item, index) => (item.disabled ? -1 : index)).filter((index) => index >= 0);

  const handleClose = useCallback(() => setOpen(false), []);
  useClickOutside(rootRef, open, handleClose);

  useEffect(() => {
    if (open) itemRefs.current[activeIndex]?.focus();
  }, [open, activeIndex]);

  function openAt(index: number | undefined) {
    if (index === undefined) return;
    setActiveIndex(index);
    setOpen(true);
  }

  function closeToButton() {
    setOpen(false);
    buttonRef.current?.focus();
  }

  function handleButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    // Enter and Space reach handleButtonClick as a click.
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(enabled[0]);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(enabled[enabled.length - 1]);
    }
  }

  function handleButtonClick() {
    if (open) setOpen(false);
    else openAt(enabled[0]);
  }

  function handleMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const position = enabled.indexOf(activeIndex);
    const moves: Record<string, number | undefined> = {
      ArrowDown: enabled[(position + 1) % enabled.length],
      ArrowUp: enabled[(position - 1 + enabled.length) % enabled.length],
      Home: enabled[0],
      End: enabled[enabled.length - 1],
    };
    if (event.key in moves) {
      event.preventDefault();
      const next = moves[event.key];
      if (next !== undefined) setActiveIndex(next);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      closeToButton();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  function handleSelect(item: DropdownItem) {
    if (item.disabled) return;
    closeToButton();
    item.onSelect();
  }

  return (
    <div ref={rootRef} className={styles.dropdown}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={[styles.button, variant === 'primary' ? styles.primary : ''].join(' ')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={handleButtonClick}
        onKeyDown={handleButtonKeyDown}
      >
        {label}
        <span className={styles.caret} aria-hidden="true" />
      </button>
      {open ? (
        <ul id={menuId} role="menu" aria-labelledby={buttonId} className={[styles.menu, align === 'end' ? styles.alignEnd : ''].join(' ')} onKeyDown={handleMenuKeyDown}>
          {items.map((item, index) => (
            <li key={`${index}-${item.label}`} role="none">
              <button
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={index === activeIndex ? 0 : -1}
                aria-disabled={item.disabled || undefined}
                className={styles.item}
                onClick={() => handleSelect(item)}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
