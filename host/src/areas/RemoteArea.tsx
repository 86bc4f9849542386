import { Component, useState, type ReactNode } from 'react';
import type { AreaRegistration } from '@hcm/contract';
import { Link, useLocation } from 'react-router-dom';
import { Button, ErrorPanel, kitStyles, Loading, useRenderWhenSettled } from '@hcm/kit';
import { areaLoad } from './loads';

export { preloadArea } from './loads';

type BoundaryProps = { resetKey: string; fallback: ReactNode; children: ReactNode };
type BoundaryState = { failed: boolean; resetKey: string };

/**
 * Catches a screen of a loaded area that throws while rendering. It clears itself when `resetKey` changes (another
 * path, or "Try again") instead of being keyed by it, so that moving between working screens does not remount the
 * whole area.
 */
class ScreenErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error) {
    console.error('A screen of an area failed while rendering:', error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** A loaded area's screen that threw: the screen is at fault, not the area's loading nor the network. */
function ScreenFailed({ area, onTryAgain }: { area: AreaRegistration; onTryAgain: () => void }) {
  return (
    <div role="alert" className={kitStyles.errorPanel}>
      <h2>This screen could not be shown</h2>
      <p>
        Something went wrong on this screen of {area.title}. The {area.title} area loaded, and its other screens and the rest
        of the application keep working.
      </p>
      <Button onClick={onTryAgain}>Try again</Button> <Link to={area.home}>Go to the {area.title} home page</Link>
    </div>
  );
}

/**
 * Mounts an area's routes, loading its remote on first visit. If the remote cannot load, only this area shows the
 * "unavailable" panel, whose retry loads the remote again. If it loaded but a screen throws while rendering, only
 * that screen shows "could not be shown", whose "Try again" remounts the screen with the code already loaded, and
 * which clears on moving to another path. The shell and other areas keep working. Loading is plain state rather
 * than Suspense, so a loaded area appears as soon as it arrives (React holds a resolved Suspense boundary back for
 * up to 300 ms).
 */
export function RemoteArea({ area, prefix }: { area: AreaRegistration; prefix: string }) {
  const [attempt, setAttempt] = useState(0);
  const [screenAttempt, setScreenAttempt] = useState(0);
  const { pathname } = useLocation();
  const load = areaLoad(area, attempt);
  useRenderWhenSettled(load.settled, Boolean(load.module || load.error));

  if (load.error) {
    return (
      <ErrorPanel title={`The ${area.title} area is unavailable`} onRetry={() => setAttempt((count) => count + 1)}>
        It could not be loaded just now. The rest of the application keeps working; try again in a moment.
      </ErrorPanel>
    );
  }
  if (!load.module) return <Loading label={`Loading ${area.title}…`} />;
  const Area = load.module.default;
  return (
    <ScreenErrorBoundary
      resetKey={`${pathname}#${screenAttempt}`}
      fallback={<ScreenFailed area={area} onTryAgain={() => setScreenAttempt((count) => count + 1)} />}
    >
      <Area prefix={prefix} />
    </ScreenErrorBoundary>
  );
}
