import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AREA_MODULES } from '../area-modules.js';
import { defineAreaModule, type AreaModule } from '../modules/area-module.js';
import { DEMO_BRANCHES } from '../db/seed.js';
import { anonymousClient, createTestApp, loginAs, type TestApp, type TestClient } from '../testing.js';
import type { SearchProvider } from './provider.js';
import { likePrefix, searchQueryOf } from './provider.js';
import { composeSearchProviders, SEARCH_LIMIT_PER_KIND, type SearchAnswer } from './routes.js';

// The global search's platform part (GET /api/v1/search): the providers areas declare, run for the user's
// permissions side by side, their hits grouped by kind in module order. The areas' own providers are tested in
// their folders (remotes/<area>/server/search.test.ts); here they are stand-ins over platform permissions.

/** What happened, in order: each provider notes when it starts and when it has answered. */
const events: string[] = [];

const provider = (kind: string, label: string, permission: SearchProvider['permission'], hits: number): SearchProvider => ({
  kind,
  label,
  permission,
  async find(_db, viewer, query, limit) {
    events.push(`start ${kind}`);
    // Yield, so a provider started after another has finished would show in `events`.
    await new Promise((resolve) => setImmediate(resolve));
    events.push(`end ${kind}`);
    if (query.text === 'boom' && kind === 'people') throw new Error('The people index is down.');
    return Array.from({ length: hits }, (_, index) => ({
      id: index + 1,
      title: `${label} ${index + 1} for "${query.text}" (${viewer.scope === 'all' ? 'all' : viewer.scope.length} branches, limit ${limit})`,
      subtitle: query.terms.join('+'),
      href: `/app/${kind}/${index + 1}`,
    }));
  },
});

// Two areas: the second's providers come after the first's. 'branches.view' is every demo office role's; 'users.view'
// the manager's, not the office staff's.
const places = defineAreaModule({ name: 'search-places', search: [provider('places', 'Places', 'branches.view', 2)] });
const people = defineAreaModule({
  name: 'search-people',
  search: [provider('people', 'People', ['users.view', 'users.edit'], 7), provider('empty', 'Nothing', 'branches.view', 0)],
});

let t: TestApp;
let manager: TestClient;
let office: TestClient;

before(async () => {
  // Reference data holds the sign-in settings the platform reads; no area with providers of its own.
  t = await createTestApp({ modules: [...AREA_MODULES.filter((module) => module.name === 'reference-data'), places, people] });
  manager = await loginAs(t.app, 'manager');
  office = await loginAs(t.app, 'office');
});
after(() => t.close());

const search = async (client: TestClient, q: string) => {
  const response = await client.get(`/api/v1/search?q=${encodeURIComponent(q)}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data as SearchAnswer;
};

test('the providers run side by side; their hits come grouped by kind in module order, at most 5 of each, kinds without hits left out', async () => {
  events.length = 0;
  const answer = await search(manager, '  Mar   Ell ');
  assert.deepEqual(events, ['start places', 'start people', 'start empty', 'end places', 'end people', 'end empty']);
  assert.equal(answer.q, 'Mar Ell');
  assert.deepEqual(
    answer.groups.map((group) => [group.kind, group.label, group.items.length]),
    [
      ['places', 'Places', 2],
      ['people', 'People', SEARCH_LIMIT_PER_KIND],
    ],
  );
  assert.deepEqual(answer.groups[1]!.items[0], { kind: 'people', id: 1, title: `People 1 for "Mar Ell" (${DEMO_BRANCHES.length} branches, limit ${SEARCH_LIMIT_PER_KIND})`, subtitle: 'mar+ell', href: '/app/people/1' });
  assert.deepEqual(answer.unavailable, []);
});

test("a provider runs only for a user holding (one of) its permissions, and gets the user's branches", async () => {
  const answer = await search(office, 'mar');
  assert.deepEqual(
    answer.groups.map((group) => group.kind),
    ['places'],
  );
  assert.match(answer.groups[0]!.items[0]!.title, /\(1 branches/);
});

test('a provider that fails leaves the others answering, and is named as unavailable', async () => {
  const answer = await search(manager, 'boom');
  assert.deepEqual(
    answer.groups.map((group) => group.kind),
    ['places'],
  );
  assert.deepEqual(answer.unavailable, [{ kind: 'people', label: 'People' }]);
});

test('nothing to search for, or too much, is refused (422) with the field named; signed out is 401', async () => {
  for (const url of ['/api/v1/search', '/api/v1/search?q=', '/api/v1/search?q=%20%20']) {
    const response = await manager.get(url);
    assert.equal(response.statusCode, 422, url);
    assert.deepEqual(response.json().errors, { q: ['Type something to search for.'] });
  }
  const long = await manager.get(`/api/v1/search?q=${'a'.repeat(101)}`);
  assert.equal(long.statusCode, 422);
  assert.deepEqual(long.json().errors, { q: ['Search for at most 100 characters.'] });
  assert.equal((await manager.get(`/api/v1/search?q=${'a'.repeat(100)}`)).statusCode, 200);
  assert.equal((await (await anonymousClient(t.app)).get('/api/v1/search?q=mar')).statusCode, 401);
});

test("the start refuses a provider naming a permission its area may not name, a kind declared twice, or a kind that is not a-z and -", () => {
  const catalog = { refusal: (area: string, name: string) => (name.startsWith('branches.') ? null : `"${name}", which is not in the permission catalogue`) };
  const module = (name: string, ...search: SearchProvider[]): AreaModule => defineAreaModule({ name, search });
  assert.deepEqual(
    composeSearchProviders([module('a', provider('places', 'Places', 'branches.view', 1)), module('b', provider('rooms', 'Rooms', 'branches.view', 1))], catalog).map((one) => one.kind),
    ['places', 'rooms'],
  );
  assert.throws(() => composeSearchProviders([module('a', provider('secrets', 'Secrets', ['branches.view', 'clients.view'], 1))], catalog), /The a area's search provider "secrets" names "clients.view"/);
  assert.throws(() => composeSearchProviders([module('a', provider('places', 'P', 'branches.view', 1)), module('b', provider('places', 'P', 'branches.view', 1))], catalog), /declared by a and b/);
  assert.throws(() => composeSearchProviders([module('a', provider('Places', 'P', 'branches.view', 1))], catalog), /a-z and -/);
  assert.throws(() => composeSearchProviders([module('a', provider('places', 'P', [], 1))], catalog), /names no permission/);
});

test("a query's forms: words in lower case (at most five), the compact form for numbers and postcodes; LIKE's own characters taken literally", () => {
  assert.deepEqual(searchQueryOf('  Nw1  1aa '), { text: 'Nw1 1aa', terms: ['nw1', '1aa'], compact: 'NW11AA' });
  assert.deepEqual(searchQueryOf('inv-2026-27').compact, 'INV202627');
  assert.deepEqual(searchQueryOf('a b c d e f g').terms, ['a', 'b', 'c', 'd', 'e']);
  assert.equal(likePrefix('50%_off\\'), '50\\%\\_off\\\\%');
});
