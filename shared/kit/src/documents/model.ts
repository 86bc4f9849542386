import type { DocumentChange, DocumentResult, DocumentSpec, DocumentStatus, DocumentValues, DocumentView, ResultLevel, ReviewState, Sensitivity } from '@hcm/contract/documents';
import { apiKey } from '@hcm/kit/data';

// What the record-document API answers (see the server's document engine), the paths and cache keys of one
// owner's documents, and the few words and dates every document screen shows.

export type { DocumentSignOff, DocumentSummary, DocumentView, ReviewItem, ReviewState, SensitivePermissions, VersionSummary } from '@hcm/contract/documents';

/** What a 409 on saving tells: the version saved since, by whom, and what it changed (base → current). */
export type SaveConflict = {
  changes: DocumentChange[];
  savedBy: string | null;
  savedAt: string | null;
  currentVersion: number | null;
};


/** The API client's path of an owner's documents: `clients/12/documents` → `api/v1/clients/12/documents`. */
export function documentsApiBase(basePath: string): string {
  const clean = basePath.replace(/^\/+|\/+$/g, '');
  return clean.startsWith('api/') ? clean : `api/v1/${clean}`;
}

/** Every path of one kind of an owner's documents. */
export function documentPaths(basePath: string, kind: string) {
  const base = documentsApiBase(basePath);
  const kindPath = `${base}/${kind}`;
  return {
    /** Every document of the owner (the record's tab states and alerts read it). */
    all: base,
    kind: kindPath,
    document: (id: number) => `${kindPath}/${id}`,
    versions: (id: number) => `${kindPath}/${id}/versions`,
    version: (id: number, version: number) => `${kindPath}/${id}/versions/${version}`,
    signOff: (id: number) => `${kindPath}/${id}/sign-off`,
    pdf: (id: number, version?: number) => `${kindPath}/${id}/pdf${version === undefined ? '' : `?version=${version}`}`,
    /** The reviews across owners of this kind: `api/v1/clients/12/documents` → `api/v1/clients/documents/reviews`. */
    reviews: base.replace(/\/[^/]+\/documents$/, '/documents/reviews'),
  };
}

/**
 * What a write to a document makes stale: the owner's list (tab states, alerts), the kind's list, the
 * document, its versions, and the reviews lists. A version once saved never changes, so it is not among them.
 */
export function documentWriteKeys(basePath: string, kind: string, id?: number): (readonly unknown[])[] {
  const paths = documentPaths(basePath, kind);
  const keys = [apiKey(paths.all), apiKey(paths.kind), apiKey(paths.reviews)];
  if (id !== undefined) keys.push(apiKey(paths.document(id)), apiKey(paths.versions(id)));
  return keys;
}

/** The data of a 409 on PUT: the server's shape (`current_version`, `saved_by`, `saved_at`, `changes`) or `{ current, changes }`. */
export function conflictOf(data: unknown): SaveConflict {
  const record = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const current = (record.current && typeof record.current === 'object' ? record.current : null) as DocumentView | null;
  return {
    changes: Array.isArray(record.changes) ? (record.changes as DocumentChange[]) : [],
    savedBy: typeof record.saved_by === 'string' ? record.saved_by : (current?.updated_by ?? null),
    savedAt: typeof record.saved_at === 'string' ? record.saved_at : (current?.updated_at ?? null),
    currentVersion: typeof record.current_version === 'number' ? record.current_version : (current?.version ?? null),
  };
}

export const STATUS_LABELS: Record<DocumentStatus, string> = { draft: 'Draft', active: 'Active', archived: 'Archived' };

export const LEVEL_LABELS: Record<ResultLevel, string> = { none: 'Not scored', low: 'Low', medium: 'Medium', high: 'High', 'very-high': 'Very high' };

export const SENSITIVITY_LABELS: Record<Sensitivity, string> = { clinical: 'clinical', safeguarding: 'safeguarding' };

export function reviewLabel(state: ReviewState): string | null {
  return state === 'overdue' ? 'Review overdue' : state === 'due' ? 'Review due' : null;
}

/** A result's figure in words: '14 points', '22.5 kg/m²', or 'Not worked out yet'. */
export function resultValueText(result: DocumentResult): string {
  if (result.value === null || result.value === '') return 'Not worked out yet';
  return result.unit ? `${result.value} ${result.unit}` : String(result.value);
}

/** The declaration's results for some answers; none when it has none or cannot work them out yet. */
export function resultsFor(spec: Pick<DocumentSpec, 'results'>, values: DocumentValues): DocumentResult[] {
  try {
    return spec.results?.(values) ?? [];
  } catch {
    // Half-typed answers must never break the form: a figure that cannot be worked out is simply not shown.
    return [];
  }
}
