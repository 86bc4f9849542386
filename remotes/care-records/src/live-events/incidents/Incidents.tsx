import { INCIDENT_KINDS, INCIDENT_STATES, LIVE_INCIDENT_LISTS, type IncidentRow } from '../../../contract';
import { incidentCarer, incidentClient, incidentKind, incidentReport, incidentState, incidentWhen } from './columns';
import { ReportScreen, useSlotFilter } from './common';

// Live events → Incidents at visits (/app/live-events/clients/incidents): every incident carers report, of every
// kind (falls and hazards too; families' feedback has its own lists), newest first, for review. Filter kept in
// the saved filter slot live_event_incident.

export default function Incidents() {
  return (
    <ReportScreen<IncidentRow>
      title="Incidents at visits"
      intro="Incidents carers reported from their visits. Falls and safeguarding concerns appear here as soon as they are sent; each waits for a manager’s review."
      path={LIVE_INCIDENT_LISTS.incidents}
      filter={useSlotFilter('live_event_incident')}
      kinds={INCIDENT_KINDS}
      states={INCIDENT_STATES}
      defaultSort="happened_at"
      columns={[incidentWhen, incidentClient, incidentKind, incidentReport, incidentCarer, incidentState]}
      caption="Incidents"
      empty="No incidents match these filters."
      live
    />
  );
}
