import { useApiQuery } from '@hcm/kit/data';
import type { Column } from '@hcm/kit/table';
import type { MedicationEventRow, OutcomeCode } from '../../../contract';
import { clientLink, MedicationListScreen, styles, useSlotFilter, type ExtraFilter } from './common';
import { formatDate, formatDateTime } from '@hcm/contract/format';

// Live events → Medication (/app/live-events/clients/medications): every MAR outcome recorded, refused and not
// given first, then the newest. Filter kept in the saved filter slot live_event_medication.

export const outcomeColumns: Column<MedicationEventRow>[] = [
  { key: 'given_at', label: 'When', sortable: true, render: (row) => formatDateTime(row.given_at) },
  { key: 'client_name', label: 'Client', sortable: true, render: clientLink },
  {
    key: 'medicine',
    label: 'Medicine',
    sortable: true,
    render: (row) => (
      <>
        {row.medicine}
        {row.due_date ? <span className={styles.muted}> ({row.due_slot} dose, {formatDate(row.due_date)})</span> : <span className={styles.muted}> (when needed)</span>}
        {row.time_critical ? <span className={styles.badge}>Time-critical</span> : null}
      </>
    ),
  },
  {
    key: 'outcome',
    label: 'Outcome',
    sortable: true,
    render: (row) => (
      <>
        <strong className={row.counts_as_given ? undefined : styles.concern}>{row.outcome}: {row.outcome_label}</strong>
        {row.note ? <p>{row.note}</p> : null}
      </>
    ),
  },
  { key: 'carer_name', label: 'Recorded by', sortable: true, render: (row) => `${row.carer_name}${row.created_via === 'device' ? ' (at the visit)' : ' (office)'}` },
];

export function useOutcomeFilter(): ExtraFilter {
  const codes = useApiQuery<OutcomeCode[]>('api/v1/mar/outcome-codes');
  return { key: 'outcome', label: 'Outcome', any: 'Any outcome', choices: (codes.data ?? []).map((code) => ({ value: code.code, label: `${code.code}: ${code.label}` })) };
}

export default function Medications() {
  const outcome = useOutcomeFilter();
  return (
    <MedicationListScreen<MedicationEventRow>
      title="Medication given and refused"
      intro="Every MAR outcome recorded, at visits from carers’ devices and by the office: doses refused or not given first, then the newest."
      path="api/v1/live-events/medications"
      filter={useSlotFilter('live_event_medication')}
      extras={[outcome, { key: 'state', label: 'Recorded', any: 'Anywhere', choices: [{ value: 'device', label: 'At visits only' }] }]}
      defaultSort=""
      columns={outcomeColumns}
      caption="Medication outcomes"
      empty="No medication outcomes match these filters."
      rowKey={(row) => row.id}
    />
  );
}
