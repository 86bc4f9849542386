import type { MapLink, MapPoint } from '../../contract/map';
import styles from './map.module.css';

// What the plan (MapView), the Google street map (StreetMap) and the tile street map (LeafletMap) share: how a place
// is named to a screen reader, the legend explaining the marks (square: client, circle: carer, dashed line: a carer's
// visit to a client), where each mark goes on a street map, the camera's rules and a mark's details.

export const pointKey = (point: Pick<MapPoint, 'kind' | 'id'>) => `${point.kind}-${point.id}`;

export const pointLabel = (point: MapPoint) =>
  `${point.kind === 'client' ? 'Client' : 'Carer'} ${point.name}, ${point.postcode}${point.approximate ? ' (approximate)' : ''}, ${point.visits} visit${point.visits === 1 ? '' : 's'}`;

/** Padding (pixels) around the marks when a street map fits its camera to them. */
export const FIT_PADDING = 48;
/** Zoom when every place is at one spot (fitting a zero-sized box would zoom in as far as the map allows). */
export const SINGLE_PLACE_ZOOM = 15;
/** How far apart (degrees of latitude, about 40 m) places at the very same spot are spread so each can be chosen. */
const SPREAD = 0.00036;

export type Placed = MapPoint & { lat: number; lng: number };

/**
 * Where each mark goes: at its coordinates, except that places sharing the very same coordinates (often people
 * placed at their postcode district's centre) are spread on a small ring around it, so no mark hides another.
 */
export function placeMarks(points: readonly MapPoint[]): Placed[] {
  const groups = new Map<string, number[]>();
  points.forEach((point, index) => {
    const spot = `${point.latitude.toFixed(6)},${point.longitude.toFixed(6)}`;
    groups.set(spot, [...(groups.get(spot) ?? []), index]);
  });
  const placed = points.map((point) => ({ ...point, lat: point.latitude, lng: point.longitude }));
  for (const indexes of groups.values()) {
    if (indexes.length < 2) continue;
    indexes.forEach((index, order) => {
      const angle = (2 * Math.PI * order) / indexes.length;
      const point = placed[index]!;
      point.lat = point.latitude + SPREAD * Math.sin(angle);
      point.lng = point.longitude + (SPREAD * Math.cos(angle)) / Math.cos((point.latitude * Math.PI) / 180);
    });
  }
  return placed;
}

/** The smallest box holding every mark (north/south/east/west in degrees). */
export function boundsOf(marks: readonly { lat: number; lng: number }[]) {
  const lats = marks.map((mark) => mark.lat);
  const lngs = marks.map((mark) => mark.lng);
  return { north: Math.max(...lats), south: Math.min(...lats), east: Math.max(...lngs), west: Math.min(...lngs) };
}

/** A box too small to fit a camera to (every mark at one spot): centre on it at SINGLE_PLACE_ZOOM instead. */
export const isOneSpot = ({ north, south, east, west }: ReturnType<typeof boundsOf>) => north - south < 1e-6 && east - west < 1e-6;

/** A mark's visits that day in time order: a carer's "08:00 to <client>", a client's "08:00 <carer>". */
export function visitsLine(point: MapPoint, links: readonly MapLink[], nameOf: (kind: MapPoint['kind'], id: number) => string): string[] {
  const own = links.filter((link) => (point.kind === 'carer' ? link.carer_id === point.id : link.client_id === point.id));
  return [...own]
    .sort((a, b) => a.start_time.localeCompare(b.start_time))
    .map((link) => (point.kind === 'carer' ? `${link.start_time} to ${nameOf('client', link.client_id)}` : `${link.start_time} ${nameOf('carer', link.carer_id)}`));
}

/** What choosing a mark shows (under its name): kind and postcode, the day's visit count, the visits in time order. */
export function PlaceDetails({ mark, details }: { mark: MapPoint; details: readonly string[] }) {
  return (
    <div className={styles.info}>
      <p>
        {mark.kind === 'client' ? 'Client' : 'Carer'}, {mark.postcode}
        {mark.approximate ? ' (approximate: the postcode district’s centre)' : ''}
      </p>
      <p>
        {mark.visits} visit{mark.visits === 1 ? '' : 's'} that day
      </p>
      {details.length ? (
        <ul aria-label={mark.kind === 'carer' ? 'Visits to clients' : 'Carers visiting'}>
          {details.map((line, index) => <li key={index}>{line}</li>)}
        </ul>
      ) : null}
    </div>
  );
}

export function Legend() {
  return (
    <ul className={styles.legend} aria-label="Legend">
      <li>
        <svg width="16" height="16" aria-hidden="true"><rect className={styles.client} x="2" y="2" width="12" height="12" /></svg>
        Square: a client with visits that day
      </li>
      <li>
        <svg width="16" height="16" aria-hidden="true"><circle className={styles.carer} cx="8" cy="8" r="6" /></svg>
        Circle: a carer going to them
      </li>
      <li>
        <svg width="24" height="16" aria-hidden="true"><line className={styles.link} x1="0" y1="8" x2="24" y2="8" /></svg>
        Dashed line: a carer’s visit to a client
      </li>
    </ul>
  );
}
