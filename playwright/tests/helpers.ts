import { expect, type Page } from '@playwright/test';
import { setClock } from '@hcm/contract/time';

// A run at an instant (HCM_NOW, see ../playwright.config.ts) puts the product's clock there in this worker too, on
// the servers' timeline, so a journey's "today" (ukToday(), now() from @hcm/contract/time) is the product's.
if (process.env.HCM_NOW) {
  const origin = Number(process.env.HCM_CLOCK_ORIGIN);
  setClock(Date.parse(process.env.HCM_NOW) + (Number.isFinite(origin) && origin > 0 ? Math.max(0, Date.now() - origin) : 0));
}
export { addDays, isoWeekday, mondayOf, now, nowMs, ukToday } from '@hcm/contract/time';

export const ADMIN = { email: 'admin@homecare.test', password: 'Admin!2026demo', name: 'Amira Admin' };
export const OFFICE = { email: 'office@homecare.test', password: 'Office!2026demo', name: 'Oliver Office' };
export const MANAGER = { email: 'manager@homecare.test', password: 'Manager!2026demo', name: 'Maya Manager' };

/** Logs in through the login page, as a person would, and waits for the dashboard. */
export async function logIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/**
 * Opens the main menu's groups along `groups`, their titles from the top level down (the shell arranges the menu by
 * job, host/README.md "Menu groups by job": ['More', 'Quality assurance'] for office staff), then, given `link`,
 * follows that entry. Names match whole. A group already open stays open (those holding the current page start
 * open, and a click would close them). On a narrow screen the menu is a drawer: the header's "Menu" opens it first.
 */
export async function openMenu(page: Page, groups: readonly string[], link?: string) {
  const drawer = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
  if ((await drawer.count()) > 0 && (await drawer.getAttribute('aria-expanded')) !== 'true') await drawer.click();
  const menu = sidebar(page);
  for (const name of groups) {
    const group = menu.getByRole('button', { name, exact: true });
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await expect(group).toHaveAttribute('aria-expanded', 'true');
  }
  if (link !== undefined) await menu.getByRole('link', { name: link, exact: true }).click();
}

/** A short unique suffix, so journeys running side by side never collide on unique fields. */
export const unique = () => `${Date.now().toString(36).slice(-4)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`.toUpperCase();

/** A random NHS number with a valid check digit, so journeys running side by side never collide. */
export function nhsNumber(): string {
  for (;;) {
    const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
    const check = 11 - (digits.reduce((total, digit, index) => total + digit * (10 - index), 0) % 11);
    if (check !== 10) return [...digits, check === 11 ? 0 : check].join('');
  }
}
