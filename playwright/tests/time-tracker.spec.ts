import { expect, test, type Response } from '@playwright/test';
import { ADMIN, logIn } from './helpers';

const API_URL = `http://localhost:${process.env.E2E_API_PORT ?? 18000}`;

// Spec §2.4, §4, §8: a client is timed from their record through the floating tracker; the time shows on
// the record; closing a running tracker warns first, then stops it on the server.
test('time an assessment of a client, see it in Time tracked; closing a running tracker warns, then stops it', async ({ page }) => {
  // The tracker's code is not part of the login screen's JS.
  const loginScripts: Response[] = [];
  const collect = (response: Response) => {
    if (response.request().resourceType() === 'script') loginScripts.push(response);
  };
  page.on('response', collect);
  await page.goto('/');
  await expect(page.getByLabel('Email')).toBeVisible();
  page.off('response', collect);
  expect(loginScripts.length).toBeGreaterThan(0);
  for (const script of loginScripts) {
    const body = await script.text();
    expect(body, script.url()).not.toContain('Close the time tracker?');
    expect(body, script.url()).not.toContain('api/v1/time-tracker/');
  }

  await logIn(page, ADMIN);
  await page.goto('/app/clients');
  await page.getByRole('row', { name: /Achebe/ }).getByRole('link', { name: 'Desmond' }).click();
  // The profile reads first (its details, with Edit); the time tracking is below it.
  await expect(page.getByRole('heading', { level: 1, name: 'Client: Achebe' })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/clients\/\d+\/profile-info$/);
  const clientId = Number(/\/app\/clients\/(\d+)\//.exec(page.url())?.[1]);
  expect(clientId).toBeGreaterThan(0);

  const timeThisVisit = page.getByRole('form', { name: 'Time this visit' });
  const tracker = page.getByRole('region', { name: 'Time tracker' });
  await expect(tracker).toBeHidden();
  await timeThisVisit.getByLabel('What are you timing?').selectOption({ label: 'Assessment' });
  await timeThisVisit.getByRole('button', { name: 'Start timing' }).click();

  // The host's panel opens, timing the client, and its clock moves on.
  await expect(tracker).toBeVisible();
  await expect(tracker).toContainText('Assessment: Desmond Achebe');
  const clock = tracker.getByRole('timer', { name: 'Elapsed time' });
  await expect(clock).toHaveText(/^00:00:0[1-9]$/, { timeout: 5_000 });
  const first = await clock.textContent();
  await expect.poll(() => clock.textContent(), { timeout: 5_000 }).not.toBe(first);
  await expect(page.getByText('Timing now. Stop it with the time tracker at the bottom right.')).toBeVisible();

  await tracker.getByRole('button', { name: 'Stop timer' }).click();
  await expect(tracker.getByRole('button', { name: 'Start timer' })).toBeVisible();
  await expect(tracker).toContainText('Stopped and saved');

  const tracked = page.getByRole('table', { name: 'Time tracked on this client' });
  const assessment = tracked.getByRole('row', { name: /Assessment/ });
  await expect(assessment).toContainText(ADMIN.name);
  await expect(assessment).toContainText('Stopped');
  await expect(assessment).toContainText(/00:00:0[2-9]|00:00:[1-5]\d/);

  // Again, a review this time; then close the panel while it runs.
  await timeThisVisit.getByLabel('What are you timing?').selectOption({ label: 'Review' });
  await timeThisVisit.getByRole('button', { name: 'Start timing' }).click();
  await expect(tracker).toContainText('Review: Desmond Achebe');
  await expect(tracker.getByRole('button', { name: 'Stop timer' })).toBeVisible();
  await expect(tracked.getByRole('row', { name: /Review/ })).toContainText('Running');

  await tracker.getByRole('button', { name: 'Close time tracker' }).click();
  const warning = page.getByRole('dialog', { name: 'Close the time tracker?' });
  await expect(warning).toContainText('you will lose the progress');
  await warning.getByRole('button', { name: 'Stop and close' }).click();
  await expect(warning).toBeHidden();
  await expect(tracker).toBeHidden();

  // Stopped on the server: both sessions closed, with durations the server measured.
  await expect(tracked.getByRole('row', { name: /Review/ })).toContainText('Stopped');
  const answer = await page.request.get(`${API_URL}/api/v1/time-tracker/sessions?target_type=client&target_id=${clientId}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
  });
  expect(answer.status()).toBe(200);
  const sessions = (await answer.json()).data as { event_type: string; status: string; duration_seconds: number | null }[];
  expect(sessions.map((session) => [session.event_type, session.status])).toEqual([
    ['REVIEW', 'stopped'],
    ['ASSESSMENT', 'stopped'],
  ]);
  expect(sessions.every((session) => (session.duration_seconds ?? -1) >= 0)).toBe(true);
});
