import { expect, test } from '@playwright/test';
import { ADMIN, OFFICE, logIn, openMenu, sidebar } from './helpers';

test('an unreachable remote shows its own panel while the sidebar and other areas keep working', async ({ page }) => {
  // The finance area's files cannot be reached, as after a failed deploy or a dead CDN.
  await page.route('**/areas/finance/**', (route) => route.abort('connectionrefused'));
  await logIn(page, ADMIN);
  await page.goto('/app/finance');
  const panel = page.getByRole('alert').filter({ hasText: 'The Finance area is unavailable' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(sidebar(page)).toBeVisible();

  // Retrying still fails against the dead address, and still only inside the area.
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The Finance area is unavailable' })).toBeVisible();

  await openMenu(page, ['Settings and reference data', 'Agency and calendar'], 'Branches');
  await expect(page.getByRole('heading', { name: 'Branches' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Camden Domiciliary' })).toBeVisible();
});

test('one zustand store across host and remote: the remote reads the session the host loaded', async ({ page }) => {
  // The remote's "Add branch" button depends on can('branches.create') from the shared session store, which
  // only the host fills in at login. With a second copy of the kit or zustand the remote would see no user.
  await logIn(page, OFFICE);
  await page.goto('/app/branches');
  await expect(page.getByRole('link', { name: 'Add branch' })).toBeVisible();
});
