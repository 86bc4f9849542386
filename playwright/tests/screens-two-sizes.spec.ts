import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { MANAGER, logIn } from './helpers';

// Issue 30: every area's main screens on a laptop (1280×800) and a phone (390×844). On each: the page's heading
// shows, the page never scrolls sideways (wide grids scroll inside their own box; WCAG 1.4.10 reflow), and axe finds
// nothing serious or critical on the page. Each screen at each size is a test of its own, so one run names every
// screen that fails and why.

const API = `http://localhost:${process.env.E2E_API_PORT ?? 18000}`;

async function read<T>(page: Page, path: string): Promise<T> {
  const answer = await page.request.get(`${API}${path}`, { headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' } });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()).data as T;
}

/** The main screens of each area, as the registered manager (who sees every area) opens them: a client and a carer by id. */
const SCREENS: { name: string; path: (ids: { client: number; carer: number }) => string }[] = [
  { name: 'the dashboard (host)', path: () => '/app' },
  { name: 'clients (care-records)', path: () => '/app/clients' },
  { name: 'a client’s profile (care-records)', path: ({ client }) => `/app/clients/${client}/profile-info` },
  { name: 'a client’s MAR chart (care-records)', path: ({ client }) => `/app/clients/${client}/marchart` },
  { name: 'a client’s care notes (care-records)', path: ({ client }) => `/app/clients/${client}/client-logs` },
  { name: 'carers (workforce)', path: () => '/app/carers' },
  { name: 'a carer’s file (workforce)', path: ({ carer }) => `/app/carers/${carer}/edit` },
  { name: 'scheduling home (scheduler)', path: () => '/app/scheduler' },
  { name: 'the week timeline (scheduler)', path: () => '/app/scheduler/timeline/week' },
  { name: 'the live view (scheduler)', path: () => '/app/scheduler/live-view' },
  { name: 'visits needing attention (scheduler)', path: () => '/app/visits/needs-attention' },
  { name: 'finance home (finance)', path: () => '/app/finance' },
  { name: 'generate invoices (finance)', path: () => '/app/finance/generate' },
  { name: 'quality assurance (quality-audits)', path: () => '/app/quality-assurance' },
  { name: 'reference data (reference-data)', path: () => '/app/datatables' },
];

async function findingsOn(page: Page, width: number): Promise<string[]> {
  const found: string[] = [];
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  if (scrollWidth > width) found.push(`the page scrolls sideways: ${scrollWidth} px wide in ${width} px`);
  const { violations } = await new AxeBuilder({ page }).analyze();
  for (const violation of violations.filter((item) => item.impact === 'serious' || item.impact === 'critical')) {
    found.push(`axe ${violation.impact} ${violation.id}: ${violation.nodes.slice(0, 4).map((node) => node.target.join(' ')).join(', ')}${violation.nodes.length > 4 ? ` (+${violation.nodes.length - 4})` : ''}`);
  }
  return found;
}

for (const viewport of [
  { name: 'a laptop', width: 1280, height: 800 },
  { name: 'a phone', width: 390, height: 844 },
]) {
  test.describe(`on ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    // One test a screen: each fails on its own and names its findings, and a busy machine's slow axe run on one
    // screen (the week timeline, the MAR chart) has that test's whole time.
    for (const screen of SCREENS) {
      test(`${screen.name}: the heading shows, nothing scrolls sideways, axe finds nothing serious`, async ({ page }) => {
        test.setTimeout(90_000);
        await logIn(page, MANAGER);
        const [client] = (await read<{ data: { id: number }[] }>(page, '/api/v1/clients?page_size=1&sort=last_name&mode=asc')).data;
        const [carer] = (await read<{ data: { id: number }[] }>(page, '/api/v1/carers?page_size=1&status=active')).data;
        await page.goto(screen.path({ client: client!.id, carer: carer!.id }));
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        // Lists and charts read their data after the heading: let them settle before measuring.
        await page.waitForLoadState('networkidle');
        expect(await findingsOn(page, viewport.width)).toEqual([]);
      });
    }
  });
}
