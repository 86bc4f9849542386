import { useEffect } from 'react';
import { pageTitle } from '@hcm/contract';
import { usePageTitleStore, useRuntime } from '@hcm/kit';

/** Keeps the document title '<product label> - <route name>' (spec §1) in step with the current screen. */
export function useDocumentTitle(): void {
  const productLabel = useRuntime((state) => state.registry.productLabel);
  const routeName = usePageTitleStore((state) => state.routeName);
  useEffect(() => {
    document.title = pageTitle(productLabel, routeName);
  }, [productLabel, routeName]);
}
