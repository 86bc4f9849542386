import { useEffect } from 'react';
import { create } from 'zustand';

/** The current route's name; the host turns it into the document title. */
export const usePageTitleStore = create<{ routeName: string | null; setRouteName: (name: string | null) => void }>(
  (set) => ({ routeName: null, setRouteName: (routeName) => set({ routeName }) }),
);

/**
 * A screen names its route with this hook: the title reads '<product label> - <name>'. `undefined` leaves
 * the name to the enclosing screen (a part of a page, such as a nested list).
 */
export function useRouteName(name: string | null | undefined): void {
  useEffect(() => {
    if (name === undefined) return;
    usePageTitleStore.getState().setRouteName(name);
    return () => usePageTitleStore.getState().setRouteName(null);
  }, [name]);
}
