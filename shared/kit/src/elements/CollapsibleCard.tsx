import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styles from './CollapsibleCard.module.css';

export type CollapsibleCardProps = {
  title: string;
  children: ReactNode;
  /** Uncontrolled: whether the card starts expanded (default true). */
  defaultOpen?: boolean;
  /** Controlled: give `open` and `onToggle` together. */
  open?: boolean;
  onToggle?: (open: boolean) => void;
  /** Controls beside the title (e.g. an Add button); they stay visible when the card is collapsed. */
  actions?: ReactNode;
  headingLevel?: 2 | 3 | 4;
};

/** True while the element's content is taller than the element (the body scrolls). */
function useOverflows<T extends HTMLElement>(active: boolean) {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!active || !element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setOverflows(element.scrollHeight > element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [active]);
  return { ref, overflows };
}

/**
 * A card whose header button expands and collapses its body (spec §2.4, §4). The body scrolls beyond 700px
 * (§9); when it does, it joins the tab order so keyboard users can scroll it.
 */
export function CollapsibleCard({ title, children, defaultOpen = true, open, onToggle, actions, headingLevel = 2 }: CollapsibleCardProps) {
  const [ownOpen, setOwnOpen] = useState(defaultOpen);
  const expanded = open ?? ownOpen;
  const bodyId = useId();
  const headerId = useId();
  const { ref: bodyRef, overflows } = useOverflows<HTMLDivElement>(expanded);
  const Heading = `h${headingLevel}` as const;

  function handleToggle() {
    if (open === undefined) setOwnOpen(!expanded);
    onToggle?.(!expanded);
  }

  return (
    <section className={[styles.card, expanded ? '' : styles.collapsed].join(' ')}>
      <div className={styles.header}>
        <Heading className={styles.heading}>
          <button id={headerId} type="button" className={styles.toggle} aria-expanded={expanded} aria-controls={bodyId} onClick={handleToggle}>
            <span className={styles.chevron} aria-hidden="true" />
            {title}
          </button>
        </Heading>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      <div
        ref={bodyRef}
        id={bodyId}
        className={styles.body}
        hidden={!expanded}
        role="region"
        aria-labelledby={headerId}
        tabIndex={expanded && overflows ? 0 : undefined}
      >
        {children}
      </div>
    </section>
  );
}
