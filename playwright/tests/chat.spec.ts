import { expect, test, type Page } from '@playwright/test';
import { ADMIN, logIn, unique } from './helpers';

// Two people chat live, each in their own browser context, through the chat server's socket. The second
// person is a new office user made for this journey, so no other journey's logins (the demo office account
// is used by several) can make them look online before they sign in.

/** The admin adds an office-staff user with a branch, as the users screen does it. */
async function addOfficeUser(admin: Page, person: { name: string; email: string; password: string }) {
  await admin.goto('/app/users');
  await admin.getByRole('link', { name: 'Add user' }).click();
  await admin.getByLabel('Name').fill(person.name);
  await admin.getByLabel('Email').fill(person.email);
  await admin.getByLabel('Initial password').fill(person.password);
  await admin.getByLabel('Role').selectOption({ label: 'Office staff' });
  await admin.getByRole('combobox', { name: 'Branches' }).click();
  await admin.getByRole('option', { name: 'Camden Domiciliary' }).click();
  await admin.getByRole('combobox', { name: 'Branches' }).press('Escape');
  await admin.getByRole('button', { name: 'Save user' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'User saved' })).toBeVisible();
}

/** A chat of the chat list, by the name it shows. */
const chatEntry = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Chats' }).getByRole('listitem').filter({ has: page.getByRole('button', { name }) });

test('two people chat: presence, a live message with unread badge and toast, opening it clears the badge, the sender sees Read', async ({ page: admin, browser }) => {
  test.setTimeout(180_000);
  const code = unique();
  const colleague = { name: `Chloe Chat ${code}`, email: `chloe.${code.toLowerCase()}@homecare.test`, password: 'Quiet-Lantern-Meadow-83' };
  const text = `Can you cover the 10:00 visit? ${code}`;

  await logIn(admin, ADMIN);
  await addOfficeUser(admin, colleague);

  // The admin starts a chat with the colleague, who has not signed in yet: offline.
  await admin.getByRole('link', { name: 'Chat', exact: true }).click();
  await expect(admin.getByRole('heading', { name: 'Chat', level: 1 })).toBeVisible();
  await expect(admin.getByText('Connected: messages arrive as they are sent.')).toBeVisible();
  await admin.getByRole('button', { name: 'New chat' }).click();
  const dialog = admin.getByRole('dialog', { name: 'New chat' });
  await dialog.getByLabel('Person').selectOption({ label: colleague.name });
  await dialog.getByRole('button', { name: 'Start chat' }).click();
  await expect(admin.getByRole('log', { name: `Messages with ${colleague.name}` })).toBeVisible();
  await expect(chatEntry(admin, colleague.name).getByRole('img', { name: 'Offline' })).toBeVisible();

  const colleagueContext = await browser.newContext({ permissions: ['notifications'] });
  try {
    const other = await colleagueContext.newPage();
    await logIn(other, colleague);

    // Their socket connects: the admin sees them online.
    await expect(chatEntry(admin, colleague.name).getByRole('img', { name: 'Online' })).toBeVisible();

    // A message sent now arrives live: a chat toast and the unread count in the header.
    await admin.getByLabel(`Message to ${colleague.name}`).fill(text);
    await admin.getByLabel(`Message to ${colleague.name}`).press('Enter');
    const sent = admin.getByRole('log', { name: `Messages with ${colleague.name}` }).getByRole('listitem').filter({ hasText: text });
    await expect(sent).toBeVisible();
    await expect(admin.getByLabel(`Message to ${colleague.name}`)).toHaveValue('');

    const toast = other.getByRole('status').filter({ hasText: `You have a new message from ${ADMIN.name}` });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(text);
    await expect(other.getByRole('link', { name: 'Chat 1 unread message' })).toBeVisible();
    // It reached their browser, so the sender's receipt says Delivered.
    await expect(sent).toContainText('Delivered');

    // Opening the chat clears the badge, and the sender's receipt turns to Read.
    await other.getByRole('link', { name: 'Chat 1 unread message' }).click();
    const adminEntry = chatEntry(other, ADMIN.name);
    await expect(adminEntry).toContainText('1 unread message');
    await adminEntry.getByRole('button', { name: ADMIN.name }).click();
    await expect(other.getByRole('log', { name: `Messages with ${ADMIN.name}` }).getByText(text)).toBeVisible();
    await expect(adminEntry).not.toContainText('unread message');
    await expect(other.getByRole('link', { name: 'Chat', exact: true })).toBeVisible();
    await expect(sent).toContainText('Read');

    // And a reply comes back into the admin's open chat, read at once: no badge there.
    await other.getByLabel(`Message to ${ADMIN.name}`).fill(`Yes, I will ${code}`);
    await other.getByRole('button', { name: 'Send' }).click();
    await expect(admin.getByRole('log', { name: `Messages with ${colleague.name}` }).getByText(`Yes, I will ${code}`)).toBeVisible();
    await expect(chatEntry(admin, colleague.name)).not.toContainText('unread message');
    await expect(other.getByRole('log', { name: `Messages with ${ADMIN.name}` }).getByRole('listitem').filter({ hasText: `Yes, I will ${code}` })).toContainText('Read');

    // The list view shows the same chat.
    await admin.goto('/app/chat-old');
    await expect(admin.getByRole('table').getByRole('link', { name: colleague.name })).toBeVisible();
  } finally {
    await colleagueContext.close();
  }
});
