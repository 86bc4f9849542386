import { expect, test, type Page } from '@playwright/test';
import { OFFICE, addDays, logIn, mondayOf, ukToday } from './helpers';

// Issue 15: scheduling. A planner builds a client's new care package in the rostering wizard and publishes it
// (its visits are generated), generates again from the client's record (nothing doubles), auto-assigns the
// branch's week, is refused an assignment to a carer who cannot be rostered (with the reason in words), and
// moves the new visit 15 minutes later on the timeline with the keyboard.

const CLIENT = 'Margaret Ellison';

/** The Monday of next week in the UK (YYYY-MM-DD). */
const nextMonday = (): string => addDays(mondayOf(ukToday()), 7);

async function continueTo(page: Page, button: string, step: number) {
  await page.getByRole('button', { name: button }).click();
  await expect(page).toHaveURL(new RegExp(`/app/client-rostering/add/${step}`));
}

test('a planner builds a package in the wizard, generates, auto-assigns, is refused an assignment with its reason, and moves a visit', async ({ page }) => {
  test.slow();
  await logIn(page, OFFICE);
  const monday = nextMonday();

  // 1. Client and funder.
  await page.goto('/app/client-rostering/add/1');
  const client = page.getByLabel('Client', { exact: true });
  const option = client.locator('option', { hasText: CLIENT });
  await client.selectOption({ label: (await option.textContent())!.trim() });
  await page.getByLabel('Funder code').selectOption({ index: 1 });
  await continueTo(page, 'Save and continue', 2);

  // 2. Package and dates: a Sunday afternoon sitting call, starting next week.
  await page.getByLabel('Package name').fill('Sunday afternoon company');
  await page.getByLabel('Start date').fill(monday);
  await page.getByLabel('Hours commissioned a week').fill('1');
  await continueTo(page, 'Save and continue', 3);

  // 3. The weekly pattern: one call, Sunday 14:00 for an hour.
  await page.getByLabel('Day').selectOption({ label: 'Sunday' });
  await page.getByLabel('Start').fill('14:00');
  await page.getByLabel('Length (minutes)').fill('60');
  await continueTo(page, 'Save and continue', 4);

  // Leaving and coming back keeps what was typed.
  await page.goto('/app/client-rostering/add/3');
  await expect(page.getByLabel('Start')).toHaveValue('14:00');
  await continueTo(page, 'Save and continue', 4);

  // 4. No preferred carer: auto-assign will choose. 5. The rules' check.
  await continueTo(page, 'Save and check', 5);
  await expect(page.getByText('No problem to fix')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Warnings about the package' })).toContainText('no preferred carer');
  await page.getByLabel('I have read the check and accept its warnings').check();
  await continueTo(page, 'Continue to review', 6);

  // 6. Review and publish: the template is made and its first weeks of visits generated.
  await page.getByRole('button', { name: 'Publish the package' }).click();
  await expect(page.getByText(/published/i).first()).toBeVisible();

  // Generating again from the client's record makes nothing twice.
  await page.getByRole('link', { name: "The client's visit templates" }).click();
  await expect(page.getByRole('heading', { name: 'Visit templates' }).first()).toBeVisible();
  await page.getByRole('button', { name: /Generate the next 4 weeks/ }).first().click();
  await expect(page.getByText(/there already/).first()).toBeVisible();

  // Auto-assign the Camden week of the new package.
  await page.goto(`/app/scheduler/timeline/week?date=${monday}`);
  await page.getByLabel('Branch').selectOption({ label: 'Camden Domiciliary' });
  await page.getByRole('button', { name: 'Auto-assign this week' }).click();
  await expect(page.getByText(/continuity/i).first()).toBeVisible();
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: /assigned/i }).first()).toBeVisible();
  // The week as saved (auto-assign changed its visits), not as the page held it before. A tall window holds the
  // visit and the blocked carer's row together (the timeline draws the rows near the window), so the drag below
  // needs no scrolling on the way: the test driver's pointer drag does not scroll the timeline mid-drag.
  await page.setViewportSize({ width: 1440, height: 2400 });
  await page.goto(`/app/scheduler/timeline/week?date=${monday}`);
  await page.getByLabel('Branch').selectOption({ label: 'Camden Domiciliary' });

  // A visit dragged onto a carer who cannot be rostered is refused, with the reason in words; nothing moves.
  const timeline = page.getByRole('table', { name: /Carer timeline/ });
  const blocked = timeline.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /Cannot be rostered/ }) }).first();
  const blockedName = (await blocked.getByRole('rowheader').textContent())!;
  const visit = timeline.getByRole('button', { name: new RegExp(`^${CLIENT},.*14:00–15:00`) }).first();
  // Onto the blocked carer's cell of the visit's own day (the row's cells run Monday to Sunday).
  const visitName = (await visit.getAttribute('aria-label')) ?? (await visit.textContent()) ?? '';
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].findIndex((day) => visitName.includes(`on ${day} `));
  await visit.dragTo(blocked.getByRole('cell').nth(Math.max(weekday, 0)));
  await expect(page.getByRole('alert').filter({ hasText: /Not moved|cannot be rostered|DBS/i }).first()).toBeVisible();
  expect(blockedName).toMatch(/Cannot be rostered/);
  await expect(blocked.getByRole('button', { name: new RegExp(`^${CLIENT}`) })).toHaveCount(0);

  // The same visit moved with the keyboard on its day, 15 minutes later: the timeline shows it at 14:15.
  await page.goto(`/app/scheduler/timeline/today?date=${addDays(monday, 6)}`);
  await page.getByLabel('Branch').selectOption({ label: 'Camden Domiciliary' });
  const bar = page.getByRole('button', { name: new RegExp(`^${CLIENT},.*14:00–15:00`) }).first();
  await bar.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: new RegExp(`^${CLIENT},.*14:15–15:15`) }).first()).toBeVisible();
  // The move is in the visit's history.
  await page.goto('/app/visits/logs');
  await expect(page.getByRole('row', { name: /Moved/ }).first()).toBeVisible();
});
