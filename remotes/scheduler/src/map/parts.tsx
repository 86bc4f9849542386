import type { MapPoint } from '../../contract/map';
import styles from './map.module.css';

// What the plan (MapView) and the street map (StreetMap) share: how a place is named to a screen reader and the
// legend explaining the marks (square: client, circle: carer, dashed line: a carer's visit to a client).

export const pointKey = (point: Pick<MapPoint, 'kind' | 'id'>) => `${point.kind}-${point.id}`;

export const pointLabel = (point: MapPoint) =>
  `${point.kind === 'client' ? 'Client' : 'Carer'} ${point.name}, ${point.postcode}${point.approximate ? ' (approximate)' : ''}, ${point.visits} visit${point.visits === 1 ? '' : 's'}`;

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
