import type { Column } from '@hcm/kit/table';
import { BODY_SITES, FEEDBACK_KINDS, HAZARD_RISK_LEVELS, INCIDENT_KINDS, labelOf, type FamilyFeedbackRow, type IncidentRow } from '../../../contract';
import { FeedbackState, IncidentState } from './answers';
import { clientLink, styles, yesNo } from './common';
import { formatDateTime } from '@hcm/contract/format';

// The columns the lists share: when, the client (linked to their record), who reported it, and the state with
// the office's answer; each list adds what its reports carry (a fall's details, a hazard's place and risk).

export const incidentWhen: Column<IncidentRow> = { key: 'happened_at', label: 'When', sortable: true, render: (row) => formatDateTime(row.happened_at) };
export const incidentClient: Column<IncidentRow> = { key: 'client_name', label: 'Client', sortable: true, render: clientLink };
export const incidentKind: Column<IncidentRow> = { key: 'kind', label: 'Kind', sortable: true, render: (row) => labelOf(INCIDENT_KINDS, row.kind) };
export const incidentReport: Column<IncidentRow> = {
  key: 'description',
  label: 'What happened',
  render: (row) => (
    <>
      <p>{row.description}</p>
      {row.injuries ? <p>Injuries: {row.injuries}</p> : null}
      <p className={styles.muted}>Action taken: {row.action_taken}</p>
    </>
  ),
};
export const incidentCarer: Column<IncidentRow> = { key: 'carer_name', label: 'Reported by', sortable: true };
export const incidentState: Column<IncidentRow> = { key: 'state', label: 'State', sortable: true, render: (row) => <IncidentState incident={row} /> };

export const fallDetails: Column<IncidentRow> = {
  key: 'body_map',
  label: 'Fall',
  render: (row) =>
    row.body_map ? (
      <ul>
        <li>Found on the floor: {yesNo(row.body_map.found_on_floor)}</li>
        <li>Witnessed: {yesNo(row.body_map.witnessed)}</li>
        <li>Injured: {yesNo(row.body_map.injured)}{row.body_map.injury_sites.length ? ` (${row.body_map.injury_sites.map((site) => labelOf(BODY_SITES, site)).join(', ')})` : ''}</li>
        <li className={row.body_map.head_injury ? styles.concern : undefined}>Head injury: {yesNo(row.body_map.head_injury)}</li>
        <li>Ambulance called: {yesNo(row.body_map.ambulance_called)}</li>
        <li>Able to get up: {yesNo(row.body_map.able_to_get_up)}</li>
      </ul>
    ) : null,
};

export const hazardDetails: Column<IncidentRow> = {
  key: 'hazard',
  label: 'Hazard',
  render: (row) =>
    row.hazard ? (
      <>
        <p>{row.hazard.location}</p>
        <p className={row.hazard.risk_level === 'high' ? styles.concern : undefined}>Risk: {labelOf(HAZARD_RISK_LEVELS, row.hazard.risk_level)}</p>
        <p>{row.hazard.removed ? 'Removed or made safe at the visit' : 'Still in place'}</p>
      </>
    ) : null,
};

export const feedbackColumns: Column<FamilyFeedbackRow>[] = [
  { key: 'recorded_at', label: 'When', sortable: true, render: (row) => formatDateTime(row.recorded_at) },
  { key: 'client_name', label: 'Client', sortable: true, render: clientLink },
  { key: 'kind', label: 'Kind', sortable: true, render: (row) => labelOf(FEEDBACK_KINDS, row.kind) },
  { key: 'text', label: 'What they said', render: (row) => (<><p>{row.text}</p><p className={styles.muted}>From: {row.from}</p></>) },
  { key: 'carer_name', label: 'Recorded by', sortable: true },
  { key: 'state', label: 'State', sortable: true, render: (row) => <FeedbackState feedback={row} /> },
];
