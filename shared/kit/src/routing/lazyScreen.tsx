import type { ComponentType } from 'react';
import { ErrorPanel, Loading, useRenderWhenSettled } from '@hcm/kit';

/**
 * A component whose code loads on first render, for the heavier screens of an area (its home stays light).
 * Plain state rather than React.lazy: React holds a resolved Suspense boundary back for up to 300 ms.
 */
export function lazyScreen<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>, label = 'Loading…'): ComponentType<Props> {
  let Loaded: ComponentType<Props> | undefined;
  let failed = false;
  let pending: Promise<void> | undefined;
  const start = () =>
    (pending ??= load().then(
      (module) => void (Loaded = module.default),
      (error: unknown) => {
        console.error('A screen could not be loaded:', error);
        failed = true;
      },
    ));

  return function LazyScreen(props: Props) {
    useRenderWhenSettled(start(), Boolean(Loaded) || failed);
    if (failed) {
      return (
        <ErrorPanel title="This screen could not be loaded" onRetry={() => window.location.reload()}>
          Check your connection and try again.
        </ErrorPanel>
      );
    }
    if (!Loaded) return <Loading label={label} />;
    return <Loaded {...props} />;
  };
}
