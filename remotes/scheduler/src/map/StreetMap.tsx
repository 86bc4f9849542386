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
import type { MapAnswer, MapPoint } from '../../contract/map';
import { boundsOf, FIT_PADDING, isOneSpot, Legend, PlaceDetails, placeMarks, pointKey, pointLabel, SINGLE_PLACE_ZOOM, visitsLine, type Placed } from './parts';
import styles from './map.module.css';

// The street map of /app/scheduler/map-view, shown only when the global setting google_maps_api_key is set. MapView
// loads this file lazily (React.lazy), so @vis.gl/react-google-maps and Google's script are fetched only then. The
// same marks as the plan: clients as white squares, carers as blue circles, each with its name; a dashed line from a
// carer to each client they visit that day; choosing a mark (click, or Tab then Enter) opens its details. When
// Google's script cannot load or refuses the key, the plan MapView passes as `fallback` is shown instead.

/** Google's documented map id for maps without a Cloud-console style; advanced markers need some map id. */
export const DEFAULT_MAP_ID = 'DEMO_MAP_ID';

/** Moves the camera to show every mark whenever the set of marks changes (another branch or day). */
function FitBounds({ marks }: { marks: readonly Placed[] }) {
  const map = useMap();
  const { north, south, east, west } = marks.length ? boundsOf(marks) : { north: NaN, south: NaN, east: NaN, west: NaN };
  useEffect(() => {
    if (!map || Number.isNaN(north)) return;
    if (isOneSpot({ north, south, east, west })) {
      map.setCenter({ lat: north, lng: east });
      map.setZoom(SINGLE_PLACE_ZOOM);
    } else {
      map.fitBounds({ north, south, east, west }, FIT_PADDING);
    }
  }, [map, north, south, east, west]);
  return null;
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
          <PlaceDetails mark={mark} details={details} />
        </InfoWindow>
      ) : null}
    </>
  );
}

function Street({ answer, mapId, fallback, legend }: { answer: MapAnswer; mapId: string; fallback: ReactNode; legend: ReactNode }) {
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
          defaultBounds={bounds ? { ...bounds, padding: FIT_PADDING } : undefined}
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
      <figcaption>{legend}</figcaption>
    </figure>
  );
}

/**
 * The street map. `fallback` (the plan) is shown when Google's script fails or refuses the key. `mapId` defaults
 * to Google's demo map id, which advanced markers accept. `legend` replaces the map view's legend (the live view's own).
 */
export default function StreetMap({ answer, fallback, mapId = DEFAULT_MAP_ID, legend = <Legend /> }: { answer: MapAnswer; fallback: ReactNode; mapId?: string; legend?: ReactNode }) {
  return (
    <APIProvider apiKey={answer.api_key} region="GB" language="en-GB">
      <Street answer={answer} mapId={mapId} fallback={fallback} legend={legend} />
    </APIProvider>
  );
}
