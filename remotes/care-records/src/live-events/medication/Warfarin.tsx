import type { Column } from '@hcm/kit/table';
import type { MedicationEventRow } from '../../../contract';
import { MedicationListScreen, useUrlFilter } from './common';
import { outcomeColumns, useOutcomeFilter } from './Medications';

// Live events → Anticoagulants (/app/live-events/clients/medications-warfarin): doses of warfarin and the DOACs
// (apixaban, rivaroxaban, edoxaban, dabigatran, by the catalogue medicine's name) with the dose given and the INR
// the carer read from the yellow book. No saved-filter slot of its own: the filter lives in the address.

const columns: Column<MedicationEventRow>[] = [
  ...outcomeColumns.slice(0, 3),
  { key: 'dose_given', label: 'Dose given', render: (row) => (row.counts_as_given ? row.dose_given || '—' : 'Not given') },
  { key: 'inr', label: 'INR', render: (row) => row.inr ?? '—' },
  ...outcomeColumns.slice(3),
];

export default function Warfarin() {
  const outcome = useOutcomeFilter();
  return (
    <MedicationListScreen<MedicationEventRow>
      title="Warfarin and other anticoagulants"
      intro="Doses of warfarin, apixaban, rivaroxaban, edoxaban and dabigatran: a missed or doubled dose is a bleeding or clot risk, so each is listed with the dose given and the INR when the carer knows it."
      path="api/v1/live-events/medications-warfarin"
      filter={useUrlFilter()}
      extras={[outcome]}
      defaultSort=""
      columns={columns}
      caption="Anticoagulant doses"
      empty="No anticoagulant doses match these filters."
      rowKey={(row) => row.id}
    />
  );
}
