import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLog, areaEvents } from '../db/schema.js';
import { buildOpsApp } from './ops.js';
import { cleanPageSources, type AreaHistory, type PageSources } from '@hcm/contract';
import { activeAreas, registerInstalledBuilds } from './registry.js';

// A workspace on disk with built versions of two areas (and a broken build), then the API over it:
// WEB_ROOT is read when the app's modules load, so they are imported after it is set.
const root = mkdtempSync(path.join(tmpdir(), 'hcm-areas-'));
process.env.WEB_ROOT = root;
const { createTestApp, loginAs, anonymousClient } = await import('../testing.js');
const { AREA_MODULES } = await import('../area-modules.js');

const write = (file: string, content: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
};
const MANIFEST = { metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes: [{ name: 'Area', path: './Area' }] };
function build(area: string, version: string, manifest: object = MANIFEST, withEntry = true) {
  const home = area === 'finance' ? 'finance' : 'scheduler';
  const descriptor = { name: area, title: `${area} ${version}`, description: '', home: `/app/${home}`, routePrefixes: [home], navigation: [{ name: `${area}-home`, title: 'Home', target: `/app/${home}`, permission: ['dashboard.view'] }], version, container: `area_${area}` };
  write(`remotes/${area}/dist/${version}/area.json`, JSON.stringify(descriptor));
  write(`remotes/${area}/dist/${version}/mf-manifest.json`, JSON.stringify(manifest));
  if (withEntry) write(`remotes/${area}/dist/${version}/remoteEntry.js`, 'var area;');
}
const activeFile = (area: string) => readFileSync(path.join(root, `remotes/${area}/dist/ACTIVE`), 'utf8').trim();

for (const version of ['1.0.0-a', '1.0.0-b', '1.0.0-c']) build('finance', version);
build('finance', '1.0.0-broken', { metaData: { remoteEntry: { name: 'remoteEntry.js' } }, exposes: [] }, false);
build('scheduler', '2.0.0-s');
write('remotes/finance/dist/ACTIVE', '1.0.0-a\n');
write('remotes/scheduler/dist/ACTIVE', '2.0.0-s\n');

const TOKEN = 'test-token-0123456789';
let t: Awaited<ReturnType<typeof createTestApp>>;
let ops: FastifyInstance;
before(async () => {
  t = await createTestApp();
  ops = await buildOpsApp({ db: t.database.db, repoRoot: root, token: TOKEN });
});
after(async () => {
  await ops.close();
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const opsCall = (method: 'GET' | 'POST', url: string, payload?: object, token = TOKEN) =>
  ops.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const financeOf = (history: AreaHistory[]) => history.find((area) => area.name === 'finance')!;

test('at start every built area without a registered version is registered and made active as install', async () => {
  const done = await registerInstalledBuilds({ db: t.database.db, repoRoot: root });
  assert.deepEqual(done.map((change) => [change.area, change.version, change.action]), [
    ['scheduler', '2.0.0-s', 'deploy'],
    ['finance', '1.0.0-a', 'deploy'],
  ]);
  assert.deepEqual((await activeAreas(t.database.db)).map((area) => [area.name, area.version]), [
    ['scheduler', '2.0.0-s'],
    ['finance', '1.0.0-a'],
  ]);
  // A second start finds them registered and changes nothing.
  assert.deepEqual(await registerInstalledBuilds({ db: t.database.db, repoRoot: root }), []);
});

test('the public registry serves the active set with an ETag and a short max-age, and 304 when unchanged', async () => {
  const first = await t.app.inject({ method: 'GET', url: '/registry/areas' });
  assert.equal(first.statusCode, 200);
  assert.equal(first.headers['cache-control'], 'public, max-age=5');
  const body = first.json() as { areas: { name: string; version: string; manifestUrl: string; descriptor: { title: string } }[] };
  const finance = body.areas.find((area) => area.name === 'finance')!;
  assert.equal(finance.manifestUrl, '/areas/finance/1.0.0-a/mf-manifest.json');
  assert.equal(finance.descriptor.title, 'finance 1.0.0-a');
  const again = await t.app.inject({ method: 'GET', url: '/registry/areas', headers: { 'if-none-match': String(first.headers.etag) } });
  assert.equal(again.statusCode, 304);
});

test('each active area is listed with what its screens load elsewhere under the current settings, as its module says', async () => {
  const body = (await t.app.inject({ method: 'GET', url: '/registry/areas' })).json() as { areas: { name: string; pageSources?: PageSources }[] };
  for (const area of body.areas) {
    const module = AREA_MODULES.find((candidate) => candidate.name === area.name);
    const expected = module?.pageSources ? cleanPageSources(await module.pageSources(t.database.db)) : {};
    assert.deepEqual(area.pageSources ?? {}, expected, area.name);
  }
  // The demo's settings name a street map's tile server, so at least one area brings a source (the test can fail).
  assert.ok(body.areas.some((area) => Object.keys(area.pageSources ?? {}).length > 0));
});

test('the ops door refuses a missing or wrong token', async () => {
  assert.equal((await ops.inject({ method: 'GET', url: '/ops/areas' })).statusCode, 401);
  assert.equal((await opsCall('GET', '/ops/areas', undefined, 'test-token-wrong-value')).statusCode, 401);
});

test('a deploy registers a built version, makes it active, records who, and points dist/ACTIVE at it', async () => {
  const response = await opsCall('POST', '/ops/areas/finance/deploy', { version: '1.0.0-b', by: 'alice' });
  assert.equal(response.statusCode, 200, response.body);
  assert.deepEqual(response.json().data, { area: 'finance', version: '1.0.0-b', version_id: response.json().data.version_id, from_version: '1.0.0-a', action: 'deploy', already_deployed: false });
  assert.equal(activeFile('finance'), '1.0.0-b');
  const list = (await opsCall('GET', '/ops/areas')).json().data as AreaHistory[];
  const finance = financeOf(list);
  assert.equal(finance.active?.version, '1.0.0-b');
  assert.equal(finance.active?.activated_by, 'alice');
  const deployed = finance.versions.find((version) => version.version === '1.0.0-b')!;
  assert.equal(deployed.deployed_by, 'alice');
  assert.match(deployed.manifest_checksum, /^[0-9a-f]{64}$/);
  assert.deepEqual(finance.events[0] && [finance.events[0].action, finance.events[0].version, finance.events[0].from_version, finance.events[0].actor], ['deploy', '1.0.0-b', '1.0.0-a', 'alice']);
  // The other area is untouched.
  assert.equal(list.find((area) => area.name === 'scheduler')?.active?.version, '2.0.0-s');
});

test('a deploy refuses a build whose manifest does not hold, an unknown build and an unknown area', async () => {
  const broken = await opsCall('POST', '/ops/areas/finance/deploy', { version: '1.0.0-broken', by: 'alice' });
  assert.equal(broken.statusCode, 422);
  assert.match(broken.json().message, /does not expose \.\/Area/);
  assert.match(broken.json().message, /remoteEntry file remoteEntry\.js is missing/);
  assert.equal((await opsCall('POST', '/ops/areas/finance/deploy', { version: '9.9.9-none', by: 'alice' })).statusCode, 422);
  assert.equal((await opsCall('POST', '/ops/areas/finance/deploy', { version: '../../etc', by: 'alice' })).statusCode, 422);
  assert.equal((await opsCall('POST', '/ops/areas/nowhere/deploy', { version: '1.0.0-b', by: 'alice' })).statusCode, 404);
  assert.equal((await opsCall('POST', '/ops/areas/finance/deploy', { by: 'alice' })).statusCode, 422);
  assert.equal(financeOf((await opsCall('GET', '/ops/areas')).json().data).active?.version, '1.0.0-b');
});

test('deploying a registered version again only makes it active', async () => {
  const response = await opsCall('POST', '/ops/areas/finance/deploy', { version: '1.0.0-b', by: 'alice' });
  assert.equal(response.json().data.already_deployed, true);
  const events = await t.database.db.select().from(areaEvents).where(eq(areaEvents.area, 'finance'));
  assert.equal(events.length, 2); // install and the first deploy: nothing new
});

test('rollback without a version steps back to the version deployed before the active one, then errs at the first', async () => {
  await opsCall('POST', '/ops/areas/finance/deploy', { version: '1.0.0-c', by: 'bob' });
  const back = await opsCall('POST', '/ops/areas/finance/rollback', { by: 'carol' });
  assert.equal(back.statusCode, 200);
  assert.deepEqual([back.json().data.action, back.json().data.version, back.json().data.from_version], ['rollback', '1.0.0-b', '1.0.0-c']);
  assert.equal(activeFile('finance'), '1.0.0-b');
  const again = await opsCall('POST', '/ops/areas/finance/rollback', { by: 'carol' });
  assert.equal(again.json().data.version, '1.0.0-a');
  const none = await opsCall('POST', '/ops/areas/finance/rollback', { by: 'carol' });
  assert.equal(none.statusCode, 422);
  assert.match(none.json().errors.version[0], /no version deployed before 1\.0\.0-a/);
  const last = financeOf((await opsCall('GET', '/ops/areas')).json().data).events[0]!;
  assert.deepEqual([last.action, last.version, last.from_version, last.actor, last.user_id], ['rollback', '1.0.0-a', '1.0.0-b', 'carol', null]);
});

test('a rolled back version stays active across restarts; a new unregistered build is registered at start', async () => {
  assert.deepEqual(await registerInstalledBuilds({ db: t.database.db, repoRoot: root }), []);
  build('finance', '1.0.0-d');
  write('remotes/finance/dist/ACTIVE', '1.0.0-d\n');
  const done = await registerInstalledBuilds({ db: t.database.db, repoRoot: root });
  assert.deepEqual(done.map((change) => [change.area, change.version, change.from_version]), [['finance', '1.0.0-d', '1.0.0-a']]);
});

test('areas.view reads each area with its versions, active one and events; others get 403, anonymous 401', async () => {
  const admin = await loginAs(t.app, 'admin');
  const response = await admin.get('/api/v1/areas');
  assert.equal(response.statusCode, 200);
  const finance = financeOf(response.json().data as AreaHistory[]);
  assert.deepEqual(finance.versions.map((version) => [version.version, version.active]), [
    ['1.0.0-d', true],
    ['1.0.0-c', false],
    ['1.0.0-b', false],
    ['1.0.0-a', false],
  ]);
  assert.deepEqual(finance.events.map((event) => event.action), ['deploy', 'rollback', 'rollback', 'deploy', 'deploy', 'deploy']);
  assert.equal((await (await loginAs(t.app, 'office')).get('/api/v1/areas')).statusCode, 403);
  assert.equal((await (await anonymousClient(t.app)).get('/api/v1/areas')).statusCode, 401);
});

test('areas.rollback activates a named version or the previous one, records the user and the audit trail', async () => {
  const admin = await loginAs(t.app, 'admin');
  const named = await admin.post('/api/v1/areas/finance/rollback', { version: '1.0.0-b' });
  assert.equal(named.statusCode, 200, named.body);
  assert.deepEqual([named.json().data.action, named.json().data.version, named.json().data.from_version], ['rollback', '1.0.0-b', '1.0.0-d']);
  const forward = await admin.post('/api/v1/areas/finance/activate', { version: '1.0.0-c' });
  assert.deepEqual([forward.json().data.action, forward.json().data.version], ['activate', '1.0.0-c']);
  const previous = await admin.post('/api/v1/areas/finance/rollback', {});
  assert.equal(previous.json().data.version, '1.0.0-b');

  const [event] = (await admin.get('/api/v1/areas')).json().data.find((area: AreaHistory) => area.name === 'finance').events as AreaHistory['events'];
  assert.equal(event?.actor, 'admin@homecare.test');
  assert.equal(typeof event?.user_id, 'number');
  const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.resource, 'area-versions'));
  assert.equal(audits.length, 3);
  assert.deepEqual(audits.at(-1)?.after, { area: 'finance', active_version: '1.0.0-b', action: 'rollback' });
});

test('unknown versions are 422 on the version field, unknown areas 404, and the active version cannot be re-activated', async () => {
  const admin = await loginAs(t.app, 'admin');
  const unknown = await admin.post('/api/v1/areas/finance/activate', { version: '7.7.7-none' });
  assert.equal(unknown.statusCode, 422);
  assert.match(unknown.json().errors.version[0], /no deployed version named "7\.7\.7-none"/);
  assert.equal((await admin.post('/api/v1/areas/finance/activate', {})).statusCode, 422);
  assert.equal((await admin.post('/api/v1/areas/finance/activate', { version: 42 })).statusCode, 422);
  assert.equal((await admin.post('/api/v1/areas/finance/activate', { version: '1.0.0-b' })).statusCode, 422);
  assert.equal((await admin.post('/api/v1/areas/nowhere/rollback', {})).statusCode, 404);
  // A version of another area is not this area's.
  assert.equal((await admin.post('/api/v1/areas/finance/activate', { version: '2.0.0-s' })).statusCode, 422);
});

test('without areas.rollback nobody changes the active version', async () => {
  const office = await loginAs(t.app, 'office');
  assert.equal((await office.post('/api/v1/areas/finance/rollback', {})).statusCode, 403);
  assert.equal((await office.post('/api/v1/areas/finance/activate', { version: '1.0.0-a' })).statusCode, 403);
  assert.equal((await (await anonymousClient(t.app)).post('/api/v1/areas/finance/rollback', {})).statusCode, 401);
  assert.equal((await activeAreas(t.database.db)).find((area) => area.name === 'finance')?.version, '1.0.0-b');
});

test('a version built against shared modules the active host does not provide is neither deployed nor rolled back to', async () => {
  const shared = (kit: string, contract = '0.1.0') => ({
    react: { version: '19.3.1', requiredVersion: '^19.3.1' },
    '@hcm/contract': { version: contract, requiredVersion: `^${contract}` },
    '@hcm/kit': { version: kit, requiredVersion: `^${kit}` },
  });
  write('host/dist/shared.json', JSON.stringify(shared('0.1.0')));
  try {
    build('finance', '1.1.0-fits');
    write('remotes/finance/dist/1.1.0-fits/shared.json', JSON.stringify(shared('0.1.0')));
    build('finance', '1.2.0-newkit');
    write('remotes/finance/dist/1.2.0-newkit/shared.json', JSON.stringify(shared('0.2.0')));
    build('finance', '1.0.9-unrecorded');

    const refused = await opsCall('POST', '/ops/areas/finance/deploy', { version: '1.2.0-newkit', by: 'ops' });
    assert.equal(refused.statusCode, 422);
    assert.match(refused.json().message, /@hcm\/kit: finance 1\.2\.0-newkit was built against 0\.2\.0 \(needs \^0\.2\.0\), the host provides 0\.1\.0/);
    assert.notEqual(activeFile('finance'), '1.2.0-newkit');
    const unrecorded = await opsCall('POST', '/ops/areas/finance/deploy', { version: '1.0.9-unrecorded', by: 'ops' });
    assert.equal(unrecorded.statusCode, 422);
    assert.match(unrecorded.json().message, /has no shared\.json/);

    const fits = await opsCall('POST', '/ops/areas/finance/deploy', { version: '1.1.0-fits', by: 'ops' });
    assert.equal(fits.statusCode, 200, fits.body);

    // The host moves on to kit 0.2.0: the fitting version was registered earlier, and a rollback to it is refused.
    write('host/dist/shared.json', JSON.stringify(shared('0.2.0')));
    assert.equal((await opsCall('POST', '/ops/areas/finance/deploy', { version: '1.2.0-newkit', by: 'ops' })).statusCode, 200);
    const back = await opsCall('POST', '/ops/areas/finance/rollback', { version: '1.1.0-fits', by: 'ops' });
    assert.equal(back.statusCode, 422);
    assert.match(back.json().message, /@hcm\/kit: finance 1\.1\.0-fits was built against 0\.1\.0 \(needs \^0\.1\.0\), the host provides 0\.2\.0/);
    assert.equal(activeFile('finance'), '1.2.0-newkit');
  } finally {
    rmSync(path.join(root, 'host'), { recursive: true, force: true });
  }
});

test('a new host build is checked against every active area version before it replaces the old (host:deploy)', async () => {
  const record = (kit: string) => ({
    react: { version: '19.3.1', requiredVersion: '^19.3.1' },
    '@hcm/contract': { version: '0.1.0', requiredVersion: '^0.1.0' },
    '@hcm/kit': { version: kit, requiredVersion: `^${kit}` },
  });
  build('scheduler', '2.1.0-recorded');
  write('remotes/scheduler/dist/2.1.0-recorded/shared.json', JSON.stringify(record('0.2.0')));
  assert.equal((await opsCall('POST', '/ops/areas/scheduler/deploy', { version: '2.1.0-recorded', by: 'ops' })).statusCode, 200);
  const check = async (kit: string) => (await opsCall('POST', '/ops/host/check', { shared: record(kit) })).json().data.problems as string[];
  // Finance's active version (from the test above) was built against kit 0.2.0 as well.
  assert.deepEqual(await check('0.2.0'), []);
  const problems = await check('0.3.0');
  assert.ok(problems.some((problem) => problem.startsWith('@hcm/kit: scheduler 2.1.0-recorded was built against 0.2.0 (needs ^0.2.0), the host provides 0.3.0')), problems.join('\n'));
  assert.equal((await opsCall('POST', '/ops/host/check', {})).statusCode, 422);
});
