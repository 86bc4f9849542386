import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { ADMIN, MANAGER, addDays, isoWeekday, logIn, mondayOf, openMenu, ukToday, unique } from './helpers';
import { formatDate, formatHours } from '@hcm/contract/format';

// Issue 27: one journey across areas. What one area records changes another's, through the API's outbox of events
// or the rules reading the other area's data, and the registered manager sees it on the other area's screens:
// - workforce → scheduling: a carer's approved holiday takes them off their visits on those days, which show
//   unassigned with the reason in their history;
// - workforce → scheduling: a right to work that ends makes the rota refuse the carer after it, saying why;
// - quality registers → KPIs: a serious fall (notified to CQC) is counted in its branch's care quality measures;
// - care records → scheduling (→ finance): a hospital stay with visits paused cancels the client's visits from the
//   admission day, not charged;
// - workforce → scheduling: an applicant whose checks are in is hired and can be rostered at once (no daily sweep);
// - scheduling → finance: a past visit the office records as completed and confirms is on the funder's invoice and
//   in the carer's pay; until confirmed, the invoice leaves it out.
// Everything happens in Bristol North, which no other journey plans in, so the journeys can run side by side.
// The demo is dated from today: the days used are read from what the demo holds, never fixed.

const API = `http://localhost:${process.env.E2E_API_PORT ?? 18000}`;
const BRANCH = 'Bristol North';
/** Carers whose records other journeys of this file change (a right to work ending, a hire). */
const OTHER_JOURNEYS_CARERS = ['Ben Carter', 'Samuel Osei'];

type VisitRow = {
  id: number;
  date: string;
  start_time: string;
  end_time: string;
  client_id: number;
  client_name: string;
  branch: string;
  status: string;
  carers_needed: number;
  carers: { carer_id: number; name: string }[];
  requires_medication: boolean;
  funder_code_id: number | null;
};

const isWeekday = (date: string) => isoWeekday(date) <= 5;
/** A day as the server's rules word it in their messages: "7 Dec 2026" (screens show formatDate's "Mon 7 Dec 2026"). */
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
  const today = ukToday();
  await logIn(page, MANAGER);
  // A carer of the branch the demo rostered on a weekday of the coming two weeks (read from the demo), not one of
  // the other journeys' carers.
  // The day must be one of their working days (their duty days, not a bank holiday): leave on a day off is refused.
  const branch = await branchId(page, BRANCH);
  const branchVisits = await visitsOf(page, { branch_id: branch, from: addDays(today, 1), to: addDays(today, 13), status: 'assigned' });
  const bankHolidays = new Set(
    (await read<{ data: { date: string }[] }>(page, `/api/v1/organization-bank-holidays?page_size=100&date_from=${addDays(today, 1)}&date_to=${addDays(today, 13)}`)).data.map((one) => one.date),
  );
  const rotas = new Map<string, CarerTimeline>();
  let chosen: VisitRow | undefined;
  for (const candidate of branchVisits) {
    if (!isWeekday(candidate.date) || bankHolidays.has(candidate.date) || candidate.carers.length !== 1 || OTHER_JOURNEYS_CARERS.includes(candidate.carers[0]!.name)) continue;
    if (!rotas.has(candidate.date)) rotas.set(candidate.date, await timelineOf(page, branch, candidate.date));
    const onRota = rotas.get(candidate.date)!.carers.find((one) => one.carer_id === candidate.carers[0]!.carer_id);
    if (onRota?.days.find((one) => one.date === candidate.date)?.status !== 'available') continue;
    chosen = candidate;
    break;
  }
  expect(chosen, `${BRANCH} has a carer rostered on one of their working weekdays of the coming two weeks`).toBeTruthy();
  const carer = chosen!.carers[0]!.name;
  const carerId = await openCarer(page, carer);
  const day = chosen!.date;
  const rostered = await visitsOf(page, { carer_id: carerId, from: day, to: day, status: 'assigned' });
  const onLeave = rostered.filter((visit) => visit.date === day);
  const visit = onLeave[0]!;

  // Workforce: the holiday requested on her file, warned about her visits, and approved.
  await openTab(page, 'Carer record', 'Availability and holidays', 'Holidays');
  await page.getByRole('link', { name: 'Request a holiday' }).click();
  const request = page.getByRole('form', { name: 'Request a holiday' });
  await request.getByLabel('First day', { exact: true }).fill(day);
  await request.getByLabel('Last day', { exact: true }).fill(day);
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
  await filters.getByLabel('From', { exact: true }).fill(day);
  await filters.getByLabel('To', { exact: true }).fill(day);
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
    // KPIs and Quality assurance are under More in the manager's menu.
    await openMenu(page, ['More', 'KPIs'], 'Care quality measures (CQM)');
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
  await openMenu(page, ['More', 'Quality assurance'], 'Incidents and accidents');
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

// ---- Hiring and a visit's way to invoices and pay: what the rota and finance read of the demo, and shared steps.

const FINANCE = { email: 'finance@homecare.test', password: 'Finance!2026demo' };

/** A bar of the timeline's answer: [id, client id, day (from the first day shown), start and end (minutes of the day), …]. */
type TimelineBar = [number, number, number, number, number, ...unknown[]];
type TimelineCarer = { carer_id: number; name: string; rosterable: boolean; days: { date: string; status: string; windows: { from: string; to: string }[] }[]; bars: TimelineBar[] };
type CarerTimeline = { carers: TimelineCarer[]; unassigned: TimelineBar[] };
type CarerTraining = { courses: { course: { code: string; category: string; required_for: string }; state: string | null }[] };
type Funder = { id: number; code: string; name: string; funder_type: string; billing_basis: string };

/** Minutes since midnight of "HH:MM", and back. */
const minutesOf = (time: string) => (time === '24:00' ? 24 * 60 : Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)));
const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The timeline as sent: each carer's days named by index into day_kinds, one a day of the period from `from`. */
type TimelineAnswer = Omit<CarerTimeline, 'carers'> & { from: string; day_kinds: Omit<TimelineCarer['days'][number], 'date'>[]; carers: (Omit<TimelineCarer, 'days'> & { days: number[] })[] };

/** The branch's carer timeline of a day, as the rota reads it: each active carer's visits, availability and compliance. */
async function timelineOf(page: Page, branch: number, date: string): Promise<CarerTimeline> {
  const answer = await read<TimelineAnswer>(page, `/api/v1/scheduler/timeline?view=today&date=${date}&branch_id=${branch}`);
  return { ...answer, carers: answer.carers.map((carer) => ({ ...carer, days: carer.days.map((kind, index) => ({ date: addDays(answer.from, index), ...answer.day_kinds[kind]! })) })) };
}

/**
 * On the carer timeline of the visit's day, the planner picks the visit up from the unassigned lane with the keyboard,
 * moves it down to the carer's row (`rowsDown` rows: the carers are listed by name under the lane) and drops it there.
 * Saved, with no refusal; the bar is on the carer's row.
 */
async function assignOnTimeline(page: Page, visit: VisitRow, carer: string, rowsDown: number) {
  await page.goto(`/app/scheduler/timeline/today?date=${visit.date}`);
  await page.getByLabel('Branch').selectOption({ label: BRANCH });
  const timeline = page.getByRole('table', { name: /Carer timeline/ });
  const times = `${visit.start_time}–${visit.end_time}`;
  const bar = timeline.getByRole('button', { name: new RegExp(`^${escape(visit.client_name)}, ${times}, Unassigned`) });
  await expect(bar).toBeVisible();
  await bar.focus();
  await page.keyboard.press('Enter');
  for (let step = 0; step < rowsDown; step += 1) await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('status').filter({ hasText: 'Enter drops' })).toContainText(`${carer}, ${times}`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Saved: ${carer}, ${times}` })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Not moved' })).toHaveCount(0);
  const carerRow = timeline.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(escape(carer)) }) });
  await expect(carerRow.getByRole('button', { name: new RegExp(`^${escape(visit.client_name)}, ${times}, Assigned`) })).toBeVisible();
}

/** The link of the latest reference request emailed to `address`, read from the outbox (the referee's mailbox here). */
async function emailedLink(mailbox: Page, address: string, carer: string): Promise<string> {
  await mailbox.goto('/app/outbox');
  await mailbox.getByLabel('Search by address or subject').fill(address);
  await mailbox.getByRole('search').getByRole('button', { name: 'Search', exact: true }).click();
  await mailbox.getByRole('row', { name: new RegExp(escape(address)) }).getByRole('link', { name: `Reference request for ${carer}` }).click();
  const link = await mailbox.getByRole('link', { name: /\/api\/public\/references\// }).first().getAttribute('href');
  expect(link, `the email to ${address} carries the reference link`).toBeTruthy();
  return link!;
}

/** The referee, without an account, answers the reference form of the link. */
async function answerReference(browser: Browser, link: string, carer: string, referee: { name: string; title: string }) {
  const context = await browser.newContext();
  try {
    const form = await context.newPage();
    await form.goto(link);
    await expect(form.getByRole('heading', { level: 1, name: `Reference for ${carer}` })).toBeVisible();
    await form.getByLabel('Your job title', { exact: true }).first().fill(referee.title);
    await form.getByRole('group', { name: /How you know the applicant/ }).getByLabel('I was their line manager').check();
    await form.getByRole('group', { name: /work with adults or children at risk/ }).getByLabel('Yes', { exact: true }).check();
    await form.getByLabel(/^Their conduct in that work/).fill('Reliable and gentle with the people he supported; careful with records. No concerns.');
    await form.getByRole('group', { name: /disciplinary actions/ }).getByLabel('No', { exact: true }).check();
    for (const rating of ['Reliability', 'Punctuality and attendance', 'Honesty and integrity', 'Working with others', 'Care and respect for people']) {
      await form.getByRole('group', { name: new RegExp(`^${rating}`) }).getByLabel('Good', { exact: true }).check();
    }
    const signed = form.getByRole('group', { name: /^Signed/ });
    await signed.getByLabel('Your full name').fill(referee.name);
    await signed.getByLabel('Your job title').fill(referee.title);
    await form.getByRole('button', { name: 'Send the reference' }).click();
    await expect(form.getByRole('heading', { level: 1, name: 'Thank you' })).toBeVisible();
  } finally {
    await context.close();
  }
}

/** The Care Certificate is recorded standard by standard on the training tab, each signed off by an assessor. */
async function completeCareCertificate(page: Page, completedOn: string) {
  const section = page.getByRole('region', { name: 'Care Certificate' });
  const toRecord = section.getByRole('button', { name: /^Record standard / });
  await expect(section.getByRole('table')).toBeVisible();
  while ((await toRecord.count()) > 0) {
    const standard = (await toRecord.first().getAttribute('aria-label'))!.replace(/^Record /, '');
    await toRecord.first().click();
    const form = section.getByRole('form', { name: /^Standard \d+:/ });
    await form.getByLabel('Completed on').fill(completedOn);
    await form.getByLabel(/^Assessor/).fill('Siân Evans (Field Care Supervisor)');
    await form.getByRole('button', { name: 'Save standard' }).click();
    await expect(section.getByRole('button', { name: `Change ${standard}` })).toBeVisible();
  }
  await expect(section).toContainText('Complete: all 16 standards');
}

test('an applicant whose checks are in is hired and can be rostered at once: the rota gives them a visit', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const applicant = 'Samuel Osei';
  const today = ukToday();
  await logIn(page, MANAGER);
  const carerId = await openCarer(page, applicant);
  const header = page.getByRole('region', { name: 'Carer summary' });

  // Before: an applicant part way through his checks, whom the rota may not use, saying why.
  await expect(header.getByText('Cannot be rostered', { exact: true })).toBeVisible();
  await expect(header.getByRole('list', { name: 'Alerts' })).toContainText('An applicant, not yet hired.');
  await openTab(page, 'Carer record', 'Recruitment', 'Recruitment');
  const checks = page.getByRole('list', { name: 'Pre-employment checks' });
  for (const check of ['DBS check', 'Two references', 'Health declaration']) await expect(checks.getByRole('listitem').filter({ hasText: check })).toContainText('Not clear');
  await expect(page.getByRole('region', { name: 'Hire', exact: true })).toContainText('The Hire form opens once the applicant is at Ready to start.');

  // An unassigned visit of his branch from the day after tomorrow (read from the demo): one carer, no medication,
  // not the hospital journey's client; a weekend one and the last, away from the other journeys' first picks.
  const branch = await branchId(page, BRANCH);
  const open = await visitsOf(page, { branch_id: branch, unassigned: 1, from: addDays(today, 2), to: addDays(today, 13) });
  const firstOpen = open.find((one) => one.carers.length === 0 && one.carers_needed === 1);
  const candidates = open.filter((one) => one.id !== firstOpen?.id && one.status === 'unassigned' && one.carers.length === 0 && one.carers_needed === 1 && !one.requires_medication && one.client_name !== 'Gwendolyn Harris');
  const visit = candidates.filter((one) => !isWeekday(one.date)).pop() ?? candidates.pop();
  expect(visit, `${BRANCH} has an unassigned visit without medication in the coming two weeks`).toBeTruthy();

  // The rota of that day has no row for him: an applicant cannot be given visits.
  await page.goto(`/app/scheduler/timeline/today?date=${visit!.date}`);
  await page.getByLabel('Branch').selectOption({ label: BRANCH });
  const timeline = page.getByRole('table', { name: /Carer timeline/ });
  await expect(timeline.getByRole('button', { name: new RegExp(`^${escape(visit!.client_name)}, ${visit!.start_time}–${visit!.end_time}, Unassigned`) })).toBeVisible();
  await expect(timeline.getByRole('rowheader').first()).toBeVisible();
  await expect(timeline.getByRole('rowheader', { name: new RegExp(applicant) })).toHaveCount(0);

  // His DBS certificate arrives: enhanced with the adult barred list, issued last week.
  await openCarer(page, applicant);
  await openTab(page, 'Carer record', 'Compliance', 'DBS checks');
  await page.getByRole('button', { name: 'Record a DBS certificate' }).click();
  const dbs = page.getByRole('form', { name: 'New DBS certificate' });
  await dbs.getByLabel('Certificate number').fill(`00${String(Date.now()).slice(-10)}`);
  await dbs.getByLabel('Issue date').fill(addDays(today, -8));
  await expect(dbs.getByLabel('The adult barred list was checked')).toBeChecked();
  await dbs.getByRole('button', { name: 'Save the certificate' }).click();
  await expect(dbs).toBeHidden();
  await expect(page.getByRole('list', { name: 'Where the DBS stands' })).toContainText('Enhanced with the adult barred list, issued');

  // Two referees asked by email; each answers through the link (the outbox stands for their mailboxes).
  const mailboxContext = await browser.newContext();
  const mailbox = await mailboxContext.newPage();
  await logIn(mailbox, ADMIN);
  const tag = unique().toLowerCase();
  const referees = [
    { name: 'Grace Adebayo', title: 'Registered Manager', organisation: 'Bluebird Care Bristol', email: `grace.adebayo.${tag}@example.org`, relationship: 'Employer in care work' },
    { name: 'Owen Pritchard', title: 'Store Manager', organisation: 'Tesco, Filton', email: `owen.pritchard.${tag}@example.org`, relationship: 'Most recent employer' },
  ];
  for (const referee of referees) {
    await openTab(page, 'Carer record', 'Recruitment', 'References');
    await page.getByRole('button', { name: 'Ask a referee' }).click();
    const ask = page.getByRole('form', { name: 'Ask a referee' });
    await ask.getByLabel("Referee's name").fill(referee.name);
    await ask.getByLabel("Referee's email").fill(referee.email);
    await ask.getByLabel('Organisation').fill(referee.organisation);
    await ask.getByLabel('How they know the carer').selectOption({ label: referee.relationship });
    await ask.getByRole('button', { name: 'Send the request' }).click();
    await expect(page.getByRole('row', { name: new RegExp(referee.name) })).toBeVisible();
    await answerReference(browser, await emailedLink(mailbox, referee.email, applicant), applicant, referee);
  }
  await mailboxContext.close();
  await page.reload();
  await expect(page.getByText('2 of 2 references received: enough for the file.')).toBeVisible();
  for (const referee of referees) await expect(page.getByRole('button', { name: `Read the reference from ${referee.name}` })).toBeVisible();

  // His health declaration, made active.
  await openTab(page, 'Carer record', 'Details', 'Health declaration');
  await page.getByRole('button', { name: 'Start Health declaration' }).click();
  const health = page.getByRole('form', { name: 'Start Health declaration' });
  const answer = (question: RegExp, choice: string) => health.getByRole('group', { name: question }).getByLabel(choice, { exact: true }).check();
  await health.getByLabel('Date completed').fill(today);
  await answer(/^Agrees the office may ask occupational health/, 'Yes');
  for (const question of [/^Any condition that could affect moving and handling/, /^Back or neck problems/, /^Skin conditions/, /^Any infection now/, /^Any mental health condition/, /^Any other condition/]) await answer(question, 'No');
  await answer(/^Hepatitis B vaccination/, 'Course complete');
  await answer(/^Two doses of MMR/, 'Yes');
  await answer(/^Had chickenpox or the vaccine/, 'Yes');
  await answer(/^The answers are true and complete/, 'Yes');
  const signature = health.getByRole('group', { name: /^Signed by the worker/ });
  await signature.getByLabel('Name of the person signing').fill(applicant);
  await signature.getByLabel('Their role').fill('Care worker (applicant)');
  await signature.getByRole('button', { name: 'Sign now: Signed by the worker' }).click();
  await expect(signature).toContainText(`Signed by ${applicant}`);
  await health.getByRole('button', { name: 'Save as active' }).click();
  await expect(page.getByText(/^Version 1/).first()).toBeVisible();

  // The courses every carer must hold, done in his induction week: each one the file lists as never done.
  await openTab(page, 'Carer record', 'Training and competence', 'Training');
  const courses = page.getByRole('table', { name: 'Courses on file and required courses' });
  await expect(courses.getByRole('row').nth(1)).toBeVisible();
  const neverDone = (await courses.getByRole('row').filter({ hasText: 'never done' }).getByRole('rowheader').allTextContents()).map((name) => name.trim());
  expect(neverDone.length, 'an applicant has required courses still to do').toBeGreaterThan(0);
  for (const course of neverDone) {
    if (course.startsWith('Care Certificate')) {
      await completeCareCertificate(page, addDays(today, -3));
      await expect(courses.getByRole('row').filter({ has: page.getByRole('rowheader', { name: course, exact: true }) })).toContainText('Valid');
      continue;
    }
    await page.getByRole('link', { name: 'Add a training record' }).click();
    const record = page.getByRole('form', { name: 'Add a training record' });
    await record.getByLabel('Course', { exact: true }).selectOption({ label: course });
    await record.getByLabel('Result').selectOption({ label: 'Passed' });
    await record.getByLabel('Completed on', { exact: true }).fill(addDays(today, -3));
    await record.getByLabel('Provider or trainer').fill('Induction week, Bristol North office');
    await record.getByRole('button', { name: 'Save record' }).click();
    await expect(courses.getByRole('row').filter({ has: page.getByRole('rowheader', { name: course, exact: true }) })).toContainText('Valid');
  }
  await expect(page.getByRole('region', { name: 'Training', exact: true })).toContainText('0 expired, 0 missing.');

  // Every pre-employment check is clear: ready to start, then hired from today.
  await openTab(page, 'Carer record', 'Recruitment', 'Recruitment');
  await page.reload();
  await expect(checks.getByRole('listitem')).toHaveCount(6);
  await expect(checks).not.toContainText('Not clear');
  const move = page.getByRole('form', { name: 'Move to another stage' });
  await move.getByLabel('Move to', { exact: true }).selectOption({ label: 'Ready to start' });
  await move.getByLabel('Reason or note').fill('DBS, both references and the health declaration are in; induction training done.');
  await move.getByRole('button', { name: 'Move' }).click();
  const hire = page.getByRole('form', { name: 'Hire' });
  await hire.getByLabel('Start date').fill(today);
  await hire.getByLabel('Contract', { exact: true }).selectOption('part-time');
  await hire.getByLabel('Contracted hours a week').fill('20');
  await hire.getByRole('button', { name: `Hire ${applicant}` }).click();
  await expect(header.getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'How they were recruited' })).toBeVisible();

  // At once, with no sweep run: his file says he can be rostered, nothing blocks it.
  await expect(header.getByText('Can be rostered', { exact: true })).toBeVisible();
  await expect(header).not.toContainText('Blocks rostering');

  // Scheduling: on the timeline of the visit's day he has a row; the visit moved onto it is saved, warned only that
  // he has no duty days set yet (a warning, not a refusal).
  const rota = await timelineOf(page, branch, visit!.date);
  const rowsDown = rota.carers.findIndex((carer) => carer.carer_id === carerId) + 1;
  expect(rowsDown, `${applicant} has a row on the rota`).toBeGreaterThan(0);
  expect(rota.carers[rowsDown - 1]!.rosterable).toBe(true);
  await assignOnTimeline(page, visit!, applicant, rowsDown);
  await expect(page.getByRole('status').filter({ hasText: 'was saved with' }).first()).toContainText(`${applicant} has no duty days set`);

  // The visit names him, and its history says who put him on it.
  await page.goto(`/app/visits/${visit!.id}`);
  await expect(page.getByRole('region', { name: 'Carers', exact: true })).toContainText(applicant);
  await expect(page.getByRole('region', { name: 'Details', exact: true })).toContainText('Assigned');
  await expect(page.getByRole('table', { name: 'History of this visit' }).getByRole('row', { name: new RegExp(`${applicant} assigned`) })).toContainText(MANAGER.name);
});

test('a past visit recorded as completed and confirmed by the office is on its funder’s invoice and in the carer’s pay', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const today = ukToday();
  // A weekday at least two days ago (the late and missed engine watches yesterday and today only).
  let day = addDays(today, -2);
  while (!isWeekday(day)) day = addDays(day, -1);
  await logIn(page, MANAGER);
  const branch = await branchId(page, BRANCH);

  // Read from the demo: a client of the branch with visits that day whose funder is invoiced as a funder (not a
  // private payer), not the hospital journey's client.
  const funders = (await read<{ data: Funder[] }>(page, '/api/v1/funder-codes?page_size=100')).data;
  const dayVisits = await visitsOf(page, { branch_id: branch, from: day, to: day });
  const funded = dayVisits.find((one) => one.client_name !== 'Gwendolyn Harris' && funders.some((funder) => funder.id === one.funder_code_id && funder.funder_type !== 'private'));
  expect(funded, `${BRANCH} has a funded client with visits on ${day}`).toBeTruthy();
  const client = { id: funded!.client_id, name: funded!.client_name };
  const funder = funders.find((one) => one.id === funded!.funder_code_id)!;
  const clientTimes = dayVisits.filter((one) => one.client_id === client.id).map((one): [number, number] => [minutesOf(one.start_time), minutesOf(one.end_time)]);

  // …and a carer of the branch who could have gone: rosterable, available that day with a free half hour (an hour
  // clear of their other visits and the client's, 10:00 to 17:00), their required training in date. Not a carer of
  // the other journeys.
  const rota = await timelineOf(page, branch, day);
  let chosen: { carer: TimelineCarer; start: number } | null = null;
  for (const candidate of rota.carers) {
    if (!candidate.rosterable || OTHER_JOURNEYS_CARERS.includes(candidate.name)) continue;
    const availability = candidate.days.find((one) => one.date === day);
    if (availability?.status !== 'available') continue;
    // The day's timeline (view=today): every bar is on that day.
    const taken = [...clientTimes, ...candidate.bars.map(([, , , start, end]): [number, number] => [start, end])];
    const windows: [number, number][] = availability.windows.length ? availability.windows.map((window): [number, number] => [minutesOf(window.from), minutesOf(window.to)]) : [[0, 24 * 60]];
    let slot: number | null = null;
    for (const [from, to] of windows) {
      for (let minute = Math.max(from, 10 * 60); slot === null && minute + 30 <= Math.min(to, 17 * 60); minute += 15) {
        if (taken.every(([begins, ends]) => minute >= ends + 60 || minute + 30 <= begins - 60)) slot = minute;
      }
    }
    if (slot === null) continue;
    const training = await read<CarerTraining>(page, `/api/v1/carers/${candidate.carer_id}/training`);
    const inDate = training.courses.filter(({ course }) => course.required_for === 'all' && course.category !== 'specialist').every(({ state }) => state === 'valid' || state === 'expiring');
    if (inDate) {
      chosen = { carer: candidate, start: slot };
      break;
    }
  }
  expect(chosen, `a carer of ${BRANCH} was free on ${day}`).toBeTruthy();
  const carer = chosen!.carer.name;
  const rowsDown = rota.carers.indexOf(chosen!.carer) + 1;
  const start = timeOf(chosen!.start);
  const end = timeOf(chosen!.start + 30);
  const actualStart = timeOf(chosen!.start + 4);
  const actualEnd = timeOf(chosen!.start + 41);

  // Scheduling: the office adds the extra call the family asked for that day, which was never on the rota…
  await openMenu(page, ['Visits'], 'All visits');
  await page.getByRole('link', { name: 'Add a visit' }).click();
  const add = page.getByRole('form', { name: 'Add a visit' });
  await add.getByLabel('Client').selectOption(String(client.id));
  await add.getByLabel('Date').fill(day);
  await add.getByLabel('Start time').fill(start);
  await add.getByLabel('End time').fill(end);
  await add.getByLabel('Carers needed').selectOption({ label: 'One carer' });
  await add.getByLabel('Funder code').selectOption(String(funder.id));
  await add.getByLabel('Notes for the carers').fill(`Extra call: the family rang at lunchtime, worried. ${carer} went.`);
  await add.getByRole('button', { name: 'Add the visit' }).click();
  await expect(page).toHaveURL(/\/app\/visits\/\d+$/);
  const visitId = Number(/\/app\/visits\/(\d+)$/.exec(page.url())?.[1]);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^Visit to ${escape(client.name)}`) })).toBeVisible();

  // …puts the carer who went on it, on the timeline of that day…
  const visit: VisitRow = { ...funded!, id: visitId, date: day, start_time: start, end_time: end, status: 'unassigned', carers: [], carers_needed: 1, requires_medication: false };
  await assignOnTimeline(page, visit, carer, rowsDown);

  // …and, in the back office, records it completed with the times from the carer's timesheet.
  await openMenu(page, ['Visits'], 'Back-office corrections');
  const past = page.getByRole('search', { name: 'Filter past visits' });
  await past.getByLabel('From', { exact: true }).fill(day);
  await past.getByLabel('To', { exact: true }).fill(day);
  await past.getByLabel('Branch').selectOption({ label: BRANCH });
  const needing = page.getByRole('row').filter({ hasText: client.name }).filter({ hasText: `${start}–${end}` });
  await expect(needing).toContainText('Past and never started');
  await needing.getByRole('button', { name: /^Correct the visit to/ }).click();
  const correction = page.getByRole('form', { name: 'Correct the visit' });
  await correction.getByLabel('Why you correct it').fill(`${carer}'s phone had no signal: times from her paper timesheet, signed by the family.`);
  await correction.getByLabel('Status').selectOption({ label: 'Completed' });
  await correction.getByLabel('Actual start').fill(actualStart);
  await correction.getByLabel('Actual end').fill(actualEnd);
  await correction.getByRole('button', { name: 'Save the correction' }).click();
  await expect(correction).toBeHidden();
  await expect(needing).toHaveCount(0);

  // Finance previews the funder's invoice for the month: completed, but not confirmed, the visit is left out.
  const financeContext = await browser.newContext();
  const finance = await financeContext.newPage();
  await logIn(finance, FINANCE);
  // The finance officer's Finance is at the top level.
  await openMenu(finance, ['Finance'], 'Preview invoices');
  await expect(finance.getByRole('heading', { level: 1, name: 'Preview invoices' })).toBeVisible();
  const run = finance.getByRole('form', { name: 'Invoice run to preview' });
  const [year, month] = day.split('-').map(Number) as [number, number];
  await run.getByLabel('Branch').selectOption({ label: BRANCH });
  await run.getByLabel('Who is invoiced').selectOption('funder');
  await run.getByLabel('Funder', { exact: true }).selectOption({ label: funder.name });
  await run.getByLabel('Period from').fill(`${day.slice(0, 7)}-01`);
  await run.getByLabel('Period to').fill(new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10));
  await run.getByRole('button', { name: 'Preview' }).click();
  const invoicePreview = finance.getByRole('region', { name: 'Preview', exact: true });
  await expect(invoicePreview.getByRole('region', { name: 'Left out' })).toContainText(`${client.name}, ${formatDate(day)} (visit ${visitId}): Not confirmed by the office yet.`);

  // Live operations: the office confirms it, with a reason.
  await openMenu(page, ['Live operations'], 'Visits to confirm');
  const waiting = page.getByRole('search', { name: 'Filter the visits to confirm' });
  await waiting.getByLabel('State').selectOption({ label: 'Any state' });
  await waiting.getByLabel('Branch').selectOption({ label: BRANCH });
  await waiting.getByLabel('From', { exact: true }).fill(day);
  await waiting.getByLabel('To', { exact: true }).fill(day);
  const toConfirm = page.getByRole('row').filter({ hasText: client.name }).filter({ hasText: `${start}–${end}` });
  await expect(toConfirm).toContainText(`${actualStart}–${actualEnd}`);
  await expect(toConfirm).toContainText('Not checked out yet');
  await toConfirm.getByRole('checkbox', { name: new RegExp(`^Select ${escape(client.name)}, `) }).check();
  const confirm = page.getByRole('form', { name: 'Confirm the selected visits' });
  const reason = 'Times checked against the timesheet signed by the family.';
  await confirm.getByLabel('Reason for confirming').fill(reason);
  await confirm.getByRole('button', { name: 'Confirm 1 selected' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 visit(s) confirmed.' })).toBeVisible();
  await expect(toConfirm).toContainText(`Confirmed by the office (${MANAGER.name}: ${reason})`);

  // Finance: previewed again, the visit is a line of the funder's invoice, charged as the rate card says.
  await run.getByRole('button', { name: 'Preview' }).click();
  const invoice = invoicePreview.getByRole('article', { name: `Invoice to ${funder.name}` });
  const line = invoice.getByRole('row').filter({ hasText: client.name }).filter({ hasText: formatDate(day) }).filter({ hasText: `${start}–${end}` });
  await expect(line).toHaveCount(1);
  await expect(invoicePreview.getByRole('region', { name: 'Left out' }).getByText(`(visit ${visitId})`)).toHaveCount(0);
  const cells = line.getByRole('cell');
  const explanation = (await cells.nth(6).textContent()) ?? '';
  const billed = /^(\d+) min \(/.exec(explanation)?.[1];
  expect(billed, explanation).toBeTruthy();
  await expect(cells.nth(4)).toHaveText(billed!);
  if (funder.billing_basis !== 'planned') expect(explanation).toContain('37 actual, 30 planned');
  const amount = ((await cells.nth(5).textContent()) ?? '').trim();
  expect(amount).toMatch(/^£\d+\.\d{2}$/);
  expect(amount).not.toBe('£0.00');
  expect(explanation).toContain(amount);

  // Pay: the week's pay run preview of the branch has the carer's line for the visit, paid on the actual minutes.
  const monday = mondayOf(day);
  await openMenu(finance, ['Finance'], 'Pay runs');
  await finance.getByRole('link', { name: 'New pay run' }).click();
  const payRun = finance.getByRole('form', { name: 'Pay run period' });
  await payRun.getByLabel('Branch').selectOption({ label: BRANCH });
  await payRun.getByLabel('Period from').fill(monday);
  await payRun.getByLabel('Period to').fill(addDays(monday, 6));
  await payRun.getByRole('button', { name: 'Preview' }).click();
  const payPreview = finance.getByRole('region', { name: 'Preview', exact: true });
  const carerPay = payPreview.getByRole('row').filter({ has: finance.getByRole('rowheader', { name: new RegExp(`^${escape(carer)}`) }) });
  await carerPay.getByRole('button', { name: `Show the visits of ${carer}` }).click();
  const payLine = payPreview.getByRole('table', { name: `Visits of ${carer}` }).getByRole('row').filter({ has: finance.getByRole('cell', { name: `#${visitId}`, exact: true }) });
  await expect(payLine).toHaveCount(1);
  await expect(payLine.getByRole('cell').nth(0)).toContainText(formatDate(day));
  await expect(payLine.getByRole('cell').nth(2)).toHaveText(formatHours(37));
  await expect(payLine.getByRole('cell').nth(3)).toHaveText(/^£\d+\.\d{2}$/);
  await financeContext.close();
});
