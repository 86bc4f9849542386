import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => !element.hasAttribute('inert'));
}

type DialogBehaviour = {
  open: boolean;
  onClose: () => void;
  /** What receives focus on open; the dialog itself (so its title is read first) when not given. */
  initialFocusRef?: RefObject<HTMLElement | null>;
};

/**
 * What every modal surface of the kit does (Modal, Lightbox): focus moves into it on open and back to the
 * element that opened it on close, Tab and Shift+Tab stay inside it, Escape closes it, the page behind does
 * not scroll.
 */
export function useDialogBehaviour({ open, onClose, initialFocusRef }: DialogBehaviour) {
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (initialFocusRef?.current ?? dialogRef.current)?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [open, initialFocusRef]);

  const handleKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === 'Escape') {
        // Stop here, so a dialog opened from inside another closes alone.
        event.stopPropagation();
        onClose();
        return;
      }
      if (event.key !== 'Tab' || !dialogRef.current) return;
      const focusable = focusableIn(dialogRef.current);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === dialogRef.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    },
    [onClose],
  );

  return { dialogRef, handleKeyDown };
}

/**
 * Keeps a closing surface mounted for its exit animation: `rendered` stays true for `durationMs` after
 * `open` turns false, and `closing` is true meanwhile.
 */
export function usePresence(open: boolean, durationMs: number) {
  const [rendered, setRendered] = useState(open);
  useEffect(() => {
    if (open) {
      setRendered(true);
      return undefined;
    }
    const timer = window.setTimeout(() => setRendered(false), durationMs);
    return () => window.clearTimeout(timer);
  }, [open, durationMs]);
  return { rendered: open || rendered, closing: !open && rendered };
}

