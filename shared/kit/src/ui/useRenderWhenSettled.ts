import { useEffect, useState } from 'react';

/**
 * Renders the component again once `settled` resolves, for code loaded through plain state instead of
 * Suspense. `settledAtRender` says whether this render already saw the outcome; when it did not, the hook
 * subscribes even if the promise has settled since, because it may settle between render and effect and
 * then only this re-render shows the result.
 */
export function useRenderWhenSettled(settled: Promise<unknown>, settledAtRender: boolean): void {
  const [, setSettledCount] = useState(0);
  useEffect(() => {
    if (settledAtRender) return;
    let mounted = true;
    void settled.then(() => mounted && setSettledCount((count) => count + 1));
    return () => {
      mounted = false;
    };
  }, [settled, settledAtRender]);
}
