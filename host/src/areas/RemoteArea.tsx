import { Component, useState, type ReactNode } from 'react';
import type { AreaRegistration } from '@hcm/contract';
import { ErrorPanel, Loading, useRenderWhenSettled } from '@hcm/kit';
import { loadArea, type AreaModule } from './federation';

/** One load per area version and attempt, shared by every mount, the sidebar's preload and retries. */
type AreaLoad = { module?: AreaModule; error?: unknown; settled: Promise<void> };
const loads = new Map<string, AreaLoad>();

function areaLoad(area: AreaRegistration, attempt: number): AreaLoad {
  const key = `${area.name}@${area.version}#${attempt}`;
  let load = loads.get(key);
  if (!load) {
    const entry: AreaLoad = { settled: Promise.resolve() };
    entry.settled = loadArea(area, attempt > 0).then(
      (module) => void (entry.module = module),
      (error: unknown) => {
        console.error(`The ${area.title} area could not be loaded:`, error);
        entry.error = error;
      },
    );
    loads.set(key, entry);
    load = entry;
  }
  return load;
}

/**
 * Starts fetching an area's code ahead of a likely visit (the pointer is over its menu item, the page opened
 * inside it, or the browser is idle after sign-in); resolves once it has loaded or failed.
 */
export function preloadArea(area: AreaRegistration): Promise<void> {
  return areaLoad(area, 0).settled;
}

type BoundaryProps = { fallback: ReactNode; children: ReactNode };

class AreaErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error) {
    console.error('An area failed while rendering:', error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * Mounts an area's routes, loading its remote on first visit. If the remote cannot load or throws while
 * rendering, only this area shows the "unavailable" panel with a retry; the shell and other areas keep
 * working. Loading is plain state rather than Suspense, so a loaded area appears as soon as it arrives
 * (React holds a resolved Suspense boundary back for up to 300 ms).
 */
export function RemoteArea({ area, prefix }: { area: AreaRegistration; prefix: string }) {
  const [attempt, setAttempt] = useState(0);
  const load = areaLoad(area, attempt);
  useRenderWhenSettled(load.settled, Boolean(load.module || load.error));

  const unavailable = (
    <ErrorPanel title={`The ${area.title} area is unavailable`} onRetry={() => setAttempt((count) => count + 1)}>
      It could not be loaded just now. The rest of the application keeps working; try again in a moment.
    </ErrorPanel>
  );
  if (load.error) return unavailable;
  if (!load.module) return <Loading label={`Loading ${area.title}…`} />;
  const Area = load.module.default;
  return (
    <AreaErrorBoundary key={attempt} fallback={unavailable}>
      <Area prefix={prefix} />
    </AreaErrorBoundary>
  );
}
