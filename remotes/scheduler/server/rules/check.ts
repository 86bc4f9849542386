import type { Database } from '@hcm/server/platform';
import type { RuleFinding } from '../../contract/visits.js';
import type { SchedulingSources } from '../sources/types.js';

/** A visit as the rules see it: where and when, what it needs, and the carers on it already. */
export type PlannedVisit = {
  id: number | null;
  branch_id: number;
  client_id: number;
  date: string;
  planned_start: string;
  planned_end: string;
  carers_needed: 1 | 2;
  requires_medication: boolean;
  carer_ids: number[];
};

/**
 * Every rule's verdict on putting `carerId` on `visit` (scheduler/rules): hard findings refuse it, soft ones warn.
 * Placeholder signature until the rules land (issue 15): answers no finding.
 */
export async function checkAssignment(db: Database, sources: SchedulingSources, visit: PlannedVisit, carerId: number): Promise<RuleFinding[]> {
  void db;
  void sources;
  void visit;
  void carerId;
  return [];
}
