import { defineAreaModule } from '@hcm/server/platform';

/**
 * The scheduler area's API: visits and their history, clients' rota templates and generating visits from them,
 * the assignment rules, travel, auto-assign, the rostering wizard, CSV imports, bulk utilities and the office's
 * assessment visits. It reads clients (care-records) and carers (workforce) through their APIs.
 */
export const schedulerModule = defineAreaModule({
  name: 'scheduler',
  async routes() {},
});
