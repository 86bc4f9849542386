import { expect, test, type Page } from '@playwright/test';
import { ADMIN, OFFICE, logIn, nhsNumber, unique } from './helpers';

// The two high findings of the black-box probe (server/SECURITY.md §9), tried again the way they were found.

const API = `http://localhost:${process.env.E2E_API_PORT ?? 18000}`;
const MANAGER = { email: 'manager@homecare.test', password: 'Manager!2026demo' };

/** The signed-in page's session straight to the API, as the SPA sends it (CSRF header included). */
async function apiAs(page: Page) {
  const csrf = (await page.context().cookies(API)).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { 'X-XSRF-TOKEN': decodeURIComponent(csrf), 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
  const send = async (method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) => {
    const response = await page.request.fetch(`${API}${path}`, { method, headers, data });
    return { status: response.status(), body: await response.json() };
  };
  return send;
}

async function branchId(send: Awaited<ReturnType<typeof apiAs>>, code: string): Promise<number> {
  const page = (await send('GET', `/api/v1/branches?search=${code}`)).body.data;
  return (page.data as { id: number; code: string }[]).find((branch) => branch.code === code)!.id;
}

test('a Camden-only office user cannot make or manage links of a professional who holds a Leeds client', async ({ page, browser }) => {
  const tag = unique();
  // The super admin adds a Leeds client and a professional, and shares the client with them.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logIn(admin, ADMIN);
  const asAdmin = await apiAs(admin);
  const client = await asAdmin('POST', '/api/v1/clients', {
    first_name: 'Leonard',
    last_name: `Leeds${tag}`,
    date_of_birth: '1936-02-03',
    nhs_number: nhsNumber(),
    service_type: 'supported-living',
    status: 'active',
    address_line_1: '2 Kirkgate',
    town: 'Leeds',
    postcode: 'LS1 6BR',
    start_date: '2024-01-01',
    branch_id: await branchId(asAdmin, 'LDS-SL'),
  });
  expect(client.status, JSON.stringify(client.body)).toBe(201);
  const professional = await asAdmin('POST', '/api/v1/health-professionals', {
    name: `Dr Probe ${tag}`,
    profession: 'gp',
    organisation: 'Leeds Road Surgery',
    email: `probe.${tag.toLowerCase()}@nhs.example`,
    active: true,
  });
  expect(professional.status, JSON.stringify(professional.body)).toBe(201);
  const professionalId = professional.body.data.id as number;
  expect((await asAdmin('POST', `/api/v1/health-professionals/${professionalId}/shares`, { client_id: client.body.data.id })).status).toBe(201);
  await adminContext.close();

  // The office user opens the professional: the links are out of their reach, and the page says why.
  await logIn(page, OFFICE);
  await page.goto(`/app/health-professionals/${professionalId}/edit`);
  const access = page.getByRole('region', { name: 'Access' });
  await expect(access.getByRole('note')).toContainText('branches other than yours');
  await expect(access.getByRole('button', { name: 'Create link' })).toHaveCount(0);
  await expect(access.getByText(`Leonard Leeds${tag}`)).toHaveCount(0);

  // The probe's request, with the page's own session: refused, and no URL with a token comes back.
  const asOffice = await apiAs(page);
  const attempt = await asOffice('POST', `/api/v1/health-professionals/${professionalId}/links`, { expires_in_days: 7, send_email: false });
  expect(attempt.status).toBe(403);
  expect(JSON.stringify(attempt.body)).not.toContain('/health-professionals/');
  expect((await asOffice('GET', `/api/v1/health-professionals/${professionalId}/links`)).status).toBe(403);
});

test('a manager cannot take over a finance officer by changing their email; a lesser user’s change is made', async ({ page, browser }) => {
  const tag = unique().toLowerCase();
  const financeEmail = `fran.${tag}@homecare.test`;
  const officeEmail = `olive.${tag}@homecare.test`;
  // The super admin adds a finance officer and an office user in Camden (the manager's branches include it).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logIn(admin, ADMIN);
  const asAdmin = await apiAs(admin);
  const roles = (await asAdmin('GET', '/api/v1/user-roles')).body.data as { id: number; name: string }[] | { data: { id: number; name: string }[] };
  const roleList = Array.isArray(roles) ? roles : roles.data;
  const roleId = (name: string) => roleList.find((role) => role.name === name)!.id;
  const camden = await branchId(asAdmin, 'CAM');
  for (const [name, email, role] of [
    ['Fran Finance', financeEmail, 'finance_officer'],
    ['Olive Office', officeEmail, 'office_staff'],
  ] as const) {
    const created = await asAdmin('POST', '/api/v1/users', { name, email, role_id: roleId(role), branch_ids: [camden], password: 'Quiet-Lantern-Meadow-83' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
  }
  await adminContext.close();

  await logIn(page, MANAGER);
  const editEmail = async (email: string, newEmail: string) => {
    await page.goto('/app/users');
    await page.getByLabel('Search users').fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('row').filter({ hasText: email }).getByRole('link').click();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByLabel('Email').fill(newEmail);
    await page.getByRole('button', { name: 'Save user' }).click();
  };

  // The finance officer may do things the manager may not: refused beside the field, the typed value kept.
  await editEmail(financeEmail, `attacker.${tag}@homecare.test`);
  await expect(page.getByText('only someone holding all their permissions may change their email')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(`attacker.${tag}@homecare.test`);
  await page.reload();
  await expect(page.getByLabel('Email')).toHaveValue(financeEmail);

  // An office user may do no more than the manager: the change is saved.
  await editEmail(officeEmail, `olive.new.${tag}@homecare.test`);
  await expect(page.getByRole('status').filter({ hasText: 'User saved' })).toBeVisible();
});
