import { INCIDENT_STATES, LIVE_INCIDENT_LISTS, type IncidentRow } from '../../../contract';
import { fallDetails, incidentCarer, incidentClient, incidentReport, incidentState, incidentWhen } from './columns';
import { ReportScreen, useUrlFilter } from './common';

// Live events → Falls (/app/live-events/clients/client-fall): falls only, with what the carer found (on the
// floor, witnessed, injuries on the body map, head injury, ambulance, able to get up). The incidents list holds
// the live_event_incident slot, so this filter is kept in the address.

export default function Falls() {
  return (
    <ReportScreen<IncidentRow>
      title="Falls"
      intro="Falls carers found or saw at visits, with the details a falls review needs. New falls appear as soon as they are sent."
      path={LIVE_INCIDENT_LISTS.falls}
      filter={useUrlFilter()}
      states={INCIDENT_STATES}
      defaultSort="happened_at"
      columns={[incidentWhen, incidentClient, fallDetails, incidentReport, incidentCarer, incidentState]}
      caption="Falls"
      empty="No falls match these filters."
      live
    />
  );
}
