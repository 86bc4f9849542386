import { expect, test } from '@playwright/test';
import { ADMIN, logIn, openMenu, sidebar } from './helpers';

// Each area's home, by its place in the admin's menu (groups from the top level down).
const AREAS = [
  { menu: ['Clients'], link: 'All clients', heading: 'Clients', path: '/app/clients' },
  { menu: ['Carers and staff'], link: 'Carers', heading: 'Carers', path: '/app/carers' },
  { menu: ['Scheduling'], link: 'Scheduling overview', heading: 'Scheduling and visits', path: '/app/scheduler' },
  { menu: ['More', 'Finance'], link: 'Finance overview', heading: 'Finance', path: '/app/finance' },
  { menu: ['More', 'Quality assurance'], link: 'Quality overview', heading: 'Quality and audits', path: '/app/quality-assurance' },
  { menu: ['Settings and reference data'], link: 'Reference data overview', heading: 'Reference data', path: '/app/datatables' },
];

test('every area loads at runtime from its own remote: none before sign-in, then while idle or when first visited', async ({ page }) => {
  const areaRequests: string[] = [];
  page.on('request', (request) => {
    const match = /\/areas\/([^/]+)\//.exec(request.url());
    if (match?.[1] && !areaRequests.includes(match[1])) areaRequests.push(match[1]);
  });
  await page.goto('/');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.waitForLoadState('networkidle');
  // The login screen fetches nothing of any area (its JS budget is the shell's alone).
  expect(areaRequests).toEqual([]);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  for (const area of AREAS) {
    await openMenu(page, area.menu, area.link);
    await expect(page).toHaveURL(area.path);
    await expect(page.getByRole('heading', { level: 1, name: area.heading, exact: true })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: area.link, exact: true })).toHaveAttribute('aria-current', 'page');
  }
  expect(areaRequests.sort()).toEqual(['care-records', 'finance', 'quality-audits', 'reference-data', 'scheduler', 'workforce']);
});

test('the reference-data home lists the sections the user may open', async ({ page }) => {
  await logIn(page, ADMIN);
  await page.goto('/app/datatables');
  const sections = page.getByRole('navigation', { name: 'Reference data sections' });
  await sections.getByRole('link', { name: 'Branches' }).click();
  await expect(page.getByRole('heading', { name: 'Branches' })).toBeVisible();
});
