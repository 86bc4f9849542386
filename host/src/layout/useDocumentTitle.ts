import { useEffect } from 'react';
import { create } from 'zustand';
import { pageTitle } from '@hcm/contract';
import { usePageTitleStore, useRuntime } from '@hcm/kit';

/**
 * The title of the current page's menu entry, set by the signed-in layout: the route name when the screen does
 * not give one itself (a screen's own name, through useRouteName, always wins).
 */
export const useMenuTitleStore = create<{ menuTitle: string | null; setMenuTitle: (title: string | null) => void }>((set) => ({
  menuTitle: null,
  setMenuTitle: (menuTitle) => set({ menuTitle }),
}));

/** Keeps the document title '<product label> - <route name>' (spec §1) in step with the current screen. */
export function useDocumentTitle(): void {
  const productLabel = useRuntime((state) => state.registry.productLabel);
  const routeName = usePageTitleStore((state) => state.routeName);
  const menuTitle = useMenuTitleStore((state) => state.menuTitle);
  useEffect(() => {
    document.title = pageTitle(productLabel, routeName ?? menuTitle);
  }, [productLabel, routeName, menuTitle]);
}
