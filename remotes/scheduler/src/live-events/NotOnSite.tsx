import { Link, useParams } from 'react-router-dom';
import { Button, PageHeader, useRouteName } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { ListTable } from '@hcm/kit/table';
import type { CheckLocationRow, NotOnSiteDetail } from '../../contract/live-device';
import { STATUS_WORDS, styles } from '../visits/common';
import { checkColumns } from './device/CheckTable';
import { PositionsPlan } from './device/PositionsPlan';
import { CONFIRMATION_WORDS, LiveNote, metres, useLiveList, yesNo } from './device/useLiveList';
import { BranchField, PeriodFields } from './device/FilterFields';
import { formatDate, formatDateTime } from '@hcm/contract/format';

type Filters = { from: string; to: string; branch_id: string; kind: string };
const NONE: Filters = { from: '', to: '', branch_id: '', kind: '' };

/**
 * live-events/clients/not-on-site: the checks flagged not on site (farther from the home than the branch's
 * distance, accuracy allowed for) or sent without a position; with :visit, that visit's checks, both positions
 * and the home on a drawn plan and in a table. Slot live_event_not_on_site.
 */
export default function NotOnSite() {
  const { visit } = useParams();
  return visit ? <OneVisit id={visit} /> : <FlaggedChecks />;
}

function FlaggedChecks() {
  useRouteName('Not on site');
  const { filters, choose, clearFilters, tableProps, connected } = useLiveList<CheckLocationRow, Filters>('api/v1/live/not-on-site', 'live_event_not_on_site', NONE, { sort: 'recorded_at', mode: 'desc' });
  return (
    <div className={styles.screen}>
      <PageHeader title="Not on site" />
      <LiveNote connected={connected} />
      <form className={styles.filters} role="search" aria-label="Filter the flagged checks" onSubmit={(event) => event.preventDefault()}>
        <PeriodFields from={filters.from} to={filters.to} choose={choose} />
        <BranchField value={filters.branch_id} choose={choose} />
        <label>
          Check
          <select value={filters.kind} onChange={(event) => choose('kind', event.target.value)}>
            <option value="">Check-ins and check-outs</option>
            <option value="in">Check-ins</option>
            <option value="out">Check-outs</option>
          </select>
        </label>
        <Button variant="secondary" onClick={clearFilters}>Clear filters</Button>
      </form>
      <ListTable caption="Checks not on site or without a position" columns={checkColumns(true)} {...tableProps} rowKey={(row) => row.id} empty="No check was flagged in this period." />
    </div>
  );
}

function OneVisit({ id }: { id: string }) {
  useRouteName('Not on site: one visit');
  const detail = useApiQuery<NotOnSiteDetail>(`api/v1/live/not-on-site/${id}`, undefined, { failure: 'This visit could not be loaded.' });
  const data = detail.data;
  return (
    <div className={styles.screen}>
      <PageHeader title={data ? `Checks at ${data.visit.client_name}, ${formatDate(data.visit.date) || '—'} ${data.visit.start_time}` : 'Checks at one visit'} actions={<Link to="/app/live-events/clients/not-on-site">All flagged checks</Link>} />
      {detail.error ? <p role="alert">{detail.error.message}</p> : null}
      {!data && !detail.error ? <p role="status">Loading…</p> : null}
      {data ? (
        <>
          <dl className={styles.facts}>
            <dt>Visit</dt>
            <dd><Link to={`/app/visits/${data.visit.id}`}>{data.visit.start_time}–{data.visit.end_time}, {STATUS_WORDS[data.visit.status]}</Link></dd>
            <dt>Home</dt>
            <dd>{data.home ? `${data.visit.client_postcode}: ${data.home.latitude.toFixed(5)}, ${data.home.longitude.toFixed(5)}` : `${data.visit.client_postcode || 'No postcode'}: not placed`}</dd>
            <dt>On site within</dt>
            <dd>{data.on_site_distance_metres} m</dd>
            <dt>Confirmation</dt>
            <dd>{CONFIRMATION_WORDS[data.visit.confirmation]}{data.visit.confirmation_issues.length ? `: ${data.visit.confirmation_issues.join(' ')}` : ''}</dd>
          </dl>
          <PositionsPlan detail={data} />
          <table className={styles.table}>
            <caption>The visit’s checks</caption>
            <thead>
              <tr><th scope="col">Check</th><th scope="col">When (device time)</th><th scope="col">Carer</th><th scope="col">Position</th><th scope="col">Distance from home</th><th scope="col">On site</th></tr>
            </thead>
            <tbody>
              {data.checks.length ? data.checks.map((check) => (
                <tr key={check.id}>
                  <td>{check.kind === 'in' ? 'Check-in' : 'Check-out'}</td>
                  <td>{formatDateTime(check.recorded_at) || '—'}</td>
                  <td>{check.carer_name}</td>
                  <td>{check.latitude !== null && check.longitude !== null ? `${check.latitude.toFixed(5)}, ${check.longitude.toFixed(5)}${check.accuracy_metres !== null ? ` (±${Math.round(check.accuracy_metres)} m)` : ''}` : `No position: ${check.no_position_reason}`}</td>
                  <td>{metres(check.distance_metres)}</td>
                  <td>{yesNo(check.on_site, 'On site', 'Not on site')}</td>
                </tr>
              )) : <tr><td colSpan={6}>No check from a device for this visit yet.</td></tr>}
            </tbody>
          </table>
        </>
      ) : null}
    </div>
  );
}
