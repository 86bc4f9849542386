import { Link } from 'react-router-dom';
import type { Column } from '@hcm/kit/table';
import type { CheckLocationRow } from '../../../contract/live-device';
import { metres, yesNo } from './useLiveList';
import { formatDateTime } from '@hcm/contract/format';

const position = (row: Pick<CheckLocationRow, 'latitude' | 'longitude' | 'accuracy_metres' | 'no_position_reason'>) =>
  row.latitude === null || row.longitude === null ? `No position: ${row.no_position_reason || 'no reason given'}` : `${row.latitude.toFixed(5)}, ${row.longitude.toFixed(5)}${row.accuracy_metres !== null ? ` (±${Math.round(row.accuracy_metres)} m)` : ''}`;

/** The columns of a list of checks: when, who, where against the home, and the flags. */
export function checkColumns(detailLink: boolean): Column<CheckLocationRow>[] {
  return [
    { key: 'recorded_at', label: 'When (device time)', sortable: true, render: (row) => formatDateTime(row.recorded_at) || '—' },
    { key: 'kind', label: 'Check', render: (row) => (row.kind === 'in' ? 'Check-in' : 'Check-out') },
    { key: 'client_name', label: 'Client', render: (row) => (detailLink ? <Link to={`/app/live-events/clients/not-on-site/${row.visit_id}`}>{row.client_name}</Link> : row.client_name) },
    { key: 'carer_name', label: 'Carer' },
    { key: 'position', label: 'Position', render: position },
    { key: 'home', label: 'Home', render: (row) => (row.home ? `${row.client_postcode} (${row.home.latitude.toFixed(5)}, ${row.home.longitude.toFixed(5)})` : `${row.client_postcode || 'Postcode unknown'}: not placed`) },
    { key: 'distance_metres', label: 'Distance from home', sortable: true, render: (row) => metres(row.distance_metres) },
    { key: 'on_site', label: 'On site', render: (row) => yesNo(row.on_site, 'On site', 'Not on site') },
    { key: 'punctual', label: 'Punctual', render: (row) => yesNo(row.punctual, 'On time', 'Outside the window') },
  ];
}
