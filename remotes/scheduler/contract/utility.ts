import * as v from 'valibot';
import { isoDate, objectMessage, referenceId } from '@hcm/contract/engine';

// Bulk corrections of visits over a period (visits.correct): move visits from one funder code to another, or
// mark visits with an NPC (non-payable/chargeable) code. A preview lists the visits a change would touch; apply
// changes exactly those, in one transaction, each logged 'bulk', with one audit entry for the action.

const ids = (label: string) => v.optional(v.pipe(v.array(referenceId(label), `Choose ${label.toLowerCase()}s.`), v.maxLength(200, `At most 200 ${label.toLowerCase()}s.`)), []);

const period = {
  branch_id: referenceId('Branch'),
  client_ids: ids('Client'),
  from: isoDate('From'),
  to: isoDate('To'),
  /** Apply: the ids the preview listed, so nothing changed between preview and apply goes unseen. */
  visit_ids: v.optional(v.array(referenceId('Visit')), undefined),
};

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const MoveFunderCodeSchema = v.pipe(
  v.strictObject(
    {
      ...period,
      from_funder_code_id: referenceId('Funder code to move from'),
      to_funder_code_id: referenceId('Funder code to move to'),
    },
    objectMessage('funder code move'),
  ),
  v.forward(
    v.partialCheck([['from'], ['to']], (input) => input.to >= input.from && daysBetween(input.from, input.to) <= 366, 'To must be on or after From, within a year.'),
    ['to'],
  ),
  v.forward(
    v.partialCheck([['from_funder_code_id'], ['to_funder_code_id']], (input) => input.from_funder_code_id !== input.to_funder_code_id, 'Choose a different funder code to move to.'),
    ['to_funder_code_id'],
  ),
);

export const NPC_TARGETS = [
  { value: 'cancelled', label: 'Cancelled visits' },
  { value: 'all', label: 'Every visit in the period (e.g. the client was in hospital)' },
  { value: 'missed', label: 'Missed visits' },
] as const;
export type NpcTarget = (typeof NPC_TARGETS)[number]['value'];

export const MarkNpcCodeSchema = v.pipe(
  v.strictObject(
    {
      ...period,
      npc_code_id: referenceId('NPC code'),
      which: v.picklist(['cancelled', 'all', 'missed'], 'Choose which visits to mark.'),
    },
    objectMessage('NPC code marking'),
  ),
  v.forward(
    v.partialCheck([['from'], ['to']], (input) => input.to >= input.from && daysBetween(input.from, input.to) <= 366, 'To must be on or after From, within a year.'),
    ['to'],
  ),
);

export type MoveFunderCodeValues = v.InferOutput<typeof MoveFunderCodeSchema>;
export type MarkNpcCodeValues = v.InferOutput<typeof MarkNpcCodeSchema>;

export type BulkVisit = { id: number; date: string; start_time: string; client_name: string; status: string; funder_code: string | null; npc_code: string | null };
export type BulkPreview = { count: number; visits: BulkVisit[]; summary: string };
export type BulkApplied = { count: number; summary: string };
export type UtilityChoices = { branches: { id: number; name: string }[]; clients: { id: number; name: string; branch_id: number }[]; funder_codes: { id: number; code: string; name: string }[]; npc_codes: { id: number; code: string; description: string }[] };
