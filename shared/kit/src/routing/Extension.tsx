import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { extensionFor } from '@hcm/contract';
import { ErrorPanel, Loading, useRuntime } from '@hcm/kit';

type Contribution = ComponentType<Record<string, unknown> & { extensionKey: string }>;

/**
 * What another area contributes to one of this screen's extension points (a tab on a record, a widget), loaded
 * at runtime from whichever registered area declares it (its area.json `extensions`): areas never import each
 * other. `fallback` shows while no area contributes it, e.g. "provided by the Scheduler area".
 */
export function Extension({ point, extensionKey, props = {}, fallback }: { point: string; extensionKey: string; props?: Record<string, unknown>; fallback: ReactNode }) {
  const areas = useRuntime((state) => state.registry.areas);
  const loadExposed = useRuntime((state) => state.loadExposed);
  const found = extensionFor(areas, point, extensionKey);
  const [state, setState] = useState<{ key: string; Component?: Contribution; failed?: boolean }>({ key: '' });
  const wanted = found ? `${found.area.name}:${found.extension.module}:${extensionKey}` : '';

  useEffect(() => {
    if (!found) return;
    let live = true;
    loadExposed(found.area, found.extension.module).then(
      (module) => live && setState({ key: wanted, Component: (module as { default: Contribution }).default }),
      () => live && setState({ key: wanted, failed: true }),
    );
    return () => {
      live = false;
    };
    // `found` is derived from `wanted`'s parts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, loadExposed]);

  if (!found) return <>{fallback}</>;
  if (state.key !== wanted) return <Loading label={`Loading ${found.extension.title}…`} />;
  if (state.failed || !state.Component) {
    return <ErrorPanel title={`${found.extension.title} is unavailable`}>The {found.area.title} area could not be loaded. The rest of this page still works.</ErrorPanel>;
  }
  const Component = state.Component;
  return <Component {...props} extensionKey={extensionKey} />;
}
