import { expect, test } from '@playwright/test';
import { logIn, openMenu, ukToday } from './helpers';

// Issue 17: finance. The finance officer generates last month's invoice for Camden's council from the demo's
// confirmed visits, opens its printable PDF, credits one line of it with a reason, then records the council's
// payment and allocates it to the invoice.

const FINANCE = { email: 'finance@homecare.test', password: 'Finance!2026demo' };

/** The first and last day of the month before today's (UK). */
function lastMonth(): { from: string; to: string } {
  const today = ukToday();
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

test('generate a month of invoices, print one, credit a line and allocate a payment', async ({ page }) => {
  test.slow();
  const period = lastMonth();
  await logIn(page, FINANCE);

  // Generate: Camden's council, last month.
  // The finance officer's Finance stays at the top level (the admin's is under More).
  await openMenu(page, ['Finance'], 'Generate invoices');
  await expect(page.getByRole('heading', { level: 1, name: 'Generate invoices' })).toBeVisible();
  await page.getByLabel('Branch').selectOption({ label: 'Camden Domiciliary' });
  await page.getByLabel('Funder').selectOption({ label: 'London Borough of Camden' });
  await page.getByLabel('Period from').fill(period.from);
  await page.getByLabel('Period to').fill(period.to);
  await page.getByRole('button', { name: 'Show the summary' }).click();
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByText(/London Borough of Camden: \d+ visits, £/)).toBeVisible();
  await summary.getByRole('button', { name: 'Generate' }).click();

  const posted = page.getByRole('region', { name: 'Posted invoices' });
  const numberLink = posted.getByRole('link', { name: /^INV-\d{4}-\d{2}-\d{6}$/ });
  await expect(numberLink).toBeVisible();
  const number = (await numberLink.textContent())!.trim();
  const invoicePage = (await numberLink.getAttribute('href'))!;

  // Print it: the server's PDF in the viewer.
  await posted.getByRole('link', { name: `PDF of ${number}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(number) })).toBeVisible();
  const pdf = await page.request.get(`http://localhost:${process.env.E2E_API_PORT ?? 18000}/api/v1/finance/print/invoices/${number}.pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  // The viewer really shows it (the page's CSP once stopped it fetching a blob: URL): the invoice number is in the
  // first page's text layer, not only in the viewer's title bar, and nothing says it could not be shown.
  const viewer = page.getByRole('region', { name: /PDF: / });
  await expect(viewer.getByRole('region', { name: 'Page 1' })).toContainText(number);
  await expect(page.getByRole('alert').filter({ hasText: 'could not be shown' })).toHaveCount(0);
  // One download link, the viewer's.
  await expect(page.getByRole('link', { name: /^Download Invoice / })).toHaveCount(1);
  await expect(page.getByRole('link', { name: `Download Invoice ${number} (PDF)`, exact: true })).toBeVisible();

  // Credit one line with a reason.
  await page.goto(invoicePage);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(number) })).toBeVisible();
  const outstandingBefore = await page.getByRole('definition').filter({ hasText: '£' }).last().textContent();
  await page.getByRole('checkbox', { name: /^Credit / }).first().check();
  await page.getByLabel('Reason for the credit').fill('Visit cut short: the client was taken to hospital');
  await page.getByRole('button', { name: 'Credit 1 selected line' }).click();
  const creditNotes = page.getByRole('region', { name: 'Credit notes' });
  await expect(creditNotes.getByText(/CN-\d{4}-\d{2}-\d{6}/)).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '£' }).last()).not.toHaveText(outstandingBefore ?? '');

  // Record the council's payment and allocate it to the invoice.
  await openMenu(page, ['Finance'], 'Payments and allocation');
  const record = page.getByRole('form', { name: 'Record a payment' });
  await record.getByLabel('Branch').selectOption({ label: 'Camden Domiciliary' });
  await record.getByLabel('Paid by').selectOption({ label: 'Funder: London Borough of Camden' });
  await record.getByLabel('Received on').fill(ukToday());
  await record.getByLabel('Amount (£)').fill('100.00');
  await record.getByLabel('Reference').fill('REMIT-CAM-001');
  await record.getByRole('button', { name: /Record/ }).click();

  const allocate = page.getByRole('form', { name: 'Allocate the payment' });
  await allocate.getByLabel(`Allocate to ${number}`).fill('100.00');
  await allocate.getByRole('button', { name: 'Allocate' }).click();
  await expect(page.getByRole('region', { name: 'Allocated to' }).getByRole('link', { name: number })).toBeVisible();
});
