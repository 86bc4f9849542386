import { expect, test } from '@playwright/test';
import { MANAGER, logIn, openMenu, ukToday, unique } from './helpers';

// Issue 18: quality. The registered manager records a fall with a fracture that went to hospital, is told it
// needs a CQC notification, prepares it from the incident, submits it, opens its PDF, and finds both on the
// quality dashboard.

test('a serious fall prompts a CQC notification, which is completed, submitted, printed and counted', async ({ page }) => {
  test.slow();
  const marker = `Fall ${unique()}`;
  const today = ukToday();
  await logIn(page, MANAGER);

  // Quality assurance is under More in the manager's menu.
  await openMenu(page, ['More', 'Quality assurance'], 'Incidents and accidents');
  await expect(page.getByRole('heading', { level: 1, name: 'Incidents and accidents' })).toBeVisible();
  await expect(page.getByRole('table', { name: /Incidents and accidents/ }).getByRole('link', { name: /^INC-\d{4}$/ }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Add incident' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New incident' })).toBeVisible();

  await page.getByLabel('Branch').selectOption({ label: 'Camden Domiciliary' });
  await page.getByLabel('Date it happened').fill(today);
  await page.getByLabel('Time', { exact: true }).fill('08:10');
  await page.getByLabel('Reported by').fill('Maya Manager');
  await page.getByLabel('Severity').selectOption('high');
  await page.getByLabel('Type of incident').selectOption('fall');
  await page.getByLabel('Injury', { exact: true }).selectOption('serious');
  await page.getByLabel('Where on the body').fill('Left hip');
  await page.getByLabel('Went to hospital').check();
  await page.getByLabel('What happened').fill(`${marker}: found on the kitchen floor at the morning call, unable to stand; ambulance took her to hospital, fractured hip.`);
  await page.getByLabel('Immediate actions').fill('Kept her warm, called 999, stayed until the ambulance came.');
  // The person involved, picked from the clients' list.
  await page.getByLabel('Name to find').fill('an');
  await page.getByRole('list', { name: 'People found' }).getByRole('button').first().click();
  await expect(page.getByLabel('Name (person 1)')).not.toHaveValue('');
  await page.getByRole('button', { name: 'Add who was told' }).click();
  await page.getByLabel('Told by (1)').fill('Maya Manager');
  await page.getByRole('button', { name: 'Save incident' }).click();

  // Prompted: the edit screen says a notification is needed.
  const prompt = page.getByRole('alert').filter({ hasText: 'This needs a CQC notification' });
  await expect(prompt).toContainText('Serious injury');
  const incidentHeading = page.getByRole('heading', { level: 1, name: /Edit incident INC-\d{4}/ });
  await expect(incidentHeading).toBeVisible();
  const incidentRef = (/INC-\d{4}/.exec((await incidentHeading.textContent()) ?? '') ?? [''])[0];
  await prompt.getByRole('link', { name: 'Prepare the CQC notification' }).click();

  // The notification, prefilled from the incident.
  await expect(page.getByRole('heading', { level: 1, name: 'New CQC notification' })).toBeVisible();
  await expect(page.getByText(`Prefilled from ${incidentRef}`)).toBeVisible();
  await expect(page.getByLabel('Notification category')).toHaveValue('serious_injury');
  await page.getByLabel("The person's condition now").fill('In hospital after surgery; stable.');
  await page.getByRole('button', { name: 'Save CQC notification' }).click();
  const notificationHeading = page.getByRole('heading', { level: 1, name: /Edit CQC notification CQC-\d{4}/ });
  await expect(notificationHeading).toBeVisible();
  const cqcRef = (/CQC-\d{4}/.exec((await notificationHeading.textContent()) ?? '') ?? [''])[0];

  // Submitted, with CQC's reference.
  await page.getByLabel('CQC reference').fill('CQC-E2E-1');
  await page.getByRole('button', { name: 'Mark as submitted to CQC today' }).click();
  await expect(page.getByLabel('Status')).toHaveValue('submitted');
  await expect(page.getByText('Version 2')).toBeVisible();

  // Its PDF, made by the server.
  const pdfLink = page.getByRole('link', { name: 'Open the notification as a PDF' });
  const pdf = await page.request.get((await pdfLink.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The incident now shows the notification's status.
  await page.getByRole('link', { name: incidentRef }).click();
  await expect(page.getByRole('status').filter({ hasText: `CQC notification ${cqcRef}` })).toContainText('Submitted');

  // The quality dashboard counts it.
  await openMenu(page, ['More', 'Quality assurance'], 'Quality dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Quality dashboard' })).toBeVisible();
  const counts = page.getByRole('table', { name: 'Records by register and status' });
  await expect(counts.getByRole('row', { name: /CQC notifications/ })).toBeVisible();
  const submitted = Number(await counts.getByRole('row', { name: /CQC notifications/ }).getByRole('cell').nth(2).textContent());
  expect(submitted).toBeGreaterThanOrEqual(3);
  await expect(page.getByRole('table', { name: /Overdue items/ })).toBeVisible();
});
