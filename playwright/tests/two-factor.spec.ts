import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { nowMs } from './helpers';

// A demo user of its own (seeded by server/src/db/seed-auth-settings.ts), so turning 2FA on here never
// changes how the other journeys log in.
const TWO_FACTOR_USER = { email: 'two.factor@homecare.test', password: 'TwoFactor!2026demo' };

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), as the authenticator app on the user's phone computes it. */
function totp(secret: string, step: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/[\s=]/g, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const value = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}
// The server checks a code by the product's clock.
const currentStep = () => Math.floor(nowMs() / 30_000);

async function enterPassword(page: Page) {
  await page.goto('/');
  await page.getByLabel('Email').fill(TWO_FACTOR_USER.email);
  await page.getByLabel('Password').fill(TWO_FACTOR_USER.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('a user turns on two-factor authentication from the profile, then logs in with a code from the app', async ({ page }) => {
  test.setTimeout(180_000);

  // Password only, for now.
  await enterPassword(page);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  // Profile → turn on: confirm the password, read the setup key, answer with the app's code.
  await page.goto('/app/profile');
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(section.getByText(/^Off:/)).toBeVisible();
  await section.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
  await dialog.getByLabel('Password', { exact: true }).fill(TWO_FACTOR_USER.password);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByRole('img', { name: 'QR code to add this account to your authenticator app' })).toBeVisible();
  const secret = await page.getByLabel('Setup key').inputValue();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const setupStep = currentStep();
  await page.getByLabel('Code from your app').fill(totp(secret, setupStep));
  await page.getByRole('button', { name: 'Confirm code' }).click();

  const codes = page.getByRole('list', { name: 'Recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(8);
  await expect(section.getByText(/^On: logging in asks for a code/)).toBeVisible();

  // Log out, and in again: the password is no longer enough.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
  await enterPassword(page);
  await expect(page).toHaveURL(/\/two-factor-challange$/);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();

  // The code that turned 2FA on cannot be used again: wait for the app's next code.
  while (currentStep() <= setupStep) await page.waitForTimeout(1000);
  await page.getByLabel('Authentication code').fill(totp(secret, currentStep()));
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});
