import { interruptedExportsJob } from './exports/jobs.js';
import { defineAreaModule } from '@hcm/server/platform';
import { FINANCE_PERMISSIONS } from '../contract/permissions.js';
import { FINANCE_RESOURCES } from '../contract/resources.js';
import { seedDemoFunding } from './clients/demo.js';
import { clientsRoutes } from './clients/routes.js';
import { exportsRoutes } from './exports/routes.js';
import { invoicingRoutes } from './invoicing/routes.js';
import { ledgerRoutes } from './ledger/routes.js';
import { todayRoutes } from './today/routes.js';
import { payRoutes } from './pay/routes.js';
import { printRoutes } from './print/routes.js';
import { seedDemoRates } from './rates/demo.js';
import { rateResourceTables } from './rates/resource-tables.js';
import { ratesRoutes } from './rates/routes.js';
import { onRateCardWrite } from './rates/overlaps.js';
import { financePublications } from './published.js';
import { FINANCE_CONSUMED_ROUTES } from './consumed-routes.js';
import { bankHolidaysRead, carerHourlyRatesRead, carersRead, clientsRead, fiscalYearsRead, funderCodesRead, funderScalesRead, hourlyRatesRead, settingsRead, visitTemplatesRead } from './read-models.js';
import { seedDemoExpenses } from './reports/demo.js';
import { expenseResourceTables } from './reports/resource-tables.js';
import { reportsRoutes } from './reports/routes.js';
import { invoiceSearch } from './search.js';

/**
 * The finance area's API: rate cards and the rate engine, invoice runs (preview, generate, reset), invoices,
 * credit notes, payments and their allocation, statements, the audit trail of every change, printable PDFs,
 * pay runs and the wages file, expenses, sales reports and exports. It reads visits, clients and carers through
 * the scheduler's, care-records' and workforce's APIs (./sources).
 */
export const financeModule = defineAreaModule({
  name: 'finance',
  permissions: FINANCE_PERMISSIONS,
  jobs: [interruptedExportsJob],
  // Invoices in the global search, by number (./search.ts).
  search: [invoiceSearch],
  publishes: financePublications,
  consumes: { readModels: [funderCodesRead, funderScalesRead, bankHolidaysRead, carerHourlyRatesRead, fiscalYearsRead, hourlyRatesRead, settingsRead, clientsRead, visitTemplatesRead, carersRead], routes: FINANCE_CONSUMED_ROUTES },
  resources: FINANCE_RESOURCES,
  resourceTables: { ...rateResourceTables, ...expenseResourceTables },
  // A funder's rate cards may not overlap (./rates/overlaps.ts): refused, or the earlier card ended when asked.
  onResourceWrite: { 'rate-cards': onRateCardWrite },
  async routes(app, context) {
    await app.register(async (scope) => ratesRoutes(scope, context));
    await app.register(async (scope) => clientsRoutes(scope, context));
    await app.register(async (scope) => invoicingRoutes(scope, context));
    await app.register(async (scope) => ledgerRoutes(scope, context));
    await app.register(async (scope) => printRoutes(scope, context));
    await app.register(async (scope) => payRoutes(scope, context));
    await app.register(async (scope) => exportsRoutes(scope, context));
    await app.register(async (scope) => reportsRoutes(scope, context));
    await app.register(async (scope) => todayRoutes(scope, context));
  },
  async seedDemo(tx) {
    await seedDemoRates(tx);
    await seedDemoFunding(tx);
    await seedDemoExpenses(tx);
  },
});
