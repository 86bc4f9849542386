import type { DocumentStatus, DocumentValues } from '@hcm/contract/documents';

/**
 * A demo client's record document, with its history: the seeder (../demo-seed.ts) stores each version in order,
 * as the named demo user on the day given, so the versions' "who changed what" reads like a real record.
 */
export type DemoDocument = {
  /** The client's 1-based position in the demo clients (../../demo-rows.ts): 1 Margaret Ellison, 2 Desmond Achebe, 3 Irene Kowalczyk, 5 Jordan Pickering. */
  client: number;
  /** The declaration's name (contract/documents/). */
  document: string;
  /** Oldest first; the last is the current version. Each is the whole content, valid for the declaration. */
  versions: readonly {
    content: DocumentValues;
    daysAgo: number;
    by: 'office' | 'manager' | 'admin';
    /** What the change was, as the person saving would write it. */
    note?: string;
    /** 'active' unless given; a document still being written is 'draft'. */
    status?: DocumentStatus;
  }[];
  /** The next review, in days from today (negative: overdue). */
  reviewInDays?: number;
  /** The current version signed off by the demo manager, in the role given. */
  signedOff?: { role: string; daysAgo: number };
};
