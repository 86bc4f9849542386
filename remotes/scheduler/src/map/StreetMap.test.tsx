import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { MapAnswer } from '../../contract/map';
import { boundsOf, placeMarks } from './parts';
import StreetMap, { DEFAULT_MAP_ID } from './StreetMap';

// Google Maps cannot run under jest: @vis.gl/react-google-maps is replaced at its import boundary by stand-ins that
// render what they were given, so the street map's own choices (marks, labels, lines, details, camera) are checked.
const camera = { fitBounds: jest.fn(), setCenter: jest.fn(), setZoom: jest.fn() };
const loading = { status: 'LOADED' };
const providers: { apiKey: string }[] = [];
jest.mock('@vis.gl/react-google-maps', () => ({
  APILoadingStatus: { NOT_LOADED: 'NOT_LOADED', LOADING: 'LOADING', LOADED: 'LOADED', FAILED: 'FAILED', AUTH_FAILURE: 'AUTH_FAILURE' },
  APIProvider: ({ apiKey, children }: { apiKey: string; children: ReactNode }) => {
    providers.push({ apiKey });
    return <>{children}</>;
  },
  useApiLoadingStatus: () => loading.status,
  useMap: () => camera,
  Map: ({ mapId, children }: { mapId: string; children: ReactNode }) => <div data-testid="google-map" data-map-id={mapId}>{children}</div>,
  Polyline: ({ path }: { path: { lat: number; lng: number }[] }) => <span data-testid="line">{path.map((point) => `${point.lat},${point.lng}`).join(' → ')}</span>,
  useAdvancedMarkerRef: () => [() => undefined, { marker: true }],
  AdvancedMarker: ({ title, onClick, children }: { title: string; onClick: () => void; children: ReactNode }) => (
    <button type="button" aria-label={title} onClick={onClick}>
      {children}
    </button>
  ),
  InfoWindow: ({ headerContent, children, onCloseClick }: { headerContent: ReactNode; children: ReactNode; onCloseClick: () => void }) => (
    <div role="dialog" aria-label="Details">
      {headerContent}
      {children}
      <button type="button" onClick={onCloseClick}>Close details</button>
    </div>
  ),
}));

const answer: MapAnswer = {
  branch_id: 1,
  date: '2026-11-24',
  api_key: 'a-key',
  points: [
    { kind: 'client', id: 7, name: 'Margaret Evans', postcode: 'NW1 9HX', latitude: 51.54, longitude: -0.143, approximate: false, visits: 2 },
    { kind: 'client', id: 8, name: 'Arthur Bell', postcode: 'NW1 8AA', latitude: 51.53, longitude: -0.13, approximate: false, visits: 1 },
    { kind: 'carer', id: 3, name: 'Grace Okafor', postcode: 'N7 6PA', latitude: 51.554, longitude: -0.117, approximate: true, visits: 2 },
  ],
  links: [
    { visit_id: 12, carer_id: 3, client_id: 8, start_time: '09:30' },
    { visit_id: 11, carer_id: 3, client_id: 7, start_time: '08:00' },
  ],
  unplaced: [],
};

beforeEach(() => {
  loading.status = 'LOADED';
  providers.length = 0;
  Object.values(camera).forEach((fn) => fn.mockReset());
});

test('loads Google Maps with the key; distinct labelled marks for clients and carers, a line per visit, the camera fitted to them', () => {
  render(<StreetMap answer={answer} fallback={<p>The plan</p>} />);
  expect(providers.at(-1)).toEqual({ apiKey: 'a-key' });
  expect(screen.getByTestId('google-map')).toHaveAttribute('data-map-id', DEFAULT_MAP_ID);
  const client = screen.getByRole('button', { name: 'Client Margaret Evans, NW1 9HX, 2 visits' });
  const carer = screen.getByRole('button', { name: 'Carer Grace Okafor, N7 6PA (approximate), 2 visits' });
  expect(client.querySelector('[data-kind="client"]')).toHaveTextContent('Margaret Evans');
  expect(carer.querySelector('[data-kind="carer"]')).toHaveTextContent('Grace Okafor');
  expect(screen.getAllByTestId('line').map((line) => line.textContent)).toEqual(['51.554,-0.117 → 51.53,-0.13', '51.554,-0.117 → 51.54,-0.143']);
  expect(camera.fitBounds).toHaveBeenCalledWith({ north: 51.554, south: 51.53, east: -0.117, west: -0.143 }, 48);
  expect(screen.getByRole('list', { name: 'Legend' })).toBeInTheDocument();
  expect(screen.queryByText('The plan')).not.toBeInTheDocument();
});

test('choosing a mark opens its details with the day’s visits in time order; choosing it again or closing hides them', () => {
  render(<StreetMap answer={answer} fallback={<p>The plan</p>} />);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  const carer = screen.getByRole('button', { name: /^Carer Grace Okafor/ });
  fireEvent.click(carer);
  const details = screen.getByRole('dialog', { name: 'Details' });
  expect(details).toHaveTextContent('Carer, N7 6PA (approximate: the postcode district’s centre)');
  expect(within(details).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['08:00 to Margaret Evans', '09:30 to Arthur Bell']);
  fireEvent.click(carer);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: /^Client Margaret Evans/ }));
  expect(within(screen.getByRole('dialog')).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['08:00 Grace Okafor']);
  fireEvent.click(screen.getByRole('button', { name: 'Close details' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test.each([
  ['AUTH_FAILURE', 'Google Maps refused the API key (google_maps_api_key); showing the plan instead.'],
  ['FAILED', 'Google Maps could not be loaded; showing the plan instead.'],
])('when loading ends in %s the plan it was handed is shown with a note', (status, note) => {
  loading.status = status;
  render(<StreetMap answer={answer} fallback={<p>The plan</p>} />);
  expect(screen.getByRole('status')).toHaveTextContent(note);
  expect(screen.getByText('The plan')).toBeInTheDocument();
  expect(screen.queryByTestId('google-map')).not.toBeInTheDocument();
});

test('one place only: the camera centres on it at street zoom instead of fitting an empty box', () => {
  render(<StreetMap answer={{ ...answer, points: [answer.points[0]!], links: [] }} fallback={null} />);
  expect(camera.setCenter).toHaveBeenCalledWith({ lat: 51.54, lng: -0.143 });
  expect(camera.setZoom).toHaveBeenCalledWith(15);
  expect(camera.fitBounds).not.toHaveBeenCalled();
});

test('places at the very same spot are spread on a small ring so none hides another; others stay put', () => {
  const district = { latitude: 51.55, longitude: -0.12, approximate: true, visits: 1, postcode: 'N7' } as const;
  const marks = placeMarks([
    { kind: 'client', id: 1, name: 'A', ...district },
    { kind: 'carer', id: 2, name: 'B', ...district },
    { kind: 'client', id: 3, name: 'C', ...district },
    { kind: 'client', id: 4, name: 'D', postcode: 'NW1', latitude: 51.5, longitude: -0.1, approximate: false, visits: 1 },
  ]);
  expect(marks[3]).toMatchObject({ lat: 51.5, lng: -0.1 });
  const spots = new Set(marks.slice(0, 3).map((mark) => `${mark.lat.toFixed(6)},${mark.lng.toFixed(6)}`));
  expect(spots.size).toBe(3);
  for (const mark of marks.slice(0, 3)) {
    expect(Math.abs(mark.lat - 51.55)).toBeLessThan(0.001);
    expect(Math.abs(mark.lng + 0.12)).toBeLessThan(0.001);
  }
  expect(boundsOf(marks).south).toBe(51.5);
});
