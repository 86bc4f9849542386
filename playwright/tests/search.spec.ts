import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { MANAGER, logIn } from './helpers';

// Issue 30: the global search. Ctrl+K (Cmd+K on a Mac) or the header's box opens a dialog whose combobox finds
// clients, carers, office employees, visits, invoices and screens, within the user's permissions and branches;
// Enter opens the active result. The client searched for is one the demo holds, asked of the API, never fixed.

const API = `http://localhost:${process.env.E2E_API_PORT ?? 18000}`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Client = { id: number; first_name: string; last_name: string; preferred_name?: string | null };

/** Reads the API as the signed-in user (the browser's session). */
async function read<T>(page: Page, path: string): Promise<T> {
  const answer = await page.request.get(`${API}${path}`, { headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' } });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()).data as T;
}

/** A demo client whose first and last names' starts name no other client: the search's first hit is theirs. */
async function demoClient(page: Page): Promise<Client & { typed: string }> {
  const clients = (await read<{ data: Client[] }>(page, '/api/v1/clients?page_size=100&sort=last_name&mode=asc')).data;
  const typedFor = (client: Client) => `${client.first_name.slice(0, 3)} ${client.last_name.slice(0, 4)}`.toLowerCase();
  const starts = (name: string, typed: string) => name.toLowerCase().startsWith(typed);
  const alone = clients.find((client) => {
    const [first, last] = typedFor(client).split(' ') as [string, string];
    const names = (other: Client) => [other.first_name, other.last_name, other.preferred_name ?? ''];
    return clients.filter((other) => names(other).some((name) => starts(name, first)) && names(other).some((name) => starts(name, last))).length === 1;
  });
  expect(alone, 'the demo has a client the search can single out').toBeTruthy();
  return { ...alone!, typed: typedFor(alone!) };
}

/** Serious and critical axe findings inside the open search dialog. */
async function dialogFindings(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"][aria-modal="true"]').analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test('the manager presses Ctrl+K, types part of a client’s name and Enter opens the client’s record; the dialog is clean for axe', async ({ page }) => {
  await logIn(page, MANAGER);
  const client = await demoClient(page);

  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await expect(dialog).toBeVisible();
  const input = dialog.getByRole('combobox', { name: 'Search' });
  await expect(input).toBeFocused();
  await input.pressSequentially(client.typed);

  // The client's hit is under the Clients heading, first, and active; the status says how many were found.
  const clients = dialog.getByRole('group', { name: 'Clients' });
  const hit = clients.getByRole('option', { name: new RegExp(`^${escape(`${client.first_name} ${client.last_name}`)}`) });
  await expect(hit).toBeVisible();
  await expect(hit).toHaveAttribute('aria-selected', 'true');
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  await expect(dialog.getByRole('status')).toHaveText(/\d+ results?/);
  expect(await dialogFindings(page)).toEqual([]);

  // The arrows move through the options and back; Enter opens the active one.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(hit).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/app/clients/${client.id}(/|$)`));
  await expect(dialog).toBeHidden();

  // Nothing found is said, not only shown; Escape closes the dialog.
  await page.keyboard.press('Control+k');
  await expect(input).toBeFocused();
  await input.pressSequentially('qqxzv');
  await expect(dialog.getByRole('status')).toHaveText('No results for “qqxzv”.');
  await expect(input).toHaveAttribute('aria-expanded', 'false');
  expect(await dialogFindings(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('on a phone (390×844) the header’s box is on screen and opens the search, whose results fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logIn(page, MANAGER);
  const client = await demoClient(page);

  const box = page.getByRole('banner').getByRole('button', { name: 'Find anything' });
  await expect(box).toBeInViewport({ ratio: 1 });
  expect((await box.boundingBox())!.height).toBeGreaterThanOrEqual(24);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log out' })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await box.click();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  const input = dialog.getByRole('combobox', { name: 'Search' });
  await expect(input).toBeFocused();
  await input.pressSequentially(client.typed);
  const hit = dialog.getByRole('group', { name: 'Clients' }).getByRole('option', { name: new RegExp(`^${escape(`${client.first_name} ${client.last_name}`)}`) });
  await expect(hit).toBeInViewport();
  expect((await hit.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await dialogFindings(page)).toEqual([]);

  await hit.click();
  await expect(page).toHaveURL(new RegExp(`/app/clients/${client.id}(/|$)`));
  await expect(dialog).toBeHidden();
});
