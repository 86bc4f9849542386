import { useCallback, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { useDialogBehaviour } from './useDialogBehaviour';
import styles from './Lightbox.module.css';

/** The image lightbox's state, as spec §3 names it. */
export type LightboxState = { display: boolean; urls: string[] };

export type LightboxProps = LightboxState & {
  onClose: () => void;
  /** The image shown first. */
  startIndex?: number;
  /** Alternative text per image; 'Image n of m' when missing. */
  alts?: string[];
  label?: string;
};

/**
 * An image preview over the page: one image at a time with previous/next (buttons or the arrow keys, wrapping
 * round) and close (button, Escape or a click beside the image). Renders nothing while `display` is false.
 */
export function Lightbox({ display, urls, ...rest }: LightboxProps) {
  if (!display || urls.length === 0) return null;
  return createPortal(<LightboxDialog urls={urls} {...rest} />, document.body);
}

function LightboxDialog({ urls, onClose, startIndex = 0, alts, label = 'Image preview' }: Omit<LightboxProps, 'display'>) {
  const [chosen, setIndex] = useState(startIndex);
  // Clamped here, so a shorter `urls` (or a bad startIndex) never points past the end.
  const index = Math.min(Math.max(0, chosen), urls.length - 1);
  const { dialogRef, handleKeyDown: handleDialogKeyDown } = useDialogBehaviour({ open: true, onClose });
  const count = urls.length;
  const many = count > 1;

  const handlePrevious = () => setIndex((index - 1 + count) % count);
  const handleNext = () => setIndex((index + 1) % count);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (many && event.key === 'ArrowLeft') {
      event.preventDefault();
      handlePrevious();
    } else if (many && event.key === 'ArrowRight') {
      event.preventDefault();
      handleNext();
    } else {
      handleDialogKeyDown(event);
    }
  }

  function handleBackdropClick(event: MouseEvent<HTMLDivElement>) {
    if (event.target === event.currentTarget) onClose();
  }

  const position = `Image ${index + 1} of ${count}`;
  return (
    <div ref={dialogRef} role="dialog" aria-modal="true" aria-label={label} tabIndex={-1} className={styles.lightbox} onKeyDown={handleKeyDown} onClick={handleBackdropClick}>
      <button type="button" className={[styles.button, styles.close].join(' ')} aria-label="Close preview" onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
      {many ? (
        <button type="button" className={[styles.button, styles.previous].join(' ')} aria-label="Previous image" onClick={handlePrevious}>
          <span aria-hidden="true">‹</span>
        </button>
      ) : null}
      <figure className={styles.figure}>
        <img className={styles.image} src={urls[index]} alt={alts?.[index] ?? position} />
        {many ? (
          <figcaption className={styles.caption} aria-live="polite">
            {position}
          </figcaption>
        ) : null}
      </figure>
      {many ? (
        <button type="button" className={[styles.button, styles.next].join(' ')} aria-label="Next image" onClick={handleNext}>
          <span aria-hidden="true">›</span>
        </button>
      ) : null}
    </div>
  );
}

/** Lightbox state with show and hide, for a screen that previews images. */
export function useLightbox() {
  const [lightbox, setLightbox] = useState<LightboxState & { startIndex: number }>({ display: false, urls: [], startIndex: 0 });
  const show = useCallback((urls: string[], startIndex = 0) => setLightbox({ display: true, urls, startIndex }), []);
  const hide = useCallback(() => setLightbox((current) => ({ ...current, display: false })), []);
  return { lightbox, show, hide };
}
