import type { NotOnSiteDetail } from '../../../contract/live-device';

const SIZE = 240;

/**
 * A small drawn plan (no map service needed): the client's home in the middle, each check's position around it
 * at its true bearing and distance, and the on-site circle. The table beside it says the same in words.
 */
export function PositionsPlan({ detail }: { detail: NotOnSiteDetail }) {
  const home = detail.home;
  const placed = detail.checks.filter((check) => check.latitude !== null && check.longitude !== null);
  if (!home || !placed.length) return null;
  const offsets = placed.map((check) => ({
    check,
    east: (check.longitude! - home.longitude) * 111_320 * Math.cos((home.latitude * Math.PI) / 180),
    north: (check.latitude! - home.latitude) * 111_320,
  }));
  const reach = Math.max(detail.on_site_distance_metres * 1.5, ...offsets.map((item) => Math.hypot(item.east, item.north) * 1.2));
  const scale = SIZE / 2 / reach;
  const centre = SIZE / 2;
  return (
    <svg width={SIZE} height={SIZE} role="img" aria-label={`Plan: the home and ${placed.length} check position(s); the circle is ${detail.on_site_distance_metres} m`}>
      <rect width={SIZE} height={SIZE} fill="#f5f7fa" stroke="#ccd" />
      <circle cx={centre} cy={centre} r={detail.on_site_distance_metres * scale} fill="#e6f4ea" stroke="#2e7d32" strokeDasharray="4 3" />
      <rect x={centre - 5} y={centre - 5} width={10} height={10} fill="#1a3e72" />
      <text x={centre + 8} y={centre - 8} fontSize="11">Home</text>
      {offsets.map(({ check, east, north }) => (
        <g key={check.id}>
          <circle cx={centre + east * scale} cy={centre - north * scale} r={5} fill={check.on_site === false ? '#b42318' : '#2e7d32'} />
          <text x={centre + east * scale + 7} y={centre - north * scale + 4} fontSize="11">{check.kind === 'in' ? 'In' : 'Out'}</text>
        </g>
      ))}
    </svg>
  );
}
