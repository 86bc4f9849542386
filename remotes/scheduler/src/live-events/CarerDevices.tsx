import { useState } from 'react';
import { api, Button, PageHeader, useCan, useRouteName } from '@hcm/kit';
import { ListTable, type Column } from '@hcm/kit/table';
import type { CarerDeviceRow } from '../../contract/live-device';
import { styles } from '../visits/common';
import { LiveNote, useLiveList, yesNo } from './device/useLiveList';
import { formatDateTime, formatTime } from '@hcm/contract/format';

type Filters = { search: string; app_in_use: string };
const NONE: Filters = { search: '', app_in_use: '' };

/**
 * live-events/carers/monitoring: carers' devices (the platform's list of device tokens) with each carer's last
 * check and position today and whether the app is in use today; a lost phone is revoked here (carers.edit).
 * Slot live_event_monitoring.
 */
export default function CarerDevices() {
  useRouteName("Carers' devices");
  const can = useCan();
  const [message, setMessage] = useState('');
  const { filters, choose, clearFilters, tableProps, connected, list } = useLiveList<CarerDeviceRow, Filters>('api/v1/live/carer-devices', 'live_event_monitoring', NONE, { sort: 'carer_name', mode: 'asc' });

  async function revoke(device: { id: number; name: string }, carer: string) {
    const answer = await api.post(`api/v1/carer-devices/${device.id}/revoke`, {});
    setMessage(answer.error ? answer.message || 'The device could not be revoked.' : `${device.name} (${carer}) is signed out for good.`);
    void list.refetch();
  }

  const columns: Column<CarerDeviceRow>[] = [
    { key: 'carer_name', label: 'Carer', sortable: true },
    {
      key: 'devices',
      label: 'Devices',
      render: (row) => (
        <ul className={styles.list}>
          {row.devices.map((device) => (
            <li key={device.id}>
              {device.name}: {device.revoked ? 'revoked' : `last used ${formatDateTime(device.last_used_at) || '—'}`}
              {!device.revoked && can('carers.edit') ? <Button variant="secondary" onClick={() => void revoke(device, row.carer_name)}>Revoke {device.name} of {row.carer_name}</Button> : null}
            </li>
          ))}
        </ul>
      ),
    },
    { key: 'app_in_use', label: 'App in use today', render: (row) => yesNo(row.app_in_use, 'Yes', 'No') },
    {
      key: 'last_check',
      label: 'Last check today',
      sortable: true,
      render: (row) =>
        row.last_check
          ? `${row.last_check.kind === 'in' ? 'Check-in' : 'Check-out'} at ${formatTime(row.last_check.recorded_at) || '—'}, ${row.last_check.client_name}`
          : 'No check today',
    },
    {
      key: 'position',
      label: 'Last position',
      render: (row) =>
        row.last_check?.latitude != null && row.last_check.longitude != null
          ? `${row.last_check.latitude.toFixed(5)}, ${row.last_check.longitude.toFixed(5)} (${yesNo(row.last_check.on_site, 'on site', 'not on site')})`
          : '—',
    },
    { key: 'checks_today', label: 'Checks today' },
  ];

  return (
    <div className={styles.screen}>
      <PageHeader title="Carers' devices" />
      <LiveNote connected={connected} />
      <form className={styles.filters} role="search" aria-label="Filter the carers' devices" onSubmit={(event) => event.preventDefault()}>
        <label>
          Carer
          <input type="search" value={filters.search} onChange={(event) => choose('search', event.target.value)} />
        </label>
        <label>
          App in use today
          <select value={filters.app_in_use} onChange={(event) => choose('app_in_use', event.target.value)}>
            <option value="">Either</option>
            <option value="yes">Yes</option>
            <option value="no">No</option>
          </select>
        </label>
        <Button variant="secondary" onClick={clearFilters}>Clear filters</Button>
      </form>
      {message ? <p role="status">{message}</p> : null}
      <ListTable caption="Carers and their devices" columns={columns} {...tableProps} rowKey={(row) => row.carer_id} empty="No carer has signed a device in yet." />
    </div>
  );
}
