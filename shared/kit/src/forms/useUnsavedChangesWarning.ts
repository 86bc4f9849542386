import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';

export const UNSAVED_CHANGES_WARNING = 'You have unsaved changes. Leave this page and lose them?';

/**
 * Warns before leaving a form with unsaved changes, for in-app navigation and for closing or reloading the
 * tab. Call `leaveWithoutWarning()` just before navigating away after a successful save.
 */
export function useUnsavedChangesWarning(dirty: boolean): { leaveWithoutWarning: () => void } {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const bypass = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && !bypass.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(UNSAVED_CHANGES_WARNING)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [dirty]);
  const leaveWithoutWarning = useCallback(() => {
    bypass.current = true;
  }, []);
  return { leaveWithoutWarning };
}
