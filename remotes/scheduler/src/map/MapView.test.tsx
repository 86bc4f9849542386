import { cleanup, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { api } from '@hcm/kit';
import type { MapAnswer } from '../../contract/map';
import { ok, renderAt, signIn } from '../visits/testing';
import MapView, { project } from './MapView';

jest.mock('@hcm/kit', () => {
  const actual = jest.requireActual('@hcm/kit');
  return { ...actual, api: { ...actual.api, get: jest.fn() } };
});
const get = api.get as jest.Mock;

// Google Maps cannot run under jest: the lazily imported street map module is replaced at its import boundary by a
// stand-in that says what it was given (or fails, or shows the plan it was handed as the fallback).
jest.mock('./StreetMap', () => ({ __esModule: true, default: jest.fn() }));
const StreetMap = jest.requireMock<{ default: jest.Mock }>('./StreetMap').default;
const streetMapStandIn = ({ answer: given }: { answer: MapAnswer }) => <section aria-label="Street map stand-in">Street map with key {given.api_key} and {given.points.length} places</section>;
// The Leaflet map is replaced the same way, except in the test that loads the real one (Leaflet runs under jsdom).
jest.mock('./LeafletMap', () => ({ __esModule: true, default: jest.fn() }));
const LeafletMap = jest.requireMock<{ default: jest.Mock }>('./LeafletMap').default;
const leafletStandIn = ({ answer: given }: { answer: MapAnswer }) => <section aria-label="Tile map stand-in">Tile map from {given.tile_url} with {given.points.length} places</section>;
const TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

const answer = (apiKey = '', tileUrl = ''): MapAnswer => ({
  branch_id: 1,
  date: '2026-11-24',
  api_key: apiKey,
  tile_url: tileUrl,
  tile_attribution: '© OpenStreetMap contributors',
  points: [
    { kind: 'client', id: 7, name: 'Margaret Evans', postcode: 'NW1 9HX', latitude: 51.54, longitude: -0.143, approximate: false, visits: 2 },
    { kind: 'carer', id: 3, name: 'Grace Okafor', postcode: 'N7 6PA', latitude: 51.554, longitude: -0.117, approximate: true, visits: 1 },
  ],
  links: [{ visit_id: 11, carer_id: 3, client_id: 7, start_time: '08:00' }],
  unplaced: [{ kind: 'client', id: 9, name: 'Nora Quinn', postcode: 'ZZ9 9ZZ' }],
});

beforeEach(() => {
  get.mockReset();
  get.mockResolvedValue(ok(answer()));
  StreetMap.mockReset();
  StreetMap.mockImplementation(streetMapStandIn);
  LeafletMap.mockReset();
  LeafletMap.mockImplementation(leafletStandIn);
  signIn(['scheduler.view']);
});

test('without a Maps key or a tile server: a plan with focusable labelled points, a legend, a list beside it, and the note saying how to get a street map', async () => {
  renderAt('/app/scheduler/map-view', <MapView />, '/app/scheduler/map-view');
  expect(screen.getByRole('heading', { level: 1, name: 'Map' })).toBeInTheDocument();
  expect(await screen.findByText('Set a tile server (map_tile_url) or a Google Maps API key (google_maps_api_key) in Settings to see a street map.')).toBeInTheDocument();
  expect(get).toHaveBeenCalledWith('api/v1/scheduler/map', expect.objectContaining({ branch_id: '1' }));

  const client = screen.getByRole('img', { name: 'Client Margaret Evans, NW1 9HX, 2 visits' });
  const carer = screen.getByRole('img', { name: 'Carer Grace Okafor, N7 6PA (approximate), 1 visit' });
  expect(client.querySelector('rect')).not.toBeNull();
  expect(carer.querySelector('circle')).not.toBeNull();
  await userEvent.tab();
  await userEvent.tab();
  await userEvent.tab();
  expect(document.activeElement === client || document.activeElement === carer).toBe(true);

  expect(within(screen.getByRole('list', { name: 'Legend' })).getByText(/Square: a client/)).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'Who goes where' })).getByText('08:00 Grace Okafor to Margaret Evans')).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'Not on the map' })).getByText(/Nora Quinn: postcode ZZ9 9ZZ not found/)).toBeInTheDocument();
  expect(StreetMap).not.toHaveBeenCalled();
  expect(LeafletMap).not.toHaveBeenCalled();
});

test('without a Maps key but with a tile server: the tile street map is loaded in the plan’s place, the list beside it, no note', async () => {
  get.mockResolvedValue(ok(answer('', TILES)));
  renderAt('/app/scheduler/map-view', <MapView />, '/app/scheduler/map-view');
  expect(await screen.findByRole('region', { name: 'Tile map stand-in' })).toHaveTextContent(`Tile map from ${TILES} with 2 places`);
  expect(screen.queryByRole('group', { name: /Plan of/ })).not.toBeInTheDocument();
  expect(screen.queryByText(/Set a tile server/)).not.toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'Who goes where' })).getByText('08:00 Grace Okafor to Margaret Evans')).toBeInTheDocument();
  expect(StreetMap).not.toHaveBeenCalled();
});

test('the real tile street map, loaded lazily, shows each mark by name and its details without any tile', async () => {
  LeafletMap.mockImplementation(jest.requireActual<{ default: typeof LeafletMap }>('./LeafletMap').default);
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined); // Leaflet keeps the page still on a click; jsdom has no scrolling
  get.mockResolvedValue(ok(answer('', TILES)));
  renderAt('/app/scheduler/map-view', <MapView />, '/app/scheduler/map-view');
  const carer = await screen.findByRole('button', { name: 'Carer Grace Okafor, N7 6PA (approximate), 1 visit' });
  expect(screen.getByRole('button', { name: 'Client Margaret Evans, NW1 9HX, 2 visits' })).toBeInTheDocument();
  expect(screen.getByRole('figure', { name: 'Street map of clients and carers' }).querySelectorAll('.leaflet-overlay-pane path')).toHaveLength(1);
  await userEvent.click(carer);
  expect(within(screen.getByRole('dialog', { name: 'Details of Grace Okafor' })).getByText('08:00 to Margaret Evans')).toBeInTheDocument();
  (window.scrollTo as jest.Mock).mockRestore();
});

test('with a key: the street map module is loaded in the plan’s place (a tile server or not), the list stays beside it, no note; another branch asks again', async () => {
  get.mockResolvedValue(ok(answer('a-key', TILES)));
  renderAt('/app/scheduler/map-view', <MapView />, '/app/scheduler/map-view');
  expect(await screen.findByRole('region', { name: 'Street map stand-in' })).toHaveTextContent('Street map with key a-key and 2 places');
  expect(StreetMap.mock.calls.at(-1)?.[0]).toEqual(expect.objectContaining({ answer: expect.objectContaining({ api_key: 'a-key' }) }));
  expect(screen.queryByRole('group', { name: /Plan of/ })).not.toBeInTheDocument();
  expect(screen.queryByText(/Set a tile server/)).not.toBeInTheDocument();
  expect(LeafletMap).not.toHaveBeenCalled();
  expect(within(screen.getByRole('region', { name: 'Clients on the map' })).getByText(/Margaret Evans, NW1 9HX/)).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'Who goes where' })).getByText('08:00 Grace Okafor to Margaret Evans')).toBeInTheDocument();
  await userEvent.selectOptions(screen.getByLabelText('Branch'), '2');
  expect(get).toHaveBeenLastCalledWith('api/v1/scheduler/map', expect.objectContaining({ branch_id: '2' }));
});

test('with a key, the plan comes back when the street map hands over its fallback (Google refused the key) or fails outright', async () => {
  get.mockResolvedValue(ok(answer('a-key')));
  StreetMap.mockImplementation(({ fallback }: { fallback: ReactNode }) => <>{fallback}</>);
  const first = renderAt('/app/scheduler/map-view', <MapView />, '/app/scheduler/map-view');
  expect(await screen.findByRole('img', { name: 'Client Margaret Evans, NW1 9HX, 2 visits' })).toBeInTheDocument();
  first.dispose();
  cleanup();

  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  StreetMap.mockImplementation(() => {
    throw new Error('Google Maps failed');
  });
  renderAt('/app/scheduler/map-view', <MapView />, '/app/scheduler/map-view');
  expect(await screen.findByText('The street map could not be loaded; showing the plan instead.')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Carer Grace Okafor, N7 6PA (approximate), 1 visit' })).toBeInTheDocument();
  (console.error as jest.Mock).mockRestore();
});

test('the plan comes back when the tile street map fails', async () => {
  get.mockResolvedValue(ok(answer('', TILES)));
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  LeafletMap.mockImplementation(() => {
    throw new Error('Leaflet failed');
  });
  renderAt('/app/scheduler/map-view', <MapView />, '/app/scheduler/map-view');
  expect(await screen.findByText('The street map could not be loaded; showing the plan instead.')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Client Margaret Evans, NW1 9HX, 2 visits' })).toBeInTheDocument();
  (console.error as jest.Mock).mockRestore();
});

test('the plan keeps north up and one scale on both axes', () => {
  const [south, north, east] = project([
    { latitude: 51.5, longitude: -0.2 },
    { latitude: 51.6, longitude: -0.2 },
    { latitude: 51.5, longitude: -0.0 },
  ]);
  expect(north!.y).toBeLessThan(south!.y);
  expect(east!.x).toBeGreaterThan(south!.x);
  const degreeNorth = south!.y - north!.y; // 0.1° of latitude
  const degreeEast = (east!.x - south!.x) / 2; // 0.1° of longitude, shorter by cos(latitude)
  expect(degreeEast / degreeNorth).toBeCloseTo(Math.cos((51.533 * Math.PI) / 180), 2);
});
