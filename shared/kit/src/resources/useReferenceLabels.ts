import { useEffect, useState } from 'react';
import type { Page } from '@hcm/contract';
import type { ResourceSpec } from '@hcm/contract/engine';
import { api, resourcePath } from '@hcm/kit';
import { referenceFields, type ReferenceLabels } from './values';

/** Most reference lists (funders, bands, reasons) are short: the first 100 rows serve as the choices. */
const REFERENCE_PAGE_SIZE = 100;

/** Id → label of every row each reference field of `spec` can point at, for selects and list cells. */
export function useReferenceLabels(spec: ResourceSpec): ReferenceLabels {
  const [labels, setLabels] = useState<ReferenceLabels>({});
  useEffect(() => {
    let current = true;
    const fields = referenceFields(spec);
    // Nothing to fetch (a client refers to no other resource): no state update after the first render.
    if (!fields.length) return;
    void Promise.all(
      fields.map(async ({ key, resource, labelField }) => {
        const answer = await api.get<Page<Record<string, unknown>>>(resourcePath(resource), {
          page_size: REFERENCE_PAGE_SIZE,
          sort: labelField,
          mode: 'asc',
        });
        const rows = answer.data?.data ?? [];
        return [key, new Map(rows.map((row) => [Number(row.id), String(row[labelField] ?? '')]))] as const;
      }),
    ).then((entries) => current && setLabels(Object.fromEntries(entries)));
    return () => {
      current = false;
    };
  }, [spec]);
  return labels;
}
