import type { DocumentChange } from './display.js';
import type { DocumentResult, DocumentStatus, DocumentValues, Sensitivity } from './define.js';

// What the record-document API answers, the same for the server's engine (which builds these) and the kit's
// document screens (which read them).

export type DocumentSignOff = { name: string; role: string; at: string; version: number };
export type ReviewState = 'due' | 'overdue' | null;

export type DocumentSummary = {
  id: number;
  kind: string;
  title: string;
  status: DocumentStatus;
  version: number;
  review_date: string | null;
  review_state: ReviewState;
  signed_off: DocumentSignOff | null;
  results: DocumentResult[];
  updated_at: string;
  updated_by: string | null;
};

export type DocumentView = DocumentSummary & {
  content: DocumentValues;
  /** Keys of the answers this user may not read: absent from `content`. */
  withheld: string[];
  can: { edit: boolean; signOff: boolean };
};

export type VersionSummary = { version: number; status: DocumentStatus; saved_at: string; saved_by: string | null; note: string; changes: DocumentChange[] };

/** One line of `GET …/documents/reviews?state=`. */
export type ReviewItem = {
  owner_id: number;
  owner_name: string;
  kind: string;
  title: string;
  id: number;
  review_date: string;
  review_state: 'due' | 'overdue';
};

/** The permission reading each kind of sensitive answer needs, as the owner's documents are mounted with. */
export type SensitivePermissions = Record<Sensitivity, string>;
