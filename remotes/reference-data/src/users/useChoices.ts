import { useEffect, useState } from 'react';
import type { Page } from '@hcm/contract';
import { api, resourcePath } from '@hcm/kit';

export type Choice = { value: string; label: string };

/**
 * Options for a select from a list endpoint (roles, branches, users): the first 100 rows, or none when the
 * user may not read that list (the server answers 403 and the form offers what it already knows).
 */
export function useListRows<Row>(resource: string, enabled = true): Row[] {
  const [rows, setRows] = useState<Row[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    void api.get<Page<Row>>(resourcePath(resource), { page: 1, page_size: 100 }).then((answer) => {
      if (current && !answer.error && answer.data) setRows(answer.data.data);
    });
    return () => {
      current = false;
    };
  }, [resource, enabled]);
  return rows;
}

/** The union of two option lists, first one winning, sorted by label. */
export function mergeChoices(...lists: Choice[][]): Choice[] {
  const byValue = new Map<string, Choice>();
  for (const list of lists) for (const choice of list) if (!byValue.has(choice.value)) byValue.set(choice.value, choice);
  return [...byValue.values()].sort((a, b) => a.label.localeCompare(b.label));
}
