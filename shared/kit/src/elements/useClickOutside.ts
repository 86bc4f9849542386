import { useEffect, type RefObject } from 'react';

/** Calls `onOutside` on a pointer press outside `ref` while `active`. */
export function useClickOutside(ref: RefObject<HTMLElement | null>, active: boolean, onOutside: () => void) {
  useEffect(() => {
    if (!active) return undefined;
    function handlePointerDown(event: MouseEvent | TouchEvent) {
      if (ref.current && event.target instanceof Node && !ref.current.contains(event.target)) onOutside();
    }
    document.addEventListener('mousedown', handlePointerDown);
    document.addEventListener('touchstart', handlePointerDown);
    return () => {
      document.removeEventListener('mousedown', handlePointerDown);
      document.removeEventListener('touchstart', handlePointerDown);
    };
  }, [ref, active, onOutside]);
}
