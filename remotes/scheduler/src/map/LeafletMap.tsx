import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { DEFAULT_TILE_ATTRIBUTION, type MapAnswer, type MapPoint } from '../../contract/map';
import { boundsOf, FIT_PADDING, isOneSpot, Legend, PlaceDetails, placeMarks, pointKey, pointLabel, SINGLE_PLACE_ZOOM, visitsLine, type Placed } from './parts';
import styles from './map.module.css';

// The street map of /app/scheduler/map-view without a Google Maps key: Leaflet, with tiles from the global setting
// map_tile_url (OpenStreetMap's standard tiles unless the agency sets its own) and the credit of map_tile_attribution
// on the map. MapView and the live view's map (src/live/LiveMap.tsx) load this file lazily (React.lazy), so Leaflet and its CSS are fetched only when the map is
// opened. The same marks as the plan and the Google map: clients as white squares, carers as blue circles, each with
// its name; a dashed line from a carer to each client they visit that day; each mark is reached with Tab, named for a
// screen reader, and chosen with a click, Enter or Space, which opens its details. Tiles are only the background:
// when they fail (no network, a wrong address) a note says so and the marks, lines and details still work.

/** How Leaflet's tiles are asked for: the tile server sees which site asks (OpenStreetMap's policy wants it). */
const TILE_REFERRER_POLICY = 'strict-origin-when-cross-origin';
const OSM_COPYRIGHT = 'https://www.openstreetmap.org/copyright';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The credit as Leaflet's attribution control shows it: the setting is plain text (never markup), and the name
 * OpenStreetMap links to its copyright page, as its licence asks.
 */
export function attributionHtml(text: string): string {
  return escapeHtml(text.trim() || DEFAULT_TILE_ATTRIBUTION).replace('OpenStreetMap', `<a href="${OSM_COPYRIGHT}" target="_blank" rel="noopener noreferrer">OpenStreetMap</a>`);
}

/** The tile server's host name, for the note when tiles fail. */
function hostOf(template: string): string {
  try {
    return new URL(template.replace(/\{[a-z]+\}/gi, '0')).host;
  } catch {
    return template;
  }
}

/** A mark's look: the shape (square or circle) and the name beside it, built as elements (names are never markup). */
function markElement(mark: Placed): HTMLElement {
  const root = document.createElement('span');
  root.className = styles.marker ?? '';
  root.dataset.kind = mark.kind;
  const shape = document.createElement('span');
  shape.className = `${styles.markerShape} ${mark.kind === 'client' ? styles.markerClient : styles.markerCarer}`;
  shape.setAttribute('aria-hidden', 'true');
  const name = document.createElement('span');
  name.className = styles.markerName ?? '';
  name.textContent = mark.name;
  root.append(shape, name);
  return root;
}

/** `legend` replaces the map view's legend (the live view explains its marks in its own words). */
export default function LeafletMap({ answer, legend = <Legend /> }: { answer: MapAnswer; legend?: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  // The details of the chosen mark are React, drawn into the element Leaflet's popup shows.
  const [popupContent] = useState(() => {
    const element = document.createElement('div');
    element.tabIndex = -1;
    return element;
  });
  const marks = useMemo(() => placeMarks(answer.points), [answer.points]);
  const at = useMemo(() => new Map(marks.map((mark) => [pointKey(mark), mark])), [marks]);
  const nameOf = (kind: MapPoint['kind'], id: number) => at.get(`${kind}-${id}`)?.name ?? `#${id}`;
  // The chosen mark belongs to one answer: another branch or day starts with none chosen.
  const [choice, setChoice] = useState<{ answer: MapAnswer; key: string } | null>(null);
  const selected = choice?.answer === answer ? choice.key : null;
  const toggleRef = useRef<(key: string) => void>(() => undefined);
  toggleRef.current = (key) => setChoice(selected === key ? null : { answer, key });
  const markers = useRef(new Map<string, L.Marker>());
  const tileUrl = answer.tile_url ?? '';
  const [tileTrouble, setTileTrouble] = useState<string | null>(null);

  // The map itself, once; removed with the screen.
  useEffect(() => {
    if (!box.current) return;
    const created = L.map(box.current, { zoomControl: true, attributionControl: true, renderer: new L.SVG() });
    created.attributionControl.setPrefix('<a href="https://leafletjs.com" target="_blank" rel="noopener noreferrer">Leaflet</a>');
    setMap(created);
    return () => {
      created.remove();
      setMap(null);
    };
  }, []);

  // The tiles and their credit; a tile that cannot be fetched leaves a note, nothing else.
  useEffect(() => {
    if (!map || !tileUrl) return;
    const tiles = L.tileLayer(tileUrl, { attribution: attributionHtml(answer.tile_attribution ?? ''), maxZoom: 19, referrerPolicy: TILE_REFERRER_POLICY });
    tiles.on('tileerror', () => setTileTrouble(tileUrl));
    tiles.addTo(map);
    return () => {
      tiles.remove();
    };
  }, [map, tileUrl, answer.tile_attribution]);

  // The camera fitted to this answer's marks, then its lines and marks (Leaflet adds layers once the map has a view).
  useEffect(() => {
    if (!map) return;
    if (marks.length) {
      const bounds = boundsOf(marks);
      if (isOneSpot(bounds)) map.setView([bounds.north, bounds.east], SINGLE_PLACE_ZOOM);
      else map.fitBounds([[bounds.south, bounds.west], [bounds.north, bounds.east]], { padding: [FIT_PADDING, FIT_PADDING] });
    }
    const layer = L.layerGroup().addTo(map);
    for (const link of answer.links) {
      const from = at.get(`carer-${link.carer_id}`);
      const to = at.get(`client-${link.client_id}`);
      if (!from || !to) continue;
      L.polyline(
        [
          [from.lat, from.lng],
          [to.lat, to.lng],
        ],
        { color: '#444', weight: 2, opacity: 0.9, dashArray: '6 6', interactive: false, className: styles.streetLink ?? '' },
      ).addTo(layer);
    }
    const byKey = markers.current;
    byKey.clear();
    for (const mark of marks) {
      const key = pointKey(mark);
      const icon = L.divIcon({ className: styles.streetMark ?? '', html: markElement(mark), iconSize: [14, 14], iconAnchor: [7, 7] });
      const marker = L.marker([mark.lat, mark.lng], { icon, keyboard: true, title: pointLabel(mark), zIndexOffset: mark.kind === 'carer' ? 1000 : 0, riseOnHover: true });
      const onKey = (event: KeyboardEvent) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        toggleRef.current(key);
      };
      // Leaflet makes the mark focusable (a button); it gets its name here and opens with Enter or Space too.
      marker.on('add', () => {
        const element = marker.getElement();
        element?.setAttribute('aria-label', pointLabel(mark));
        element?.addEventListener('keydown', onKey);
      });
      marker.on('click', () => toggleRef.current(key));
      marker.addTo(layer);
      byKey.set(key, marker);
    }
    return () => {
      layer.remove();
      byKey.clear();
    };
  }, [map, marks, at, answer.links]);

  // The chosen mark: outlined, with its details in a popup above it (focus goes there; Escape or × closes it and
  // focus goes back to the mark).
  useEffect(() => {
    const mark = selected ? at.get(selected) : undefined;
    const marker = selected ? markers.current.get(selected) : undefined;
    if (!map || !mark || !marker) return;
    const markEl = marker.getElement();
    markEl?.firstElementChild?.setAttribute('data-selected', 'true');
    const popup = L.popup({ offset: [0, -6], autoPanPadding: [24, 24], maxWidth: 300 }).setLatLng([mark.lat, mark.lng]).setContent(popupContent);
    const closedByUser = () => {
      // Focus inside the popup (× or Escape) goes back to the mark; a click elsewhere on the map keeps its own.
      const focus = document.activeElement;
      setChoice(null);
      if (!focus || focus === document.body || popupContent.contains(focus)) markEl?.focus({ preventScroll: true });
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      map.closePopup(popup);
    };
    popup.on('remove', closedByUser);
    popupContent.addEventListener('keydown', onKey);
    popup.openOn(map);
    popupContent.focus({ preventScroll: true });
    return () => {
      popup.off('remove', closedByUser);
      popupContent.removeEventListener('keydown', onKey);
      popup.remove();
      markEl?.firstElementChild?.removeAttribute('data-selected');
    };
  }, [map, selected, at, popupContent]);

  const chosen = selected ? at.get(selected) : undefined;
  return (
    <figure className={styles.screen} aria-label="Street map of clients and carers">
      {tileTrouble === tileUrl && tileUrl ? (
        <p className={styles.note} role="status">
          Street tiles could not be loaded from {hostOf(tileUrl)}; the marks, lines and details still work.
        </p>
      ) : null}
      <div ref={box} className={styles.street} role="region" aria-label="Street map: arrow keys move it, plus and minus zoom" />
      {chosen
        ? createPortal(
            <div role="dialog" aria-label={`Details of ${chosen.name}`}>
              <strong>{chosen.name}</strong>
              <PlaceDetails mark={chosen} details={visitsLine(chosen, answer.links, nameOf)} />
            </div>,
            popupContent,
          )
        : null}
      <figcaption>{legend}</figcaption>
    </figure>
  );
}
