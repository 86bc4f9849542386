import { expect, test } from '@playwright/test';
import { ADMIN, OFFICE, logIn, sidebar } from './helpers';

const ALL_GROUPS = ['Clients', 'Carers and staff', 'Scheduling', 'Finance', 'Quality assurance', 'Audits', 'KPIs', 'Dashboards', 'Reference data'];

test('the super admin sees every area in the sidebar', async ({ page }) => {
  await logIn(page, ADMIN);
  await expect(page).toHaveTitle('Home Care - Dashboard');
  await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  for (const group of ALL_GROUPS) await expect(sidebar(page).getByRole('button', { name: group })).toBeVisible();
});

test('office staff see only the areas their role allows, and no finance', async ({ page }) => {
  await logIn(page, OFFICE);
  await expect(sidebar(page).getByRole('button', { name: 'Clients' })).toBeVisible();
  await expect(sidebar(page).getByRole('button', { name: 'Reference data' })).toBeVisible();
  await expect(sidebar(page).getByRole('button', { name: 'Finance' })).toHaveCount(0);
  // They plan the rota, but back-office corrections of past visits are the manager's.
  await expect(sidebar(page).getByRole('button', { name: 'Scheduling' })).toBeVisible();
  // They record incidents, complaints and the rest; CQC notifications are the manager's (checked by the API).
  await expect(sidebar(page).getByRole('button', { name: 'Quality assurance' })).toBeVisible();
  // Groups toggle open and closed on click.
  const group = sidebar(page).getByRole('button', { name: 'Reference data' });
  await expect(group).toHaveAttribute('aria-expanded', 'false');
  await group.click();
  await expect(group).toHaveAttribute('aria-expanded', 'true');
  await sidebar(page).getByRole('link', { name: 'Branches' }).click();
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
