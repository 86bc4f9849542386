import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import styles from './AppLayout.module.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

type MenuDrawerProps = {
  id: string;
  open: boolean;
  onClose: () => void;
  /** Where focus goes back when the drawer closes: the header's "Menu" button. */
  returnFocusTo: RefObject<HTMLElement | null>;
  children: ReactNode;
};

/**
 * The sidebar on a narrow screen: a modal drawer from the left. While open, focus is inside it (on "Close menu"
 * first, Tab and Shift+Tab stay in it), the page behind does not scroll, and Escape, a click outside or
 * "Close menu" close it; focus then returns to the "Menu" button. Closed, it stays in the page as `hidden`, so
 * the button's aria-controls always points at it.
 */
export function MenuDrawer({ id, open, onClose, returnFocusTo, children }: MenuDrawerProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    closeRef.current?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const target = returnFocusTo.current;
    return () => {
      document.body.style.overflow = previousOverflow;
      if (target?.isConnected) target.focus();
    };
  }, [open, returnFocusTo]);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className={styles.drawerRoot} hidden={!open}>
      {/* The dimmed page: a click (or tap) on it closes the drawer; keyboard users have Escape and "Close menu". */}
      <div className={styles.backdrop} aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        tabIndex={-1}
        className={styles.drawer}
        onKeyDown={handleKeyDown}
      >
        <div className={styles.drawerTop}>
          <button ref={closeRef} type="button" className={styles.drawerClose} onClick={onClose}>
            <span aria-hidden="true">×</span> Close menu
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
