import { expect, test } from '@playwright/test';
import { ADMIN, logIn, openMenu, sidebar } from './helpers';

// A demo user of its own (server/src/db/seed-password-reset-user.ts), so the new password breaks no other journey.
const FORGOTTEN = { email: 'forgotten@homecare.test', password: 'Forgotten!2026demo' };
const NEW_PASSWORD = 'Quiet-Meadow-Bicycle-42';

test('a user resets a forgotten password through the emailed link, read from the outbox, and logs in with it', async ({ page, browser }) => {
  // 1. The user asks for a link from the login page.
  await page.goto('/');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email').fill(FORGOTTEN.email);
  await page.getByRole('button', { name: 'Email me a reset link' }).click();
  await expect(page.getByRole('status')).toHaveText('If an account exists for that email, we have sent a link to reset the password.');

  // 2. An administrator, in another browser, finds the email in the outbox and reads the link.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await logIn(adminPage, ADMIN);
  await openMenu(adminPage, ['Administration'], 'Outbox');
  await expect(adminPage.getByRole('heading', { name: 'Outbox' })).toBeVisible();
  await adminPage.getByLabel('Search by address or subject').fill(FORGOTTEN.email);
  await adminPage.getByRole('button', { name: 'Search' }).click();
  const table = adminPage.getByRole('table', { name: 'Emails' });
  await expect(table.getByRole('row')).toHaveCount(2); // the header and the one email
  await table.getByRole('link', { name: 'Reset your password' }).click();
  const link = adminPage.getByRole('link', { name: /\/reset-password\// });
  await expect(link).toBeVisible();
  const resetUrl = new URL((await link.getAttribute('href'))!);
  await adminContext.close();

  // 3. The user opens the link: the email is filled in; a too-short password is refused by field, then the reset works.
  await page.goto(`${resetUrl.pathname}${resetUrl.search}`);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(FORGOTTEN.email);
  await page.getByLabel('New password', { exact: true }).fill('too short');
  await page.getByLabel('Confirm new password').fill('too short');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password must be at least 12 characters.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset password' }).click();

  // 4. Back on the login page with a success toast; the old password fails, the new one works.
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been reset' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.getByLabel('Email').fill(FORGOTTEN.email);
  await page.getByLabel('Password').fill(FORGOTTEN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('These credentials do not match our records.');
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // 5. The same link does not work twice.
  await page.goto(`${resetUrl.pathname}${resetUrl.search}`);
  await page.getByLabel('New password', { exact: true }).fill('Another-Long-Passphrase-9');
  await page.getByLabel('Confirm new password').fill('Another-Long-Passphrase-9');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert').first()).toHaveText('This password reset token is invalid.');
});

test('office staff do not see the outbox, and its API refuses them', async ({ page }) => {
  await logIn(page, { email: 'office@homecare.test', password: 'Office!2026demo' });
  await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Outbox' })).toHaveCount(0);
  // The outbox is an administration page: office staff have no Administration group to hold it.
  await expect(sidebar(page).getByRole('button', { name: 'Administration', exact: true })).toHaveCount(0);
  const status = await page.evaluate(async () => {
    const registry = (await (await fetch('/registry.json')).json()) as { apiUrl: string };
    return (await fetch(`${registry.apiUrl}/api/v1/mail-outbox`, { credentials: 'include' })).status;
  });
  expect(status).toBe(403);
});
