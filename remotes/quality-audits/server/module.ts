import { defineAreaModule } from '@hcm/server/platform';
import { QUALITY_AUDITS_PERMISSIONS } from '../contract/permissions.js';
import { assistantRoutes } from './assistant/routes.js';
import { logBookAuditsRead, marAuditsRead, moneyAuditsRead } from './audits/columns.js';
import { auditsRoutes } from './audits/routes.js';
import { clientPreExit } from './dashboards/read-models.js';
import { dashboardsRoutes } from './dashboards/routes.js';
import { seedKpisDemo } from './kpis/demo.js';
import { marAdministrationsRead, stageHistoryRead } from './kpis/read-models.js';
import { kpisRoutes } from './kpis/routes.js';
import { QUALITY_AUDITS_CONSUMED_ROUTES } from './consumed-routes.js';
import {
  bankHolidaysRead,
  branchLiveSettingsRead,
  carerDocumentsRead,
  carersRead,
  clientDocumentsRead,
  clientsRead,
  employeesRead,
  funderCodesRead,
  settingsRead,
  trainingCoursesRead,
  trainingRecordsRead,
  visitCarersRead,
  visitsRead,
} from './read-models.js';
import { seedRegistersDemo } from './registers/demo.js';
import { registersRoutes } from './registers/routes.js';
import { todayRoutes } from './today/routes.js';

/**
 * The quality-audits area's API: the quality-assurance registers and CQC notifications with the quality
 * dashboard (./registers), the audits of carers' and clients' records (./audits), KPIs (./kpis), the client and
 * carer dashboards (./dashboards) and the assistant (./assistant).
 */
export const qualityAuditsModule = defineAreaModule({
  name: 'quality-audits',
  permissions: QUALITY_AUDITS_PERMISSIONS,
  consumes: {
    readModels: [
      visitsRead,
      visitCarersRead,
      branchLiveSettingsRead,
      clientsRead,
      clientPreExit,
      clientDocumentsRead.documents,
      clientDocumentsRead.versions,
      marAdministrationsRead,
      marAuditsRead,
      logBookAuditsRead,
      moneyAuditsRead,
      carersRead,
      employeesRead,
      carerDocumentsRead.documents,
      carerDocumentsRead.versions,
      trainingRecordsRead,
      stageHistoryRead,
      trainingCoursesRead,
      funderCodesRead,
      settingsRead,
      bankHolidaysRead,
    ],
    routes: QUALITY_AUDITS_CONSUMED_ROUTES,
  },
  async routes(app, context) {
    await app.register(async (scope) => registersRoutes(scope, context));
    await app.register(async (scope) => auditsRoutes(scope, context));
    await app.register(async (scope) => kpisRoutes(scope, context));
    await app.register(async (scope) => dashboardsRoutes(scope, context));
    await app.register(async (scope) => assistantRoutes(scope, context));
    await app.register(async (scope) => todayRoutes(scope, context));
  },
  async seedDemo(tx) {
    await seedRegistersDemo(tx);
    await seedKpisDemo(tx);
  },
});
