import type { AreaModule, AreaServerContext } from '@hcm/server/platform';
import { AREA_MODULES, createTestApp, type TestApp } from '@hcm/server/testing';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SchedulingSources } from '../sources/types.js';
import { seedDemoAssessments } from '../assessments/demo.js';
import { assessmentRoutes } from '../assessments/routes.js';
import { utilityRoutes } from '../utility/routes.js';
import { wizardRoutes } from '../wizard/routes.js';
import { importRoutes } from './routes.js';

// The composed test app with this part's routes (wizard, CSV imports, utilities, office planner) and demo in the
// scheduler's module, whatever module.ts wires today (the scheduler's own routes are left out: tests here call
// only these). `sources` stands in for the other areas' APIs when a test needs to say what they answer.

export async function createPartApp(options: { sources?: (app: FastifyInstance, request: FastifyRequest) => SchedulingSources } = {}): Promise<TestApp> {
  const modules: AreaModule[] = AREA_MODULES.map((module) =>
    module.name !== 'scheduler'
      ? module
      : {
          ...module,
          async routes(app: FastifyInstance, context: AreaServerContext) {
            await app.register(async (scope) => wizardRoutes(scope, context, options.sources ? { sources: (request) => options.sources!(app, request) } : {}));
            await app.register(async (scope) => importRoutes(scope, context, options.sources ? { sourcesFor: options.sources } : {}));
            await app.register(async (scope) => utilityRoutes(scope, context));
            await app.register(async (scope) => assessmentRoutes(scope, context));
          },
          async seedDemo(tx) {
            await seedDemoAssessments(tx);
          },
        },
  );
  return createTestApp({ modules });
}
