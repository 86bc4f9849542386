import { INCIDENT_STATES, LIVE_INCIDENT_LISTS, type IncidentRow } from '../../../contract';
import { hazardDetails, incidentCarer, incidentClient, incidentReport, incidentState, incidentWhen } from './columns';
import { ReportScreen, useSlotFilter } from './common';

// Live events → Hazards at home (/app/live-events/clients/hazards): hazards carers found in clients' homes
// (where, the risk, whether removed at the visit) and whether the office has reviewed them. Filter kept in the
// saved filter slot live_event_hazards.

export default function Hazards() {
  return (
    <ReportScreen<IncidentRow>
      title="Hazards at home"
      intro="Hazards carers found in clients’ homes, their risk and whether they were made safe at the visit, until a manager reviews them."
      path={LIVE_INCIDENT_LISTS.hazards}
      filter={useSlotFilter('live_event_hazards')}
      states={INCIDENT_STATES}
      defaultSort="happened_at"
      columns={[incidentWhen, incidentClient, hazardDetails, incidentReport, incidentCarer, incidentState]}
      caption="Hazards"
      empty="No hazards match these filters."
    />
  );
}
