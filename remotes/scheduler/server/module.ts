import { defineAreaModule } from '@hcm/server/platform';
import { SCHEDULER_PERMISSIONS } from '../contract/permissions.js';
import { assessmentRoutes } from './assessments/routes.js';
import { billingRoutes } from './billing/routes.js';
import { autoAssignRoutes } from './autoassign/routes.js';
import { seedDemoAssessments } from './assessments/demo.js';
import { importRoutes } from './imports/routes.js';
import { seedDemoLocations } from './locations/demo.js';
import { mapRoutes } from './map/routes.js';
import { mapPageSources, mapSettings } from './map/settings.js';
import { seedDemoSchedule } from './templates/demo.js';
import { templateRoutes } from './templates/routes.js';
import { travelRoutes } from './travel/routes.js';
import { schedulerPublications } from './published.js';
import { LEAVE_EVENT_HANDLERS, LEAVE_EVENTS_CONSUMED } from './visits/leave-events.js';
import { liveEngineJob } from './live/engine/timer.js';
import { CLIENT_EVENT_HANDLERS, CLIENT_EVENTS_CONSUMED } from './visits/client-events.js';
import { CARER_EVENT_HANDLERS, CARER_EVENTS_CONSUMED } from './visits/carer-events.js';
import { COMPLIANCE_EVENT_HANDLERS, COMPLIANCE_EVENTS_CONSUMED } from './visits/compliance-events.js';
import { TRAINING_EVENT_HANDLERS, TRAINING_EVENTS_CONSUMED } from './visits/training-events.js';
import { REVIEW_EVENT_HANDLERS, REVIEW_EVENTS_CONSUMED } from './assessments/reviews-to-book.js';
import { VISIT_EVENT_HANDLERS, VISIT_EVENTS_CONSUMED } from './visits/visit-events-handler.js';
import { carerPushesJob } from './visits/notify-carers.js';
import { SCHEDULER_CONSUMED_ROUTES } from './consumed-routes.js';
import { bankHolidaysRead, carerAccountsRead, carerAvailabilityDaysRead, carerComplianceRead, carersRead, clientsRead, funderCodesRead, npcCodesRead, settingsRead, trainingCoursesRead, trainingRecordsRead, carerTrainingStatusRead, visitSlotsRead } from './read-models.js';
import { utilityRoutes } from './utility/routes.js';
import { visitSearch } from './search.js';
import { visitRoutes } from './visits/routes.js';
import { attentionRoutes } from './visits/attention-routes.js';
import { wizardRoutes } from './wizard/routes.js';
import { todayRoutes } from './today/routes.js';
import { seedDemoUncoveredCall } from './today/demo.js';
import { deviceRoutes } from './live/device/routes.js';
import { liveRoutes } from './live/engine/routes.js';
import { seedDemoLiveSettings } from './live/device/demo.js';
import { seedDemoLiveEngine } from './live/engine/demo.js';

/**
 * The scheduler area's API: visits and their history, clients' rota templates and generating visits from them,
 * the assignment rules, travel, auto-assign, the rostering wizard, CSV imports, bulk utilities and the office's
 * assessment visits. It reads clients (care-records) and carers (workforce) through their APIs.
 */
export const schedulerModule = defineAreaModule({
  name: 'scheduler',
  permissions: SCHEDULER_PERMISSIONS,
  publishes: schedulerPublications,
  eventHandlers: [...LEAVE_EVENT_HANDLERS, ...CLIENT_EVENT_HANDLERS, ...CARER_EVENT_HANDLERS, ...COMPLIANCE_EVENT_HANDLERS, ...TRAINING_EVENT_HANDLERS, ...REVIEW_EVENT_HANDLERS, ...VISIT_EVENT_HANDLERS],
  jobs: [liveEngineJob, carerPushesJob],
  // The coming week's visits in the global search, by their client's name (./search.ts).
  search: [visitSearch],
  // The street map's provider as Settings choose it (Google's scripts, or a tile server's images), for the page's CSP.
  pageSources: async (db) => mapPageSources(await mapSettings(db)),
  consumes: { readModels: [clientsRead, carersRead, carerAccountsRead, carerComplianceRead, carerAvailabilityDaysRead, carerTrainingStatusRead, funderCodesRead, npcCodesRead, bankHolidaysRead, settingsRead, trainingCoursesRead, trainingRecordsRead, visitSlotsRead], routes: SCHEDULER_CONSUMED_ROUTES, events: [...LEAVE_EVENTS_CONSUMED, ...CLIENT_EVENTS_CONSUMED, ...CARER_EVENTS_CONSUMED, ...COMPLIANCE_EVENTS_CONSUMED, ...TRAINING_EVENTS_CONSUMED, ...REVIEW_EVENTS_CONSUMED, ...VISIT_EVENTS_CONSUMED] },
  async routes(app, context) {
    await app.register(async (scope) => visitRoutes(scope, context));
    await app.register(async (scope) => attentionRoutes(scope, context));
    await app.register(async (scope) => templateRoutes(scope, context));
    await app.register(async (scope) => travelRoutes(scope, context));
    await app.register(async (scope) => autoAssignRoutes(scope, context));
    await app.register(async (scope) => mapRoutes(scope, context));
    await app.register(async (scope) => wizardRoutes(scope, context));
    await app.register(async (scope) => importRoutes(scope, context));
    await app.register(async (scope) => utilityRoutes(scope, context));
    await app.register(async (scope) => assessmentRoutes(scope, context));
    await app.register(async (scope) => deviceRoutes(scope, context));
    await app.register(async (scope) => liveRoutes(scope, context));
    await app.register(async (scope) => billingRoutes(scope, context));
    await app.register(async (scope) => todayRoutes(scope, context));
  },
  async seedDemo(tx) {
    await seedDemoLocations(tx);
    await seedDemoSchedule(tx);
    await seedDemoAssessments(tx);
    await seedDemoLiveSettings(tx);
    await seedDemoLiveEngine(tx);
    await seedDemoUncoveredCall(tx);
  },
});
