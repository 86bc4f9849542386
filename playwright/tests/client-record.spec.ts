import { expect, test, type Page } from '@playwright/test';
import { MANAGER, logIn, ukToday, unique } from './helpers';
import { formatDayMonth } from '@hcm/contract/format';

// Issue 13: the client record. A registered manager opens a demo client's record, reads the header's alerts,
// changes a risk assessment (a new version, the earlier one kept with who changed what), prints it, and takes
// the subject-access export.

async function openTab(page: Page, group: string, tab: string) {
  const nav = page.getByRole('navigation', { name: 'Client record' });
  const details = nav.locator('details', { has: page.getByText(group, { exact: true }) });
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  await nav.getByRole('link', { name: new RegExp(`^${tab}( \\(|$)`) }).click();
}

test('a manager changes a risk assessment as a new version, prints it and exports the whole record', async ({ page }) => {
  await logIn(page, MANAGER);
  await page.goto('/app/clients');
  await page.getByRole('row', { name: /Kowalczyk/ }).getByRole('link', { name: 'Irene' }).click();
  await expect(page).toHaveURL(/\/app\/clients\/\d+\/profile-info$/);
  const header = page.getByRole('region', { name: 'Client summary' });
  await expect(header.getByRole('heading', { level: 1, name: /Irene Kowalczyk/ })).toBeVisible();
  // Her falls risk is high (the demo's falls risk assessment after her fall): the header says so by name.
  await expect(header.getByRole('list', { name: 'Alerts' }).getByRole('listitem').filter({ hasText: /^High risk\s*Falls risk assessment: High risk/ })).toBeVisible();

  await openTab(page, 'Risk assessments', 'Falls risk assessment');
  await expect(page).toHaveURL(/\/falls-risk-assessment$/);
  const actions = page.getByRole('group', { name: 'Falls risk assessment actions' });
  await expect(actions).toBeVisible();
  const versionText = await page.getByText(/^Version \d+/).first().textContent();
  const before = Number(/Version (\d+)/.exec(versionText ?? '')?.[1]);

  await actions.getByRole('button', { name: 'Edit' }).click();
  const note = `Reviewed after her discharge ${unique()}`;
  await page.getByLabel('What changed?').fill(note);
  await page.getByRole('button', { name: 'Save as active' }).click();
  await expect(page.getByText(new RegExp(`^Version ${before + 1}`)).first()).toBeVisible();

  await page.getByRole('group', { name: 'Falls risk assessment actions' }).getByRole('button', { name: 'Versions' }).click();
  const versions = page.getByRole('region', { name: 'Versions of Falls risk assessment' });
  await expect(versions.getByRole('row', { name: new RegExp(note) })).toContainText(MANAGER.name);
  await expect(versions.getByRole('row').nth(2)).toBeVisible(); // the earlier version is still listed

  // The whole care plan, printed by the server, in the PDF viewer.
  await header.getByRole('button', { name: 'Print care plan' }).click();
  const dialog = page.getByRole('dialog', { name: /Care plan: Irene Kowalczyk/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The subject-access export downloads as a ZIP.
  const download = page.waitForEvent('download');
  await header.getByRole('link', { name: 'Subject access export (ZIP)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^subject-access-irene-kowalczyk-\d{4}-\d{2}-\d{2}\.zip$/);
});

test('a medication round is recorded on the MAR chart, and the month is audited with the gaps the product found', async ({ page }) => {
  await logIn(page, MANAGER);
  await page.goto('/app/clients');
  await page.getByRole('row', { name: /Ellison/ }).getByRole('link', { name: 'Margaret' }).click();
  await openTab(page, 'Medication', 'MAR chart');
  await expect(page).toHaveURL(/\/marchart$/);
  const chart = page.getByRole('table').first();
  await expect(chart).toBeVisible();

  // Every scheduled dose still to record today or missed shows as a button naming it: record the first as given.
  // Late in the day the demo has recorded them all; then record a when-needed dose given today, with its reason.
  const scheduled = chart.getByRole('button', { name: /^Record (?!a when-needed).* dose of .+ on \d{1,2} \w+/ });
  const today = formatDayMonth(ukToday());
  const whenNeeded = chart.getByRole('button', { name: new RegExp(`^Record a when-needed dose of .+ on ${today}$`) });
  const isScheduled = (await scheduled.count()) > 0;
  const due = (isScheduled ? scheduled : whenNeeded).first();
  const doseName = ((await due.getAttribute('aria-label')) ?? '').replace(/^Record (a )?/, '').replace(/( \(missed: nothing recorded\)|, due now)$/, '');
  await due.click();
  const dialogForm = page.getByRole('form', { name: `Record the ${doseName}` });
  await dialogForm.getByLabel('Outcome').selectOption('A');
  if (!isScheduled) await dialogForm.getByLabel('Reason for giving it', { exact: true }).fill('Knee pain after her walk');
  await dialogForm.getByLabel('Note').fill('Taken with water at the kitchen table.');
  await dialogForm.getByRole('button', { name: 'Record dose' }).click();
  await expect(dialogForm).toBeHidden();
  await expect(chart.getByRole('button', { name: new RegExp(`: G?A .* by ${MANAGER.name}`) }).first()).toBeVisible();

  // The office's monthly audit: the product lists what the chart shows, the auditor answers the checks.
  await openTab(page, 'Medication', 'MAR chart audit');
  await page.getByRole('link', { name: 'Audit a month' }).click();
  const audit = page.getByRole('form', { name: 'MAR chart audit' });
  await expect(page.getByRole('region', { name: 'What the chart shows' }).getByRole('list', { name: 'The month in figures' })).toBeVisible();
  await audit.getByLabel('Date of the audit').fill(ukToday());
  for (const fieldset of await audit.locator('fieldset').all()) await fieldset.getByLabel('Yes', { exact: true }).check();
  await audit.getByLabel('What explains the gaps').fill('Checked with the carers: the doses were given and not recorded; reminded them to record at the time.');
  await audit.getByLabel('Findings').fill('Chart complete apart from the gaps explained above.');
  await audit.getByLabel('Outcome', { exact: true }).selectOption('satisfactory');
  await audit.getByRole('button', { name: 'Save audit' }).click();
  await expect(page.getByRole('heading', { name: /^MAR chart audit: / })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Gaps found when it was saved' })).toBeVisible();
});

// Issue 30: the record document editor takes the width of the record's tab, not a ~360 px column beside the live
// results (the layout measures the form's own width, not the window's), and the wounds table scrolls inside its
// own box instead of widening the page.
test('the document editor uses the tab’s full width on a laptop, and its wounds table scrolls in its own box', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logIn(page, MANAGER);
  await page.goto('/app/clients');
  await page.getByRole('row', { name: /Kowalczyk/ }).getByRole('link', { name: 'Irene' }).click();
  await expect(page).toHaveURL(/\/app\/clients\/\d+\/profile-info$/);
  await page.goto(page.url().replace(/profile-info$/, 'pressure-ulcer-bruise/new'));
  const form = page.getByRole('form', { name: 'Start Pressure ulcers and bruises' });
  await form.getByRole('radio', { name: 'Marks found (on the body map and below)' }).check();
  await form.getByRole('button', { name: 'Add row to Marks' }).click();
  const marks = form.getByRole('table', { name: 'Marks' });
  await expect(marks).toBeVisible();

  const tab = (await page.getByRole('region', { name: 'Record tab' }).boundingBox())!;
  const editor = (await form.boundingBox())!;
  expect(editor.width, `the form is ${editor.width} px wide in a ${tab.width} px tab`).toBeGreaterThan(tab.width - 40);
  const scrollBox = (await marks.locator('xpath=..').boundingBox())!;
  expect(scrollBox.width).toBeLessThanOrEqual(editor.width);
  expect(await marks.evaluate((table) => table.scrollWidth)).toBeGreaterThan(scrollBox.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
});
