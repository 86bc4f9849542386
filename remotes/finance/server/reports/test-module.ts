import { defineAreaModule, type AreaModule } from '@hcm/server/platform';
import { EXPENSE_RESOURCES } from '../../contract/expenses.js';
import { FINANCE_PERMISSIONS } from '../../contract/permissions.js';
import { exportsRoutes } from '../exports/routes.js';
import { financePublications } from '../published.js';
import { seedDemoExpenses } from './demo.js';
import { expenseResourceTables } from './resource-tables.js';
import { reportsRoutes } from './routes.js';

/**
 * The finance module with only this part (expenses, reports, exports) for its tests, so they exercise it alone
 * whatever state the other finance parts are in; the ledger's tables come from the area's migrations as usual.
 */
export const reportsTestModule: AreaModule = defineAreaModule({
  name: 'finance',
  // What finance publishes all the same, so the other areas' calls of finance hold at start-up (contracts.ts); the
  // routes of the parts left out answer 404 here, which those callers read as "finance not deployed".
  publishes: financePublications,
  // Its permissions too: other areas use finance's published ones, and the roles are composed from them.
  permissions: FINANCE_PERMISSIONS,
  resources: EXPENSE_RESOURCES,
  resourceTables: expenseResourceTables,
  async routes(app, context) {
    await app.register(async (scope) => exportsRoutes(scope, context));
    await app.register(async (scope) => reportsRoutes(scope, context));
  },
  seedDemo: seedDemoExpenses,
});

/** Every area's module with finance's replaced by the one above. */
export const withReportsOnly = (modules: readonly AreaModule[]): AreaModule[] => modules.map((module) => (module.name === 'finance' ? reportsTestModule : module));
