import assert from 'node:assert/strict';
import { test } from 'node:test';
import { londonInstant } from '@hcm/contract/engine';
import { approximateLocation } from '../../contract/postcodes.js';
import type { CarerFacts, ClientFacts } from '../sources/types.js';
import { haversineKm, travelOver } from '../travel/travel.js';
import { evaluateRules, type CarerVisit, type RuleContext } from './rules.js';
import { DEFAULT_RULE_SETTINGS } from './settings.js';

// Each assignment rule on its own, over a context where everything is fine but the one thing the test changes.

const at = (date: string, hhmm: string) => new Date(londonInstant(date, hhmm)).getTime();
const DATE = '2026-11-25'; // a Wednesday

const places = new Map([
  ['NW1 9HX', approximateLocation('NW1 9HX')!],
  ['NW5 2AE', approximateLocation('NW5 2AE')!],
  ['NW1 0EB', approximateLocation('NW1 0EB')!],
  ['BS7 8AX', approximateLocation('BS7 8AX')!],
]);
const travel = travelOver(places, () => ({ averageSpeedKmh: 30, roadFactorPercent: 130 }));

const carer = (extra: Partial<CarerFacts> = {}): CarerFacts => ({ id: 5, name: 'Priya Nair', branch_id: 1, status: 'active', gender: 'female', drives: true, contracted_hours: 20, postcode: 'NW5 2AE', start_date: '2025-10-06', leaving_date: null, user_id: null, ...extra });
const client = (extra: Partial<ClientFacts> = {}): ClientFacts => ({
  id: 9,
  name: 'Edith Clarke',
  branch_id: 1,
  status: 'active',
  postcode: 'NW1 9HX',
  gender_preference: 'none',
  preferred_carer_names: [],
  declined_carer_names: [],
  continuity: 'important',
  care_plan_tasks: [],
  ...extra,
});

function context(change: (ctx: RuleContext) => void = () => {}): RuleContext {
  const ctx: RuleContext = {
    visit: { id: 100, branch_id: 1, client_id: 9, date: DATE, start: at(DATE, '09:00'), end: at(DATE, '10:00'), carers_needed: 1, requires_medication: false, carer_ids: [], tasks: [] },
    carerId: 5,
    carer: carer(),
    client: client(),
    day: { date: DATE, status: 'available', windows: [{ from: '07:00', to: '14:00' }], note: '' },
    compliance: { rosterable: true, blocked_because: [], weekly_hours_cap: null, next_expiry: null, lapses: [] },
    training: { medication_competent: true, courses: [{ course_id: 1, code: 'SAFE', state: 'valid', expires_on: null }, { course_id: 2, code: 'MED', state: 'valid', expires_on: null }] },
    mandatoryCourses: new Map([[1, 'Safeguarding adults']]),
    medicationCourses: new Map([[2, 'Safe handling of medicines']]),
    preferences: { max_weekly_hours: null, max_travel_miles: null, transport_mode: 'car' },
    carerVisits: [],
    clientHistory: new Map(),
    carerNames: new Map([
      [5, 'Priya Nair'],
      [6, 'Aisha Bello'],
    ]),
    preferredCarerIds: [],
    travelMinutes: (a, b) => travel.minutes(a, b, 1),
    travelMiles: (a, b) => travel.miles(a, b, 1),
    settings: { ...DEFAULT_RULE_SETTINGS, wtrOptedOut: new Set() },
  };
  change(ctx);
  return ctx;
}

const other = (id: number, date: string, from: string, to: string, postcode = 'NW1 9HX', name = 'Arthur Lee'): CarerVisit => ({ id, client_id: 50 + id, client_name: name, postcode, start: at(date, from), end: at(date, to) });
const rules = (ctx: RuleContext) => evaluateRules(ctx).map((item) => `${item.severity}:${item.rule}`);
const only = (ctx: RuleContext, rule: string) => evaluateRules(ctx).filter((item) => item.rule === rule);

test('a clean assignment has no finding', () => {
  assert.deepEqual(rules(context()), []);
});

test('client status: a client in hospital refuses', () => {
  const [hit] = only(context((ctx) => (ctx.client = client({ status: 'in-hospital' }))), 'client-status');
  assert.equal(hit?.severity, 'hard');
  assert.match(hit!.message, /Edith Clarke is in hospital/);
});

test('carer status: suspended, leaver before the day, not started yet', () => {
  assert.match(only(context((ctx) => (ctx.carer = carer({ status: 'suspended' }))), 'carer-status')[0]!.message, /Priya Nair is suspended/);
  assert.equal(only(context((ctx) => (ctx.carer = carer({ leaving_date: '2026-11-20' }))), 'carer-status')[0]?.severity, 'hard');
  assert.equal(only(context((ctx) => (ctx.carer = carer({ start_date: '2026-12-01' }))), 'carer-status').length, 1);
  assert.equal(only(context((ctx) => (ctx.carer = carer({ leaving_date: DATE }))), 'carer-status').length, 0, 'working on their last day');
});

test('availability: outside the windows and an unavailable day refuse; no duty days warns', () => {
  const late = only(context((ctx) => (ctx.day = { date: DATE, status: 'available', windows: [{ from: '09:30', to: '14:00' }], note: '' })), 'availability');
  assert.equal(late[0]?.severity, 'hard');
  assert.match(late[0]!.message, /available 09:30–14:00 on 2026-11-25; this visit is 09:00–10:00/);
  assert.equal(only(context((ctx) => (ctx.day = { date: DATE, status: 'unavailable', windows: [], note: '' })), 'availability')[0]?.severity, 'hard');
  assert.equal(only(context((ctx) => (ctx.day = { date: DATE, status: 'not-set', windows: [], note: '' })), 'availability')[0]?.severity, 'soft');
});

test('holiday: an approved holiday refuses', () => {
  const found = only(context((ctx) => (ctx.day = { date: DATE, status: 'holiday', windows: [], note: 'Annual leave' })), 'holiday');
  assert.equal(found[0]?.severity, 'hard');
  assert.match(found[0]!.message, /on holiday on 2026-11-25 \(Annual leave\)/);
});

test('overlap: at the same time refuses; too little travel time refuses beyond the punctuality window, warns within it', () => {
  assert.equal(only(context((ctx) => (ctx.carerVisits = [other(1, DATE, '09:30', '10:30')])), 'overlap')[0]?.severity, 'hard');
  // Bristol to Camden: hours of travel, 15 minutes' gap.
  const far = only(context((ctx) => (ctx.carerVisits = [other(2, DATE, '08:15', '08:45', 'BS7 8AX', 'Joan Harris')])), 'overlap');
  assert.equal(far[0]?.severity, 'hard');
  assert.match(far[0]!.message, /Priya Nair needs \d+ minutes to travel from Joan Harris \(ending 08:45\); there are 15\./);
  const minutes = travel.minutes('NW5 2AE', 'NW1 9HX', 1)!;
  assert.ok(minutes > 2 && minutes < 20, `NW5 → NW1 takes ${minutes} minutes`);
  // A gap one minute short of the travel: within the 10-minute window, a warning.
  const short = only(context((ctx) => (ctx.carerVisits = [{ ...other(3, DATE, '07:00', '08:00', 'NW5 2AE'), end: at(DATE, '09:00') - (minutes - 1) * 60_000 }])), 'overlap');
  assert.equal(short[0]?.severity, 'soft');
  // Enough time: nothing.
  assert.equal(only(context((ctx) => (ctx.carerVisits = [{ ...other(4, DATE, '07:00', '08:00', 'NW5 2AE'), end: at(DATE, '09:00') - minutes * 60_000 }])), 'overlap').length, 0);
});

test('issue 29: lateness carries over the carer’s day: a visit reached beyond the window refuses, this one or a later one; warns when set', () => {
  const here = travel.minutes('NW5 2AE', 'NW1 9HX', 1)!;
  const there = travel.minutes('NW1 9HX', 'NW5 2AE', 1)!;
  const t1 = travel.minutes('NW1 0EB', 'NW5 2AE', 1)!;
  const t2 = travel.minutes('NW5 2AE', 'NW1 0EB', 1)!;
  // Each hop alone is within the 10-minute window; two in a row are not.
  assert.ok(here <= 10 && there <= 10 && t1 + here > 10 && there + t2 > 10, `${here} ${there} ${t1} ${t2}`);
  // Before this visit (09:00 at NW1 9HX), back to back: reached t1 minutes late, so ending t1 minutes late.
  const v0 = other(10, DATE, '07:00', '08:00', 'NW1 0EB', 'Joan Harris');
  const v1 = other(11, DATE, '08:00', '09:00', 'NW5 2AE', 'Arthur Lee');
  const carried = evaluateRules(context((ctx) => (ctx.carerVisits = [v0, v1]))).filter((item) => item.rule === 'overlap');
  // The pair alone is within the window (a warning); the day as it runs is t1 + here minutes late: refused.
  assert.deepEqual(carried.map((item) => item.severity), ['hard', 'soft']);
  assert.equal(carried[0]!.message, `Priya Nair would reach Edith Clarke ${t1 + here} minutes late (09:${String(t1 + here).padStart(2, '0')} for 09:00): lateness carries over from their earlier visits that day, and the punctuality window is 10 minutes.`);
  // Without the visit before (no lateness to carry), only the pair's warning.
  assert.deepEqual(only(context((ctx) => (ctx.carerVisits = [v1])), 'overlap').map((item) => item.severity), ['soft']);

  // After this visit (ending 10:00), back to back: the next reached `there` minutes late (allowed), the one after beyond the window.
  const v3 = other(13, DATE, '10:00', '11:00', 'NW5 2AE', 'Arthur Lee');
  const v4 = other(14, DATE, '11:00', '11:30', 'NW1 0EB', 'Joan Harris');
  const later = only(context((ctx) => (ctx.carerVisits = [v3, v4])), 'overlap');
  assert.deepEqual(later.map((item) => item.severity), ['hard', 'soft']);
  assert.equal(later[0]!.message, `Priya Nair would then reach Joan Harris ${there + t2} minutes late (11:${String(there + t2).padStart(2, '0')} for 11:00): this visit and the travel after it push the rest of their day back beyond the 10-minute punctuality window.`);
  // Set to warn: the same, as a warning.
  const warned = only(context((ctx) => ((ctx.carerVisits = [v3, v4]), (ctx.settings = { ...ctx.settings, punctualityEnforcement: 'warn' }))), 'overlap');
  assert.deepEqual(warned.map((item) => item.severity), ['soft', 'soft']);
  // Lateness only from visits that were late without this one is not this assignment's doing.
  const early = { ...v0, start: at(DATE, '11:00'), end: at(DATE, '11:30') };
  assert.deepEqual(only(context((ctx) => ((ctx.carerVisits = [{ ...v1, start: at(DATE, '10:00'), end: at(DATE, '11:00') }, early]), (ctx.visit.start = at(DATE, '06:00')), (ctx.visit.end = at(DATE, '06:30')))), 'overlap'), []);
});

test('compliance: not rosterable refuses with the reasons', () => {
  const found = only(context((ctx) => (ctx.compliance = { rosterable: false, blocked_because: ['DBS check lapsed'], weekly_hours_cap: null, next_expiry: null, lapses: [] })), 'compliance');
  assert.equal(found[0]?.severity, 'hard');
  assert.match(found[0]!.message, /cannot be rostered: DBS check lapsed/);
});

test('compliance: judged on the visit’s date: a right to work ending before it refuses, naming the check and the dates', () => {
  const lapsing = (expires_on: string, date: string) =>
    only(
      context((ctx) => {
        ctx.carer = carer({ name: 'Tendai Moyo' });
        ctx.visit.date = date;
        // Rosterable today; the Update Service check lapses later than the right to work.
        ctx.compliance = { rosterable: true, blocked_because: [], weekly_hours_cap: null, next_expiry: expires_on, lapses: [{ key: 'dbs-update-service', label: 'DBS Update Service check', expires_on: '2027-07-01' }, { key: 'right-to-work', label: 'Right to work', expires_on }] };
      }),
      'compliance',
    );
  const after = lapsing('2026-12-14', '2026-12-17');
  assert.equal(after.length, 1);
  assert.equal(after[0]!.severity, 'hard');
  assert.equal(after[0]!.message, 'Tendai Moyo’s right to work ends on 14 Dec 2026: they cannot work on 17 Dec 2026.');
  assert.deepEqual(lapsing('2026-12-14', '2026-12-14'), [], 'the last day of the permission is still a working day');
  assert.deepEqual(lapsing('2026-12-14', '2026-12-01'), []);
  const dbs = only(context((ctx) => ((ctx.visit.date = '2027-07-02'), (ctx.compliance = { rosterable: true, blocked_because: [], weekly_hours_cap: null, next_expiry: null, lapses: [{ key: 'dbs-update-service', label: 'DBS Update Service check', expires_on: '2027-07-01' }] }))), 'compliance');
  assert.equal(dbs[0]!.message, 'Priya Nair’s DBS Update Service check lapses on 1 Jul 2027: they cannot work on 2 Jul 2027.');
});

test('visa hours: the weekly cap refuses with the hours it would make', () => {
  const week = [other(1, '2026-11-23', '08:00', '14:00'), other(2, '2026-11-24', '08:00', '14:00'), other(3, '2026-11-26', '08:00', '10:00'), { ...other(4, '2026-11-27', '08:00', '14:00'), end: at('2026-11-27', '14:30') }];
  const found = only(
    context((ctx) => {
      ctx.carerVisits = week;
      ctx.visit.end = at(DATE, '10:00');
      ctx.compliance = { rosterable: true, blocked_because: [], weekly_hours_cap: 20, next_expiry: null, lapses: [] };
    }),
    'visa-hours',
  );
  assert.equal(found[0]?.severity, 'hard');
  assert.equal(found[0]!.message, "Priya Nair's visa allows 20 hours a week; this visit would make 21.5.");
  // The visit of the week before does not count.
  assert.equal(only(context((ctx) => ((ctx.carerVisits = [other(9, '2026-11-22', '08:00', '20:00')]), (ctx.compliance = { rosterable: true, blocked_because: [], weekly_hours_cap: 20, next_expiry: null, lapses: [] }))), 'visa-hours').length, 0);
});

test('training: a lapsed mandatory course refuses; medication courses only on medication visits', () => {
  const expired = context((ctx) => (ctx.training!.courses[0]!.state = 'expired'));
  assert.match(only(expired, 'training')[0]!.message, /out of date: Safeguarding adults/);
  const noMedCourse = (medication: boolean) => context((ctx) => ((ctx.training!.courses[1]!.state = 'missing'), (ctx.visit.requires_medication = medication)));
  assert.equal(only(noMedCourse(false), 'training').length, 0);
  assert.equal(only(noMedCourse(true), 'training')[0]?.severity, 'hard');
});

test('medication competence: a medication visit needs it', () => {
  const ctx = context((c) => ((c.visit.requires_medication = true), (c.training!.medication_competent = false)));
  assert.equal(only(ctx, 'medication-competence')[0]?.severity, 'hard');
  assert.equal(only(context((c) => (c.training!.medication_competent = false)), 'medication-competence').length, 0);
});

test('declined: a carer the client declined (by name, any case) refuses', () => {
  const found = only(context((ctx) => (ctx.client = client({ declined_carer_names: ['priya nair'] }))), 'declined');
  assert.equal(found[0]?.message, 'Edith Clarke has asked not to have Priya Nair.');
});

test('gender: a preference refuses a carer of the other gender; personal-care only on personal care', () => {
  assert.equal(only(context((ctx) => (ctx.client = client({ gender_preference: 'male' }))), 'gender')[0]?.severity, 'hard');
  assert.equal(only(context((ctx) => (ctx.client = client({ gender_preference: 'female' }))), 'gender').length, 0);
  const domestic = context((ctx) => ((ctx.client = client({ gender_preference: 'male-personal-care' })), (ctx.visit.tasks = [{ key: 'hoover', label: 'Hoover', kind: 'domestic' }])));
  assert.equal(only(domestic, 'gender').length, 0);
  const washing = context((ctx) => ((ctx.client = client({ gender_preference: 'male-personal-care' })), (ctx.visit.tasks = [{ key: 'wash', label: 'Wash', kind: 'personal-care' }])));
  assert.match(only(washing, 'gender')[0]!.message, /asks for male carers for personal care/);
});

test('double-up: the same carer twice refuses', () => {
  assert.equal(only(context((ctx) => ((ctx.visit.carers_needed = 2), (ctx.visit.carer_ids = [5]))), 'double-up')[0]?.severity, 'hard');
  assert.equal(only(context((ctx) => ((ctx.visit.carers_needed = 2), (ctx.visit.carer_ids = [6]))), 'double-up').length, 0);
});

test('WTR 48-hour week: warns by default, refuses when set, not for an opted-out carer', () => {
  const heavy = (change: (ctx: RuleContext) => void = () => {}) =>
    context((ctx) => {
      ctx.carerVisits = ['2026-11-23', '2026-11-24', '2026-11-26', '2026-11-27', '2026-11-28'].map((date, index) => other(index + 1, date, '06:00', '16:00'));
      ctx.day = { date: DATE, status: 'available', windows: [], note: '' };
      change(ctx);
    });
  const warn = only(heavy(), 'wtr-weekly');
  assert.equal(warn[0]?.severity, 'soft');
  assert.match(warn[0]!.message, /would average 51 hours a week over 1 week/);
  assert.equal(only(heavy((ctx) => (ctx.settings = { ...ctx.settings, wtrEnforcement: 'refuse' })), 'wtr-weekly')[0]?.severity, 'hard');
  assert.equal(only(heavy((ctx) => (ctx.settings = { ...ctx.settings, wtrOptedOut: new Set([5]) })), 'wtr-weekly').length, 0);
  // Averaged: a light week earlier in the 17 brings the average down.
  assert.equal(only(heavy((ctx) => ctx.carerVisits.push(other(20, '2026-11-16', '09:00', '10:00'))), 'wtr-weekly').length, 0);
});

test('WTR daily rest: less than 11 hours between days warns', () => {
  const found = only(context((ctx) => (ctx.carerVisits = [other(1, '2026-11-24', '21:00', '23:30')])), 'wtr-daily-rest');
  assert.equal(found[0]?.severity, 'soft');
  assert.match(found[0]!.message, /rest only 9.5 hours between 23:30 on 2026-11-24 and 09:00 on 2026-11-25/);
  assert.equal(only(context((ctx) => (ctx.carerVisits = [other(1, '2026-11-24', '19:00', '21:30')])), 'wtr-daily-rest').length, 0);
});

test('WTR break: more than 6 hours without 20 minutes off warns', () => {
  const long = (gap: string) =>
    context((ctx) => {
      ctx.day = { date: DATE, status: 'available', windows: [], note: '' };
      ctx.carerVisits = [other(1, DATE, '06:00', '09:00', 'NW5 2AE')];
      ctx.visit.start = at(DATE, gap);
      ctx.visit.end = at(DATE, '13:00');
    });
  // From NW5 to NW1 takes a few minutes of travel: 09:10 leaves no 20 minutes' rest; 10:00 does.
  assert.equal(only(long('09:10'), 'wtr-break')[0]?.severity, 'soft');
  assert.equal(only(long('10:00'), 'wtr-break').length, 0);
});

test('max hours: beyond the carer’s own most hours warns', () => {
  const found = only(context((ctx) => ((ctx.preferences = { max_weekly_hours: 2, max_travel_miles: null, transport_mode: 'car' }), (ctx.carerVisits = [other(1, '2026-11-23', '08:00', '09:30')]))), 'max-hours');
  assert.equal(found[0]?.severity, 'soft');
  assert.match(found[0]!.message, /wants at most 2 hours a week; this visit would make 2.5/);
});

test('travel distance: a client further than the carer travels warns', () => {
  const found = only(context((ctx) => ((ctx.preferences = { max_weekly_hours: null, max_travel_miles: 5, transport_mode: 'car' }), (ctx.carer = carer({ postcode: 'BS7 8AX' })))), 'travel-distance');
  assert.equal(found[0]?.severity, 'soft');
  assert.equal(only(context((ctx) => (ctx.preferences = { max_weekly_hours: null, max_travel_miles: 5, transport_mode: 'car' })), 'travel-distance').length, 0);
});

test('continuity and preferred carers: information when someone else knows or is preferred', () => {
  const found = only(context((ctx) => (ctx.clientHistory = new Map([[6, 4]]))), 'continuity');
  assert.match(found[0]!.message, /has not visited Edith Clarke before; their regular carers are Aisha Bello/);
  assert.equal(only(context((ctx) => (ctx.clientHistory = new Map([[5, 1]]))), 'continuity').length, 0);
  assert.match(only(context((ctx) => (ctx.preferredCarerIds = [6])), 'preferred')[0]!.message, /prefers Aisha Bello/);
});

test('travel: haversine of a known distance, road factor and speed; unknown places answer null', () => {
  // London (Charing Cross) to Leeds station is about 272 km in a straight line.
  const km = haversineKm({ latitude: 51.5074, longitude: -0.1278 }, { latitude: 53.7949, longitude: -1.5475 });
  assert.ok(Math.abs(km - 272) < 3, String(km));
  const slow = travelOver(places, () => ({ averageSpeedKmh: 15, roadFactorPercent: 130 }));
  assert.ok(slow.minutes('NW5 2AE', 'NW1 9HX', 1)! >= 2 * travel.minutes('NW5 2AE', 'NW1 9HX', 1)! - 1);
  assert.equal(travel.minutes('NW5 2AE', 'ZZ9 9ZZ', 1), null);
  assert.equal(travel.minutes('NW1 9HX', 'nw1 9hx', 1), 0);
  // Two houses in one district are apart, and the same postcode always lands on the same point.
  assert.ok(travel.miles('NW1 9HX', 'NW1 0EB', 1)! > 0);
  assert.deepEqual(approximateLocation('NW1 9HX'), approximateLocation('nw19hx'));
});
