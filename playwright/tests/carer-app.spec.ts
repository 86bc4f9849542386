import { expect, request as apiRequest, test, type APIRequestContext } from '@playwright/test';
import { logIn, MANAGER, ADMIN, now, ukToday, unique } from './helpers';

// Issue 31: the carers' app at /carer/ on a phone (390×844). A demo carer signs in, opens the first visit of the
// day, loses the network, checks in (with a position), records a dose (or a task) and a care note, sees them
// waiting, comes back online and sees them sent; the office then reads the note in the client's daily notes.
//
// The demo carers have passwords nobody knows (remotes/workforce/server/seed-carers.ts): the journey gives one a
// password through the forgotten-password email, read from the outbox by the administrator, as a person would.

const CARERS = ['aisha.bello@homecare.test', 'tom.fletcher@homecare.test', 'sian.evans@homecare.test', 'callum.mcleod@homecare.test', 'priya.nair@homecare.test', 'megan.hughes@homecare.test', 'joseph.adeyemi@homecare.test'];
const PASSWORD = 'Orchard-Lantern-Walk-2031';

type Envelope<T> = { data: T; message?: string };
type DeviceVisit = { id: number; client_id: number; client_name: string; planned_start: string; start_time: string; end_time: string; status: string; check_in: unknown; tasks: { key: string; label: string }[] };
type CareSheet = { doses: { schedule_id: number; medicine: string; day: string; slot: string; recorded: unknown }[] };

/** A cookie session on the API, sending the CSRF header on writes as the office app does. */
async function officeApi(apiUrl: string, account?: { email: string; password: string }): Promise<APIRequestContext & { csrf: () => Promise<Record<string, string>> }> {
  const context = await apiRequest.newContext({ baseURL: apiUrl });
  await context.get('/csrf-cookie');
  const csrf = async () => {
    const cookie = (await context.storageState()).cookies.find((one) => one.name === 'XSRF-TOKEN');
    return { 'X-XSRF-TOKEN': decodeURIComponent(cookie?.value ?? '') };
  };
  if (account) expect((await context.post('/login', { data: account, headers: await csrf() })).status()).toBe(200);
  return Object.assign(context, { csrf });
}

/** Gives a demo carer a password: the forgotten-password email, its link read from the outbox by the administrator. */
async function setCarerPassword(apiUrl: string, email: string): Promise<void> {
  const visitor = await officeApi(apiUrl);
  expect((await visitor.post('/forgot-password', { data: { email }, headers: await visitor.csrf() })).status()).toBe(200);
  const admin = await officeApi(apiUrl, ADMIN);
  const list = (await (await admin.get(`/api/v1/mail-outbox?search=${encodeURIComponent(email)}`)).json()) as Envelope<{ data: { id: number; subject: string }[] }>;
  const mail = list.data.data.find((row) => /reset/i.test(row.subject));
  expect(mail, `a reset email to ${email}`).toBeTruthy();
  const message = (await (await admin.get(`/api/v1/mail-outbox/${mail!.id}`)).json()) as Envelope<{ text_body: string }>;
  const token = decodeURIComponent(/\/reset-password\/([^?\s]+)/.exec(message.data.text_body)![1]!);
  const reset = await visitor.post('/reset-password', { data: { token, email, password: PASSWORD, password_confirmation: PASSWORD }, headers: await visitor.csrf() });
  expect(reset.status(), await reset.text()).toBe(200);
  await visitor.dispose();
  await admin.dispose();
}

/** Signs a carer in on the device API (as the app would) and answers today's visits not yet started. */
async function visitsToday(apiUrl: string, email: string): Promise<{ visits: DeviceVisit[]; token: string; api: APIRequestContext }> {
  const api = await apiRequest.newContext({ baseURL: apiUrl });
  const signIn = await api.post('/api/v1/carer-app/session', { data: { email, password: PASSWORD, device_name: 'Journey check' } });
  expect(signIn.status(), await signIn.text()).toBe(201);
  const token = ((await signIn.json()) as Envelope<{ token: string }>).data.token;
  const answer = (await (await api.get('/api/v1/carer-app/visits?day=today', { headers: { Authorization: `Bearer ${token}` } })).json()) as Envelope<DeviceVisit[]>;
  return { visits: answer.data, token, api };
}

/** Minutes since midnight of "HH:MM". */
const minutesOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** "HH:MM" of minutes since midnight. */
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The office books a half-hour visit starting about now for the carer (the first client of her branch): her
 * availability for it first (a temporary change), then the visit, then the carer, through the rules. Answers its id.
 */
async function bookVisitNow(apiUrl: string, email: string): Promise<number> {
  const office = await officeApi(apiUrl, MANAGER);
  const ok = async <T,>(response: Promise<import('@playwright/test').APIResponse>, status: number): Promise<T> => {
    const answer = await response;
    expect(answer.status(), await answer.text()).toBe(status);
    return ((await answer.json()) as Envelope<T>).data;
  };
  const [found] = (await ok<{ data: { id: number; branch_id: number }[] }>(office.get(`/api/v1/carers?search=${encodeURIComponent(email)}&page_size=1`), 200)).data;
  const [client] = (await ok<{ data: { id: number }[] }>(office.get(`/api/v1/clients?branch_id=${found!.branch_id}&status=active&page_size=1&sort=last_name&mode=asc`), 200)).data;
  const [hour, minute] = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/London' }).format(now()).split(':').map(Number) as [number, number];
  // Half an hour clear of her other visits today (20 minutes either side for travel), as near now as can be.
  const mine = await visitsToday(apiUrl, email);
  const busy = mine.visits.map((visit) => [minutesOfDay(visit.start_time) - 20, minutesOfDay(visit.end_time) + 20] as const);
  await mine.api.dispose();
  const clamp = (minutes: number) => Math.min(Math.max(0, Math.floor(minutes / 5) * 5), 23 * 60 + 25);
  const start = [-10, 20, 50, -40, 80, -70, 110]
    .map((offset) => clamp(hour * 60 + minute + offset))
    .find((candidate) => busy.every(([begins, ends]) => candidate + 30 <= begins || candidate >= ends));
  expect(start, 'a free half hour near now').toBeDefined();
  const [from, to] = [hhmm(start!), hhmm(start! + 30)];
  const day = ukToday();
  await ok(office.post(`/api/v1/carers/${found!.id}/availability/temporary`, { data: { from_date: day, to_date: day, available: true, windows: [{ from, to }], reason: 'Covering a visit booked at short notice' }, headers: await office.csrf() }), 201);
  const visit = await ok<{ id: number; version: number }>(office.post('/api/v1/visits', { data: { client_id: client!.id, date: day, start_time: from, end_time: to, carers_needed: 1 }, headers: await office.csrf() }), 201);
  await ok(office.post(`/api/v1/visits/${visit.id}/assign`, { data: { carer_id: found!.id, version: visit.version }, headers: await office.csrf() }), 200);
  await office.dispose();
  return visit.id;
}

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('a carer works a visit offline on the phone app, and the office sees the note once it is sent', async ({ page, context, browser, baseURL }) => {
  test.setTimeout(240_000);
  const registry = (await (await page.request.get('/registry.json')).json()) as { apiUrl: string };
  const apiUrl = registry.apiUrl || `${new URL(baseURL!).protocol}//${new URL(baseURL!).hostname}:8000`;

  // Ask the API what the demo made: the first carer with a visit today not yet checked in.
  let carer = '';
  let visits: DeviceVisit[] = [];
  let care: CareSheet | null = null;
  let chosen: DeviceVisit | null = null;
  for (const email of CARERS) {
    await setCarerPassword(apiUrl, email);
    const found = await visitsToday(apiUrl, email);
    const ordered = [...found.visits].sort((a, b) => a.planned_start.localeCompare(b.planned_start));
    const open = ordered.find((visit) => visit.status === 'assigned' && !visit.check_in);
    if (open) {
      carer = email;
      visits = ordered;
      chosen = open;
      care = ((await (await found.api.get(`/api/v1/carer-app/clients/${open.client_id}/care`, { headers: { Authorization: `Bearer ${found.token}` } })).json()) as Envelope<CareSheet>).data;
    }
    await found.api.delete('/api/v1/carer-app/session', { headers: { Authorization: `Bearer ${found.token}` } });
    await found.api.dispose();
    if (carer) break;
  }
  if (!carer) {
    // Late in the day (or on a day few of these carers work) none has a visit still to do: the office books one
    // now for the README's carer, as it would for cover at short notice, saying first she is available for it.
    carer = CARERS[0]!;
    const booked = await bookVisitNow(apiUrl, carer);
    const found = await visitsToday(apiUrl, carer);
    visits = [...found.visits].sort((a, b) => a.planned_start.localeCompare(b.planned_start));
    chosen = visits.find((visit) => visit.id === booked) ?? null;
    care = ((await (await found.api.get(`/api/v1/carer-app/clients/${chosen!.client_id}/care`, { headers: { Authorization: `Bearer ${found.token}` } })).json()) as Envelope<CareSheet>).data;
    await found.api.delete('/api/v1/carer-app/session', { headers: { Authorization: `Bearer ${found.token}` } });
    await found.api.dispose();
  }
  expect(chosen, 'a demo carer with a visit today that is not started').toBeTruthy();
  // The first visit of the day still to do (earlier ones may be over, or missed).
  const first = chosen!;
  const dueDose = care?.doses.find((dose) => dose.day === ukToday() && !dose.recorded);

  // 1. Sign in on the phone.
  await context.grantPermissions(['geolocation'], { origin: new URL(baseURL!).origin });
  await context.setGeolocation({ latitude: 51.5390, longitude: -0.1426, accuracy: 15 });
  await page.goto('/carer/');
  await expect(page.getByRole('heading', { name: 'Sign in to the carers’ app' })).toBeVisible();
  await page.getByLabel('Email').fill(carer);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // 2. Today's visits in order; the first opens its care sheet.
  await expect(page.getByRole('heading', { name: /^Today, / })).toBeVisible();
  const list = page.getByRole('list', { name: 'Visits' });
  await expect(list.getByRole('listitem').first()).toContainText(visits[0]!.client_name);
  await expect(list.getByRole('listitem')).toHaveCount(visits.length);
  const sending = page.getByRole('status', { name: 'Sending to the office' });
  await expect(sending).toHaveText('All sent');
  await list.getByRole('link', { name: `Open visit: ${first.start_time} ${first.client_name}` }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`${first.start_time}.*${first.client_name}`) })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Key facts' })).toBeVisible();
  if (dueDose) await expect(page.getByRole('button', { name: `Record ${dueDose.slot} ${dueDose.medicine}` })).toBeVisible();

  // 3. The network drops: check in with the position, a dose (or a task) and a note are kept on the phone.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(page.getByText('Checked in.')).toBeVisible();
  await expect(sending).toHaveText('Offline. 1 waiting to send');
  if (dueDose) {
    await page.getByRole('button', { name: `Record ${dueDose.slot} ${dueDose.medicine}` }).click();
    await page.getByLabel('Outcome').selectOption('A');
    await page.getByRole('button', { name: 'Save dose' }).click();
  } else if (first.tasks.length) {
    await page.getByRole('button', { name: `${first.tasks[0]!.label}: done` }).click();
  }
  const note = `Journey note ${unique()}: settled, ate a good breakfast.`;
  await page.getByLabel('Category').selectOption('nutrition-hydration');
  await page.getByLabel('Note', { exact: true }).fill(note);
  await page.getByRole('button', { name: 'Save care note' }).click();
  const waiting = dueDose || first.tasks.length ? 3 : 2;
  await expect(sending).toHaveText(`Offline. ${waiting} waiting to send`);
  await expect(page.getByLabel('Waiting to send')).toContainText('Care note');

  // 4. Back online: everything is sent.
  await context.setOffline(false);
  await expect(sending).toHaveText('All sent', { timeout: 30_000 });

  // 5. The office reads the note in the client's daily notes.
  const office = await browser.newContext();
  const officePage = await office.newPage();
  await logIn(officePage, MANAGER);
  await officePage.goto(`/app/clients/${first.client_id}/client-logs`);
  await expect(officePage.getByText(note)).toBeVisible();
  // The live view of the visit's branch shows the carer on site since the time the phone checked in.
  const manager = await officeApi(apiUrl, MANAGER);
  const visitBranch = ((await (await manager.get(`/api/v1/visits/${first.id}`)).json()) as Envelope<{ branch_id: number }>).data.branch_id;
  await officePage.goto('/app/scheduler/live-view');
  await officePage.getByRole('combobox', { name: 'Branch' }).selectOption(String(visitBranch));
  const liveRow = officePage.getByRole('region', { name: /^Today's visits/ }).getByRole('row').filter({ has: officePage.getByRole('link', { name: first.client_name, exact: true }) }).filter({ hasText: `${first.start_time}–` });
  await expect(liveRow.first()).toContainText('(on site)');
  await manager.dispose();
  if (dueDose) {
    const manager = await officeApi(apiUrl, MANAGER);
    const chart = await (await manager.get(`/api/v1/live-events/medications?client_id=${first.client_id}&state=device`)).text();
    expect(chart).toContain(dueDose.medicine.split(' ')[0]!);
    await manager.dispose();
  }
  await office.close();
});
