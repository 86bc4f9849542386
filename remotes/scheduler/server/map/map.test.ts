import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AreaModule, AreaServerContext } from '@hcm/server/platform';
import { AREA_MODULES, createTestApp, loginAs, type TestApp, type TestClient } from '@hcm/server/testing';
import { branches } from '@hcm/server/schema';
import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL, type MapAnswer } from '../../contract/map.js';
import { approximateLocation } from '../../contract/postcodes.js';
import { postcodeLocations } from '../locations/tables.js';
import { visitCarers, visits } from '../tables.js';
import { mapRoutes } from './routes.js';
import { mapPageSources, tileAttributionOf, tileSourceOf, tileUrlOf } from './settings.js';
import { schedulerModule } from '../module.js';

// The map's data: a branch's clients with visits that day and their carers, placed by a stored coordinate or the
// district's centre; cancelled visits left out; the carer-to-client lines; the Maps key and the street map's tile
// server and credit from the global settings.

// A winter day (UK time is UTC) far beyond the demo's four weeks of visits, so only this test's visits are on it.
const DAY = '2031-01-14';
const clients = new Map([
  [900001, { id: 900001, name: 'Margaret Evans', branch_id: 0, status: 'active', postcode: 'NW1 9HX' }],
  [900002, { id: 900002, name: 'Arthur Banks', branch_id: 0, status: 'active', postcode: 'NW5 2AB' }],
  [900003, { id: 900003, name: 'Nora Quinn', branch_id: 0, status: 'active', postcode: 'ZZ9 9ZZ' }],
  [900004, { id: 900004, name: 'Cancelled Only', branch_id: 0, status: 'active', postcode: 'NW3 1AA' }],
]);
const carers = new Map([[800001, { id: 800001, name: 'Grace Okafor', branch_id: 0, status: 'active', gender: 'female', drives: true, contracted_hours: 30, postcode: 'N7 6PA', start_date: null, leaving_date: null, user_id: null }]]);

let t: TestApp;
let office: TestClient;
let camden: number;

before(async () => {
  const modules: AreaModule[] = AREA_MODULES.map((module) =>
    module.name !== 'scheduler'
      ? module
      : {
          ...module,
          async routes(app: FastifyInstance, context: AreaServerContext) {
            await app.register(async (scope) =>
              mapRoutes(scope, context, {
                sources: () => ({
                  clientBasics: async ({ ids }) => (ids ?? []).flatMap((id) => (clients.has(id) ? [clients.get(id)!] : [])),
                  carers: async ({ ids }) => (ids ?? []).flatMap((id) => (carers.has(id) ? [carers.get(id)!] : [])),
                }),
              }),
            );
          },
        },
  );
  t = await createTestApp({ modules });
  office = await loginAs(t.app, 'office');
  const db = t.database.db;
  const [branch] = await db.select({ id: branches.id }).from(branches).where(eq(branches.code, 'CAM'));
  camden = branch!.id;
  const visit = (client_id: number, start: string, status: 'assigned' | 'cancelled' | 'unassigned') => ({
    branch_id: camden,
    client_id,
    visit_date: DAY,
    planned_start: new Date(`${DAY}T${start}:00Z`),
    planned_end: new Date(Date.parse(`${DAY}T${start}:00Z`) + 30 * 60_000),
    status,
  });
  const inserted = await db
    .insert(visits)
    .values([visit(900001, '08:00', 'assigned'), visit(900002, '09:00', 'assigned'), visit(900003, '10:00', 'unassigned'), visit(900004, '11:00', 'cancelled')])
    .returning({ id: visits.id, client_id: visits.client_id });
  const idOf = (clientId: number) => inserted.find((row) => row.client_id === clientId)!.id;
  await db.insert(visitCarers).values([
    { visit_id: idOf(900001), position: 1, carer_id: 800001 },
    { visit_id: idOf(900002), position: 1, carer_id: 800001 },
  ]);
  await db.insert(postcodeLocations).values({ postcode: 'NW1 9HX', latitude: 51.5401, longitude: -0.1432, source: 'manual' }).onConflictDoNothing();
});
after(() => t.close());

test('the map asks for one of the user’s branches and a real day', async () => {
  const none = await office.get('/api/v1/scheduler/map');
  assert.equal(none.statusCode, 422);
  assert.ok(none.json().errors.branch_id);
  const badDay = await office.get(`/api/v1/scheduler/map?branch_id=${camden}&date=2026-13-01`);
  assert.equal(badDay.statusCode, 422);
  assert.ok(badDay.json().errors.date);
  const notHeld = await office.get('/api/v1/scheduler/map?branch_id=987654');
  assert.equal(notHeld.statusCode, 422);
});

test('clients with visits that day and their carers are placed by stored coordinate or district centre; cancelled visits are left out', async () => {
  const response = await office.get(`/api/v1/scheduler/map?branch_id=${camden}&date=${DAY}`);
  assert.equal(response.statusCode, 200, response.body);
  const answer = response.json().data as MapAnswer;
  const point = (kind: string, id: number) => answer.points.find((entry) => entry.kind === kind && entry.id === id);
  assert.deepEqual({ ...point('client', 900001) }, { kind: 'client', id: 900001, name: 'Margaret Evans', postcode: 'NW1 9HX', latitude: 51.5401, longitude: -0.1432, approximate: false, visits: 1 });
  const arthur = point('client', 900002)!;
  assert.equal(arthur.approximate, true, 'no stored coordinate: the district centre');
  assert.deepEqual({ latitude: arthur.latitude, longitude: arthur.longitude }, approximateLocation('NW5 2AB'));
  assert.equal(point('carer', 800001)?.visits, 2);
  assert.equal(point('client', 900004), undefined, 'a client whose only visit is cancelled is not on the map');
  assert.deepEqual(answer.unplaced, [{ kind: 'client', id: 900003, name: 'Nora Quinn', postcode: 'ZZ9 9ZZ' }], 'an unknown district cannot be placed');
  assert.deepEqual(answer.links.map((link) => [link.carer_id, link.client_id, link.start_time]), [[800001, 900001, '08:00'], [800001, 900002, '09:00']]);
  assert.equal(answer.api_key, '');
});

test('the Google Maps key comes from the global setting google_maps_api_key', async () => {
  await t.database.db.execute(sql`delete from settings where key = 'google_maps_api_key'`);
  await t.database.db.execute(sql`insert into settings (key, label, value, value_type, description) values ('google_maps_api_key', 'Google Maps API key', 'test-key-123', 'text', '')`);
  const response = await office.get(`/api/v1/scheduler/map?branch_id=${camden}&date=${DAY}`);
  assert.equal((response.json().data as MapAnswer).api_key, 'test-key-123');
});

async function setSetting(key: string, value: string | null) {
  await t.database.db.execute(sql`delete from settings where key = ${key}`);
  if (value !== null) await t.database.db.execute(sql`insert into settings (key, label, value, value_type, description) values (${key}, ${key}, ${value}, 'text', '')`);
}
const mapAnswer = async () => {
  const response = await office.get(`/api/v1/scheduler/map?branch_id=${camden}&date=${DAY}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data as MapAnswer;
};

test('the street map’s tiles and credit come from the global settings map_tile_url and map_tile_attribution', async () => {
  const seeded = await mapAnswer();
  assert.deepEqual([seeded.tile_url, seeded.tile_attribution], [DEFAULT_TILE_URL, DEFAULT_TILE_ATTRIBUTION], 'the demo seeds OpenStreetMap’s standard tiles');

  await setSetting('map_tile_url', 'https://tiles.example.org/osm/{z}/{x}/{y}.png?key=abc');
  await setSetting('map_tile_attribution', '© Example Tiles, © OpenStreetMap contributors');
  assert.deepEqual(await mapAnswer().then((answer) => [answer.tile_url, answer.tile_attribution]), [
    'https://tiles.example.org/osm/{z}/{x}/{y}.png?key=abc',
    '© Example Tiles, © OpenStreetMap contributors',
  ]);

  await setSetting('map_tile_url', 'none');
  assert.equal((await mapAnswer()).tile_url, '', "'none': no tile server, the drawn plan");

  await setSetting('map_tile_url', null);
  await setSetting('map_tile_attribution', null);
  assert.deepEqual(await mapAnswer().then((answer) => [answer.tile_url, answer.tile_attribution]), [DEFAULT_TILE_URL, DEFAULT_TILE_ATTRIBUTION], 'no row: the defaults');
});

test('a tile URL that is empty or none means the plan; one without {z}, {x}, {y} or not http(s) is unusable, so the default', () => {
  assert.equal(tileUrlOf(undefined), DEFAULT_TILE_URL);
  assert.equal(tileUrlOf(''), '');
  assert.equal(tileUrlOf('  '), '');
  assert.equal(tileUrlOf('None'), '');
  assert.equal(tileUrlOf(' http://localhost:8080/tile/{z}/{x}/{y}.png '), 'http://localhost:8080/tile/{z}/{x}/{y}.png');
  assert.equal(tileUrlOf('https://{s}.tiles.example.org/{z}/{x}/{y}.png'), 'https://{s}.tiles.example.org/{z}/{x}/{y}.png');
  assert.equal(tileUrlOf('https://tiles.example.org/{z}/{x}.png'), DEFAULT_TILE_URL, 'no {y}');
  assert.equal(tileUrlOf('tiles.example.org/{z}/{x}/{y}.png'), DEFAULT_TILE_URL, 'no scheme');
  assert.equal(tileUrlOf('javascript:alert(1)//{z}/{x}/{y}'), DEFAULT_TILE_URL);
  assert.equal(tileUrlOf('https://tiles.example.org/{z}/{x}/{y} .png'), DEFAULT_TILE_URL, 'a space');
  assert.equal(tileAttributionOf(undefined), DEFAULT_TILE_ATTRIBUTION);
  assert.equal(tileAttributionOf('none'), DEFAULT_TILE_ATTRIBUTION);
  assert.equal(tileAttributionOf(' © Example '), '© Example');
});

test('the page may load what the chosen map needs and nothing more: Google’s sources with a key, else the tile server’s images', async () => {
  const settings = { api_key: '', tile_url: DEFAULT_TILE_URL, tile_attribution: DEFAULT_TILE_ATTRIBUTION };
  assert.deepEqual(mapPageSources(settings), { images: ['https://tile.openstreetmap.org'] });
  assert.deepEqual(mapPageSources({ ...settings, tile_url: '' }), {}, 'the drawn plan loads nothing');
  const google = mapPageSources({ ...settings, api_key: 'test-key-123' });
  assert.ok(google.scripts?.includes('https://*.googleapis.com'));
  assert.ok(google.images?.includes('https://*.gstatic.com'));
  assert.ok(!google.images?.includes('https://tile.openstreetmap.org'), 'Google’s map uses no tile server');
  assert.equal(tileSourceOf('https://{s}.tiles.example.org/{z}/{x}/{y}.png'), 'https://*.tiles.example.org');
  assert.equal(tileSourceOf('https://Tiles.Example.org:8443/{z}/{x}/{y}.png?key=abc'), 'https://tiles.example.org:8443');
  assert.equal(tileSourceOf('http://localhost:8080/tile/{z}/{x}/{y}.png'), '', 'the page loads images over https alone');
  assert.equal(tileSourceOf('https://tiles-{s}.example.org/{z}/{x}/{y}.png'), '', 'a placeholder inside a name cannot be a source');

  // The area's answer reads the settings as they stand now.
  await setSetting('google_maps_api_key', 'none');
  await setSetting('map_tile_url', 'https://{s}.tiles.example.org/{z}/{x}/{y}.png');
  assert.deepEqual(await schedulerModule.pageSources!(t.database.db), { images: ['https://*.tiles.example.org'] });
  await setSetting('google_maps_api_key', 'test-key-123');
  assert.ok((await schedulerModule.pageSources!(t.database.db)).scripts?.length);
  await setSetting('google_maps_api_key', 'none');
  await setSetting('map_tile_url', null);
});
