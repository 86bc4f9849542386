import { expect, test } from '@playwright/test';
import { OFFICE, logIn, unique } from './helpers';

test('office staff add a branch: a validation error keeps what was typed, then it saves and can be edited', async ({ page }) => {
  const code = unique().slice(0, 6);
  const name = `Harrow ${code}`;
  await logIn(page, OFFICE);
  await page.goto('/app/branches');
  await page.getByRole('link', { name: 'Add branch' }).click();
  await expect(page).toHaveTitle('Home Care - Add branch');

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByLabel('Type of care').selectOption('supported-living');
  await page.getByLabel('Address', { exact: true }).fill('12 Station Road');
  await page.getByLabel('Town').fill('Harrow');
  await page.getByLabel('Postcode').fill('NOT A POSTCODE');
  await page.getByRole('button', { name: 'Save branch' }).click();

  // The form's own check (the contract's valibot schema) marks the field and keeps every value typed.
  await expect(page.getByText('Enter a UK postcode, like SW1A 1AA.')).toBeVisible();
  await expect(page.getByLabel('Postcode')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(page.getByLabel('Town')).toHaveValue('Harrow');

  await page.getByLabel('Postcode').fill('HA1 1BA');
  await page.getByRole('button', { name: 'Save branch' }).click();

  // The toast is raised by the remote and rendered by the host: one alerts store across both.
  await expect(page.getByRole('status').filter({ hasText: 'Branch saved' })).toBeVisible();
  await expect(page).toHaveURL('/app/branches');
  await page.getByLabel('Search branches').fill(code);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Supported living');

  await row.getByRole('link', { name }).click();
  await expect(page.getByLabel('Postcode')).toHaveValue('HA1 1BA');
  await page.getByLabel('Town').fill('Wealdstone');
  await page.getByRole('button', { name: 'Save branch' }).click();
  await expect(page).toHaveURL('/app/branches');
  await page.getByLabel('Search branches').fill(code);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Wealdstone');
});

test('a duplicate code is refused by the server and the error lands on its field', async ({ page }) => {
  await logIn(page, OFFICE);
  await page.goto('/app/branches/add');
  await page.getByLabel('Name', { exact: true }).fill('Second Camden office');
  await page.getByLabel('Code', { exact: true }).fill('CAM');
  await page.getByLabel('Address', { exact: true }).fill('1 High Street');
  await page.getByLabel('Town').fill('London');
  await page.getByLabel('Postcode').fill('NW1 7AA');
  await page.getByRole('button', { name: 'Save branch' }).click();
  await expect(page.getByText('A branch with this code already exists.')).toBeVisible();
  await expect(page.getByLabel('Code', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Second Camden office');
});

test('list headers sort on click, toggling ascending and descending, and pages change', async ({ page }) => {
  await logIn(page, OFFICE);
  await page.goto('/app/branches');
  const codeHeader = page.getByRole('columnheader', { name: /Code/ });
  const sortButton = codeHeader.getByRole('button');
  await expect(sortButton).toHaveAttribute('title', 'Click to sort');
  await sortButton.click();
  await expect(codeHeader).toHaveAttribute('aria-sort', 'ascending');
  const firstAscending = await page.getByRole('row').nth(1).getByRole('cell').nth(1).textContent();
  await sortButton.click();
  await expect(codeHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('row').nth(1).getByRole('cell').nth(1)).not.toHaveText(firstAscending ?? '');

  await page.getByLabel('Rows per page').selectOption('10');
  await expect(page.getByText(/Page 1 of \d+/)).toBeVisible();
});
