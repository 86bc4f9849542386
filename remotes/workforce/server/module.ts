import { defineAreaModule } from '@hcm/server/platform';
import { communicationRoutes } from './communication/routes.js';
import { seedCarers } from './seed-carers.js';

/**
 * The workforce area's API: the office's communication with carers and staff (notices, carer messages, chat
 * monitoring) and the demo carers (users of the carer role).
 */
export const workforceModule = defineAreaModule({
  name: 'workforce',
  async routes(app, { auth }) {
    await app.register(communicationRoutes, { auth });
  },
  seedDemo: seedCarers,
});
