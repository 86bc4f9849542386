import { lazy, Suspense, useMemo } from 'react';
import { Loading } from '@hcm/kit';
import type { LiveToday } from '../../contract/live-engine';
import type { MapAnswer, MapPoint } from '../../contract/map';
import { project, StreetMapBoundary } from '../map/MapView';
import { pointKey, pointLabel } from '../map/parts';
import styles from '../map/map.module.css';
import { formatTime } from '@hcm/contract/format';

// The live view's map: clients' homes (squares) and carers where their phones last checked in or out today
// (circles), with a dashed line from a carer to the client of that check. It is the scheduler's map, chosen the same
// way as the map view's: Google's street map when a Google Maps key is set (google_maps_api_key), else the Leaflet
// street map on the configured tiles (map_tile_url), else (map_tile_url 'none') the plan, drawn with the MapView's
// projection and marks. Both street maps are loaded lazily, and the plan comes back if one cannot load or fails.

const StreetMap = lazy(() => import('../map/StreetMap'));
const LeafletMap = lazy(() => import('../map/LeafletMap'));
const WIDTH = 640;
const HEIGHT = 420;

/** Today's places as the map components take them. */
export function mapAnswerOf(today: LiveToday): MapAnswer {
  const visitsOf = new Map<number, number>();
  for (const visit of today.visits) visitsOf.set(visit.client_id, (visitsOf.get(visit.client_id) ?? 0) + 1);
  const clientOfVisit = new Map(today.visits.map((visit) => [visit.id, visit.client_id]));
  const points: MapPoint[] = [
    ...today.homes.map((home) => ({ kind: 'client' as const, id: home.client_id, name: home.client_name, postcode: home.postcode, latitude: home.latitude, longitude: home.longitude, approximate: home.approximate, visits: visitsOf.get(home.client_id) ?? 0 })),
    ...today.positions.map((position) => ({
      kind: 'carer' as const,
      id: position.carer_id,
      name: position.carer_name,
      postcode: `checked ${position.kind === 'in' ? 'in' : 'out'} at ${formatTime(position.at)}`,
      latitude: position.latitude,
      longitude: position.longitude,
      approximate: false,
      visits: today.visits.filter((visit) => visit.carer_names.includes(position.carer_name)).length,
    })),
  ];
  const links = today.positions.flatMap((position) => {
    const clientId = clientOfVisit.get(position.visit_id);
    return clientId === undefined ? [] : [{ visit_id: position.visit_id, carer_id: position.carer_id, client_id: clientId, start_time: formatTime(position.at) }];
  });
  return { branch_id: today.branch_id, date: today.date, api_key: today.api_key, tile_url: today.tile_url, tile_attribution: today.tile_attribution, points, links, unplaced: [] };
}

function Plan({ answer }: { answer: MapAnswer }) {
  const positions = project(answer.points);
  const at = new Map(answer.points.map((point, index) => [pointKey(point), positions[index]!]));
  return (
    <figure className={styles.screen} aria-label="Live plan of clients' homes and carers' last positions">
      <svg className={styles.plan} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="group" aria-label={`Plan of ${answer.points.length} places`}>
        {answer.links.map((link) => {
          const from = at.get(`carer-${link.carer_id}`);
          const to = at.get(`client-${link.client_id}`);
          return from && to ? <line key={`${link.visit_id}-${link.carer_id}`} className={styles.link} x1={from.x} y1={from.y} x2={to.x} y2={to.y} aria-hidden="true" /> : null;
        })}
        {answer.points.map((point, index) => {
          const { x, y } = positions[index]!;
          return (
            <g key={pointKey(point)} className={styles.point} tabIndex={0} role="img" aria-label={pointLabel(point)} data-kind={point.kind}>
              <title>{pointLabel(point)}</title>
              {point.kind === 'client' ? <rect className={`${styles.mark} ${styles.client}`} x={x - 7} y={y - 7} width={14} height={14} /> : <circle className={`${styles.mark} ${styles.carer}`} cx={x} cy={y} r={7} />}
              <text className={styles.label} x={x + 10} y={y + 4} aria-hidden="true">
                {point.name}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <LiveLegend />
      </figcaption>
    </figure>
  );
}

function LiveLegend() {
  return (
    <ul className={styles.legend} aria-label="Legend">
      <li>Square: a client's home with visits today</li>
      <li>Circle: a carer where their phone last checked in or out</li>
      <li>Dashed line: to the client of that check</li>
    </ul>
  );
}

export function LiveMap({ today }: { today: LiveToday }) {
  // One answer per fetched `today`: the street maps keep their camera and chosen mark until the next answer.
  const answer = useMemo(() => mapAnswerOf(today), [today]);
  if (!answer.points.length) return <p className={styles.muted}>No home or carer position to place yet today.</p>;
  if (!answer.api_key && !answer.tile_url) return <Plan answer={answer} />;
  return (
    <StreetMapBoundary fallback={<Plan answer={answer} />}>
      <Suspense fallback={<Loading label="Loading the street map…" />}>
        {answer.api_key ? <StreetMap answer={answer} fallback={<Plan answer={answer} />} legend={<LiveLegend />} /> : <LeafletMap answer={answer} legend={<LiveLegend />} />}
      </Suspense>
    </StreetMapBoundary>
  );
}
