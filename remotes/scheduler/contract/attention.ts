import * as v from 'valibot';
import { objectMessage } from '@hcm/contract/engine';
import type { VisitStatus } from './visits.js';

// Visits that need a planner (issues 27 and 29): a carer taken off by another area's event (leave approved, a
// suspension, a leaver, a check lapsed), a carer the rules refused when the visit was made (generated from a
// template, published by the rostering wizard, imported from CSV), or a visit that went ahead with a warning (a
// half-day's leave, a soft rule). One flag per visit, in words naming the carer and the rule; cleared when a
// carer is assigned again through the rules, when the visit is cancelled or removed, or dismissed by a planner
// with a reason (audited).

export const ATTENTION_KINDS = [
  { value: 'taken-off', label: 'Carer taken off' },
  { value: 'rule-break-at-generation', label: 'Left unassigned when made' },
  { value: 'warning', label: 'Warning' },
] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number]['value'];

/** Which of two kinds a merged flag keeps: a carer taken off outranks a refusal when made, which outranks a warning. */
export const ATTENTION_RANK: Record<AttentionKind, number> = { 'taken-off': 3, 'rule-break-at-generation': 2, warning: 1 };

/** Why a visit needs a planner, since when (an instant), and the kind. */
export type VisitAttention = { kind: AttentionKind; reason: string; since: string };

/** A row of GET /visits/needs-attention: the visit, and why it needs a planner. */
export type NeedsAttentionRow = {
  visit_id: number;
  branch_id: number;
  branch: string;
  client_id: number;
  client_name: string;
  date: string;
  start_time: string;
  end_time: string;
  status: VisitStatus;
  carers_needed: 1 | 2;
  carer_names: string[];
  kind: AttentionKind;
  reason: string;
  since: string;
};

/** GET /visits/needs-attention/count?branch_id=: the flagged visits from today on (for the dashboard). */
export type NeedsAttentionCount = { count: number };

/** POST /visits/:id/attention/dismiss: the planner says why the visit no longer needs attention. */
export const DismissAttentionSchema = v.strictObject(
  {
    reason: v.pipe(
      v.string('Say why this visit no longer needs attention.'),
      v.trim(),
      v.nonEmpty('Say why this visit no longer needs attention.'),
      v.maxLength(500, 'A reason is at most 500 characters.'),
    ),
  },
  objectMessage('dismissal'),
);
export type DismissAttentionValues = v.InferOutput<typeof DismissAttentionSchema>;

export const NEEDS_ATTENTION_PATH = 'api/v1/visits/needs-attention';
export const attentionDismissPath = (visitId: number) => `api/v1/visits/${visitId}/attention/dismiss`;
