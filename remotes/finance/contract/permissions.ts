import { defineAreaPermissions, type PermissionOf, type UsablePermission } from '@hcm/contract';

/**
 * The finance area's permissions, read by its screens (src/) and its API module (server/module.ts), which the API
 * composes into the catalogue. The finance officer holds them all: the ledger, pay and exports (the visits,
 * clients and carers they need are read through finance's own routes).
 */
export const FINANCE_PERMISSIONS = defineAreaPermissions({
  prefixes: ['finance.', 'payroll.', 'export.'],
  permissions: {
    // Care-records' billing profiles, the scheduler's visit billing and the workforce's pay profiles answer
    // finance.view, export.run and payroll.view; quality-audits' assistant asks finance.view.
    'finance.view': { description: 'See finance', roles: ['finance_officer'], published: true },
    'finance.invoices.generate': { description: 'Preview, generate, send and reset invoice runs', roles: ['finance_officer'] },
    'finance.invoices.credit': { description: 'Raise credit notes against invoices', roles: ['finance_officer'] },
    'finance.payments': { description: 'Record payments and allocate them to invoices', roles: ['finance_officer'] },
    'finance.rates.edit': { description: "Edit funders' rate cards and the minimum-wage rates", roles: ['finance_officer'] },
    'finance.expenses.edit': { description: 'Record expenses and keep their categories', roles: ['finance_officer'] },
    'payroll.view': { description: "See pay runs and carers' pay", roles: ['finance_officer'], published: true },
    'payroll.run': { description: 'Run pay runs and export the wages file', roles: ['finance_officer'] },
    'export.run': { description: 'Export clients, carers, employees and finance data', roles: ['finance_officer'], published: true },
  },
  // Its billed visits answer the scheduler's visit editors and correctors too.
  uses: ['visits.edit', 'visits.correct'],
});

export type FinancePermission = PermissionOf<typeof FINANCE_PERMISSIONS>;

/** What the finance area's code may name: its own permissions, those it uses, and the platform's. */
export type FinanceUsablePermission = UsablePermission<typeof FINANCE_PERMISSIONS>;
