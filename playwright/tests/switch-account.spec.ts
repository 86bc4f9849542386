import { expect, test, type Page } from '@playwright/test';
import { ADMIN, OFFICE, logIn, openMenu, sidebar } from './helpers';

const MANAGER = { email: 'manager@homecare.test', password: 'Manager!2026demo', name: 'Maya Manager' };

const API = `http://localhost:${process.env.E2E_API_PORT ?? 18000}`;

/** A write to the API as the page's signed-in user (its cookies, and the CSRF token the SPA would echo). */
async function apiPost(page: Page, path: string, data: unknown) {
  const csrf = (await page.context().cookies(API)).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  return page.request.post(`${API}${path}`, { data, headers: { 'X-XSRF-TOKEN': decodeURIComponent(csrf), 'X-Requested-With': 'XMLHttpRequest' } });
}

test('the admin switches to the office account and back: banner, the office menu, audited changes', async ({ page }) => {
  await logIn(page, ADMIN);
  // Users and access is under Administration.
  await openMenu(page, ['Administration']);
  await expect(sidebar(page).getByRole('button', { name: 'Users and access', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Switch account' }).click();
  await page.getByRole('menuitem', { name: `${OFFICE.name} (Office staff)` }).click();
  await expect(page).toHaveURL(/\/switch-account\/\d+\/\d+$/);
  await expect(page.getByRole('heading', { name: `Switch to ${OFFICE.name}?` })).toBeVisible();
  await page.getByRole('button', { name: `Switch to ${OFFICE.name}` }).click();

  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const banner = page.getByRole('status').filter({ hasText: 'signed in as' });
  await expect(banner).toHaveText(`You are acting as ${OFFICE.name} (signed in as ${ADMIN.name}).Switch back`);
  // The office user's menu: no Administration (so no users and access), no finance (the admin's is under More);
  // the banner stays on every screen.
  await expect(sidebar(page).getByRole('button', { name: 'Settings and reference data', exact: true })).toBeVisible();
  await expect(sidebar(page).getByRole('button', { name: 'Administration', exact: true })).toHaveCount(0);
  await expect(sidebar(page).getByRole('button', { name: 'Users and access', exact: true })).toHaveCount(0);
  await openMenu(page, ['More']);
  await expect(sidebar(page).getByRole('button', { name: 'Quality assurance', exact: true })).toBeVisible();
  await expect(sidebar(page).getByRole('button', { name: 'Finance', exact: true })).toHaveCount(0);
  await page.goto('/app/branches');
  await expect(page.getByRole('heading', { name: 'Branches' })).toBeVisible();
  await expect(banner).toBeVisible();

  // A change made while switched is recorded as the office user's (with the admin as acting user on the server).
  const code = `S${Date.now().toString(36).slice(-5).toUpperCase()}`;
  const created = await apiPost(page, '/api/v1/holiday-reasons', { name: `Switched leave ${code}`, code });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id as number;

  await banner.getByRole('button', { name: 'Switch back' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'signed in as' })).toHaveCount(0);
  await openMenu(page, ['Administration']);
  await expect(sidebar(page).getByRole('button', { name: 'Users and access', exact: true })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: ADMIN.name })).toBeVisible();

  const history = await page.request.get(`${API}/api/v1/holiday-reasons/${id}/audit`);
  expect(history.status()).toBe(200);
  const entries = (await history.json()).data as { action: string; user: { name: string } | null }[];
  expect(entries.map((entry) => [entry.action, entry.user?.name])).toEqual([['create', OFFICE.name]]);
});

test('a switch link for someone else, or for an account not listed, is refused on the page', async ({ page }) => {
  await logIn(page, MANAGER);
  const me = (await (await page.request.get(`${API}/api/v1/user`)).json()).data.data as { userID: number };
  await page.goto(`/switch-account/${me.userID + 1000}/${me.userID}`);
  await expect(page.getByRole('heading', { name: 'This link is for another user' })).toBeVisible();
  // The manager may switch to the office user only: a link to any other account is refused.
  await page.goto(`/switch-account/${me.userID}/${me.userID}`);
  await expect(page.getByRole('heading', { name: 'You may not switch to this account' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Switch to/ })).toHaveCount(0);
});
