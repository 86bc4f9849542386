import { expect, test, type Page } from '@playwright/test';
import { ADMIN, logIn, unique } from './helpers';

// Issue 14: the workforce. An applicant becomes an active carer: the office asks a referee through an emailed
// link, the referee answers without an account, the answer lands on the file, the checks clear and the applicant
// is hired. A carer whose DBS Update Service check lapsed shows in the file alerts and cannot be rostered.

async function openTab(page: Page, group: string, tab: string) {
  const nav = page.getByRole('navigation', { name: 'Carer record' });
  const details = nav.locator('details', { has: page.getByText(group, { exact: true }) });
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  await nav.getByRole('link', { name: new RegExp(`^${tab}( \\(|$)`) }).click();
}

async function openCarer(page: Page, name: string) {
  await page.goto('/app/carers');
  await page.getByLabel('Search').fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('row', { name: new RegExp(name) }).getByRole('link', { name }).click();
  await expect(page.getByRole('region', { name: 'Carer summary' }).getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible();
}

test('an applicant becomes an active carer, with a reference answered through the emailed link', async ({ page, browser }) => {
  await logIn(page, ADMIN);
  await openCarer(page, 'Ella Jones');

  // She has one reference of two: the office asks a second referee.
  await openTab(page, 'Recruitment', 'References');
  await page.getByRole('button', { name: 'Ask a referee' }).click();
  const referee = `Ruth Pemberton ${unique()}`;
  const ask = page.getByRole('form', { name: 'Ask a referee' });
  await ask.getByLabel("Referee's name").fill(referee);
  await ask.getByLabel("Referee's email").fill('ruth.pemberton@example.org');
  await ask.getByLabel('Organisation').fill('Leeds Teaching Hospitals NHS Trust');
  await ask.getByLabel('How they know the carer').selectOption({ index: 1 });
  await ask.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByRole('row', { name: new RegExp(referee) })).toBeVisible();

  // The email, as the outbox keeps it, carries the one-use link.
  await page.goto('/app/outbox');
  await page.getByRole('link', { name: 'Reference request for Ella Jones' }).first().click();
  const link = await page.getByRole('link', { name: /\/api\/public\/references\// }).first().getAttribute('href');
  expect(link).toBeTruthy();

  // The referee, without an account, answers the form.
  const refereeContext = await browser.newContext();
  const form = await refereeContext.newPage();
  await form.goto(link!);
  await expect(form.getByRole('heading', { level: 1, name: 'Reference for Ella Jones' })).toBeVisible();
  await form.getByLabel('Your job title', { exact: true }).first().fill('Ward manager');
  await form.getByRole('group', { name: /How you know the applicant/ }).getByLabel('I was their line manager').check();
  await form.getByRole('group', { name: /work with adults or children at risk/ }).getByLabel('Yes', { exact: true }).check();
  await form.getByLabel(/^Their conduct in that work/).fill('Kind, careful and trusted with patients; no concerns.');
  await form.getByRole('group', { name: /disciplinary actions/ }).getByLabel('No', { exact: true }).check();
  for (const rating of ['Reliability', 'Punctuality and attendance', 'Honesty and integrity', 'Working with others', 'Care and respect for people']) {
    await form.getByRole('group', { name: new RegExp(`^${rating}`) }).getByLabel('Good', { exact: true }).check();
  }
  const signed = form.getByRole('group', { name: /^Signed/ });
  await signed.getByLabel('Your full name').fill(referee);
  await signed.getByLabel('Your job title').fill('Ward manager');
  await form.getByRole('button', { name: 'Send the reference' }).click();
  await expect(form.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
  // The link works once.
  await form.goto(link!);
  await expect(form.getByRole('heading', { level: 1, name: 'This reference has already been given' })).toBeVisible();
  await expect(form.getByText('Ella Jones')).toHaveCount(0);
  await refereeContext.close();

  // Back on the file: the answer is there, the checks are clear, and she is hired.
  await openCarer(page, 'Ella Jones');
  await openTab(page, 'Recruitment', 'References');
  await expect(page.getByRole('button', { name: `Read the reference from ${referee}` })).toBeVisible();
  await openTab(page, 'Recruitment', 'Recruitment');
  const hire = page.getByRole('form', { name: 'Hire' });
  await hire.getByLabel('Start date').fill('2026-12-01');
  await hire.getByLabel('Contract', { exact: true }).selectOption('part-time');
  await hire.getByLabel('Contracted hours a week').fill('24');
  await hire.getByRole('button', { name: 'Hire Ella Jones' }).click();
  const header = page.getByRole('region', { name: 'Carer summary' });
  await expect(header.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'How they were recruited' })).toBeVisible();
});

test('a lapsed DBS Update Service check shows in the file alerts and stops the carer being rostered', async ({ page }) => {
  await logIn(page, ADMIN);
  await page.goto('/app/live-events/carers/file-alerts');
  await expect(page.getByRole('heading', { level: 1, name: 'File alerts' })).toBeVisible();
  const row = page.getByRole('row', { name: /Patrick Doyle/ }).filter({ hasText: /Update Service/ }).first();
  await expect(row).toBeVisible();
  await row.getByRole('link', { name: /Patrick Doyle/ }).click();
  const header = page.getByRole('region', { name: 'Carer summary' });
  await expect(header.getByText('Cannot be rostered')).toBeVisible();
  await expect(header.getByRole('list', { name: 'Alerts' })).toContainText('DBS Update Service check');

  // The training matrix shows the four states.
  await page.goto('/app/carers/training-matrix');
  await expect(page.getByRole('heading', { level: 1, name: 'Training matrix' })).toBeVisible();
  const matrix = page.getByRole('region', { name: 'Training matrix, scrolls both ways' });
  for (const state of ['valid', 'expiring', 'expired', 'missing']) await expect(matrix.locator(`td [data-state="${state}"]`).first()).toBeVisible();
});
