import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { londonDate } from '@hcm/contract/engine';
import { ok, queryParam, sendInvalid, viewerOf, type AreaServerContext, type Database } from '@hcm/server/platform';
import type { MapAnswer, MapLink, MapPoint } from '../../contract/map.js';
import { approximateLocation, normalisePostcode } from '../../contract/postcodes.js';
import { postcodeLocations } from '../locations/tables.js';
import { apiSources, type ApiSchedulingSources } from '../sources/api-sources.js';
import { visitCarers, visits } from '../tables.js';
import { mapSettings } from './settings.js';

// The map view's data (scheduler/map-view):
//   GET /scheduler/map?branch_id=&date=   the clients of a branch with visits that day (cancelled ones left out), the
//   carers assigned to them, each placed by postcode (a stored coordinate, else the district's centre), the lines
//   from carer to client, the Google Maps key and the street map's tile server and credit of the global settings
//   (scheduler.view).

type MapSources = Pick<ApiSchedulingSources, 'clientBasics' | 'carers'>;
type Options = { sources?: (request: FastifyRequest) => MapSources };

const ISO_DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Where each postcode is: a stored coordinate, else its district's centre (approximate); absent when unknown. */
async function locate(db: Database, postcodes: readonly string[]): Promise<Map<string, { latitude: number; longitude: number; approximate: boolean }>> {
  const normal = [...new Set(postcodes.map(normalisePostcode).filter(Boolean))];
  const stored = normal.length ? await db.select().from(postcodeLocations).where(inArray(postcodeLocations.postcode, normal)) : [];
  const found = new Map(stored.map((row) => [row.postcode, { latitude: row.latitude, longitude: row.longitude, approximate: row.source === 'district-centroid' }]));
  for (const postcode of normal) {
    if (found.has(postcode)) continue;
    const near = approximateLocation(postcode);
    if (near) found.set(postcode, { ...near, approximate: true });
  }
  return found;
}

export async function mapRoutes(app: FastifyInstance, context: AreaServerContext, options: Options = {}): Promise<void> {
  const { auth } = context;
  const db: Database = auth.db;
  const sourcesOf = options.sources ?? ((request: FastifyRequest) => apiSources(app, request));

  app.get('/scheduler/map', { config: { permission: 'scheduler.view' } }, async (request, reply) => {
    const viewer = await viewerOf(request, reply, auth);
    if (!viewer) return reply;
    const branchParam = queryParam(request.query, 'branch_id') ?? '';
    const dateParam = queryParam(request.query, 'date') || londonDate();
    const branchId = /^\d{1,9}$/.test(branchParam) ? Number(branchParam) : 0;
    const errors: Record<string, string[]> = {};
    if (!branchId || (viewer.scope !== 'all' && !viewer.scope.includes(branchId))) errors.branch_id = ['Choose one of your branches.'];
    if (!ISO_DAY.test(dateParam) || Number.isNaN(Date.parse(`${dateParam}T12:00:00Z`))) errors.date = ['Date must be a day like 2026-11-24.'];
    if (Object.keys(errors).length) return sendInvalid(reply, errors);

    const dayVisits = await db
      .select({ id: visits.id, client_id: visits.client_id, planned_start: visits.planned_start })
      .from(visits)
      .where(and(eq(visits.branch_id, branchId), eq(visits.visit_date, dateParam), ne(visits.status, 'cancelled')));
    const visitIds = dayVisits.map((visit) => visit.id);
    const onVisits = visitIds.length ? await db.select({ visit_id: visitCarers.visit_id, carer_id: visitCarers.carer_id }).from(visitCarers).where(inArray(visitCarers.visit_id, visitIds)) : [];
    const clientIds = [...new Set(dayVisits.map((visit) => visit.client_id))];
    const carerIds = [...new Set(onVisits.map((row) => row.carer_id))];
    const sources = sourcesOf(request);
    const [clients, carers, settings] = await Promise.all([
      clientIds.length ? sources.clientBasics({ ids: clientIds }) : Promise.resolve([]),
      carerIds.length ? sources.carers({ ids: carerIds }) : Promise.resolve([]),
      mapSettings(db),
    ]);
    const places = await locate(db, [...clients.map((client) => client.postcode), ...carers.map((carer) => carer.postcode)]);

    const visitsOfClient = new Map<number, number>();
    for (const visit of dayVisits) visitsOfClient.set(visit.client_id, (visitsOfClient.get(visit.client_id) ?? 0) + 1);
    const visitsOfCarer = new Map<number, number>();
    for (const row of onVisits) visitsOfCarer.set(row.carer_id, (visitsOfCarer.get(row.carer_id) ?? 0) + 1);

    const points: MapPoint[] = [];
    const unplaced: MapAnswer['unplaced'] = [];
    const place = (kind: MapPoint['kind'], person: { id: number; name: string; postcode: string }, count: number) => {
      const where = places.get(normalisePostcode(person.postcode));
      if (where) points.push({ kind, id: person.id, name: person.name, postcode: person.postcode, latitude: where.latitude, longitude: where.longitude, approximate: where.approximate, visits: count });
      else unplaced.push({ kind, id: person.id, name: person.name, postcode: person.postcode });
    };
    for (const client of clients) place('client', client, visitsOfClient.get(client.id) ?? 0);
    for (const carer of carers) place('carer', carer, visitsOfCarer.get(carer.id) ?? 0);

    const startOf = new Map(dayVisits.map((visit) => [visit.id, visit]));
    const links: MapLink[] = onVisits.flatMap((row) => {
      const visit = startOf.get(row.visit_id);
      if (!visit) return [];
      const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/London' }).format(visit.planned_start);
      return [{ visit_id: row.visit_id, carer_id: row.carer_id, client_id: visit.client_id, start_time: time }];
    });
    links.sort((a, b) => a.start_time.localeCompare(b.start_time) || a.visit_id - b.visit_id);

    const answer: MapAnswer = {
      branch_id: branchId,
      date: dateParam,
      ...settings,
      points,
      links,
      unplaced,
    };
    return ok(answer);
  });
}
