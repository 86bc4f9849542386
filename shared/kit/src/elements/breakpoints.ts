import { useSyncExternalStore } from 'react';

/** Responsive breakpoints (spec §9), in px: the minimum viewport width of each. */
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;

/** 'xs' is below the first breakpoint. */
export type Breakpoint = 'xs' | keyof typeof BREAKPOINTS;

/** The largest breakpoint a viewport `width` reaches. */
export function breakpointOf(width: number): Breakpoint {
  let current: Breakpoint = 'xs';
  for (const [name, min] of Object.entries(BREAKPOINTS) as [keyof typeof BREAKPOINTS, number][]) {
    if (width >= min) current = name;
  }
  return current;
}

/** True when breakpoint `current` is at least `min` ('md' is at least 'sm'). */
export function isAtLeast(current: Breakpoint, min: Breakpoint): boolean {
  const order: Breakpoint[] = ['xs', 'sm', 'md', 'lg', 'xl', 'xxl'];
  return order.indexOf(current) >= order.indexOf(min);
}

function subscribe(onChange: () => void) {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/** The viewport's current breakpoint; re-renders only when it changes, not on every resize. */
export function useBreakpoint(): Breakpoint {
  return useSyncExternalStore(
    subscribe,
    () => breakpointOf(window.innerWidth),
    () => 'xs',
  );
}
