import { Component, lazy, Suspense, useState, type ReactNode } from 'react';
import { EmptyState, ErrorPanel, Loading, PageHeader, useRouteName, useSession } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { GOOGLE_MAPS_KEY_SETTING, MAP_TILE_URL_SETTING, type MapAnswer, type MapPoint } from '../../contract/map';
import { Legend, pointKey, pointLabel } from './parts';
import styles from './map.module.css';
import { ukDate } from '@hcm/contract/time';

// /app/scheduler/map-view: the clients of a branch with visits on a day and the carers going to them, with a list
// beside the map. Which map: with a Google Maps key (google_maps_api_key), Google's street map (StreetMap.tsx,
// @vis.gl/react-google-maps); else, with a tile server (map_tile_url, OpenStreetMap's standard tiles unless the
// agency set another), a Leaflet street map on those tiles (LeafletMap.tsx); with neither (map_tile_url 'none') a
// plan of coordinates: clients as squares and carers as circles, each with its name, a legend, a dashed line from
// carer to client. Both street maps are loaded lazily, each in its own chunk, and the plan comes back if a chunk
// cannot load or the street map fails.

const StreetMap = lazy(() => import('./StreetMap'));
const LeafletMap = lazy(() => import('./LeafletMap'));

export const MAP_PATH = 'api/v1/scheduler/map';
const WIDTH = 640;
const HEIGHT = 420;
const PAD = 40;


/**
 * Where each point goes on the plan: longitude scaled by the cosine of the middle latitude (so a kilometre east
 * is as long as a kilometre north), fitted into the drawing with the same scale on both axes, north up.
 */
export function project(points: readonly Pick<MapPoint, 'latitude' | 'longitude'>[]): { x: number; y: number }[] {
  if (!points.length) return [];
  const middle = points.reduce((sum, point) => sum + point.latitude, 0) / points.length;
  const east = (point: Pick<MapPoint, 'longitude'>) => point.longitude * Math.cos((middle * Math.PI) / 180);
  const xs = points.map(east);
  const ys = points.map((point) => point.latitude);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const span = Math.max(maxX - minX, maxY - minY, 1e-6);
  const scale = Math.min((WIDTH - 2 * PAD) / span, (HEIGHT - 2 * PAD) / span);
  const offsetX = (WIDTH - (maxX - minX) * scale) / 2;
  const offsetY = (HEIGHT - (maxY - minY) * scale) / 2;
  return points.map((_, index) => ({ x: offsetX + (xs[index]! - minX) * scale, y: HEIGHT - (offsetY + (ys[index]! - minY) * scale) }));
}

function Plan({ answer }: { answer: MapAnswer }) {
  const positions = project(answer.points);
  const at = new Map(answer.points.map((point, index) => [pointKey(point), positions[index]!]));
  return (
    <figure className={styles.screen} aria-label="Plan of clients and carers">
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
        <Legend />
      </figcaption>
    </figure>
  );
}

/** Shows `fallback` (the plan) when the street map's chunk cannot be loaded or the street map fails (the live map's too). */
export class StreetMapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={styles.screen}>
        <p className={styles.note} role="status">The street map could not be loaded; showing the plan instead.</p>
        {this.props.fallback}
      </div>
    );
  }
}

function Lists({ answer }: { answer: MapAnswer }) {
  const clients = answer.points.filter((point) => point.kind === 'client');
  const carers = answer.points.filter((point) => point.kind === 'carer');
  const nameOf = (kind: MapPoint['kind'], id: number) => answer.points.find((point) => point.kind === kind && point.id === id)?.name ?? `#${id}`;
  return (
    <div className={styles.side}>
      <section aria-label="Clients on the map">
        <h2>Clients ({clients.length})</h2>
        <ul>{clients.map((point) => <li key={point.id}>{point.name}, {point.postcode}{point.approximate ? ' (approximate)' : ''}: {point.visits} visit{point.visits === 1 ? '' : 's'}</li>)}</ul>
      </section>
      <section aria-label="Carers on the map">
        <h2>Carers ({carers.length})</h2>
        <ul>{carers.map((point) => <li key={point.id}>{point.name}, {point.postcode}{point.approximate ? ' (approximate)' : ''}: {point.visits} visit{point.visits === 1 ? '' : 's'}</li>)}</ul>
      </section>
      {answer.links.length ? (
        <section aria-label="Who goes where">
          <h2>Who goes where</h2>
          <ul>{answer.links.map((link) => <li key={`${link.visit_id}-${link.carer_id}`}>{link.start_time} {nameOf('carer', link.carer_id)} to {nameOf('client', link.client_id)}</li>)}</ul>
        </section>
      ) : null}
      {answer.unplaced.length ? (
        <section aria-label="Not on the map">
          <h2>Not on the map</h2>
          <ul>{answer.unplaced.map((person) => <li key={`${person.kind}-${person.id}`}>{person.kind === 'client' ? 'Client' : 'Carer'} {person.name}: {person.postcode ? `postcode ${person.postcode} not found` : 'no postcode'}</li>)}</ul>
        </section>
      ) : null}
    </div>
  );
}

export default function MapView() {
  useRouteName('Map');
  const branches = useSession((state) => state.user?.branches ?? []);
  const [branchId, setBranchId] = useState(() => (branches[0] ? String(branches[0].id) : ''));
  const [date, setDate] = useState(ukDate);
  const map = useApiQuery<MapAnswer>(MAP_PATH, { branch_id: branchId, date }, { enabled: !!branchId && !!date, keepPrevious: true, failure: 'The map could not be loaded.' });
  const answer = map.data;
  return (
    <div className={styles.screen}>
      <PageHeader title="Map" />
      <form className={styles.filters} aria-label="Choose the branch and day" onSubmit={(event) => event.preventDefault()}>
        <label>
          Branch
          <select value={branchId} onChange={(event) => setBranchId(event.target.value)}>
            {branches.map((branch) => <option key={branch.id} value={String(branch.id)}>{branch.name}</option>)}
          </select>
        </label>
        <label>
          Day
          <input type="date" value={date} onChange={(event) => setDate(event.target.value)} />
        </label>
      </form>
      {!branchId ? <EmptyState>You hold no branch.</EmptyState> : null}
      {map.error ? <ErrorPanel title="The map could not be loaded" onRetry={() => void map.refetch()}>{map.error.message}</ErrorPanel> : null}
      {branchId && !answer && !map.error ? <Loading label="Loading the map…" /> : null}
      {answer ? (
        <>
          {answer.api_key || answer.tile_url ? null : (
            <p className={styles.note}>
              Set a tile server ({MAP_TILE_URL_SETTING}) or a Google Maps API key ({GOOGLE_MAPS_KEY_SETTING}) in Settings to see a street map.
            </p>
          )}
          {answer.points.length ? (
            <div className={styles.layout}>
              {answer.api_key || answer.tile_url ? (
                <StreetMapBoundary fallback={<Plan answer={answer} />}>
                  <Suspense fallback={<Loading label="Loading the street map…" />}>
                    {answer.api_key ? <StreetMap answer={answer} fallback={<Plan answer={answer} />} /> : <LeafletMap answer={answer} />}
                  </Suspense>
                </StreetMapBoundary>
              ) : (
                <Plan answer={answer} />
              )}
              <Lists answer={answer} />
            </div>
          ) : (
            <EmptyState>No visit to place on this day.</EmptyState>
          )}
        </>
      ) : null}
    </div>
  );
}
