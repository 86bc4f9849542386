import { expect, test } from '@playwright/test';
import { ADMIN, logIn, openMenu, unique } from './helpers';

// Issue 3, item 10: an administrator changes a client, then finds the change (before and after) and the
// view of the client's record in the audit trail.
test('an edited client shows in the audit trail with before and after, and the view of the record too', async ({ page }) => {
  await logIn(page, ADMIN);
  await page.goto('/app/clients');
  const row = page.getByRole('row', { name: /Ellison/ });
  await row.getByRole('link', { name: 'Margaret' }).click();

  // The record opens on the profile; the support network is one of its tabs.
  await expect(page).toHaveURL(/\/app\/clients\/\d+\/profile-info$/);
  await expect(page.getByRole('heading', { level: 1, name: /Margaret Ellison/ })).toBeVisible();
  await page.getByRole('navigation', { name: 'Client record' }).getByRole('link', { name: 'Support network' }).click();
  await expect(page.getByRole('row', { name: /Susan Ellison/ })).toBeVisible();
  await page.getByRole('navigation', { name: 'Client record' }).getByRole('link', { name: 'Profile', exact: true }).click();
  // The profile reads first; its form opens on Edit.
  await page.getByRole('button', { name: 'Edit client' }).click();
  const practice = `Camden Road Surgery ${unique()}`;
  await page.getByLabel('GP practice').fill(practice);
  await page.getByRole('button', { name: 'Save client' }).click();
  // Saved, not only sent: until then the form holds unsaved changes and keeps the user on the page.
  await expect(page.getByText('Client saved')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Client details' })).toContainText(practice);

  await openMenu(page, ['Administration'], 'Audit trail');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit trail' })).toBeVisible();
  await page.getByLabel('Record type').selectOption({ label: 'Clients' });
  await page.getByLabel('Action').selectOption({ label: 'Changed' });
  const change = page.getByRole('row', { name: /Changed clients/ }).filter({ hasText: 'Margaret Ellison' }).first();
  await expect(change).toContainText(ADMIN.name);
  await change.getByText('Show changes (1 field)').click();
  const field = change.getByRole('row', { name: /GP practice \(changed\)/ });
  await expect(field).toContainText(practice);
  await expect(field.getByRole('cell').first()).not.toContainText(practice);

  await page.getByLabel('Action').selectOption({ label: 'Viewed' });
  // Opening the record is one entry; listing its contacts (the support network tab) is another.
  const rows = page.getByRole('row', { name: /Viewed clients/ }).filter({ hasText: 'Margaret Ellison' });
  await expect(rows.filter({ hasText: 'Viewed the record' }).first()).toContainText(ADMIN.name);
  await expect(rows.filter({ hasText: 'Viewed: contacts' }).first()).toBeVisible();
});
