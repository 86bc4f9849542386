import type { Point, Problem, ProblemCarer, ProblemVisit, Window } from './problem.js';

// A scale problem for the benchmark: one branch's week in a city-sized area (about 12 km across a centre), with
// clients on rota patterns of one to four calls a day between 07:00 and 22:00 of 15 to 60 minutes, a tenth of them
// double-ups, a fifth with medication, gender preferences and declined carers, and carers on realistic availability
// patterns (early, late, all day; days off), contracts, a few student visas capped at 20 hours, some not rosterable.
// Deterministic for a seed.

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type ScaleOptions = { visits?: number; carers?: number; seed?: number; weekStart?: string; centre?: Point; radiusKm?: number };

export function scaleProblem(options: ScaleOptions = {}): Problem {
  const wanted = options.visits ?? 10_000;
  const carerCount = options.carers ?? 200;
  const rng = random(options.seed ?? 42);
  const centre = options.centre ?? { latitude: 51.545, longitude: -0.14 };
  const radius = options.radiusKm ?? 6;
  // Minutes since the epoch of the Monday's midnight (a winter week: UK wall-clock is UTC).
  const weekStart = Date.parse(`${options.weekStart ?? '2026-11-30'}T00:00:00Z`) / 60_000;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
  const somewhere = (): Point => {
    const r = radius * Math.sqrt(rng());
    const angle = rng() * 2 * Math.PI;
    return { latitude: centre.latitude + (r * Math.cos(angle)) / 111.32, longitude: centre.longitude + (r * Math.sin(angle)) / (111.32 * Math.cos((centre.latitude * Math.PI) / 180)) };
  };
  const hhmm = (day: number, minutes: number) => weekStart + day * 1440 + minutes;

  // ---------------------------------------------------------------- carers
  const carers: ProblemCarer[] = [];
  for (let index = 0; index < carerCount; index += 1) {
    const kind = rng();
    const contract = rng();
    const contractedMinutes = contract < 0.45 ? 37 * 60 : contract < 0.8 ? (20 + Math.floor(rng() * 11)) * 60 : null;
    const visa = rng() < 0.05;
    const workDays = kind < 0.6 ? 6 : 5;
    const off = new Set<number>();
    while (off.size < 7 - workDays) off.add(Math.floor(rng() * 7));
    const windows: Window[] = [];
    for (let day = 0; day < 7; day += 1) {
      if (off.has(day)) continue;
      if (kind < 0.6) windows.push({ start: hhmm(day, 7 * 60), end: hhmm(day, 22 * 60) });
      else if (kind < 0.85) windows.push({ start: hhmm(day, 7 * 60), end: hhmm(day, 14 * 60 + 30) });
      else windows.push({ start: hhmm(day, 15 * 60), end: hhmm(day, 22 * 60) });
    }
    const priorWeeks = Math.floor(rng() * 17);
    carers.push({
      id: 1000 + index,
      name: `Carer ${index + 1}`,
      gender: rng() < 0.78 ? 'female' : 'male',
      home: somewhere(),
      windows,
      rosterable: rng() > 0.03,
      lapsesAt: null,
      trainingOk: rng() > 0.02,
      medication: rng() < 0.75,
      capMinutes: visa ? 20 * 60 : null,
      maxMinutes: rng() < 0.2 ? (30 + Math.floor(rng() * 15)) * 60 : null,
      maxTravelKm: rng() < 0.2 ? 5 + Math.floor(rng() * 6) : null,
      contractedMinutes: visa ? 20 * 60 : contractedMinutes,
      optedOut: rng() < 0.3,
      priorMinutes: priorWeeks * (contractedMinutes ?? 25 * 60) * (0.8 + rng() * 0.3),
      priorWeeks,
    });
  }

  // ---------------------------------------------------------------- clients and their weeks
  const visits: ProblemVisit[] = [];
  const history = new Map<number, Map<number, number>>();
  const slots = [
    [7 * 60, 10 * 60],
    [11 * 60 + 30, 13 * 60 + 30],
    [16 * 60, 18 * 60],
    [19 * 60 + 30, 21 * 60 + 15],
  ] as const;
  const patterns = [[0], [0, 3], [0, 2], [0, 1, 3], [0, 1, 2, 3]] as const;
  let clientId = 1;
  while (visits.length < wanted) {
    const id = clientId++;
    const home = somewhere();
    const pattern = pick(patterns);
    const doubleUp = rng() < 0.1;
    const gender = rng() < 0.1 ? 'female' : null;
    const declined = rng() < 0.05 ? [pick(carers).id] : [];
    // Two or three regular carers from nearby.
    const near = carers.filter((carer) => carer.home && Math.hypot((carer.home.latitude - home.latitude) * 111, (carer.home.longitude - home.longitude) * 69) < 3);
    const regulars = new Map<number, number>();
    for (let k = 0; k < 2 + Math.floor(rng() * 2) && near.length; k += 1) regulars.set(pick(near).id, 1 + Math.floor(rng() * 12));
    history.set(id, regulars);
    const times = pattern.map((slot) => {
      const [from, to] = slots[slot]!;
      const length = pick([15, 30, 30, 30, 45, 45, 60]);
      const start = from + Math.floor((rng() * (to - from)) / 15) * 15;
      return { start, length: Math.min(length, 22 * 60 - start) };
    });
    const medicationSlots = new Set(times.map((_, index) => index).filter(() => rng() < 0.2));
    for (let day = 0; day < 7 && visits.length < wanted; day += 1) {
      times.forEach((time, index) => {
        if (visits.length >= wanted) return;
        visits.push({
          id: visits.length + 1,
          clientId: id,
          clientName: `Client ${id}`,
          day,
          start: hhmm(day, time.start),
          end: hhmm(day, time.start + time.length),
          place: home,
          carersNeeded: doubleUp ? 2 : 1,
          medication: medicationSlots.has(index),
          fixedCarerIds: [],
          gender,
          declinedCarerIds: declined,
          preferredCarerIds: rng() < 0.3 && regulars.size ? [regulars.keys().next().value!] : [],
        });
      });
    }
  }
  return { visits, carers, travel: { speedKmh: 30, roadFactorPercent: 130 }, punctualityMinutes: 10, latenessHard: true, wtrHard: false, history };
}
