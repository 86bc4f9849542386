import { expect, test, type Page } from '@playwright/test';
import { OFFICE, logIn, nhsNumber, nowMs, openMenu, unique } from './helpers';

// Issue 16: live operations. The office watches the live view; a visit that began twenty minutes ago with nobody
// checked in is raised as late by the engine running in the API, and appears on the open live view without a
// reload (pushed over the socket). The office acknowledges it, then resolves it with an outcome.

const API = `http://localhost:${process.env.E2E_API_PORT ?? 18000}`;

async function headersOf(page: Page) {
  const csrf = (await page.context().cookies(API)).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  return { 'X-XSRF-TOKEN': decodeURIComponent(csrf), 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
}

/** The UK wall-clock date and time of an instant. */
function londonParts(instant: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** A new client of the office's first branch (so no other visit of theirs is on the live view). */
async function createClient(page: Page, lastName: string): Promise<number> {
  const headers = await headersOf(page);
  const answered = await (await page.request.get(`${API}/api/v1/user`, { headers })).json();
  const user = answered.data.data as { branches: { id: number }[] };
  const answer = await page.request.post(`${API}/api/v1/clients`, {
    headers,
    data: {
      first_name: 'Edna',
      last_name: lastName,
      care_needs: 'Morning call: washing, dressing, breakfast.',
      date_of_birth: '1936-02-03',
      nhs_number: nhsNumber(),
      service_type: 'domiciliary',
      status: 'active',
      address_line_1: '4 Agar Grove',
      town: 'London',
      postcode: 'NW1 9TL',
      gp_practice: 'Camden Road Surgery',
      start_date: '2024-01-01',
      allergies: 'None known',
      branch_id: user.branches[0]!.id,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()).data.id as number;
}

test('a late visit appears on the live view without a reload; the office acknowledges it and resolves it', async ({ page }) => {
  test.slow();
  await logIn(page, OFFICE);
  const lastName = `Live${unique()}`;
  const clientName = `Edna ${lastName}`;
  const clientId = await createClient(page, lastName);

  // The office opens the live view from the menu, and it is live (the socket is connected).
  await openMenu(page, ['Live operations'], 'Live view');
  await expect(page.getByRole('heading', { level: 1, name: 'Live view' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Live: updates as carers check in.' })).toBeVisible();

  // A visit planned to have begun 20 minutes ago (late after 15 by default); nobody has checked in.
  const start = londonParts(new Date(nowMs() - 20 * 60_000));
  const end = londonParts(new Date(nowMs() + 25 * 60_000));
  const created = await page.request.post(`${API}/api/v1/visits`, {
    headers: await headersOf(page),
    data: { client_id: clientId, date: start.date, start_time: start.time, end_time: end.time, carers_needed: 1 },
  });
  expect(created.status(), await created.text()).toBe(201);

  // The engine raises it (within a minute of its threshold) and the open page shows it, never reloaded.
  await page.evaluate(() => ((window as unknown as { stillThisPage: boolean }).stillThisPage = true));
  const acknowledge = page.getByRole('button', { name: `Acknowledge the late, ${clientName} alert` });
  await expect(acknowledge).toBeVisible({ timeout: 75_000 });
  expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);

  // Acknowledged: the office has seen it, and who did is shown.
  await acknowledge.click();
  const alerts = page.getByRole('region', { name: /Open alerts/ });
  await expect(alerts.getByText(/Acknowledged by Oliver Office/)).toBeVisible();
  await expect(acknowledge).toBeHidden();

  // Resolved with an outcome and a note: it leaves the open alerts.
  await page.getByRole('button', { name: `Resolve the late, ${clientName} alert` }).click();
  const form = page.getByRole('form', { name: `Resolve the late, ${clientName} alert` });
  await form.getByLabel('Outcome').selectOption('covered-by-another-carer');
  await form.getByLabel('Note').fill('Tom covered the call; client informed.');
  await form.getByRole('button', { name: 'Resolve alert' }).click();
  await expect(page.getByRole('button', { name: `Resolve the late, ${clientName} alert` })).toBeHidden();

  // The alerts list keeps it, resolved, with its outcome.
  await openMenu(page, ['Live operations'], 'Late and missed alerts');
  await expect(page.getByRole('heading', { level: 1, name: 'Late and missed alerts' })).toBeVisible();
  await page.getByLabel('State').selectOption('resolved');
  const row = page.getByRole('row').filter({ hasText: clientName });
  await expect(row).toContainText('Visit covered by another carer');
});
