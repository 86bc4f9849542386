import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setClock } from '@hcm/contract/time';
import { AREA_MODULES, createTestApp, deviceSignIn } from '@hcm/server/testing';

// The README's demo accounts list a carer who signs in to the carers' app (/carer/): whenever the demo starts, on
// a weekday or a Sunday, a bank holiday or early in the morning, they have visits today to work through.

const README_CARER = { email: 'aisha.bello@homecare.test', password: 'Carer!2026demo' };

const STARTS = [
  ['2026-11-25T10:00:00Z', 'on a Wednesday morning'],
  ['2026-11-29T06:30:00Z', 'early on a Sunday'],
  ['2026-12-28T09:00:00Z', 'on a bank holiday'],
] as const;

for (const [at, when] of STARTS) {
  test(`the demo carer of the README signs in to the app and has visits today when the demo starts ${when}`, async () => {
    const putBack = setClock(at);
    // The modules named: a demo seeded at this instant, not the suite's copy of one seeded on another day.
    const t = await createTestApp({ modules: AREA_MODULES });
    try {
      const phone = await deviceSignIn(t.app, README_CARER);
      const answer = await phone.get('/api/v1/carer-app/visits?day=today');
      assert.equal(answer.statusCode, 200, answer.body);
      const visits = answer.json().data as { client_name: string; planned_start: string }[];
      assert.ok(visits.length > 0, `visits today on ${when}`);
    } finally {
      await t.close();
      putBack();
    }
  });
}
