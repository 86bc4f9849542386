import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MapAnswer } from '../../contract/map';
import LeafletMap, { attributionHtml } from './LeafletMap';
import { sizeLeafletContainersInJsdom } from './leaflet-in-jsdom';

// The real Leaflet under jsdom, without network: jsdom never fetches the tiles' images, so the street map is its
// marks, lines, details, credit and legend over empty tiles. jsdom lays nothing out: the map's box is given a size so
// Leaflet places the marks as in a browser.

const answer: MapAnswer = {
  branch_id: 1,
  date: '2026-11-24',
  api_key: '',
  tile_url: 'https://tiles.example.org/{z}/{x}/{y}.png',
  tile_attribution: '© OpenStreetMap contributors <b>and friends</b>',
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

sizeLeafletContainersInJsdom();

/** Where Leaflet put a mark or a line's ends, in the map's pixels. */
const spotOf = (mark: HTMLElement) => [parseFloat(mark.style.left), parseFloat(mark.style.top)];
const linesOf = (container: HTMLElement) => [...container.querySelectorAll<SVGPathElement>('.leaflet-overlay-pane path')];
const endsOf = (line: SVGPathElement) => (line.getAttribute('d') ?? '').match(/-?\d+(\.\d+)?/g)!.map(Number);

test('tiles from the configured server with its credit; each client and carer a named, focusable mark; a dashed line per visit', async () => {
  const { container } = render(<LeafletMap answer={answer} />);
  const client = screen.getByRole('button', { name: 'Client Margaret Evans, NW1 9HX, 2 visits' });
  const other = screen.getByRole('button', { name: 'Client Arthur Bell, NW1 8AA, 1 visit' });
  const carer = screen.getByRole('button', { name: 'Carer Grace Okafor, N7 6PA (approximate), 2 visits' });
  expect(client.querySelector('[data-kind="client"]')).toHaveTextContent('Margaret Evans');
  expect(carer.querySelector('[data-kind="carer"]')).toHaveTextContent('Grace Okafor');
  for (const mark of [client, other, carer]) expect(mark).toHaveAttribute('tabindex', '0');

  const tiles = [...container.querySelectorAll<HTMLImageElement>('img.leaflet-tile')];
  expect(tiles.length).toBeGreaterThan(0);
  for (const tile of tiles) expect(tile.src).toMatch(/^https:\/\/tiles\.example\.org\/\d+\/\d+\/\d+\.png$/);
  expect(tiles[0]!.referrerPolicy).toBe('strict-origin-when-cross-origin');

  // The credit is the setting's text (never markup), OpenStreetMap linking to its copyright page.
  const credit = container.querySelector<HTMLElement>('.leaflet-control-attribution')!;
  expect(credit).toHaveTextContent('© OpenStreetMap contributors <b>and friends</b>');
  expect(credit.querySelector('b')).toBeNull();
  expect(within(credit).getByRole('link', { name: 'OpenStreetMap' })).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright');

  // Two dashed lines, each from the carer's mark to a client's (in the map's pixels, as Leaflet placed them).
  const lines = linesOf(container);
  expect(lines).toHaveLength(2);
  for (const line of lines) expect(line).toHaveAttribute('stroke-dasharray', '6 6');
  const near = (a: number[], b: number[]) => Math.abs(a[0]! - b[0]!) <= 1 && Math.abs(a[1]! - b[1]!) <= 1;
  const [[ax, ay, bx, by], [cx, cy, dx, dy]] = lines.map(endsOf) as number[][] as [number[], number[]];
  expect(near([ax!, ay!], spotOf(carer)) && near([bx!, by!], spotOf(other))).toBe(true);
  expect(near([cx!, cy!], spotOf(carer)) && near([dx!, dy!], spotOf(client))).toBe(true);
  // North up: the carer (furthest north and east) is above and right of Margaret Evans.
  expect(spotOf(carer)[1]).toBeLessThan(spotOf(client)[1]!);
  expect(spotOf(carer)[0]).toBeGreaterThan(spotOf(client)[0]!);

  expect(within(screen.getByRole('list', { name: 'Legend' })).getByText(/Dashed line: a carer’s visit to a client/)).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

test('choosing a mark (click, or Tab then Enter) opens its details with the day’s visits in time order; again, ×, or Escape closes them', async () => {
  const user = userEvent.setup();
  render(<LeafletMap answer={answer} />);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  const carer = screen.getByRole('button', { name: /^Carer Grace Okafor/ });
  fireEvent.click(carer);
  const details = screen.getByRole('dialog', { name: 'Details of Grace Okafor' });
  expect(details).toHaveTextContent('Carer, N7 6PA (approximate: the postcode district’s centre)');
  expect(within(details).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['08:00 to Margaret Evans', '09:30 to Arthur Bell']);
  expect(details.closest('.leaflet-popup')).not.toBeNull();
  expect(carer.querySelector('[data-selected]')).not.toBeNull();
  fireEvent.click(carer);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(carer.querySelector('[data-selected]')).toBeNull();

  // Keyboard: Tab reaches the marks; Enter opens the details and focus goes into them; Escape closes and goes back.
  const client = screen.getByRole('button', { name: /^Client Margaret Evans/ });
  act(() => client.focus());
  await user.keyboard('{Enter}');
  const clientDetails = screen.getByRole('dialog', { name: 'Details of Margaret Evans' });
  expect(within(clientDetails).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['08:00 Grace Okafor']);
  expect(clientDetails.parentElement).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(client).toHaveFocus();

  await user.keyboard(' ');
  expect(screen.getByRole('dialog', { name: 'Details of Margaret Evans' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Close popup' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('every mark can be reached with Tab', async () => {
  const user = userEvent.setup();
  render(<LeafletMap answer={answer} />);
  const reached = new Set<string>();
  for (let step = 0; step < 8; step += 1) {
    await user.tab();
    const label = document.activeElement?.getAttribute('aria-label') ?? '';
    if (/^(Client|Carer) /.test(label)) reached.add(label.split(',')[0]!);
  }
  expect([...reached].sort()).toEqual(['Carer Grace Okafor', 'Client Arthur Bell', 'Client Margaret Evans']);
});

test('when tiles cannot be loaded a note says so and the marks still work', () => {
  const { container } = render(<LeafletMap answer={answer} />);
  const tile = container.querySelector<HTMLImageElement>('img.leaflet-tile')!;
  act(() => {
    tile.dispatchEvent(new Event('error'));
  });
  expect(screen.getByRole('status')).toHaveTextContent('Street tiles could not be loaded from tiles.example.org; the marks, lines and details still work.');
  expect(linesOf(container)).toHaveLength(2);
  fireEvent.click(screen.getByRole('button', { name: /^Client Arthur Bell/ }));
  expect(within(screen.getByRole('dialog', { name: 'Details of Arthur Bell' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['09:30 Grace Okafor']);
});

test('places at one spot are spread so each mark can be chosen; one place alone is shown at street zoom', () => {
  const district = { postcode: 'N7', latitude: 51.55, longitude: -0.12, approximate: true, visits: 1 } as const;
  const { container, unmount } = render(
    <LeafletMap answer={{ ...answer, points: [{ kind: 'client', id: 1, name: 'Ann Lee', ...district }, { kind: 'carer', id: 2, name: 'Bob Day', ...district }], links: [{ visit_id: 1, carer_id: 2, client_id: 1, start_time: '10:00' }] }} />,
  );
  const ann = spotOf(screen.getByRole('button', { name: /^Client Ann Lee/ }));
  const bob = spotOf(screen.getByRole('button', { name: /^Carer Bob Day/ }));
  expect(Math.hypot(ann[0]! - bob[0]!, ann[1]! - bob[1]!)).toBeGreaterThan(14);
  expect(linesOf(container)).toHaveLength(1);
  unmount();

  const alone = render(<LeafletMap answer={{ ...answer, points: [answer.points[0]!], links: [] }} />);
  const zoomOf = (img: HTMLImageElement) => Number(new URL(img.src).pathname.split('/')[1]);
  expect(zoomOf(alone.container.querySelector<HTMLImageElement>('img.leaflet-tile')!)).toBe(15);
});

test('the credit is text: markup is escaped and OpenStreetMap links to its copyright page', () => {
  expect(attributionHtml('<img src=x onerror=alert(1)> & co')).toBe('&#60;img src=x onerror=alert(1)&#62; &#38; co');
  expect(attributionHtml('')).toContain('© <a href="https://www.openstreetmap.org/copyright"');
});
