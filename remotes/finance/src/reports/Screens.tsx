import { useLocation } from 'react-router-dom';
import { appPathOf, type ResourceSpec } from '@hcm/contract/engine';
import { NotFound } from '@hcm/kit';
import { ResourceRoutes } from '@hcm/kit/resources';
import { expenseCategories, expenses } from '../../contract/expenses';
import { withPoundsInputs } from '../../contract/money';
import { DailyCharts } from './DailyCharts';
import { SalesReport } from './SalesReport';

const categoriesSpec: ResourceSpec = expenseCategories;
// Amounts are typed in pounds and sent as pence (the API takes integer pence only).
const expensesSpec: ResourceSpec = withPoundsInputs(expenses);

/**
 * The reports part's screens under /app/finance: categories and expenses (list, add, :id/edit from their
 * declarations), the sales report and the daily finance charts.
 */
export default function Screens() {
  const section = useLocation().pathname.replace(/^\/app\/finance\//, '').split('/')[0];
  if (section === 'categories') return <ResourceRoutes spec={categoriesSpec} basePath={appPathOf(categoriesSpec)} />;
  if (section === 'expenses') return <ResourceRoutes spec={expensesSpec} basePath={appPathOf(expensesSpec)} />;
  if (section === 'sales-report') return <SalesReport />;
  if (section === 'daily-finance-charts') return <DailyCharts />;
  return <NotFound />;
}
