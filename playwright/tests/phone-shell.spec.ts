import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { OFFICE, logIn, sidebar } from './helpers';

// A phone (390×844, an iPhone 12–14). Below the kit's 'lg' breakpoint the shell shows the page first and the
// sidebar as a drawer opened from the header's "Menu" button.
test.use({ viewport: { width: 390, height: 844 } });

/** How wide the page is: wider than the viewport means sideways scrolling (WCAG 1.4.10 reflow). */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * axe on the shell's own parts only (header, the notifications region, the drawer when open): an area's screen
 * is that area's to check. Serious and critical findings fail the journey.
 */
async function shellFindings(page: Page, ...scopes: string[]) {
  const builder = new AxeBuilder({ page });
  for (const scope of scopes) builder.include(scope);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('office staff on a phone: the page first, the menu in a drawer, nothing off-screen, the shell clean for axe', async ({ page }) => {
  await logIn(page, OFFICE);

  // The dashboard's heading is on the first screen, not under the menu.
  const heading = page.getByRole('heading', { level: 1, name: 'Dashboard' });
  const headingBox = await heading.boundingBox();
  expect(headingBox).not.toBeNull();
  expect(headingBox!.y).toBeLessThan(844);
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
  // The header wraps: everything in it is on screen.
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Log out' })).toBeInViewport({ ratio: 1 });
  await expect(header.getByRole('link', { name: 'Chat' })).toBeInViewport({ ratio: 1 });
  await expect(header.getByRole('link', { name: OFFICE.name })).toBeInViewport({ ratio: 1 });
  expect(await shellFindings(page, 'header', '[role="region"][aria-label="Notifications"]')).toEqual([]);

  // The menu: closed, it is not in the page; "Menu" opens it as a dialog with focus inside; Escape closes it
  // and focus goes back to the button.
  const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(sidebar(page)).toHaveCount(0);
  await menuButton.click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
  expect(await shellFindings(page, '[role="dialog"][aria-label="Menu"]')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();

  // Touch targets in the drawer are at least 44 px high; a link followed closes it.
  await menuButton.click();
  const clientsGroup = sidebar(page).getByRole('button', { name: 'Clients' });
  expect((await clientsGroup.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await clientsGroup.click();
  await sidebar(page).getByRole('link', { name: 'All clients', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/clients$/);
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();
  await expect(page.getByRole('heading', { level: 1, name: 'Clients', exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Clients' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page).toHaveTitle('Home Care - Clients');
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);

  // At 320 px (WCAG 1.4.10's width) the shell still reflows: no sideways scroll, Log out on screen.
  await page.setViewportSize({ width: 320, height: 640 });
  await header.getByRole('link', { name: 'Home Care' }).click();
  await expect(heading).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(320);
  await expect(menuButton).toBeInViewport({ ratio: 1 });
  await expect(header.getByRole('button', { name: 'Log out' })).toBeInViewport({ ratio: 1 });

  await header.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
});
