import { defineAreaModule } from '@hcm/server/platform';
import { londonDate } from '@hcm/contract/engine';
import { WORKFORCE_PERMISSIONS } from '../contract/permissions.js';
import { WORKFORCE_RESOURCES } from '../contract/people.js';
import { communicationRoutes } from './communication/routes.js';
import { seedDemoCompliance } from './compliance/demo.js';
import { complianceRoutes } from './compliance/routes.js';
import { complianceSweepJob } from './compliance/service.js';
import { refereeRoutes } from './compliance/referee-page.js';
import { seedDemoStaffDocuments } from './documents/demo.js';
import { staffDueRoutes } from './documents/due-routes.js';
import { seedDemoFiles } from './files/demo.js';
import { filesRoutes } from './files/routes.js';
import { seedDemoPeople } from './people/demo.js';
import { staffDocumentRoutes } from './people/documents.js';
import { payProfileRoutes } from './people/pay-profiles.js';
import { peopleRoutes } from './people/routes.js';
import { onCarerWrite } from './people/events.js';
import { seedDemoRecruitment } from './recruitment/demo.js';
import { recruitmentRoutes } from './recruitment/routes.js';
import { workforcePublications } from './published.js';
import { documentUploadTypesRead, settingsRead } from './read-models.js';
import { careerRoles, careers, carerSurveyQuestions, carerSurveys, carerSurveySubmissions } from './recruitment/read-models.js';
import { seedCarers } from './seed-carers.js';
import { carerSearch, employeeSearch } from './search.js';
import { workforceTables } from './tables.js';
import { seedDemoTimeOff } from './time-off/demo.js';
import { availabilityDaysJob, refreshAvailabilityDays } from './time-off/availability.js';
import { bankHolidaysRead, closureDaysRead, holidayReasonsRead, visitCarersRead, visitsRead } from './time-off/read-models.js';
import { timeOffRoutes } from './time-off/routes.js';
import { seedDemoTraining } from './training/demo.js';
import { trainingCoursesRead } from './training/read-models.js';
import { trainingRoutes } from './training/routes.js';
import { todayRoutes } from './today/routes.js';
import { seedDemoTrainingStatus, trainingLapsesJob } from './training/status.js';

/**
 * The workforce area's API: carers (applicants included) and office employees (served by the resource engine from
 * the declarations in ../contract), their files' documents (the platform's document engine), compliance, training,
 * availability and holidays, recruitment, their uploads and call logs; and the office's communication with
 * carers and staff (notices, carer messages, chat monitoring).
 */
export const workforceModule = defineAreaModule({
  name: 'workforce',
  permissions: WORKFORCE_PERMISSIONS,
  publishes: workforcePublications,
  jobs: [complianceSweepJob, trainingLapsesJob, availabilityDaysJob],
  consumes: {
    readModels: [
      visitsRead,
      visitCarersRead,
      settingsRead,
      documentUploadTypesRead,
      holidayReasonsRead,
      bankHolidaysRead,
      closureDaysRead,
      trainingCoursesRead,
      careers,
      careerRoles,
      carerSurveys,
      carerSurveyQuestions,
      carerSurveySubmissions,
    ],
  },
  resources: WORKFORCE_RESOURCES,
  resourceTables: workforceTables,
  // Carers and office employees in the global search, by name (./search.ts).
  search: [carerSearch, employeeSearch],
  // A carer's hire, suspension, its end and their leaving are published in the write's transaction (the rota follows).
  onResourceWrite: { carers: onCarerWrite },
  async routes(app, context) {
    const { auth } = context;
    await app.register(communicationRoutes, { auth });
    await app.register(peopleRoutes, { auth });
    await app.register(staffDocumentRoutes, { auth });
    await app.register(async (scope) => staffDueRoutes(scope, context));
    await app.register(async (scope) => complianceRoutes(scope, context));
    await app.register(async (scope) => trainingRoutes(scope, context));
    await app.register(async (scope) => timeOffRoutes(scope, context));
    await app.register(async (scope) => recruitmentRoutes(scope, context));
    await app.register(async (scope) => filesRoutes(scope, context));
    await app.register(async (scope) => todayRoutes(scope, context));
    await app.register(payProfileRoutes, { auth });
  },
  // A referee answers a reference request through an emailed link, without an account.
  publicRoutes: { prefix: '/api/public/references', routes: refereeRoutes },
  async seedDemo(tx) {
    await seedCarers(tx);
    await seedDemoPeople(tx);
    await seedDemoStaffDocuments(tx);
    await seedDemoTraining(tx);
    await seedDemoCompliance(tx);
    await seedDemoTrainingStatus(tx);
    await seedDemoTimeOff(tx);
    await seedDemoRecruitment(tx);
    await seedDemoFiles(tx);
    // Last: the read model of every rota carer's days, from the duty days and holidays seeded above.
    await refreshAvailabilityDays(tx, londonDate());
  },
});
