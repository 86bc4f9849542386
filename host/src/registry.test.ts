import { setClock, ukToday } from '@hcm/contract/time';
import { fetchRegistry } from './registry';

afterEach(() => {
  setClock(null);
  document.getElementById('hcm-registry')?.remove();
});

function servePage(registry: object) {
  const script = document.createElement('script');
  script.id = 'hcm-registry';
  script.type = 'application/json';
  script.textContent = JSON.stringify(registry);
  document.head.append(script);
}

test("the page's clock follows a server whose clock is set (HCM_NOW): screens and server agree on today", async () => {
  servePage({ productLabel: 'Home Care', apiUrl: 'http://api.test', areas: [], clockAt: '2027-10-30T23:30:00.000Z' });
  await fetchRegistry();
  expect(ukToday()).toBe('2027-10-31');
});

test('without a set clock on the server the page keeps its own', async () => {
  const restore = setClock('2026-12-28T09:00:00Z');
  servePage({ productLabel: 'Home Care', apiUrl: 'http://api.test', areas: [] });
  await fetchRegistry();
  expect(ukToday()).toBe('2026-12-28');
  restore();
});
