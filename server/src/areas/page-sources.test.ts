import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Database } from '../db/client.js';
import type { AreaModule } from '../modules/area-module.js';
import { areaPageSources } from './page-sources.js';

const db = {} as Database;

test('each asked area’s sources are cleaned; an area with none, one not active and one that fails are left out', async () => {
  const logged: string[] = [];
  const modules: AreaModule[] = [
    { name: 'scheduler', pageSources: async () => ({ scripts: ['https://maps.googleapis.com', "'unsafe-eval'"], images: ['https://b.example', 'https://a.example'] }) },
    { name: 'finance', pageSources: async () => ({ images: ['http://insecure.example'] }) },
    { name: 'workforce', pageSources: async () => ({ images: ['https://never.example'] }) },
    { name: 'quality-audits', pageSources: async () => Promise.reject(new Error('settings unreadable')) },
    { name: 'care-records' },
  ];
  const found = await areaPageSources(modules, ['scheduler', 'finance', 'quality-audits', 'care-records'], db, (message) => logged.push(message));
  assert.deepEqual([...found], [['scheduler', { scripts: ['https://maps.googleapis.com'], images: ['https://a.example', 'https://b.example'] }]]);
  assert.equal(logged.length, 1);
  assert.match(logged[0]!, /quality-audits area could not say .*settings unreadable/);
});
