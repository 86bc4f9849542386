import { addDays } from '@hcm/contract/time';
import { londonOffsetMinutes } from '@hcm/contract/engine';
import type { RuleFinding, RuleKey, VisitTask } from '../../contract/visits.js';
import type { CarerCompliance, CarerDay, CarerFacts, CarerPreferences, CarerTraining, ClientFacts, ComplianceLapse } from '../sources/types.js';
import { simulateDay, type DayVisit } from './day.js';
import type { RuleSettings } from './settings.js';

// The assignment rules (scheduler/rules) as pure functions over what was loaded for one visit and one carer
// (./check.ts loads it): each answers its findings, hard ones refuse the assignment, soft ones warn. No rule reads
// the database, so each is tested on its own (rules.test.ts) and auto-assign's loader can reuse the facts.

/** Another visit of the carer, as the rules need it (instants in ms; its UK day when the loader knows it already). */
export type CarerVisit = { id: number; client_id: number; client_name: string; postcode: string; start: number; end: number; date?: string };

export type RuleContext = {
  visit: {
    id: number | null;
    branch_id: number;
    client_id: number;
    date: string;
    /** Instants in ms. */
    start: number;
    end: number;
    carers_needed: 1 | 2;
    requires_medication: boolean;
    /** The carers on it already (any position). */
    carer_ids: number[];
    /** Its tasks when known (an existing visit); null when not (a visit being planned). */
    tasks: VisitTask[] | null;
  };
  carerId: number;
  carer: CarerFacts | null;
  client: ClientFacts | null;
  /** The carer's availability on the visit's day (workforce's read model). */
  day: CarerDay | null;
  compliance: CarerCompliance | null;
  training: CarerTraining | null;
  /** Courses every carer must hold in date (and, for medication visits, the medication ones), id → name. */
  mandatoryCourses: Map<number, string>;
  medicationCourses: Map<number, string>;
  preferences: CarerPreferences | null;
  /** The carer's other planned visits (not cancelled) from 17 weeks before the visit's week to the day after it. */
  carerVisits: CarerVisit[];
  /** How many of the client's visits each carer did in the recent past (continuity). */
  clientHistory: Map<number, number>;
  /** The names of carers by id, for messages about other carers (continuity, preferred). */
  carerNames: Map<number, string>;
  /** Preferred carers: the template slot's, and the client's named ones matched to ids. */
  preferredCarerIds: number[];
  /** Minutes of travel between two postcodes for the visit's branch (null: unknown). */
  travelMinutes: (fromPostcode: string, toPostcode: string) => number | null;
  travelMiles: (fromPostcode: string, toPostcode: string) => number | null;
  settings: RuleSettings;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const WTR_WEEKS = 17;

const finding = (rule: RuleKey, severity: 'hard' | 'soft', carerId: number | null, message: string): RuleFinding => ({ rule, severity, carer_id: carerId, message });
const nameOf = (ctx: RuleContext) => ctx.carer?.name ?? `Carer ${ctx.carerId}`;
const clientName = (ctx: RuleContext) => ctx.client?.name ?? 'the client';
const hours = (ms: number) => {
  const value = Math.round((ms / HOUR) * 10) / 10;
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
};
// The UK wall clock of an instant, its offset cached per UTC hour (it only changes on an hour): a batch of thousands
// of checks reads the days and times of the same visits over and over.
const offsets = new Map<number, number>();
const wallClock = (ms: number) => {
  const hour = Math.floor(ms / 3_600_000);
  let offset = offsets.get(hour);
  if (offset === undefined) offsets.set(hour, (offset = londonOffsetMinutes(new Date(ms))));
  return new Date(ms + offset * 60_000).toISOString();
};
const time = (ms: number) => wallClock(ms).slice(11, 16);
const dayOf = (ms: number) => wallClock(ms).slice(0, 10);
/** The UK day of an instant (ms). */
export const dayOfInstant = dayOf;
/** The UK day a visit starts on. */
const dayOfVisit = (visit: Pick<CarerVisit, 'start' | 'date'>) => visit.date ?? dayOf(visit.start);
/** A UK day in words: 14 Dec 2026. */
const dayWords = (day: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

/**
 * The blocking check that has lapsed by `date` (its last day is before it), the earliest when several, or null.
 * Workforce's `rosterable` is as of today: a visit on a later day is judged against these dates too.
 */
export function lapseBy(compliance: CarerCompliance | null | undefined, date: string): ComplianceLapse | null {
  let first: ComplianceLapse | null = null;
  for (const lapse of compliance?.lapses ?? []) if (lapse.expires_on < date && (!first || lapse.expires_on < first.expires_on)) first = lapse;
  return first;
}

/** The last UK day a carer may work as their blocking checks stand (null: none of them ends). */
export function lastWorkingDay(compliance: CarerCompliance | null | undefined): string | null {
  const days = (compliance?.lapses ?? []).map((lapse) => lapse.expires_on).sort();
  return days[0] ?? null;
}

/** "Tendai Moyo’s right to work ends on 14 Dec 2026: they cannot work on 17 Dec 2026." */
export function lapseMessage(name: string, lapse: ComplianceLapse, date: string): string {
  const what = lapse.key === 'right-to-work' ? 'right to work ends' : `${lapse.label} lapses`;
  return `${name}’s ${what} on ${dayWords(lapse.expires_on)}: they cannot work on ${dayWords(date)}.`;
}

/** Monday of the week of a date (YYYY-MM-DD). */
export function mondayOf(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  const weekday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - weekday * 86_400_000).toISOString().slice(0, 10);
}

/** The UK calendar's day arithmetic, from the one date module. */
export { addDays };

const visitMs = (ctx: RuleContext) => ctx.visit.end - ctx.visit.start;
/** The carer's visits in the visit's week (Monday to Sunday, UK days), this one left out. */
const weekVisits = (ctx: RuleContext) => {
  const monday = mondayOf(ctx.visit.date);
  const sunday = addDays(monday, 6);
  return ctx.carerVisits.filter((other) => {
    const date = dayOfVisit(other);
    return date >= monday && date <= sunday;
  });
};
const weekMs = (ctx: RuleContext) => weekVisits(ctx).reduce((sum, other) => sum + other.end - other.start, 0) + visitMs(ctx);
const wtrSeverity = (ctx: RuleContext) => (ctx.settings.wtrEnforcement === 'refuse' ? 'hard' : 'soft');

// ---------------------------------------------------------------- hard rules

export function clientStatusRule(ctx: RuleContext): RuleFinding[] {
  if (!ctx.client) return [finding('client-status', 'hard', null, 'The client is not one of your branch’s clients.')];
  if (ctx.client.status === 'active') return [];
  const why: Record<string, string> = { 'in-hospital': 'is in hospital', paused: 'has their care paused', ended: 'has their care ended', deceased: 'has died' };
  return [finding('client-status', 'hard', null, `${ctx.client.name} ${why[ctx.client.status] ?? `is ${ctx.client.status}`}: no visits can be assigned.`)];
}

export function carerStatusRule(ctx: RuleContext): RuleFinding[] {
  const carer = ctx.carer;
  if (!carer) return [finding('carer-status', 'hard', ctx.carerId, 'The carer is not one of your branch’s carers.')];
  if (carer.status !== 'active') {
    const why: Record<string, string> = { applicant: 'is still an applicant', suspended: 'is suspended', leaver: 'has left' };
    return [finding('carer-status', 'hard', carer.id, `${carer.name} ${why[carer.status] ?? `is ${carer.status}`}, so cannot be given visits.`)];
  }
  if (carer.start_date && carer.start_date > ctx.visit.date) return [finding('carer-status', 'hard', carer.id, `${carer.name} starts on ${carer.start_date}, after this visit.`)];
  if (carer.leaving_date && carer.leaving_date < ctx.visit.date) return [finding('carer-status', 'hard', carer.id, `${carer.name} leaves on ${carer.leaving_date}, before this visit.`)];
  return [];
}

const toMinutes = (hhmm: string) => (hhmm === '24:00' ? 1440 : Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)));

export function availabilityRule(ctx: RuleContext): RuleFinding[] {
  const day = ctx.day;
  const who = nameOf(ctx);
  if (!day || day.status === 'not-set') return [finding('availability', 'soft', ctx.carerId, `${who} has no duty days set for ${ctx.visit.date}: check they can work.`)];
  if (day.status === 'holiday') return []; // the holiday rule says so
  if (day.status === 'unavailable') return [finding('availability', 'hard', ctx.carerId, `${who} is not available on ${ctx.visit.date}${day.note ? ` (${day.note})` : ''}.`)];
  const start = toMinutes(time(ctx.visit.start));
  let end = toMinutes(time(ctx.visit.end));
  if (end <= start) end += 1440;
  const covered = day.windows.some((window) => {
    const from = toMinutes(window.from);
    let to = toMinutes(window.to);
    if (to <= from) to += 1440;
    return from <= start && end <= to;
  });
  if (covered || day.windows.length === 0) return [];
  const windows = day.windows.map((window) => `${window.from}–${window.to}`).join(', ');
  return [finding('availability', 'hard', ctx.carerId, `${who} is available ${windows} on ${ctx.visit.date}; this visit is ${time(ctx.visit.start)}–${time(ctx.visit.end)}.`)];
}

export function holidayRule(ctx: RuleContext): RuleFinding[] {
  if (ctx.day?.status !== 'holiday') return [];
  return [finding('holiday', 'hard', ctx.carerId, `${nameOf(ctx)} is on holiday on ${ctx.visit.date}${ctx.day.note ? ` (${ctx.day.note})` : ''}.`)];
}

/** No two visits at once, and time to travel between them (up to the punctuality window late; beyond it refused). */
export function overlapRule(ctx: RuleContext): RuleFinding[] {
  const findings: RuleFinding[] = [];
  const who = nameOf(ctx);
  const clientPostcode = ctx.client?.postcode ?? '';
  const window = ctx.settings.punctualityMinutes * MINUTE;
  for (const other of ctx.carerVisits) {
    if (other.id === ctx.visit.id) continue;
    if (other.start < ctx.visit.end && ctx.visit.start < other.end) {
      findings.push(finding('overlap', 'hard', ctx.carerId, `${who} is with ${other.client_name} ${time(other.start)}–${time(other.end)}, at the same time as this visit.`));
      continue;
    }
    const before = other.end <= ctx.visit.start;
    const gap = before ? ctx.visit.start - other.end : other.start - ctx.visit.end;
    if (gap >= 4 * HOUR) continue;
    const travel = before ? ctx.travelMinutes(other.postcode, clientPostcode) : ctx.travelMinutes(clientPostcode, other.postcode);
    if (travel === null || travel * MINUTE <= gap) continue;
    const route = before ? `from ${other.client_name} (ending ${time(other.end)})` : `to ${other.client_name} (starting ${time(other.start)})`;
    const message = `${who} needs ${travel} minutes to travel ${route}; there are ${Math.round(gap / MINUTE)}.`;
    findings.push(finding('overlap', travel * MINUTE > gap + window ? 'hard' : 'soft', ctx.carerId, message));
  }
  return findings;
}

/**
 * The carer's whole day as it would run (./day.ts): each visit lasting its commissioned length, lateness carried
 * from visit to visit. A visit reached later than the punctuality window because of this assignment, this one or a
 * later one of the day, is refused or warned per `punctuality_enforcement`. A pair the overlap rule already refuses
 * (at the same time, or too little time to travel on its own) is left to it.
 */
export function dayLatenessRule(ctx: RuleContext): RuleFinding[] {
  const selfId = ctx.visit.id ?? -1;
  const clientPostcode = ctx.client?.postcode ?? '';
  const others = ctx.carerVisits.filter((other) => other.id !== selfId && other.id !== ctx.visit.id && dayOfVisit(other) === ctx.visit.date);
  if (!others.length) return [];
  const toDay = (item: { id: number; start: number; end: number; postcode: string }): DayVisit => ({ id: item.id, start: item.start, minutes: (item.end - item.start) / MINUTE, postcode: item.postcode });
  const self: DayVisit = toDay({ id: selfId, start: ctx.visit.start, end: ctx.visit.end, postcode: clientPostcode });
  const day = [...others.map(toDay), self].sort((a, b) => a.start - b.start || a.id - b.id);
  const travel = (from: DayVisit, to: DayVisit) => ctx.travelMinutes(from.postcode, to.postcode) ?? 0;
  const window = ctx.settings.punctualityMinutes;
  const at = day.indexOf(self);
  const previous = day[at - 1];
  const next = day[at + 1];
  const endOf = (item: DayVisit) => item.start + item.minutes * MINUTE;
  // At the same time as another visit: the overlap rule refuses it.
  if ((previous && endOf(previous) > self.start) || (next && endOf(self) > next.start)) return [];
  // Pairs the overlap rule judges on their own (too little time to travel even when on time).
  const pairHard = new Set<number>();
  if (previous && endOf(previous) + travel(previous, self) * MINUTE > self.start + window * MINUTE) pairHard.add(self.id);
  if (next && endOf(self) + travel(self, next) * MINUTE > next.start + window * MINUTE) pairHard.add(next.id);
  const before = new Map(simulateDay(others.map(toDay), travel, window).map((item) => [item.id, item.lateByMinutes]));
  const severity = ctx.settings.punctualityEnforcement === 'warn' ? 'soft' : 'hard';
  const who = nameOf(ctx);
  const byId = new Map(others.map((other) => [other.id, other]));
  const findings: RuleFinding[] = [];
  for (const item of simulateDay(day, travel, window)) {
    if (item.lateByMinutes === 0 || pairHard.has(item.id) || item.lateByMinutes <= (before.get(item.id) ?? 0)) continue;
    if (item.id === self.id) {
      findings.push(finding('overlap', severity, ctx.carerId, `${who} would reach ${clientName(ctx)} ${item.lateByMinutes} minutes late (${time(item.arrival)} for ${time(self.start)}): lateness carries over from their earlier visits that day, and the punctuality window is ${window} minutes.`));
      continue;
    }
    const other = byId.get(item.id)!;
    findings.push(finding('overlap', severity, ctx.carerId, `${who} would then reach ${other.client_name} ${item.lateByMinutes} minutes late (${time(item.arrival)} for ${time(other.start)}): this visit and the travel after it push the rest of their day back beyond the ${window}-minute punctuality window.`));
  }
  return findings;
}

export function complianceRule(ctx: RuleContext): RuleFinding[] {
  if (!ctx.compliance) return [finding('compliance', 'hard', ctx.carerId, `${nameOf(ctx)}’s compliance could not be read: check their file before assigning.`)];
  if (!ctx.compliance.rosterable) {
    const because = ctx.compliance.blocked_because.length ? `: ${ctx.compliance.blocked_because.join('; ')}` : '';
    return [finding('compliance', 'hard', ctx.carerId, `${nameOf(ctx)} cannot be rostered${because}.`)];
  }
  // Rosterable today, but judged on the visit's own day: a right to work or DBS check may end before it.
  const lapse = lapseBy(ctx.compliance, ctx.visit.date);
  return lapse ? [finding('compliance', 'hard', ctx.carerId, lapseMessage(nameOf(ctx), lapse, ctx.visit.date))] : [];
}

export function visaHoursRule(ctx: RuleContext): RuleFinding[] {
  const cap = ctx.compliance?.weekly_hours_cap;
  if (cap === null || cap === undefined) return [];
  const total = weekMs(ctx);
  if (total <= cap * HOUR) return [];
  return [finding('visa-hours', 'hard', ctx.carerId, `${nameOf(ctx)}'s visa allows ${cap} hours a week; this visit would make ${hours(total)}.`)];
}

function lapsed(ctx: RuleContext, courses: Map<number, string>): string[] {
  const states = new Map((ctx.training?.courses ?? []).map((course) => [course.course_id, course.state]));
  return [...courses].filter(([id]) => {
    const state = states.get(id);
    return state === 'expired' || state === 'missing' || (ctx.training !== null && state === undefined);
  }).map(([, name]) => name);
}

export function trainingRule(ctx: RuleContext): RuleFinding[] {
  if (!ctx.training) return ctx.mandatoryCourses.size ? [finding('training', 'hard', ctx.carerId, `${nameOf(ctx)}’s training could not be read: check their file before assigning.`)] : [];
  const missing = lapsed(ctx, ctx.mandatoryCourses);
  if (ctx.visit.requires_medication) missing.push(...lapsed(ctx, ctx.medicationCourses));
  if (!missing.length) return [];
  return [finding('training', 'hard', ctx.carerId, `${nameOf(ctx)}’s mandatory training is out of date: ${[...new Set(missing)].join(', ')}.`)];
}

export function medicationRule(ctx: RuleContext): RuleFinding[] {
  if (!ctx.visit.requires_medication || ctx.training?.medication_competent) return [];
  return [finding('medication-competence', 'hard', ctx.carerId, `This visit includes medication and ${nameOf(ctx)} has no medication competence assessment.`)];
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase('en-GB') === b.trim().toLocaleLowerCase('en-GB');

export function declinedRule(ctx: RuleContext): RuleFinding[] {
  if (!ctx.client || !ctx.carer) return [];
  const carer = ctx.carer;
  if (!ctx.client.declined_carer_names.some((name) => sameName(name, carer.name))) return [];
  return [finding('declined', 'hard', carer.id, `${clientName(ctx)} has asked not to have ${carer.name}.`)];
}

export function genderRule(ctx: RuleContext): RuleFinding[] {
  const preference = ctx.client?.gender_preference ?? 'none';
  if (!ctx.carer || preference === 'none' || !preference) return [];
  const wanted = preference.startsWith('female') ? 'female' : preference.startsWith('male') ? 'male' : null;
  if (!wanted || ctx.carer.gender === wanted) return [];
  const personalCareOnly = preference.endsWith('-personal-care');
  // A preference for personal care only binds a visit with personal care; a visit whose tasks are not known yet counts as one.
  if (personalCareOnly && ctx.visit.tasks !== null && !ctx.visit.tasks.some((task) => task.kind === 'personal-care')) return [];
  return [finding('gender', 'hard', ctx.carer.id, `${clientName(ctx)} asks for ${wanted} carers${personalCareOnly ? ' for personal care' : ''}; ${ctx.carer.name} is not.`)];
}

export function doubleUpRule(ctx: RuleContext): RuleFinding[] {
  if (!ctx.visit.carer_ids.includes(ctx.carerId)) return [];
  return [finding('double-up', 'hard', ctx.carerId, `${nameOf(ctx)} is already on this visit: a double-up needs two different carers.`)];
}

// ---------------------------------------------------------------- Working Time Regulations (warn or refuse per settings)

/** 48 hours a week on average over 17 weeks, unless the carer signed the opt-out. Averaged over the weeks they worked in that period. */
export function wtrWeeklyRule(ctx: RuleContext): RuleFinding[] {
  if (ctx.settings.wtrOptedOut.has(ctx.carerId)) return [];
  const monday = mondayOf(ctx.visit.date);
  const first = addDays(monday, -7 * (WTR_WEEKS - 1));
  const end = addDays(monday, 7);
  let total = visitMs(ctx);
  let earliest = monday;
  for (const other of ctx.carerVisits) {
    const date = dayOfVisit(other);
    if (date < first || date >= end) continue;
    total += other.end - other.start;
    if (date < earliest) earliest = mondayOf(date);
  }
  const weeks = Math.max(1, Math.round((new Date(`${end}T12:00:00Z`).getTime() - new Date(`${earliest}T12:00:00Z`).getTime()) / (7 * 86_400_000)));
  const average = total / weeks;
  if (average <= 48 * HOUR) return [];
  return [finding('wtr-weekly', wtrSeverity(ctx), ctx.carerId, `${nameOf(ctx)} would average ${hours(average)} hours a week over ${weeks} week${weeks === 1 ? '' : 's'}; the limit is 48 without a signed opt-out.`)];
}

/** 11 consecutive hours' rest between working days. */
export function wtrDailyRestRule(ctx: RuleContext): RuleFinding[] {
  const all = [...ctx.carerVisits.filter((other) => other.id !== ctx.visit.id), { id: -1, client_id: ctx.visit.client_id, client_name: clientName(ctx), postcode: '', start: ctx.visit.start, end: ctx.visit.end }];
  const byDay = new Map<string, { first: number; last: number }>();
  for (const item of all) {
    const date = dayOfVisit(item);
    const span = byDay.get(date);
    byDay.set(date, span ? { first: Math.min(span.first, item.start), last: Math.max(span.last, item.end) } : { first: item.start, last: item.end });
  }
  const findings: RuleFinding[] = [];
  for (const [earlier, later] of [[addDays(ctx.visit.date, -1), ctx.visit.date], [ctx.visit.date, addDays(ctx.visit.date, 1)]] as const) {
    const a = byDay.get(earlier);
    const b = byDay.get(later);
    if (!a || !b) continue;
    const rest = b.first - a.last;
    if (rest >= 11 * HOUR) continue;
    findings.push(finding('wtr-daily-rest', wtrSeverity(ctx), ctx.carerId, `${nameOf(ctx)} would rest only ${hours(Math.max(0, rest))} hours between ${time(a.last)} on ${earlier} and ${time(b.first)} on ${later}; the minimum is 11.`));
  }
  return findings;
}

/** A 20-minute break in a working stretch of more than 6 hours (travel between visits is work, not a break). */
export function wtrBreakRule(ctx: RuleContext): RuleFinding[] {
  const clientPostcode = ctx.client?.postcode ?? '';
  const day = [...ctx.carerVisits.filter((other) => other.id !== ctx.visit.id && dayOfVisit(other) === ctx.visit.date), { id: -1, client_id: ctx.visit.client_id, client_name: clientName(ctx), postcode: clientPostcode, start: ctx.visit.start, end: ctx.visit.end }].sort(
    (a, b) => a.start - b.start,
  );
  let stretchStart = day[0]!.start;
  let stretchEnd = day[0]!.end;
  let longest = 0;
  for (let index = 1; index < day.length; index += 1) {
    const previous = day[index - 1]!;
    const next = day[index]!;
    const travel = (ctx.travelMinutes(previous.postcode, next.postcode) ?? 0) * MINUTE;
    const rest = next.start - previous.end - travel;
    if (rest >= 20 * MINUTE) {
      longest = Math.max(longest, stretchEnd - stretchStart);
      stretchStart = next.start;
    }
    stretchEnd = Math.max(stretchEnd, next.end);
  }
  longest = Math.max(longest, stretchEnd - stretchStart);
  if (longest <= 6 * HOUR) return [];
  return [finding('wtr-break', wtrSeverity(ctx), ctx.carerId, `${nameOf(ctx)} would work ${hours(longest)} hours without a 20-minute break on ${ctx.visit.date}.`)];
}

// ---------------------------------------------------------------- soft goals and preferences

export function maxHoursRule(ctx: RuleContext): RuleFinding[] {
  const most = ctx.preferences?.max_weekly_hours;
  if (!most) return [];
  const total = weekMs(ctx);
  if (total <= most * HOUR) return [];
  return [finding('max-hours', 'soft', ctx.carerId, `${nameOf(ctx)} wants at most ${most} hours a week; this visit would make ${hours(total)}.`)];
}

export function travelDistanceRule(ctx: RuleContext): RuleFinding[] {
  const furthest = ctx.preferences?.max_travel_miles;
  if (!furthest || !ctx.carer?.postcode || !ctx.client?.postcode) return [];
  const miles = ctx.travelMiles(ctx.carer.postcode, ctx.client.postcode);
  if (miles === null || miles <= furthest) return [];
  return [finding('travel-distance', 'soft', ctx.carerId, `${clientName(ctx)} is ${miles} miles from ${nameOf(ctx)}’s home; they travel at most ${furthest}.`)];
}

/** Information: a carer new to the client when the client has regular carers (more so when continuity is essential). */
export function continuityRule(ctx: RuleContext): RuleFinding[] {
  if (ctx.clientHistory.size === 0 || (ctx.clientHistory.get(ctx.carerId) ?? 0) > 0 || ctx.client?.continuity === 'not-important') return [];
  const regulars = [...ctx.clientHistory]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([id]) => ctx.carerNames.get(id) ?? `carer ${id}`);
  const essential = ctx.client?.continuity === 'essential' ? ' (continuity is essential for them)' : '';
  return [finding('continuity', 'soft', ctx.carerId, `${nameOf(ctx)} has not visited ${clientName(ctx)} before${essential}; their regular carers are ${regulars.join(', ')}.`)];
}

/** Information: the client or the rota template prefers other carers. */
export function preferredRule(ctx: RuleContext): RuleFinding[] {
  if (!ctx.preferredCarerIds.length || ctx.preferredCarerIds.includes(ctx.carerId)) return [];
  const names = ctx.preferredCarerIds.map((id) => ctx.carerNames.get(id) ?? `carer ${id}`);
  return [finding('preferred', 'soft', ctx.carerId, `${clientName(ctx)} prefers ${names.join(', ')}.`)];
}

export const RULE_FUNCTIONS: ((ctx: RuleContext) => RuleFinding[])[] = [
  clientStatusRule,
  carerStatusRule,
  availabilityRule,
  holidayRule,
  overlapRule,
  dayLatenessRule,
  complianceRule,
  visaHoursRule,
  trainingRule,
  medicationRule,
  declinedRule,
  genderRule,
  doubleUpRule,
  wtrWeeklyRule,
  wtrDailyRestRule,
  wtrBreakRule,
  maxHoursRule,
  travelDistanceRule,
  continuityRule,
  preferredRule,
];

/** Every rule's findings, hard ones first. */
export function evaluateRules(ctx: RuleContext): RuleFinding[] {
  const findings = RULE_FUNCTIONS.flatMap((rule) => rule(ctx));
  return [...findings.filter((item) => item.severity === 'hard'), ...findings.filter((item) => item.severity === 'soft')];
}
