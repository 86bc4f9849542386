import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  AdvancedMarker,
  APILoadingStatus,
  APIProvider,
  InfoWindow,
  Map as GoogleMap,
  Polyline,
  useAdvancedMarkerRef,
  useApiLoadingStatus,
  useMap,
} from '@vis.gl/react-google-maps';
import type { MapAnswer, MapLink, MapPoint } from '../../contract/map';
import { Legend, pointKey, pointLabel } from './parts';
import styles from './map.module.css';

// The street map of /app/scheduler/map-view, shown only when the global setting google_maps_api_key is set. MapView
// loads this file lazily (React.lazy), so @vis.gl/react-google-maps and Google's script are fetched only then. The
// same marks as the plan: clients as white squares, carers as blue circles, each with its name; a dashed line from a
// carer to each client they visit that day; choosing a mark (click, or Tab then Enter) opens its details. When
// Google's script cannot load or refuses the key, the plan MapView passes as `fallback` is shown instead.

/** Google's documented map id for maps without a Cloud-console style; advanced markers need some map id. */
export const DEFAULT_MAP_ID = 'DEMO_MAP_ID';
const PADDING = 48;
/** Zoom when every place is at one spot (fitting a zero-sized box would zoom in as far as Google allows). */
const SINGLE_PLACE_ZOOM = 15;
/** How far apart (degrees of latitude, about 40 m) places at the very same spot are spread so each can be chosen. */
const SPREAD = 0.00036;

type Placed = MapPoint & { lat: number; lng: number };

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

/** Moves the camera to show every mark whenever the set of marks changes (another branch or day). */
function FitBounds({ marks }: { marks: readonly Placed[] }) {
  const map = useMap();
  const { north, south, east, west } = marks.length ? boundsOf(marks) : { north: NaN, south: NaN, east: NaN, west: NaN };
  useEffect(() => {
    if (!map || Number.isNaN(north)) return;
    if (north - south < 1e-6 && east - west < 1e-6) {
      map.setCenter({ lat: north, lng: east });
      map.setZoom(SINGLE_PLACE_ZOOM);
    } else {
      map.fitBounds({ north, south, east, west }, PADDING);
    }
  }, [map, north, south, east, west]);
  return null;
}

function visitsLine(point: MapPoint, links: readonly MapLink[], nameOf: (kind: MapPoint['kind'], id: number) => string): string[] {
  const own = links.filter((link) => (point.kind === 'carer' ? link.carer_id === point.id : link.client_id === point.id));
  return [...own]
    .sort((a, b) => a.start_time.localeCompare(b.start_time))
    .map((link) => (point.kind === 'carer' ? `${link.start_time} to ${nameOf('client', link.client_id)}` : `${link.start_time} ${nameOf('carer', link.carer_id)}`));
}

function PointMarker({ mark, selected, onSelect, onClose, details }: { mark: Placed; selected: boolean; onSelect: () => void; onClose: () => void; details: string[] }) {
  const [markerRef, marker] = useAdvancedMarkerRef();
  return (
    <>
      <AdvancedMarker ref={markerRef} position={{ lat: mark.lat, lng: mark.lng }} title={pointLabel(mark)} onClick={onSelect} anchorLeft="-7px" anchorTop="-50%" zIndex={mark.kind === 'client' ? 1 : 2}>
        <span className={styles.marker} data-kind={mark.kind} data-selected={selected || undefined}>
          <span className={`${styles.markerShape} ${mark.kind === 'client' ? styles.markerClient : styles.markerCarer}`} aria-hidden="true" />
          <span className={styles.markerName}>{mark.name}</span>
        </span>
      </AdvancedMarker>
      {selected && marker ? (
        <InfoWindow anchor={marker} headerContent={<strong>{mark.name}</strong>} onCloseClick={onClose} shouldFocus>
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
        </InfoWindow>
      ) : null}
    </>
  );
}

function Street({ answer, mapId, fallback }: { answer: MapAnswer; mapId: string; fallback: ReactNode }) {
  const status = useApiLoadingStatus();
  const marks = useMemo(() => placeMarks(answer.points), [answer.points]);
  // The chosen mark belongs to one answer: another branch or day starts with none chosen.
  const [choice, setChoice] = useState<{ answer: MapAnswer; key: string } | null>(null);
  const selected = choice?.answer === answer ? choice.key : null;
  const setSelected = (key: string | null) => setChoice(key ? { answer, key } : null);
  const at = useMemo(() => new Map(marks.map((mark) => [pointKey(mark), mark])), [marks]);
  const nameOf = (kind: MapPoint['kind'], id: number) => at.get(`${kind}-${id}`)?.name ?? `#${id}`;

  if (status === APILoadingStatus.FAILED || status === APILoadingStatus.AUTH_FAILURE) {
    return (
      <div className={styles.screen}>
        <p className={styles.note} role="status">
          {status === APILoadingStatus.AUTH_FAILURE ? 'Google Maps refused the API key (google_maps_api_key); showing the plan instead.' : 'Google Maps could not be loaded; showing the plan instead.'}
        </p>
        {fallback}
      </div>
    );
  }
  const bounds = marks.length ? boundsOf(marks) : undefined;
  return (
    <figure className={styles.screen} aria-label="Street map of clients and carers">
      {status !== APILoadingStatus.LOADED ? <p className={styles.muted} role="status">Loading Google Maps…</p> : null}
      <div className={styles.street}>
        <GoogleMap
          mapId={mapId}
          defaultBounds={bounds ? { ...bounds, padding: PADDING } : undefined}
          gestureHandling="cooperative"
          clickableIcons={false}
          onClick={() => setSelected(null)}
          style={{ width: '100%', height: '100%' }}
        >
          <FitBounds marks={marks} />
          {answer.links.map((link) => {
            const from = at.get(`carer-${link.carer_id}`);
            const to = at.get(`client-${link.client_id}`);
            return from && to ? (
              <Polyline
                key={`${link.visit_id}-${link.carer_id}`}
                path={[{ lat: from.lat, lng: from.lng }, { lat: to.lat, lng: to.lng }]}
                clickable={false}
                strokeColor="#444"
                strokeOpacity={0}
                icons={[{ icon: { path: 'M 0,-1 0,1', strokeOpacity: 0.9, strokeWeight: 2, scale: 3 }, offset: '0', repeat: '12px' }]}
              />
            ) : null;
          })}
          {marks.map((mark) => {
            const key = pointKey(mark);
            return (
              <PointMarker
                key={key}
                mark={mark}
                selected={selected === key}
                onSelect={() => setSelected(selected === key ? null : key)}
                onClose={() => setSelected(null)}
                details={visitsLine(mark, answer.links, nameOf)}
              />
            );
          })}
        </GoogleMap>
      </div>
      <figcaption>
        <Legend />
      </figcaption>
    </figure>
  );
}

/**
 * The street map. `fallback` (the plan) is shown when Google's script fails or refuses the key. `mapId` defaults
 * to Google's demo map id, which advanced markers accept.
 */
export default function StreetMap({ answer, fallback, mapId = DEFAULT_MAP_ID }: { answer: MapAnswer; fallback: ReactNode; mapId?: string }) {
  return (
    <APIProvider apiKey={answer.api_key} region="GB" language="en-GB">
      <Street answer={answer} mapId={mapId} fallback={fallback} />
    </APIProvider>
  );
}
