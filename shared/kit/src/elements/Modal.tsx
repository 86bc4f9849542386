import { useId, useRef, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { usePresence, useDialogBehaviour } from './useDialogBehaviour';
import styles from './Modal.module.css';

/** Open/close animation lengths; they match Modal.module.css. */
export const MODAL_ANIMATION_MS = { normal: 150, slow: 400 } as const;

export type ModalProps = {
  open: boolean;
  title: string;
  onClose: () => void;
  /** The body. */
  children: ReactNode;
  /** Actions at the bottom (e.g. Cancel and Save buttons). */
  footer?: ReactNode;
  /** The slower open/close animation (spec §2.4). */
  slow?: boolean;
  size?: 'small' | 'medium' | 'large';
  closeLabel?: string;
  /** What gets focus on open; the dialog itself when not given. */
  initialFocusRef?: RefObject<HTMLElement | null>;
};

/**
 * A modal dialog with header, body and footer, rendered in a portal. It closes on Escape, on the close
 * button and on a click on the backdrop; focus moves into it and returns to the opener.
 */
export function Modal({ open, title, onClose, children, footer, slow = false, size = 'medium', closeLabel = 'Close', initialFocusRef }: ModalProps) {
  const titleId = useId();
  const { rendered, closing } = usePresence(open, slow ? MODAL_ANIMATION_MS.slow : MODAL_ANIMATION_MS.normal);
  const { dialogRef, handleKeyDown } = useDialogBehaviour({ open, onClose, initialFocusRef });
  // A press that starts inside the dialog and ends on the backdrop (selecting text) must not close it.
  const pressedOnBackdrop = useRef(false);

  if (!rendered) return null;

  function handleBackdropMouseDown(event: MouseEvent<HTMLDivElement>) {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  }

  function handleBackdropClick(event: MouseEvent<HTMLDivElement>) {
    if (pressedOnBackdrop.current && event.target === event.currentTarget) onClose();
    pressedOnBackdrop.current = false;
  }

  const backdropClasses = [styles.backdrop, slow ? styles.slow : '', closing ? styles.closing : ''].join(' ');
  return createPortal(
    <div className={backdropClasses} onMouseDown={handleBackdropMouseDown} onClick={handleBackdropClick}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={[styles.dialog, styles[size]].join(' ')}
        onKeyDown={handleKeyDown}
        inert={closing || undefined}
      >
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label={closeLabel} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className={styles.body}>{children}</div>
        {footer ? <footer className={styles.footer}>{footer}</footer> : null}
      </div>
    </div>,
    document.body,
  );
}
