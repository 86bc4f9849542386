import type { MankowskaInstance } from './parser.js';

// An independent check of an answer to a Mankowska et al. (2014) instance. It shares no code with the solver: it
// reads the routes (node, service, claimed start per visit) and the claimed objective, and checks them against the
// instance alone:
// - every service a patient requires is done exactly once, nothing else is visited, by a qualified staff member;
//   the two services of a double service by two different staff members;
// - the claimed starts keep to the routes (travel and processing from the depot on), open no window early and keep
//   every double service's gap (the second, higher-numbered service between mind and maxd after the first);
// - the claimed objective is (distance + total tardiness + largest tardiness) / 3 of those starts, and equals the
//   objective of the earliest schedule of the same routes, worked out here again from the routes alone (the longest
//   paths of the route and gap constraints, by Bellman–Ford): the starts are the best ones for the routes.

export type AnswerToVerify = {
  objective: number;
  distance?: number;
  tardiness?: number;
  maxTardiness?: number;
  routes: { node: number; service: number; start: number }[][];
};

const EPS = 1e-6;

type Parts = { objective: number; distance: number; tardiness: number; maxTardiness: number };

function partsOf(instance: MankowskaInstance, routes: { node: number }[][], starts: number[][]): Parts {
  let distance = 0;
  let tardiness = 0;
  let maxTardiness = 0;
  const end = instance.nodes - 1;
  routes.forEach((route, k) => {
    if (!route.length) return;
    let at = 0;
    route.forEach((visit, i) => {
      distance += instance.distance[at]![visit.node]!;
      at = visit.node;
      const late = Math.max(0, starts[k]![i]! - instance.latest[visit.node]!);
      tardiness += late;
      maxTardiness = Math.max(maxTardiness, late);
    });
    distance += instance.distance[at]![end]!;
  });
  return { objective: (distance + tardiness + maxTardiness) / 3, distance, tardiness, maxTardiness };
}

/** The earliest schedule of the routes (null when their order contradicts the gaps), and its objective. */
export function earliestSchedule(instance: MankowskaInstance, routes: { node: number; service: number }[][]): (Parts & { starts: number[][] }) | null {
  const ids: number[][] = [];
  const lowest: number[] = [];
  const edges: [number, number, number][] = [];
  const byNodeService = new Map<string, number>();
  routes.forEach((route, k) => {
    ids.push([]);
    route.forEach((visit, i) => {
      const id = lowest.length;
      ids[k]!.push(id);
      byNodeService.set(`${visit.node}/${visit.service}`, id);
      lowest.push(Math.max(instance.earliest[visit.node]!, i === 0 ? instance.distance[0]![visit.node]! : 0));
      if (i > 0) {
        const before = route[i - 1]!;
        edges.push([id - 1, id, instance.processing[before.node]![k]![before.service]! + instance.distance[before.node]![visit.node]!]);
      }
    });
  });
  for (const patient of instance.doubleService) {
    const services = instance.requires[patient]!.flatMap((yes, service) => (yes ? [service] : []));
    if (services.length !== 2) continue;
    const one = byNodeService.get(`${patient}/${services[0]}`);
    const two = byNodeService.get(`${patient}/${services[1]}`);
    if (one === undefined || two === undefined) continue;
    edges.push([one, two, instance.minGap[patient]!]);
    edges.push([two, one, -instance.maxGap[patient]!]);
  }
  const time = [...lowest];
  for (let round = 0; round <= time.length; round += 1) {
    let changed = false;
    for (const [from, to, weight] of edges) {
      if (time[from]! + weight > time[to]! + 1e-9) {
        time[to] = time[from]! + weight;
        changed = true;
      }
    }
    if (!changed) {
      const starts = ids.map((route) => route.map((id) => time[id]!));
      return { ...partsOf(instance, routes, starts), starts };
    }
  }
  return null;
}

/** The problems of an answer; none when it is feasible and its objective is right. */
export function verifyMankowska(instance: MankowskaInstance, answer: AnswerToVerify): string[] {
  const problems: string[] = [];
  if (answer.routes.length !== instance.staff) problems.push(`${answer.routes.length} routes for ${instance.staff} staff members`);
  const doneBy = new Map<string, number[]>();
  answer.routes.forEach((route, k) =>
    route.forEach((visit) => {
      const key = `${visit.node}/${visit.service}`;
      doneBy.set(key, [...(doneBy.get(key) ?? []), k]);
      if (visit.node <= 0 || visit.node >= instance.nodes - 1 || !instance.requires[visit.node]![visit.service]) {
        problems.push(`staff ${k + 1} does service ${visit.service + 1} at node ${visit.node + 1}, which nobody asked for`);
      } else if (!instance.qualified[k]![visit.service]) problems.push(`staff ${k + 1} not qualified for service ${visit.service + 1} at node ${visit.node + 1}`);
    }),
  );
  for (let patient = 1; patient < instance.nodes - 1; patient += 1) {
    const services = instance.requires[patient]!.flatMap((yes, service) => (yes ? [service] : []));
    for (const service of services) {
      const by = doneBy.get(`${patient}/${service}`) ?? [];
      if (by.length !== 1) problems.push(`service ${service + 1} at node ${patient + 1} done ${by.length} times`);
    }
    if (instance.doubleService.has(patient) && services.length === 2) {
      const one = doneBy.get(`${patient}/${services[0]}`)?.[0];
      const two = doneBy.get(`${patient}/${services[1]}`)?.[0];
      if (one !== undefined && one === two) problems.push(`double service at node ${patient + 1} by one staff member`);
    }
  }

  // The claimed starts.
  const startOf = new Map<string, number>();
  answer.routes.forEach((route, k) => {
    let ready = 0;
    let at = 0;
    route.forEach((visit) => {
      startOf.set(`${visit.node}/${visit.service}`, visit.start);
      const arrival = ready + instance.distance[at]![visit.node]!;
      if (visit.start < arrival - EPS) problems.push(`staff ${k + 1} cannot start node ${visit.node + 1} at ${visit.start} (arrives at ${arrival})`);
      if (visit.start < instance.earliest[visit.node]! - EPS) problems.push(`node ${visit.node + 1} started before its window`);
      ready = visit.start + instance.processing[visit.node]![k]![visit.service]!;
      at = visit.node;
    });
  });
  for (const patient of instance.doubleService) {
    const services = instance.requires[patient]!.flatMap((yes, service) => (yes ? [service] : []));
    if (services.length !== 2) continue;
    const one = startOf.get(`${patient}/${services[0]}`);
    const two = startOf.get(`${patient}/${services[1]}`);
    if (one === undefined || two === undefined) continue;
    const gap = two - one;
    if (gap < instance.minGap[patient]! - EPS || gap > instance.maxGap[patient]! + EPS) {
      problems.push(`double service at node ${patient + 1}: gap ${gap}, not within [${instance.minGap[patient]}, ${instance.maxGap[patient]}]`);
    }
  }

  // The objective: of the claimed starts, and of the routes' earliest schedule.
  const claimed = partsOf(instance, answer.routes, answer.routes.map((route) => route.map((visit) => visit.start)));
  const close = (a: number, b: number) => Math.abs(a - b) <= EPS * Math.max(1, Math.abs(b));
  if (!close(answer.objective, claimed.objective)) problems.push(`objective ${answer.objective} claimed, the starts give ${claimed.objective}`);
  for (const part of ['distance', 'tardiness', 'maxTardiness'] as const) {
    if (answer[part] !== undefined && !close(answer[part], claimed[part])) problems.push(`${part} ${answer[part]} claimed, the starts give ${claimed[part]}`);
  }
  const earliest = earliestSchedule(instance, answer.routes);
  if (!earliest) problems.push('the routes have no schedule: their order contradicts the double services’ gaps');
  else if (!close(answer.objective, earliest.objective)) problems.push(`objective ${answer.objective} claimed, the routes' earliest schedule gives ${earliest.objective}`);
  return problems;
}
