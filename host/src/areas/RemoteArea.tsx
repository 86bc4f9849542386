import { Component, lazy, Suspense, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { AreaRegistration } from '@hcm/contract';
import { ErrorPanel, Loading } from '@hcm/kit';
import { loadArea } from './federation';

type AreaComponent = LazyExoticComponent<ComponentType<{ prefix: string }>>;

// One lazy component per area and attempt, so moving between an area's pages does not reload it.
const lazyAreas = new Map<string, AreaComponent>();

function areaComponent(area: AreaRegistration, attempt: number): AreaComponent {
  const key = `${area.name}@${area.version}#${attempt}`;
  let component = lazyAreas.get(key);
  if (!component) {
    component = lazy(() => loadArea(area, attempt > 0));
    lazyAreas.set(key, component);
  }
  return component;
}

type BoundaryProps = { fallback: (error: Error) => ReactNode; children: ReactNode };

class AreaErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error('An area failed to load or render:', error);
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/**
 * Mounts an area's routes, loading its remote on first visit. If the remote cannot load (or throws), only
 * this area shows the "unavailable" panel with a retry; the shell and the other areas keep working.
 */
export function RemoteArea({ area, prefix }: { area: AreaRegistration; prefix: string }) {
  const [attempt, setAttempt] = useState(0);
  const Area = areaComponent(area, attempt);
  return (
    <AreaErrorBoundary
      key={attempt}
      fallback={() => (
        <ErrorPanel title={`The ${area.title} area is unavailable`} onRetry={() => setAttempt((count) => count + 1)}>
          It could not be loaded just now. The rest of the application keeps working; try again in a moment.
        </ErrorPanel>
      )}
    >
      <Suspense fallback={<Loading label={`Loading ${area.title}…`} />}>
        <Area prefix={prefix} />
      </Suspense>
    </AreaErrorBoundary>
  );
}
