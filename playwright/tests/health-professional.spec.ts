import { expect, test, type Page } from '@playwright/test';
import { ADMIN, logIn, nhsNumber, openMenu, unique } from './helpers';

const API = `http://localhost:${process.env.E2E_API_PORT ?? 18000}`;

/** Creates a client through the API with the signed-in page's session (as the SPA would, CSRF header included). */
async function createClient(page: Page, fields: { first_name: string; last_name: string; care_needs: string }): Promise<void> {
  const csrf = (await page.context().cookies(API)).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { 'X-XSRF-TOKEN': decodeURIComponent(csrf), 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
  const branches = (await (await page.request.get(`${API}/api/v1/branches`, { headers })).json()).data;
  const branchId = (Array.isArray(branches) ? branches : branches.data)[0].id as number;
  const answer = await page.request.post(`${API}/api/v1/clients`, {
    headers,
    data: {
      ...fields,
      date_of_birth: '1938-04-12',
      nhs_number: nhsNumber(),
      service_type: 'domiciliary',
      status: 'active',
      address_line_1: '1 Test Street',
      town: 'Leeds',
      postcode: 'LS1 4AP',
      gp_practice: 'Leeds Road Surgery',
      start_date: '2024-01-01',
      allergies: 'Penicillin',
      branch_id: branchId,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
}

test('a health professional opens a shared client through a link, sees the care plan PDF, and the link stops working once revoked', async ({ page, browser }) => {
  const tag = unique();
  const professional = `Dr Journey ${tag}`;
  const client = { first_name: 'Agnes', last_name: `Whitfield${tag}`, care_needs: `Two carers for transfers ${tag}.` };
  const clientName = `${client.first_name} ${client.last_name}`;

  await logIn(page, ADMIN);
  await createClient(page, client);

  // Add the professional from the menu: Health professionals is under Clients.
  await openMenu(page, ['Clients'], 'Health professionals');
  await page.getByRole('link', { name: 'Add health professional' }).click();
  await page.getByLabel('Name', { exact: true }).fill(professional);
  await page.getByLabel('Profession', { exact: true }).selectOption('district-nurse');
  await page.getByLabel('Organisation', { exact: true }).fill('Leeds Community Nursing');
  await page.getByLabel('Email', { exact: true }).fill(`journey.${tag.toLowerCase()}@nhs.example`);
  await page.getByRole('button', { name: 'Save health professional' }).click();
  await expect(page).toHaveURL('/app/health-professionals');
  await page.getByLabel('Search health professionals').fill(tag);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: professional }).click();

  // Share the client and create a link; the URL is shown once.
  const access = page.getByRole('region', { name: 'Access' });
  await expect(access.getByText('No clients are shared with this professional yet.')).toBeVisible();
  await access.getByLabel('Share a client').selectOption({ label: `${clientName} (born Tue 12 Apr 1938)` });
  await access.getByRole('button', { name: 'Share' }).click();
  await expect(access.getByRole('row').filter({ hasText: clientName })).toBeVisible();
  await access.getByLabel('Expires after (days)').fill('7');
  await access.getByRole('button', { name: 'Create link' }).click();
  const url = await access.getByLabel('New link').inputValue();
  expect(url).toMatch(/\/health-professionals\/\d+\/[A-Za-z0-9_-]{43}$/);
  await expect(access.getByRole('row').filter({ hasText: 'Active' })).toHaveCount(1);

  // The professional opens it in their own browser: the token leaves the address, the dashboard shows the client.
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  await them.goto(url);
  await expect(them).toHaveURL(/\/health-professionals\/\d+\/dashboard$/);
  const card = them.getByRole('article', { name: clientName });
  await expect(card.getByText(client.care_needs)).toBeVisible();
  await expect(them.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

  // The care plan is rendered by the inline viewer: its text layer holds the client's name.
  await card.getByRole('link', { name: 'Care plan (PDF)' }).click();
  await expect(them).toHaveURL(/\/pdf\/care-plan\?client=\d+$/);
  const viewer = them.getByRole('region', { name: 'PDF: Care plan' });
  await expect(viewer.locator('canvas').first()).toBeVisible({ timeout: 15_000 });
  await expect(viewer.getByText(clientName).first()).toBeAttached({ timeout: 15_000 });
  await expect(viewer.getByRole('link', { name: 'Download Care plan (PDF)' })).toBeVisible();

  // Staff revoke the link: the open session ends and the link is refused.
  await access.getByRole('button', { name: /Revoke the link/ }).click();
  await expect(access.getByRole('row').filter({ hasText: 'Revoked' })).toHaveCount(1);
  await them.getByRole('link', { name: 'Back to your clients' }).click();
  await expect(them.getByRole('heading', { name: 'Health professionals' })).toBeVisible();

  const again = await (await browser.newContext()).newPage();
  await again.goto(url);
  await expect(again.getByRole('heading', { name: 'This link cannot be opened' })).toBeVisible();
  await expect(again.getByRole('alert')).toContainText('expired or been revoked');
  expect(again.url()).not.toContain(url.split('/').pop()!);
  await theirs.close();
});
