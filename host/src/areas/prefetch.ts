import { filterNavigation, type AreaRegistration, type PermissionSubject } from '@hcm/contract';

/** The areas this user can open: those with a menu item (or a child of one) the user may see. */
export function openableAreas(areas: readonly AreaRegistration[], user: PermissionSubject): AreaRegistration[] {
  return areas.filter((area) => filterNavigation(area.navigation, user).length > 0);
}

type IdleScheduler = (run: () => void) => void;

/** requestIdleCallback where the browser has it (not Safari), else a short timeout. */
const whenIdle: IdleScheduler = (run) => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 5_000 });
  else window.setTimeout(run, 200);
};

/**
 * After sign-in, loads the code of every area the user can open, one per idle moment of the browser, so the
 * first click into an area finds its code there (a menu hover still loads one at once). It begins once `after`
 * settles (the area on screen, when the page opened inside one), so it never competes with what the user
 * waits for. Returns a cancel.
 */
export function prefetchAreasWhenIdle(
  areas: readonly AreaRegistration[],
  load: (area: AreaRegistration) => void,
  after: Promise<unknown> = Promise.resolve(),
  schedule: IdleScheduler = whenIdle,
): () => void {
  let cancelled = false;
  const queue = [...areas];
  const next = () => {
    if (cancelled) return;
    const area = queue.shift();
    if (!area) return;
    load(area);
    schedule(next);
  };
  void after.finally(() => schedule(next));
  return () => {
    cancelled = true;
  };
}
