import { expect, test } from '@playwright/test';
import { ADMIN, OFFICE, logIn, openMenu, sidebar } from './helpers';

const API = `http://localhost:${process.env.E2E_API_PORT ?? 18000}`;

test('the office user sees neither the Users menu item nor the users, and the API answers 403', async ({ page }) => {
  await logIn(page, OFFICE);
  await expect(sidebar(page).getByRole('button', { name: 'Settings and reference data', exact: true })).toBeVisible();
  // Users and access is under Administration for those who may see it: office staff have neither.
  await expect(sidebar(page).getByRole('button', { name: 'Administration', exact: true })).toHaveCount(0);
  await expect(sidebar(page).getByRole('button', { name: 'Users and access' })).toHaveCount(0);
  await expect(sidebar(page).getByRole('link', { name: 'Users' })).toHaveCount(0);

  await page.goto('/app/users');
  await expect(page.getByRole('heading', { name: 'You may not see users' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toHaveCount(0);
  // The page's cookies, straight to the API: refused.
  const response = await page.request.get(`${API}/api/v1/users`);
  expect(response.status()).toBe(403);
  expect((await response.json()).message).toBe('This action is unauthorized.');
});

test('a permission taken from the office staff role disappears from their menu at the next reload', async ({ page, browser }) => {
  await logIn(page, OFFICE);
  // Meetings, news and events is under More for office staff.
  await openMenu(page, ['More', 'Meetings, news and events']);
  await expect(sidebar(page).getByRole('link', { name: 'Events', exact: true })).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const setEvents = async (checked: boolean) => {
    await admin.goto('/app/datatables/user-roles');
    await admin.getByRole('link', { name: 'Office staff' }).click();
    await expect(admin.getByRole('heading', { name: 'Edit role: Office staff' })).toBeVisible();
    await admin.getByRole('checkbox', { name: /events\.view/ }).setChecked(checked);
    await admin.getByRole('button', { name: 'Save role' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Role saved' })).toBeVisible();
  };
  try {
    await logIn(admin, ADMIN);
    await setEvents(false);
    await page.reload();
    await openMenu(page, ['More', 'Meetings, news and events']);
    await expect(sidebar(page).getByRole('link', { name: 'News feed' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Events', exact: true })).toHaveCount(0);
  } finally {
    await setEvents(true);
    await adminContext.close();
  }
  await page.reload();
  await openMenu(page, ['More', 'Meetings, news and events']);
  await expect(sidebar(page).getByRole('link', { name: 'Events', exact: true })).toBeVisible();
});

test('the admin adds a user with a role and branches; a wrong field is shown by name and the input kept', async ({ page }) => {
  const email = `new.${Date.now().toString(36)}@homecare.test`;
  await logIn(page, ADMIN);
  await page.goto('/app/users');
  await page.getByRole('link', { name: 'Add user' }).click();
  await page.getByLabel('Name').fill('Nell Newcomer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Initial password').fill('password1234');
  await page.getByLabel('Role').selectOption({ label: 'Office staff' });
  await page.getByRole('combobox', { name: 'Branches' }).click();
  await page.getByRole('option', { name: 'Camden Domiciliary' }).click();
  await page.getByRole('combobox', { name: 'Branches' }).press('Escape');
  await page.getByRole('button', { name: 'Save user' }).click();
  // The server refuses a common password; the form keeps what was typed.
  await expect(page.getByText('This password is too common')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('Nell Newcomer');
  await page.getByLabel('Initial password').fill('Quiet-Lantern-Meadow-83');
  await page.getByRole('button', { name: 'Save user' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'User saved' })).toBeVisible();
  await page.getByLabel('Search users').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Camden Domiciliary');
});
