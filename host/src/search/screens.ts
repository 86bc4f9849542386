import { GROUP_TARGET, type NavigationItem } from '@hcm/contract';
import type { SearchGroup, SearchResult } from './types';

/** At most this many screens are offered, as for each kind the server finds. */
export const SCREEN_LIMIT = 5;

/** A screen of the menu: its title, the titles of the groups it sits in, its address. */
type Screen = { title: string; path: readonly string[]; target: string };

/** Every screen of the menu the user may see, depth first; a target naming the current record (USERID) is left out. */
function screensOf(items: readonly NavigationItem[], path: readonly string[] = []): Screen[] {
  return items.flatMap((item) => {
    const own = item.target !== GROUP_TARGET && !item.target.includes('USERID') ? [{ title: item.title, path, target: item.target }] : [];
    return [...own, ...screensOf(item.children ?? [], [...path, item.title])];
  });
}

const wordsOf = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * The screens whose title has a word starting with each word typed ("rev due" finds "Reviews due"), in menu order,
 * each address once. `items`: the menu as the sidebar shows it to this user (already filtered by permission).
 */
export function screensMatching(items: readonly NavigationItem[], text: string, limit = SCREEN_LIMIT): SearchResult[] {
  const terms = wordsOf(text);
  if (!terms.length) return [];
  const seen = new Set<string>();
  const found: SearchResult[] = [];
  for (const screen of screensOf(items)) {
    if (found.length >= limit) break;
    const words = wordsOf(screen.title);
    if (seen.has(screen.target) || !terms.every((term) => words.some((word) => word.startsWith(term)))) continue;
    seen.add(screen.target);
    found.push({ kind: 'screens', id: screen.target, title: screen.title, subtitle: screen.path.length ? screen.path.join(' › ') : 'Screen', href: screen.target });
  }
  return found;
}

/** The screens found, as a group after the server's. */
export function screensGroup(items: readonly NavigationItem[], text: string): SearchGroup | null {
  const found = screensMatching(items, text);
  return found.length ? { kind: 'screens', label: 'Screens', items: found } : null;
}
