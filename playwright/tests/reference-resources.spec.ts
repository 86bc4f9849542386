import { expect, test } from '@playwright/test';
import { OFFICE, logIn, unique } from './helpers';

test('a funder code is created with its scales, edited, sorted, filtered and exported', async ({ page }) => {
  const code = `T${unique().slice(0, 6)}`;
  const name = `Test Borough ${code}`;
  await logIn(page, OFFICE);
  await page.goto('/app/datatables/funder-codes');
  await expect(page).toHaveTitle('Home Care - Funder codes');
  await page.getByRole('link', { name: 'Add funder code' }).click();

  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Funder type').selectOption('local-authority');
  await page.getByLabel('Invoice frequency').selectOption('four-weekly');
  await page.getByLabel('Payment terms (days)').fill('thirty');
  await page.getByLabel('Billing basis').selectOption('planned');
  await page.getByRole('button', { name: 'Save funder code' }).click();
  await expect(page.getByText('Payment terms must be a number.')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await page.getByLabel('Payment terms (days)').fill('30');
  await page.getByRole('button', { name: 'Save funder code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Funder code saved' })).toBeVisible();

  // Find it, open it, and add a scale from its page.
  await page.getByLabel('Search funder codes').fill(code);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: code }).click();
  // It opens read first: its values, Edit, and its scales below.
  await expect(page.getByRole('heading', { level: 1, name: `Funder code: ${name}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Funder code details' })).toContainText('Every four weeks');
  const scales = page.getByRole('region', { name: 'Funder scales' });
  await expect(scales.getByText('No funder scales yet.')).toBeVisible();
  await scales.getByRole('link', { name: 'Add funder scale' }).click();
  await expect(page.getByLabel('Funder code')).toBeDisabled();
  await page.getByLabel('Call length').selectOption('30');
  await page.getByLabel('Day type').selectOption('weekday');
  await page.getByLabel('Rate (£)').fill('16.07');
  await page.getByLabel('Valid from').fill('2026-04-01');
  await page.getByRole('button', { name: 'Save funder scale' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Funder code: ${name}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Funder scales' }).getByRole('row').filter({ hasText: '£16.07' })).toContainText('Weekday');

  // Edit the funder code itself: Save goes back to its summary, showing the change; Back goes to the list.
  await page.getByRole('button', { name: 'Edit funder code' }).click();
  await page.getByLabel('Payment terms (days)').fill('45');
  await page.getByRole('button', { name: 'Save funder code' }).click();
  await expect(page.getByRole('region', { name: 'Funder code details' })).toContainText('Payment terms (days)45');
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL('/app/datatables/funder-codes');

  // Sort by code descending, filter by type, and export what the list shows.
  // The list opens sorted by code, ascending; a click on the header turns it round.
  const header = page.getByRole('columnheader', { name: /Code/ });
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await page.getByLabel('Funder type').selectOption('local-authority');
  await expect(page.getByRole('row').filter({ hasText: code })).toContainText('45');
  await expect(page.getByRole('row').filter({ hasText: 'Private' })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const { readFileSync } = await import('node:fs');
  const csv = readFileSync(file, 'utf8');
  expect(csv.split('\n')[0]).toContain('Code');
  expect(csv).toContain(name);
  expect(csv).not.toContain('Private');
});

test('a fiscal year is created with its hourly rates, with the cross-field rules checked in the form', async ({ page }) => {
  await logIn(page, OFFICE);
  await page.goto('/app/datatables/fiscal-years');
  await page.getByRole('link', { name: 'Add fiscal year' }).click();
  await page.getByLabel('Name', { exact: true }).fill('2027-28');
  await page.getByLabel('Start date').fill('2027-04-01');
  await page.getByLabel('End date').fill('2027-03-31');
  await page.getByRole('button', { name: 'Save fiscal year' }).click();
  await expect(page.getByText('End date must be after the start date.')).toBeVisible();
  await page.getByLabel('End date').fill('2028-03-31');
  await page.getByRole('button', { name: 'Save fiscal year' }).click();
  await expect(page).toHaveURL('/app/datatables/fiscal-years');

  await page.getByRole('row').filter({ hasText: '2027-28' }).getByRole('link', { name: '2027-28' }).click();
  const rates = page.getByRole('region', { name: 'Hourly rates' });
  await rates.getByRole('link', { name: 'Add hourly rate' }).click();
  await page.getByLabel('Kind').selectOption('mileage');
  await page.getByLabel('Unit').selectOption('hour');
  await page.getByLabel('Rate (£)').fill('0.45');
  await page.getByLabel('Applies to').selectOption('carers');
  await page.getByRole('button', { name: 'Save hourly rate' }).click();
  await expect(page.getByText('Mileage is paid per mile, and only mileage is.')).toBeVisible();
  await page.getByLabel('Unit').selectOption('mile');
  await page.getByRole('button', { name: 'Save hourly rate' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fiscal year: 2027-28' })).toBeVisible();
  const mileage = page.getByRole('region', { name: 'Hourly rates' }).getByRole('row').filter({ hasText: 'Mileage' });
  await expect(mileage).toContainText('£0.45');
  await expect(mileage).toContainText('Per mile');

  // The year's list opens newest first; sorting by name goes A to Z, then Z to A; filtered to open years,
  // and exported with the same filter.
  await page.goto('/app/datatables/fiscal-years');
  await expect(page.getByRole('row').nth(1)).toContainText('2027-28');
  const nameHeader = page.getByRole('columnheader', { name: /Name/ });
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('row').nth(1)).toContainText('2025-26');
  await nameHeader.getByRole('button').click();
  await expect(page.getByRole('row').nth(1)).toContainText('2027-28');
  await page.getByLabel('Closed').selectOption('false');
  await expect(page.getByRole('row').filter({ hasText: '2025-26' })).toHaveCount(0);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const { readFileSync } = await import('node:fs');
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv).toContain('2027-28');
  expect(csv).not.toContain('2025-26');
});

test('a reference row is deleted after a confirmation and leaves the list', async ({ page }) => {
  const code = `D${unique().slice(0, 5)}`;
  await logIn(page, OFFICE);
  await page.goto('/app/datatables/holiday-reasons/add');
  await page.getByLabel('Name', { exact: true }).fill(`Duvet day ${code}`);
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Save holiday reason' }).click();
  await page.getByLabel('Search holiday reasons').fill(code);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: `Duvet day ${code}` }).click();
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Oliver Office added this holiday reason.');

  await page.getByRole('button', { name: 'Delete holiday reason' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this holiday reason?' });
  await dialog.getByRole('button', { name: 'Delete holiday reason' }).click();
  await expect(page).toHaveURL('/app/datatables/holiday-reasons');
  await page.getByLabel('Search holiday reasons').fill(code);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No holiday reasons match your search.')).toBeVisible();
});
