import { expect, test, type Locator, type Page } from '@playwright/test';
import { MANAGER, logIn, sidebar } from './helpers';

// Issue 27: one journey across areas. What one area records changes another's, through the API's outbox of events
// or the rules reading the other area's data, and the registered manager sees it on the other area's screens:
// - workforce → scheduling: a carer's approved holiday takes them off their visits on those days, which show
//   unassigned with the reason in their history;
// - workforce → scheduling: a right to work that ends makes the rota refuse the carer after it, saying why;
// - quality registers → KPIs: a serious fall (notified to CQC) is counted in its branch's care quality measures;
// - care records → scheduling (→ finance): a hospital stay with visits paused cancels the client's visits from the
//   admission day, not charged.
// Everything happens in Bristol North, which no other journey plans in, so the journeys can run side by side.
// The demo is dated from today: the days used are read from what the demo holds, never fixed.

const API = `http://localhost:${process.env.E2E_API_PORT ?? 18000}`;
const BRANCH = 'Bristol North';

type VisitRow = { id: number; date: string; start_time: string; end_time: string; client_name: string; branch: string; status: string; carers_needed: number; carers: { carer_id: number; name: string }[] };

/** Today in the UK, YYYY-MM-DD. */
const ukToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

function addDays(date: string, days: number): string {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

const isWeekday = (date: string) => ![0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay());
/** A day as the rules word it: "7 Dec 2026". */
const ruleDay = (date: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Reads the API as the signed-in user (the browser's session): what the demo holds, to choose the days to use. */
async function read<T>(page: Page, path: string): Promise<T> {
  const answer = await page.request.get(`${API}${path}`, { headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' } });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()).data as T;
}

async function visitsOf(page: Page, query: Record<string, string | number>): Promise<VisitRow[]> {
  const search = new URLSearchParams(Object.entries({ page_size: 100, sort: 'date', mode: 'asc', ...query }).map(([key, value]) => [key, String(value)]));
  return (await read<{ data: VisitRow[] }>(page, `/api/v1/visits?${search}`)).data;
}

async function branchId(page: Page, name: string): Promise<number> {
  const user = await read<{ data: { branches: { id: number; name: string }[] } }>(page, '/api/v1/user');
  const branch = user.data.branches.find((one) => one.name === name);
  expect(branch, `${name} is one of the manager's branches`).toBeTruthy();
  return branch!.id;
}

/** Opens a record tab of the carer's or the client's record (`record`: 'Carer record' or 'Client record'). */
async function openTab(page: Page, record: string, group: string, tab: string) {
  const nav = page.getByRole('navigation', { name: record });
  const details = nav.locator('details', { has: page.getByText(group, { exact: true }) });
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  await nav.getByRole('link', { name: new RegExp(`^${tab}( \\(|$)`) }).click();
}

/** Opens a carer's record from the carers list; answers the carer's id. */
async function openCarer(page: Page, name: string): Promise<number> {
  await page.goto('/app/carers');
  await page.getByLabel('Search').fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('row', { name: new RegExp(name) }).getByRole('link', { name }).click();
  await expect(page.getByRole('region', { name: 'Carer summary' }).getByRole('heading', { level: 1, name: new RegExp(name) })).toBeVisible();
  return Number(/\/app\/carers\/(\d+)\//.exec(page.url())?.[1]);
}

/** Opens a group of the main menu, unless it is open. */
async function openMenu(page: Page, name: string) {
  const group = sidebar(page).getByRole('button', { name });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
}

/**
 * The visits screens ask the API when they open; the other area's change arrives through the outbox within seconds.
 * Opens the screen again until `locator` shows it.
 */
async function expectAfterReloads(page: Page, locator: Locator) {
  await expect(async () => {
    await page.reload();
    await expect(locator).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('approving a carer’s holiday takes them off their visits on those days: they show unassigned, with the reason', async ({ page }) => {
  test.slow();
  const carer = 'Amara Eze';
  const today = ukToday();
  await logIn(page, MANAGER);
  const carerId = await openCarer(page, carer);

  // Her first weekday from tomorrow with visits she is rostered on (a whole day of leave: a working day).
  const rostered = await visitsOf(page, { carer_id: carerId, from: addDays(today, 1), to: addDays(today, 13), status: 'assigned' });
  const day = rostered.find((visit) => isWeekday(visit.date))?.date;
  expect(day, `${carer} has visits on a weekday of the coming two weeks`).toBeTruthy();
  const onLeave = rostered.filter((visit) => visit.date === day);
  const visit = onLeave[0]!;

  // Workforce: the holiday requested on her file, warned about her visits, and approved.
  await openTab(page, 'Carer record', 'Availability and holidays', 'Holidays');
  await page.getByRole('link', { name: 'Request a holiday' }).click();
  const request = page.getByRole('form', { name: 'Request a holiday' });
  await request.getByLabel('First day', { exact: true }).fill(day!);
  await request.getByLabel('Last day', { exact: true }).fill(day!);
  await request.getByLabel('Reason').selectOption({ label: 'Annual leave' });
  await request.getByLabel('Notes').fill('Her brother’s wedding in Lagos.');
  await request.getByRole('button', { name: 'Send request' }).click();
  await expect(page).toHaveURL(/\/holidays\/\d+$/);
  const holidayId = Number(/\/holidays\/(\d+)$/.exec(page.url())?.[1]);
  const warnings = page.getByRole('region', { name: 'Check before deciding' });
  await expect(warnings).toContainText(`${carer} has ${onLeave.length} rostered visit${onLeave.length === 1 ? '' : 's'} in this period`);
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toBeHidden();
  await expect(page.getByRole('region', { name: /^Holiday / }).getByRole('definition').filter({ hasText: /^Approved$/ })).toBeVisible();

  // Scheduling: the visits list of that day, unassigned only, offers her visit again.
  await page.goto('/app/visits');
  const filters = page.getByRole('search', { name: 'Filter visits' });
  await filters.getByLabel('From', { exact: true }).fill(day!);
  await filters.getByLabel('To', { exact: true }).fill(day!);
  await filters.getByRole('combobox', { name: /^Branch/ }).selectOption({ label: BRANCH });
  await filters.getByLabel('Unassigned only').check();
  const row = page.getByRole('table', { name: 'Visits' }).getByRole('row').filter({ hasText: visit.client_name }).filter({ hasText: `${visit.start_time}–${visit.end_time}` });
  await expectAfterReloads(page, row);
  await expect(row).toContainText('No carer yet');
  await expect(row).toContainText('Unassigned');

  // The visit says why, in its history.
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Visit to ${escape(visit.client_name)}`) })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('Unassigned');
  await expect(page.getByRole('region', { name: 'Carers' })).not.toContainText(carer);
  const history = page.getByRole('table', { name: 'History of this visit' }).getByRole('row', { name: new RegExp(`${carer} taken off: on approved leave`) });
  await expect(history).toContainText(`Annual leave, ${day} (approved holiday #${holidayId})`);
  await expect(history).toContainText(MANAGER.name);
});

test('a right to work that ends stops the carer being rostered after it, with the reason in words', async ({ page }) => {
  test.slow();
  const carer = 'Ben Carter';
  const today = ukToday();
  const lastDay = addDays(today, 1);
  await logIn(page, MANAGER);
  await openCarer(page, carer);

  // Workforce: his new right to work check, a Student visa that ends tomorrow.
  await openTab(page, 'Carer record', 'Compliance', 'Right to work and visa');
  await page.getByRole('button', { name: 'Record a new check' }).click();
  const check = page.getByRole('form', { name: 'New right to work check' });
  await check.getByLabel('How it was checked').selectOption({ label: 'eVisa or Biometric Residence Permit' });
  await check.getByLabel('Immigration status').selectOption({ label: 'Student' });
  await check.getByLabel('Checked on').fill(today);
  await check.getByLabel('Permission ends on').fill(lastDay);
  await check.getByLabel('Weekly hours limit').fill('20');
  await check.getByLabel('Conditions').fill('Student visa: MSc Nursing, University of the West of England; 20 hours a week in term time.');
  await check.getByRole('button', { name: 'Save the check' }).click();
  await expect(check).toBeHidden();
  await expect(page.getByRole('region', { name: 'Current check' })).toContainText('Student');
  await expect(page.getByRole('note')).toContainText('Weekly hours limit: 20 hours.');

  // An unassigned visit of the branch after his last day (read from the demo).
  const open = await visitsOf(page, { branch_id: await branchId(page, BRANCH), unassigned: 1, from: addDays(lastDay, 1), to: addDays(today, 13) });
  const visit = open.find((one) => one.carers.length === 0 && one.carers_needed === 1);
  expect(visit, `${BRANCH} has an unassigned visit after ${lastDay}`).toBeTruthy();

  // Scheduling: on the carer timeline of that day, the planner moves the visit onto his row with the keyboard.
  await page.goto(`/app/scheduler/timeline/today?date=${visit!.date}`);
  await page.getByLabel('Branch').selectOption({ label: BRANCH });
  const timeline = page.getByRole('table', { name: /Carer timeline/ });
  const bar = timeline.getByRole('button', { name: new RegExp(`^${escape(visit!.client_name)}, ${visit!.start_time}–${visit!.end_time}, Unassigned`) });
  await expect(bar).toBeVisible();
  await expect(timeline.getByRole('rowheader', { name: new RegExp(carer) })).toBeVisible();
  const rowNames = await timeline.getByRole('rowheader').allTextContents();
  const rowsDown = rowNames.findIndex((name) => name.includes(carer));
  expect(rowsDown).toBeGreaterThan(0);
  await bar.focus();
  await page.keyboard.press('Enter');
  for (let step = 0; step < rowsDown; step += 1) await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('status').filter({ hasText: 'Enter drops' })).toContainText(`${carer}, ${visit!.start_time}–${visit!.end_time}`);
  await page.keyboard.press('Enter');

  // Refused, saying why; the visit stays unassigned.
  const refusal = page.getByRole('alert').filter({ hasText: 'Not moved: the rules refuse it' });
  await expect(refusal).toContainText(`${carer}’s right to work ends on ${ruleDay(lastDay)}: they cannot work on ${ruleDay(visit!.date)}.`);
  const carerRow = timeline.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(carer) }) });
  await expect(carerRow.getByRole('button', { name: new RegExp(`^${escape(visit!.client_name)}`) })).toHaveCount(0);
  await expect(bar).toBeVisible();
});

test('a serious fall recorded in the register, notified to CQC, is counted in its branch’s care quality measures', async ({ page }) => {
  test.slow();
  const today = ukToday();
  const monthStart = `${today.slice(0, 7)}-01`;
  await logIn(page, MANAGER);

  // The measures of this month so far, for the branch: the incidents counted before.
  const table = page.getByRole('table', { name: /^Care quality measures/ });
  const incidents = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Incidents', exact: true }) }).getByRole('cell').first();
  async function openMeasures() {
    await openMenu(page, 'KPIs');
    await sidebar(page).getByRole('link', { name: 'Care quality measures (CQM)' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Care quality measures' })).toBeVisible();
    await page.getByLabel('From', { exact: true }).fill(monthStart);
    await page.getByLabel('To', { exact: true }).fill(today);
    await page.getByLabel('Branch').selectOption({ label: BRANCH });
    await expect(table.getByRole('columnheader')).toHaveText(['Measure', BRANCH, 'How is this counted?']);
  }
  await openMeasures();
  await expect(incidents).toHaveText(/^\d+ \(/);
  const before = Number(/^(\d+)/.exec((await incidents.textContent()) ?? '')?.[1]);

  // Quality: the fall recorded in the incidents register.
  await openMenu(page, 'Quality assurance');
  await sidebar(page).getByRole('link', { name: 'Incidents and accidents' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Incidents and accidents' })).toBeVisible();
  await page.getByRole('link', { name: 'Add incident' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New incident' })).toBeVisible();
  await page.getByLabel('Branch').selectOption({ label: BRANCH });
  await page.getByLabel('Date it happened').fill(today);
  await page.getByLabel('Time', { exact: true }).fill('07:40');
  await page.getByLabel('Reported by').fill(MANAGER.name);
  await page.getByLabel('Severity').selectOption('high');
  await page.getByLabel('Type of incident').selectOption('fall');
  await page.getByLabel('Injury', { exact: true }).selectOption('serious');
  await page.getByLabel('Where on the body').fill('Right wrist');
  await page.getByLabel('Went to hospital').check();
  await page.getByLabel('What happened').fill('Slipped on the bathroom floor before the morning call; the carer found him with a swollen, misshapen wrist. Fractured at the hospital.');
  await page.getByLabel('Immediate actions').fill('Called 111, then an ambulance; stayed with him and told his son.');
  await page.getByLabel('Name to find').fill('Nowak');
  await page.getByRole('list', { name: 'People found' }).getByRole('button', { name: 'Add Albert Nowak' }).click();
  await expect(page.getByLabel('Name (person 1)')).toHaveValue('Albert Nowak');
  await page.getByRole('button', { name: 'Add who was told' }).click();
  await page.getByLabel('Told by (1)').fill(MANAGER.name);
  await page.getByRole('button', { name: 'Save incident' }).click();

  // It needs a CQC notification: prepared from the incident and saved.
  const prompt = page.getByRole('alert').filter({ hasText: 'This needs a CQC notification' });
  await expect(prompt).toContainText('Serious injury');
  await prompt.getByRole('link', { name: 'Prepare the CQC notification' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New CQC notification' })).toBeVisible();
  await expect(page.getByLabel('Notification category')).toHaveValue('serious_injury');
  await page.getByLabel("The person's condition now").fill('Wrist set in plaster at Southmead; home the same day, calls continuing.');
  await page.getByRole('button', { name: 'Save CQC notification' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Edit CQC notification CQC-\d{4}/ })).toBeVisible();

  // KPIs: the branch's incidents this month count it. The screens show what they read less than 30 s ago without
  // asking again, and saving an incident does not tell the KPIs' screen: opened again from the menu, it would show the
  // count from before. The manager reloads it, as a person would to see the latest figures.
  await openMeasures();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Care quality measures' })).toBeVisible();
  await page.getByLabel('From', { exact: true }).fill(monthStart);
  await page.getByLabel('To', { exact: true }).fill(today);
  await page.getByLabel('Branch').selectOption({ label: BRANCH });
  await expect(incidents).toHaveText(new RegExp(`^${before + 1} \\(`));
});

test('a client admitted to hospital with visits paused has their visits from that day cancelled, not charged', async ({ page }) => {
  test.slow();
  const today = ukToday();
  const admitted = addDays(today, 1);
  const horizon = addDays(today, 13);
  await logIn(page, MANAGER);
  await page.goto('/app/clients');
  await page.getByRole('row', { name: /Harris/ }).getByRole('link', { name: 'Gwendolyn' }).click();
  await expect(page).toHaveURL(/\/app\/clients\/\d+\//);
  const clientId = Number(/\/app\/clients\/(\d+)\//.exec(page.url())?.[1]);

  // Her visits still to come from the admission day (read from the demo).
  const coming = await visitsOf(page, { client_id: clientId, from: admitted, to: horizon });
  const planned = coming.filter((visit) => ['assigned', 'unassigned'].includes(visit.status));
  const cancelledBefore = coming.filter((visit) => visit.status === 'cancelled').length;
  expect(planned.length, 'Gwendolyn Harris has visits planned from tomorrow').toBeGreaterThan(0);
  const first = planned[0]!;

  // Care records: the planned admission recorded on her record, visits paused.
  await openTab(page, 'Client record', 'Settings', 'Settings');
  await expect(page.getByRole('region', { name: 'Hospital' })).toContainText('Not in hospital.');
  await page.getByRole('link', { name: 'Record a hospital admission' }).click();
  const stay = page.getByRole('form', { name: 'Add hospital stay' });
  await stay.getByLabel('Hospital', { exact: true }).fill('Southmead Hospital, Bristol');
  await stay.getByLabel('Ward').fill('Gate 9b, 0117 414 1234');
  await stay.getByLabel('Admitted on').fill(admitted);
  await stay.getByLabel('Admitted via').selectOption({ label: 'Planned admission' });
  await stay.getByLabel('Reason for admission').fill('Planned hip replacement (left), after months on the waiting list.');
  await stay.getByLabel('Expected discharge date').fill(addDays(admitted, 5));
  await expect(stay.getByLabel('Visits paused')).toBeChecked();
  await stay.getByLabel('Who told the office').fill('Her daughter, by phone');
  await stay.getByLabel('Date the office was told').fill(today);
  await stay.getByRole('button', { name: 'Save hospital stay' }).click();
  const hospital = page.getByRole('region', { name: 'Hospital' });
  await expect(hospital).toContainText('Southmead Hospital, Bristol');
  await expect(hospital).toContainText('Visits are paused.');

  // Scheduling: from the admission day her visits are cancelled; none is still to do.
  await page.goto('/app/visits');
  const filters = page.getByRole('search', { name: 'Filter visits' });
  await filters.getByLabel('From', { exact: true }).fill(admitted);
  await filters.getByLabel('To', { exact: true }).fill(horizon);
  await filters.getByRole('combobox', { name: /^Client/ }).selectOption({ label: 'Harris, Gwendolyn' });
  const list = page.getByRole('table', { name: 'Visits' });
  const none = page.getByText('No visit matches these filters.');
  await filters.getByRole('combobox', { name: /^Status/ }).selectOption({ label: 'Assigned' });
  await expectAfterReloads(page, none);
  await filters.getByRole('combobox', { name: /^Status/ }).selectOption({ label: 'Cancelled' });
  const firstRow = list.getByRole('row').filter({ hasText: `${first.start_time}–${first.end_time}` }).first();
  await expect(firstRow).toContainText('Cancelled');
  await expect(list.getByRole('row').filter({ hasText: 'Gwendolyn Harris' })).toHaveCount(Math.min(planned.length + cancelledBefore, 25));
  await filters.getByRole('combobox', { name: /^Status/ }).selectOption({ label: 'Unassigned' });
  await expect(none).toBeVisible();

  // The visit says why, and that it is not charged (so no invoice takes it).
  await page.goto(`/app/visits/${first.id}`);
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText(`Client in hospital: In hospital since ${admitted}`);
  await expect(details).toContainText('not charged');
  await expect(page.getByRole('table', { name: 'History of this visit' }).getByRole('row', { name: /Cancelled: client in hospital, calls paused \(not charged\)/ })).toContainText(MANAGER.name);
});
