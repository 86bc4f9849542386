import { expect, test } from '@playwright/test';
import { ADMIN, OFFICE, logIn, openMenu, sidebar } from './helpers';

// The menu by job (host/README.md "Menu groups by job"): the day's work at the top level, the rest under More,
// then the settings and, for those who run the system, Administration.
const ADMIN_TOP = ['Dashboard', 'Clients', 'Scheduling', 'Live operations', 'Visits', 'Carers and staff', 'More', 'Settings and reference data', 'Administration'];
const ADMIN_MORE = ['Communication', 'Meetings, news and events', 'Quality assurance', 'Audits', 'KPIs', 'Dashboards', 'Finance'];
const OFFICE_TOP = ['Dashboard', 'Clients', 'Scheduling', 'Live operations', 'Visits', 'Carers and staff', 'More', 'Settings and reference data'];

test('the super admin sees every area in the sidebar', async ({ page }) => {
  await logIn(page, ADMIN);
  await expect(page).toHaveTitle('Home Care - Dashboard');
  await expect(sidebar(page).getByRole('link', { name: 'Dashboard', exact: true })).toHaveAttribute('aria-current', 'page');
  // Nine top-level entries (every group closed on the dashboard), in this order.
  await expect(sidebar(page).getByRole('listitem')).toHaveCount(ADMIN_TOP.length);
  await expect(sidebar(page).getByRole('listitem')).toContainText(ADMIN_TOP);
  for (const group of ADMIN_TOP.slice(1)) await expect(sidebar(page).getByRole('button', { name: group, exact: true })).toBeVisible();
  // The other areas are under More.
  for (const group of ADMIN_MORE) await expect(sidebar(page).getByRole('button', { name: group, exact: true })).toHaveCount(0);
  await openMenu(page, ['More']);
  for (const group of ADMIN_MORE) await expect(sidebar(page).getByRole('button', { name: group, exact: true })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Assistant', exact: true })).toBeVisible();
});

test('office staff see only the areas their role allows, and no finance', async ({ page }) => {
  await logIn(page, OFFICE);
  // Eight top-level entries: no Administration.
  await expect(sidebar(page).getByRole('listitem')).toHaveCount(OFFICE_TOP.length);
  await expect(sidebar(page).getByRole('listitem')).toContainText(OFFICE_TOP);
  await expect(sidebar(page).getByRole('button', { name: 'Administration', exact: true })).toHaveCount(0);
  // They plan the rota, but back-office corrections of past visits are the manager's.
  await expect(sidebar(page).getByRole('button', { name: 'Scheduling', exact: true })).toBeVisible();
  // They record incidents, complaints and the rest (under More); CQC notifications are the manager's (checked by
  // the API). No finance, under More or elsewhere.
  await openMenu(page, ['More']);
  await expect(sidebar(page).getByRole('button', { name: 'Quality assurance', exact: true })).toBeVisible();
  await expect(sidebar(page).getByRole('button', { name: 'Finance', exact: true })).toHaveCount(0);
  // Groups toggle open and closed on click; the lists are in sub-groups (Branches in Agency and calendar).
  const group = sidebar(page).getByRole('button', { name: 'Settings and reference data', exact: true });
  await expect(group).toHaveAttribute('aria-expanded', 'false');
  await group.click();
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  await openMenu(page, ['Settings and reference data', 'Agency and calendar'], 'Branches');
  await expect(page.getByRole('heading', { name: 'Branches' })).toBeVisible();
  await expect(page).toHaveTitle('Home Care - Branches');
  await group.click();
  await expect(group).toHaveAttribute('aria-expanded', 'false');
});

test('a wrong password shows the server message and keeps the typed email', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Email').fill(OFFICE.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('These credentials do not match our records.');
  await expect(page.getByLabel('Email')).toHaveValue(OFFICE.email);
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
});

test('logging out ends the session: the app sends you back to the login page', async ({ page }) => {
  await logIn(page, OFFICE);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.goto('/app/dashboard');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('the profile shows the signed-in user from the API', async ({ page }) => {
  await logIn(page, OFFICE);
  await page.getByRole('link', { name: OFFICE.name }).click();
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await expect(page.getByText(OFFICE.email)).toBeVisible();
  await expect(page.getByText('Office staff').first()).toBeVisible();
  await expect(page).toHaveTitle('Home Care - Profile');
});

test('a deep link opened while signed out leads back to that page after logging in', async ({ page }) => {
  await page.goto('/app/branches');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.getByLabel('Email').fill(OFFICE.email);
  await page.getByLabel('Password').fill(OFFICE.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL('/app/branches');
  await expect(page.getByRole('heading', { name: 'Branches' })).toBeVisible();
});

test('a visitor still signed in skips the login screen', async ({ page }) => {
  await logIn(page, OFFICE);
  await page.goto('/');
  await expect(page).toHaveURL('/app/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});
