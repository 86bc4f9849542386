import assert from 'node:assert/strict';
import { test } from 'node:test';
import { clockIsSet, nowMs, setClock } from '@hcm/contract/time';
import { machineNow, startClockFromEnvironment } from './process-clock.js';

// Servers started at an instant (the journeys at the clock instants) share one timeline from when the runner read it.
test('a process started a minute after HCM_CLOCK_ORIGIN is a minute past HCM_NOW, in whole milliseconds', () => {
  const putBack = setClock(null);
  try {
    const started = startClockFromEnvironment({ HCM_NOW: '2026-12-28T09:00:00Z', HCM_CLOCK_ORIGIN: String(machineNow() - 60_000) });
    assert.equal(started, true);
    const since = nowMs() - Date.parse('2026-12-28T09:00:00Z');
    assert.ok(since >= 60_000 && since < 70_000, `a minute on, not ${since} ms`);
    // Libraries such as pino make a BigInt of Date.now(): a fraction of a millisecond would stop the server starting.
    assert.ok(Number.isInteger(Date.now()));
  } finally {
    putBack();
  }
});

test('without HCM_NOW the clock is left as it is', () => {
  const putBack = setClock(null);
  try {
    assert.equal(startClockFromEnvironment({}), false);
    assert.equal(clockIsSet(), false);
  } finally {
    putBack();
  }
});
