export const FALLBACK_TITLE = 'Home Care Management';

/** Spec §1: '<product label> - <route name>', or 'Home Care Management' when no route is named. */
export function pageTitle(productLabel: string, routeName: string | undefined | null): string {
  return routeName ? `${productLabel} - ${routeName}` : FALLBACK_TITLE;
}
