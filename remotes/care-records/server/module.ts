import { defineAreaModule, seedDemoRows } from '@hcm/server/platform';
import { CARE_RECORDS_PERMISSIONS } from '../contract/permissions.js';
import { CLIENT_RESOURCES } from '../contract/index.js';
import { clientAccessRoutes } from './access/routes.js';
import { seedDemoAccess } from './access/demo-seed.js';
import { CLIENT_DEMO_ROWS } from './demo-rows.js';
import { carerDeviceRoutes } from './daily/device-routes.js';
import { seedDemoDailyRecords } from './daily/demo.js';
import { dailyRecordRoutes } from './daily/routes.js';
import { seedDemoDocuments } from './documents/demo-seed.js';
import { clientDocumentRoutes } from './documents/routes.js';
import { subjectAccessRoutes } from './export/subject-access.js';
import { marSubjectAccessPart } from './mar/export.js';
import { uploadsSubjectAccessPart } from './uploads/export.js';
import { familyMessageRoutes } from './family-messages/routes.js';
import { healthProfessionalPortalRoutes } from './health-professionals/portal-routes.js';
import { healthProfessionalStaffRoutes } from './health-professionals/staff-routes.js';
import { seedMarDemo } from './mar/demo.js';
import { marRoutes } from './mar/routes.js';
import { seedDemoIncidents } from './live-events/incidents/demo.js';
import { incidentsLiveRoutes } from './live-events/incidents/routes.js';
import { medicationLiveRoutes } from './live-events/medication/routes.js';
import { seedMedicationLiveDemo } from './live-events/medication/demo.js';
import { reviewsLiveRoutes } from './live-events/reviews/routes.js';
import { todayRoutes } from './today/routes.js';
import { reablementRoutes } from './reablement/routes.js';
import { seedDemoReviews } from './live-events/reviews/demo.js';
import { reviewsDueJob } from './live-events/reviews/review-due.js';
import { billingProfileRoutes } from './billing/billing-profiles.js';
import { careRecordsPublications } from './published.js';
import { onClientWrite, onHospitalStayWrite } from './episodes/events.js';
import { clientStatusJob, followEpisodeWrite } from './episodes/status.js';
import { CARE_RECORDS_CONSUMED_ROUTES } from './consumed-routes.js';
import { documentUploadTypesRead, medicationsRead, reablementEquipmentsRead } from './read-models.js';
import { careRecordsTables } from './tables.js';
import { rotaProfileRoutes } from './rota-profiles.js';
import { clientSearch } from './search.js';
import { trackableClient } from './trackable-client.js';
import { clientUploadRoutes } from './uploads/routes.js';

/**
 * The care-records area's API: clients and what hangs off them (medications, contacts; served by the resource
 * engine from the declarations in ../contract), health professionals with the clients shared with them, their
 * links and portal, messages with clients' families, and clients as time-tracker targets. Who may see a client
 * is this area's rule (./client-visibility.ts).
 */
export const careRecordsModule = defineAreaModule({
  name: 'care-records',
  permissions: CARE_RECORDS_PERMISSIONS,
  publishes: careRecordsPublications,
  consumes: { readModels: [medicationsRead, documentUploadTypesRead, reablementEquipmentsRead], routes: CARE_RECORDS_CONSUMED_ROUTES },
  resources: CLIENT_RESOURCES,
  resourceTables: careRecordsTables,
  // Their changes others follow (a hospital stay's pause, care ended) are published in the write's transaction.
  // A client's status follows their hospital stays and end of care (episodes/status.ts), there and in a job for the
  // days that come on their own.
  onResourceWrite: {
    'client-hospitals': async (tx, change) => {
      await onHospitalStayWrite(tx, change);
      await followEpisodeWrite(tx, change);
    },
    'client-pre-exit': followEpisodeWrite,
    clients: onClientWrite,
  },
  // Reviews falling due are announced for the office to book (live-events/reviews/review-due.ts).
  jobs: [clientStatusJob, reviewsDueJob],
  // Clients in the global search, by name, NHS number or postcode (./search.ts).
  search: [clientSearch],
  async routes(app, context) {
    const { auth, appUrl, trackables } = context;
    trackables.register('client', trackableClient);
    await app.register(healthProfessionalStaffRoutes, { auth, appUrl });
    await app.register(familyMessageRoutes, { auth });
    await app.register(clientDocumentRoutes, { auth });
    // The MAR charts are medication (clinical): withheld from an exporter without clients.clinical.view.
    await app.register(subjectAccessRoutes, {
      auth,
      parts: [
        { folder: 'mar', needs: ['clinical'], entries: marSubjectAccessPart },
        { folder: 'uploads', needs: [], entries: uploadsSubjectAccessPart },
      ],
    });
    await app.register(clientAccessRoutes, { auth });
    await app.register(dailyRecordRoutes, { auth });
    await app.register(carerDeviceRoutes, { auth });
    await app.register(clientUploadRoutes, { auth });
    await app.register(marRoutes, { auth });
    await app.register(rotaProfileRoutes, { auth });
    await app.register(billingProfileRoutes, { auth });
    await app.register(async (scope) => medicationLiveRoutes(scope, context));
    await app.register(async (scope) => incidentsLiveRoutes(scope, context));
    await app.register(async (scope) => reviewsLiveRoutes(scope, context));
    await app.register(async (scope) => todayRoutes(scope, context));
    await app.register(async (scope) => reablementRoutes(scope, context));
  },
  publicRoutes: {
    prefix: '/health-professionals',
    routes: async (app, { auth }) => {
      await app.register(healthProfessionalPortalRoutes, { auth });
    },
  },
  async seedDemo(tx) {
    await seedDemoRows(tx, CLIENT_RESOURCES, CLIENT_DEMO_ROWS, careRecordsTables);
    await seedDemoDocuments(tx);
    await seedDemoDailyRecords(tx);
    await seedDemoAccess(tx);
    await seedMarDemo(tx);
    await seedDemoReviews(tx);
    await seedMedicationLiveDemo(tx);
    await seedDemoIncidents(tx);
  },
});
