import { useResourceListPage } from '@hcm/kit/data';

export type Choice = { value: string; label: string };

const FIRST_100 = { page: 1, page_size: 100 };
const NONE: never[] = [];

/**
 * Options for a select from a list endpoint (roles, branches, users): the first 100 rows, or none when the
 * user may not read that list (the server answers 403 and the form offers what it already knows). Read
 * through the data layer, as a page of the resource's list: a write to that resource invalidates it.
 */
export function useListRows<Row>(resource: string, enabled = true): Row[] {
  const list = useResourceListPage<Row>(resource, FIRST_100, { enabled, keepPrevious: false });
  return list.data?.data ?? NONE;
}

/** The union of two option lists, first one winning, sorted by label. */
export function mergeChoices(...lists: Choice[][]): Choice[] {
  const byValue = new Map<string, Choice>();
  for (const list of lists) for (const choice of list) if (!byValue.has(choice.value)) byValue.set(choice.value, choice);
  return [...byValue.values()].sort((a, b) => a.label.localeCompare(b.label));
}
