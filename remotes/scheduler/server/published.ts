import type { AreaPublications } from '@hcm/server/platform';
import { branchLiveSettings } from './live/tables.js';
import { visitCarers, visits, visitTemplates } from './tables.js';

// What other areas may read of the scheduler (server/src/modules/contracts.ts): the visits, who is on them, a
// branch's live thresholds and clients' rota templates. Changing a published column's name, type or nullability steps `version` up and is
// recorded in ./published.json (`npm run contracts:publish`); the other columns stay the scheduler's to change.

export const schedulerPublications: AreaPublications = {
  version: 1,
  readModels: [
    {
      table: visits,
      columns: [
        'id',
        'branch_id',
        'client_id',
        'visit_date',
        'planned_start',
        'planned_end',
        'carers_needed',
        'status',
        'requires_medication',
        'funder_code_id',
        'cancel_reason',
        'actual_start',
        'actual_end',
        'confirmation',
      ],
      meaning:
        'One planned visit to a client on a UK day (visit_date) between two instants. status: unassigned, assigned, in-progress, completed, missed or cancelled (cancelled visits keep cancel_reason). actual_start/actual_end come from check-in and check-out; only confirmation = confirmed reaches pay and invoices.',
    },
    {
      table: visitCarers,
      columns: ['visit_id', 'position', 'carer_id'],
      meaning: "The carers on a visit: position 1, and 2 on a double-up; carer_id is workforce's carers.id. A visit without a row here has nobody yet.",
    },
    {
      table: branchLiveSettings,
      columns: ['branch_id', 'punctuality_window_minutes'],
      meaning: "A branch's live thresholds; no row means the scheduler's defaults (a 15-minute punctuality window).",
    },
    {
      table: visitTemplates,
      columns: ['client_id', 'funder_code_id'],
      meaning:
        "A client's repeating weekly pattern of visits, from which visits are generated; a client may have several (inactive or ended ones included). funder_code_id is reference data's funder_codes.id paying for its visits, null when not set.",
    },
  ],
};
