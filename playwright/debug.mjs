import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
const page = await browser.newPage();
const base = 'http://localhost:18580';
await page.goto(base + '/');
await page.getByLabel('Email').fill('admin@homecare.test');
await page.getByLabel('Password').fill('Admin!2026demo');
await page.getByRole('button', { name: 'Log in' }).click();
await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
await page.waitForLoadState('networkidle');
for (let i = 0; i < 2; i++) {
let t0;
const log = [];
page.on('request', (r) => t0 && log.push(`${(performance.now() - t0).toFixed(0)} req ${r.url().slice(22, 110)}`));
page.on('requestfinished', (r) => t0 && log.push(`${(performance.now() - t0).toFixed(0)} done ${r.url().slice(22, 110)}`));
await page.getByRole('button', { name: 'Reference data' }).click();
t0 = performance.now();
await page.getByRole('link', { name: 'Branches', exact: true }).click();
log.push(`${(performance.now() - t0).toFixed(0)} clicked`);
await page.getByRole('row').filter({ hasText: 'Camden Domiciliary' }).waitFor();
log.push(`${(performance.now() - t0).toFixed(0)} rows visible`);
console.log(log.join('\n'));
page.removeAllListeners('request'); page.removeAllListeners('requestfinished');
await page.goto(base + '/app/dashboard'); await page.waitForLoadState('networkidle');
console.log('---');
}
await browser.close();
