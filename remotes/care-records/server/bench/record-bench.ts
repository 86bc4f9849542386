// Benchmark of the client record on the scale seed: `node scripts/pnpm.mjs --filter @hcm/area-care-records bench`.
// Prints figures only (asserts nothing).
//
// On PostgreSQL (DATABASE_URL, or a throwaway cluster from Debian's postgresql package) with the demo data plus
// the scale seed: 2,000 clients, a year of MAR for six medicines at four times a day for each (about 17.5
// million administrations; BENCH_MAR_CLIENTS lowers how many clients get it), and one document saved 20 times.
// Then, over real HTTP against the composed API, signed in as the demo manager, sequentially:
//   1. GET /api/v1/clients/:id/mar?month=YYYY-MM        a client's MAR month, p50 and p99 of 200 requests;
//   2. GET /api/v1/clients/:id/documents/:kind/:doc     a document with 20 versions;
//   3. GET .../versions                                 its 20 versions with what changed in each.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { CSRF_HEADER } from '@hcm/contract';
import { fieldsOf } from '@hcm/contract/documents';
import { createTestApp, DEMO_USERS } from '@hcm/server/testing';
import { CLIENT_DOCUMENTS } from '../../contract/index.js';
import { seedMarScale } from '../mar/scale.js';
import { seedClientScale } from './scale.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2000);
const MAR_CLIENTS = Number(process.env.BENCH_MAR_CLIENTS ?? CLIENTS);
const REQUESTS = 200;

const { startPostgresCluster } = (await import(new URL('../../../../scripts/postgres-cluster.mjs', import.meta.url).href)) as {
  startPostgresCluster(): Promise<{ url: string; stop(): void }>;
};
const cluster = process.env.DATABASE_URL ? null : await startPostgresCluster();
// The test kit's app over a fresh database of that server, with the demo data (as the server's tests run it).
process.env.TEST_DATABASE_URL = process.env.DATABASE_URL ?? cluster!.url;
let stopped = false;
const stop = () => {
  if (stopped) return;
  stopped = true;
  cluster?.stop();
};
process.on('exit', stop);

const time = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const result = await work();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
};

const t = await createTestApp();
const handle = t.database;
const clientIds = await time(`scale seed: ${CLIENTS} clients`, () => seedClientScale(handle.db, CLIENTS));
await time(`scale seed: a year of MAR (6 medicines x 4 times a day) for ${MAR_CLIENTS} clients`, () => seedMarScale(handle.db, { clientIds: clientIds.slice(0, MAR_CLIENTS), days: 365 }));
await handle.db.execute(sql`analyze`);

const address = await t.app.listen({ port: 0, host: '127.0.0.1' });

// Signed in as the demo manager, with the CSRF cookie echoed on writes.
let cookies = '';
const remember = (response: Response) => {
  for (const cookie of response.headers.getSetCookie()) cookies = `${cookies.split('; ').filter((part) => part && !part.startsWith(cookie.split('=')[0]!)).join('; ')}; ${cookie.split(';')[0]}`.replace(/^; /, '');
};
const csrf = () => decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]+)/.exec(cookies)?.[1] ?? '');
const call = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${address}${path}`, {
    method,
    headers: { cookie: cookies, 'x-requested-with': 'XMLHttpRequest', [CSRF_HEADER]: csrf(), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  remember(response);
  return response;
};
await call('GET', '/csrf-cookie');
const login = await call('POST', '/login', { email: DEMO_USERS.manager.email, password: DEMO_USERS.manager.password });
if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);

// One document saved 20 times (each save changes one answer), on the first scale client.
const clientId = clientIds[0]!;
const spec = CLIENT_DOCUMENTS.find((candidate) => !candidate.multiple && fieldsOf(candidate).some((field) => field.kind === 'long-text'))!;
const textField = fieldsOf(spec).find((field) => field.kind === 'long-text')!;
const created = await call('POST', `/api/v1/clients/${clientId}/documents/${spec.name}`, { status: 'draft', content: { [textField.key]: 'Version 1' } });
if (created.status !== 201) throw new Error(`document not created: ${created.status} ${await created.text()}`);
const documentId = ((await created.json()) as { data: { id: number } }).data.id;
for (let version = 1; version < 20; version += 1) {
  const saved = await call('PUT', `/api/v1/clients/${clientId}/documents/${spec.name}/${documentId}`, { base_version: version, content: { [textField.key]: `Version ${version + 1}: ${'words '.repeat(40 * version)}` } });
  if (!saved.ok) throw new Error(`save ${version + 1} failed: ${saved.status} ${await saved.text()}`);
}

async function measure(label: string, path: string) {
  for (let warm = 0; warm < 10; warm += 1) await (await call('GET', path)).arrayBuffer();
  const times: number[] = [];
  for (let index = 0; index < REQUESTS; index += 1) {
    const started = performance.now();
    const response = await call('GET', path);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))]!.toFixed(1);
  console.log(`${label.padEnd(44)} p50 ${at(0.5).padStart(7)} ms   p99 ${at(0.99).padStart(7)} ms   (${REQUESTS} requests)`);
}

const month = new Date().toISOString().slice(0, 7);
const counted = (await handle.db.execute(sql`select count(*)::int as count from mar_administrations`)) as unknown as { rows: { count: number }[] };
const count = counted.rows[0]?.count ?? 0;
console.log(`\nPostgreSQL, ${CLIENTS} clients, ${Number(count ?? 0).toLocaleString('en-GB')} administrations\n`);
await measure(`MAR month ${month} of one client`, `/api/v1/clients/${clientId}/mar?month=${month}`);
await measure(`document (${spec.name}) with 20 versions`, `/api/v1/clients/${clientId}/documents/${spec.name}/${documentId}`);
await measure('its 20 versions with changes', `/api/v1/clients/${clientId}/documents/${spec.name}/${documentId}/versions`);

await t.close();
stop();
process.exit(0);
