import { useCallback, useMemo } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { Page } from '@hcm/contract';
import type { ResourceSpec } from '@hcm/contract/engine';
import { resourceListQuery } from '@hcm/kit/data';
import { referenceFields, type ReferenceLabels } from './values';

/** Most reference lists (funders, bands, reasons) are short: the first 100 rows serve as the choices. */
const REFERENCE_PAGE_SIZE = 100;

/**
 * Id → label of every row each reference field of `spec` can point at, for selects and list cells. Read
 * through the data layer: a list and its form share the answers, and a write to the referenced resource
 * invalidates them. A list that cannot be read gives no labels (the cell shows the id).
 */
export function useReferenceLabels(spec: ResourceSpec): ReferenceLabels {
  const fields = useMemo(() => referenceFields(spec), [spec]);
  // Combined again only when an answer changed, so the form's and the list's inputs keep their identity.
  const combine = useCallback((answers: UseQueryResult<Page<Record<string, unknown>>>[]) => labelsOf(fields, answers), [fields]);
  return useQueries({
    queries: fields.map(({ resource, labelField }) =>
      resourceListQuery<Record<string, unknown>>(resource, { page_size: REFERENCE_PAGE_SIZE, sort: labelField, mode: 'asc' }),
    ),
    combine,
  });
}

function labelsOf(fields: ReturnType<typeof referenceFields>, answers: UseQueryResult<Page<Record<string, unknown>>>[]): ReferenceLabels {
  return Object.fromEntries(
    fields.map(({ key, labelField }, index) => {
      const rows = answers[index]?.data?.data ?? [];
      return [key, new Map(rows.map((row) => [Number(row.id), String(row[labelField] ?? '')]))] as const;
    }),
  );
}
