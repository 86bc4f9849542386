import { expect, test, type Page } from '@playwright/test';
import { ADMIN, OFFICE, logIn, openMenu, unique } from './helpers';

// The communication area (workforce remote, /app/communication): notices read from the dashboard, an email to
// a carer kept in the thread and the outbox, and chat monitoring whose every reading is in the audit trail.

const API = `http://localhost:${process.env.E2E_API_PORT ?? 18000}`;

/** A write to the API as the page's signed-in user (its cookies, and the CSRF token the SPA would echo). */
async function apiPost(page: Page, path: string, data: unknown) {
  const csrf = (await page.context().cookies(API)).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  return page.request.post(`${API}${path}`, { data, headers: { 'X-XSRF-TOKEN': decodeURIComponent(csrf), 'X-Requested-With': 'XMLHttpRequest' } });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Communication is under More in the admin's menu. */
async function openCommunication(page: Page, item: string) {
  await openMenu(page, ['More', 'Communication'], item);
}

test('an admin publishes a notice to office staff; the office user marks it read from the dashboard; the admin sees 1 read', async ({ page, browser }) => {
  const title = `Fire drill ${unique()}`;
  await logIn(page, ADMIN);
  await openCommunication(page, 'Notices');
  await expect(page.getByRole('heading', { level: 1, name: 'Notices' })).toBeVisible();
  await page.getByRole('link', { name: 'Publish a notice' }).click();

  // The contract's schema refuses an empty form by field before anything is sent.
  await page.getByRole('button', { name: 'Publish notice' }).click();
  await expect(page.getByText('Title is required.')).toBeVisible();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Notice', { exact: true }).fill('Meet in the car park at 10 on Friday.');
  await page.getByLabel('For', { exact: true }).selectOption({ label: 'Office staff' });
  await page.getByLabel('Branch', { exact: true }).selectOption({ label: 'Camden Domiciliary' });
  await page.getByRole('button', { name: 'Publish notice' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Not read yet' })).toContainText(OFFICE.name);
  await expect(page.getByRole('region', { name: 'Read', exact: true })).toContainText('Nobody has read it yet.');

  // The office user, in a browser of their own, finds it on the dashboard and marks it read.
  const officeContext = await browser.newContext();
  const officePage = await officeContext.newPage();
  await logIn(officePage, OFFICE);
  const notice = officePage.getByRole('region', { name: 'Notices for you' }).getByRole('listitem', { name: title });
  await expect(notice).toContainText('Meet in the car park at 10 on Friday.');
  await notice.getByRole('button', { name: 'Mark as read' }).click();
  await expect(notice.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  await expect(notice).toContainText('Read');
  await officePage.reload();
  await expect(officePage.getByRole('region', { name: 'Notices for you' }).getByRole('listitem', { name: title })).toContainText('Read');
  await officeContext.close();

  // The admin sees who has read it, and 1 read in the list.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Read', exact: true })).toContainText(OFFICE.name);
  await expect(page.getByRole('region', { name: 'Not read yet' })).not.toContainText(OFFICE.name);
  await page.getByRole('link', { name: 'All notices' }).click();
  await expect(page.getByRole('row', { name: new RegExp(escapeRegExp(title)) }).getByRole('cell').last()).toHaveText(/^1\/\d+$/);
});

test('an email to a carer is kept in the carer\'s thread and lands in the outbox', async ({ page }) => {
  const subject = `Your rota ${unique()}`;
  await logIn(page, ADMIN);
  await openCommunication(page, 'Carer messages');
  await page.getByLabel('Search carers by name or email').fill('Tom Fletcher');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('table', { name: 'Carers' }).getByRole('link', { name: 'Tom Fletcher' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages with Tom Fletcher' })).toBeVisible();

  await page.getByLabel('Subject', { exact: true }).fill(subject);
  await page.getByLabel('Message', { exact: true }).fill('Hi Tom, your rota for next week is ready.');
  await page.getByRole('button', { name: 'Send email' }).click();
  const thread = page.getByRole('list', { name: 'Messages with Tom Fletcher' });
  await expect(thread.getByRole('listitem').filter({ hasText: subject })).toContainText('To Tom Fletcher · Email');
  await page.reload();
  await expect(thread.getByRole('listitem').filter({ hasText: subject })).toContainText('Hi Tom, your rota for next week is ready.');

  await page.goto('/app/outbox');
  await page.getByLabel('Search by address or subject').fill(subject);
  await page.getByRole('button', { name: 'Search' }).click();
  const email = page.getByRole('table', { name: 'Emails' }).getByRole('row', { name: new RegExp(escapeRegExp(subject)) });
  await expect(email).toContainText('tom.fletcher@homecare.test');
});

test('chat monitoring opens a conversation read-only, and the reading is in the audit trail', async ({ page }) => {
  await logIn(page, ADMIN);
  // A conversation made through the chat API, as the chat screen would: the admin writes to the office user.
  const users = (await (await page.request.get(`${API}/api/v1/users?search=${encodeURIComponent(OFFICE.email)}`)).json()).data.data as { id: number; email: string }[];
  const officeId = users.find((user) => user.email === OFFICE.email)!.id;
  const created = await apiPost(page, '/api/v1/communication/chats', { userId: officeId });
  expect(created.ok()).toBe(true);
  const chatId = ((await created.json()).data as { id: number }).id;
  const text = `Can you cover the 8 o'clock call? ${unique()}`;
  expect((await apiPost(page, `/api/v1/communication/chats/${chatId}/messages`, { body: text })).ok()).toBe(true);

  await openCommunication(page, 'Chat monitoring');
  await expect(page.getByRole('heading', { level: 1, name: 'Chat monitoring' })).toBeVisible();
  await page.getByLabel('Person').selectOption({ label: OFFICE.name });
  const name = `${ADMIN.name} and ${OFFICE.name}`;
  await page.getByRole('table', { name: 'Conversations' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Conversation: ${name}` })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(escapeRegExp(text)) })).toContainText(ADMIN.name);
  // Read-only: no box to write in.
  await expect(page.getByRole('textbox')).toHaveCount(0);

  await openMenu(page, ['Administration'], 'Audit trail');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  await page.getByLabel('Action').selectOption({ label: 'Viewed' });
  const view = page.getByRole('row', { name: /Viewed chats/ }).filter({ hasText: `#${chatId}` }).first();
  await expect(view).toContainText(ADMIN.name);
});
