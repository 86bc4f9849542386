import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LiveToday } from '../../contract/live-engine';
import { DEFAULT_TILE_ATTRIBUTION } from '../../contract/map';
import { LiveMap } from './LiveMap';
import { sizeLeafletContainersInJsdom } from '../map/leaflet-in-jsdom';

// The live view's map chooses as the map view does: with tiles (map_tile_url) and no Google Maps key, the real Leaflet
// street map (loaded lazily; under jsdom without network, so its tiles fail and its marks still work); with
// map_tile_url 'none' (tile_url ''), the drawn plan. jsdom lays nothing out: the map's box is given a size.

const TILES = 'https://tiles.example.org/{z}/{x}/{y}.png';

const today = (tileUrl: string): LiveToday => ({
  branch_id: 1,
  date: '2026-11-24',
  generated_at: '2026-11-24T08:20:00.000Z',
  api_key: '',
  tile_url: tileUrl,
  tile_attribution: DEFAULT_TILE_ATTRIBUTION,
  counts: [],
  visits: [
    { id: 11, client_id: 7, client_name: 'Margaret Evans', carer_names: ['Grace Okafor'], planned_start: '2026-11-24T08:00:00.000Z', planned_end: '2026-11-24T08:30:00.000Z', actual_start: null, actual_end: null, state: 'late', state_label: 'Late', time_critical: false },
    { id: 12, client_id: 8, client_name: 'Arthur Price', carer_names: ['Tom Fletcher'], planned_start: '2026-11-24T07:30:00.000Z', planned_end: '2026-11-24T08:15:00.000Z', actual_start: '2026-11-24T07:32:00.000Z', actual_end: null, state: 'in-progress', state_label: 'In progress', time_critical: false },
  ],
  alerts: [],
  homes: [
    { client_id: 7, client_name: 'Margaret Evans', postcode: 'NW1 9HX', latitude: 51.54, longitude: -0.143, approximate: false },
    { client_id: 8, client_name: 'Arthur Price', postcode: 'NW5 2AB', latitude: 51.553, longitude: -0.14, approximate: true },
  ],
  positions: [{ carer_id: 4, carer_name: 'Tom Fletcher', latitude: 51.552, longitude: -0.139, at: '2026-11-24T07:32:00.000Z', visit_id: 12, kind: 'in' }],
});

sizeLeafletContainersInJsdom();

test('tiles set and no Google key: the Leaflet street map with named marks, which still work when the tiles fail', async () => {
  render(<LiveMap today={today(TILES)} />);
  const carer = await screen.findByRole('button', { name: 'Carer Tom Fletcher, checked in at 07:32, 1 visit' });
  expect(screen.getByRole('button', { name: 'Client Margaret Evans, NW1 9HX, 1 visit' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Client Arthur Price, NW5 2AB (approximate), 1 visit' })).toBeInTheDocument();
  const map = screen.getByRole('figure', { name: 'Street map of clients and carers' });
  expect(screen.queryByRole('group', { name: /^Plan of/ })).not.toBeInTheDocument();
  expect(within(map).getByRole('list', { name: 'Legend' })).toHaveTextContent('Circle: a carer where their phone last checked in or out');

  const tiles = [...map.querySelectorAll<HTMLImageElement>('img.leaflet-tile')];
  expect(tiles.length).toBeGreaterThan(0);
  for (const tile of tiles) expect(tile.src).toMatch(/^https:\/\/tiles\.example\.org\/\d+\/\d+\/\d+\.png$/);
  act(() => {
    tiles[0]!.dispatchEvent(new Event('error'));
  });
  expect(screen.getByRole('status')).toHaveTextContent('Street tiles could not be loaded from tiles.example.org; the marks, lines and details still work.');
  expect(map.querySelectorAll('.leaflet-overlay-pane path')).toHaveLength(1);
  await userEvent.click(carer);
  expect(within(screen.getByRole('dialog', { name: 'Details of Tom Fletcher' })).getByText('07:32 to Arthur Price')).toBeInTheDocument();
});

test("map_tile_url 'none' (no tile server) and no Google key: the drawn plan", () => {
  render(<LiveMap today={today('')} />);
  expect(screen.getByRole('group', { name: 'Plan of 3 places' })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Carer Tom Fletcher, checked in at 07:32, 1 visit' })).toBeInTheDocument();
  expect(screen.queryByRole('figure', { name: 'Street map of clients and carers' })).not.toBeInTheDocument();
});
