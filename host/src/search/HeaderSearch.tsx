import { lazy, Suspense, useEffect, useState } from 'react';
import type { NavigationItem } from '@hcm/contract';
import styles from './search.module.css';

// The dialog and its combobox load on first use (or when the pointer or focus reaches the box), not with the layout.
const loadDialog = () => import('./SearchDialog');
const SearchDialog = lazy(loadDialog);

/** Whether the keyboard's shortcut is ⌘ (Apple) rather than Ctrl, for the hint on the box. */
const APPLE = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

/** Ctrl+K or Cmd+K (no other modifier), whatever has the focus. */
export function isSearchShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}

/**
 * The header's search box: a button shaped like a search field, "Find anything", that opens the search dialog, as
 * Ctrl+K and Cmd+K do from anywhere in the signed-in app. Not named "Search": a screen's own search button keeps
 * that name to itself. `menu`: the menu as the sidebar shows it to this user.
 */
export function HeaderSearch({ menu }: { menu: readonly NavigationItem[] }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);

  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      setUsed(true);
      setOpen(true);
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);

  const preload = () => void loadDialog();
  const handleOpen = () => {
    setUsed(true);
    setOpen(true);
  };

  return (
    <>
      <button
        type="button"
        className={styles.trigger}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={handleOpen}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <span aria-hidden="true" className={styles.icon} />
        <span className={styles.triggerText}>Find anything</span>
        <kbd aria-hidden="true" className={styles.kbd}>
          {APPLE ? '⌘ K' : 'Ctrl K'}
        </kbd>
      </button>
      {used ? (
        <Suspense fallback={null}>
          <SearchDialog open={open} onClose={() => setOpen(false)} menu={menu} />
        </Suspense>
      ) : null}
    </>
  );
}
