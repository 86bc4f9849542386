import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { api, Button, useCan } from '@hcm/kit';
import { apiKey, useApiMutation } from '@hcm/kit/data';
import { TextAreaField, valibotResolver } from '@hcm/kit/forms';
import type { Column } from '@hcm/kit/table';
import { AVAILABILITY_PROBLEMS, HandleAvailabilitySchema, labelOfChoice, type AvailabilityRow } from '../../../contract';
import { handleSaved } from '../../daily/common';
import { clientLink, MedicationListScreen, styles, useSlotFilter } from './common';
import { formatDateTime } from '@hcm/contract/format';

// Live events → Medication availability (/app/live-events/clients/medication_availability): medicines carers
// report running low, run out, not delivered or damaged; open reports first, each marked handled with what the
// office did. Filter kept in the saved filter slot live_event_medication_availability.

const PATH = 'api/v1/live-events/medication-availability';

function Handle({ report }: { report: AvailabilityRow }) {
  const [open, setOpen] = useState(false);
  const form = useForm<{ note: string }>({ resolver: valibotResolver(HandleAvailabilitySchema), defaultValues: { note: '' } });
  const handle = useApiMutation<{ id: number }, { note: string }>({ request: (values) => api.post<{ id: number }>(`${PATH}/${report.id}/handle`, values), invalidates: [apiKey(PATH)] });
  if (!open) return <Button variant="secondary" onClick={() => setOpen(true)}>Mark report {report.id} handled</Button>;
  const submit = form.handleSubmit(async () => {
    if (handleSaved(await handle.submit(form.getValues()), form, 'The report could not be marked handled.')) setOpen(false);
  });
  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-label={`Handle report ${report.id}`}>
        <TextAreaField name="note" label="What was done" rows={2} />
        <div className={styles.actions}>
          <Button type="submit">Save</Button>
          <Button variant="secondary" onClick={() => setOpen(false)}>Cancel</Button>
        </div>
      </form>
    </FormProvider>
  );
}

export default function MedicationAvailability() {
  const can = useCan();
  const columns: Column<AvailabilityRow>[] = [
    { key: 'reported_at', label: 'Reported', sortable: true, render: (row) => formatDateTime(row.reported_at) },
    { key: 'client_name', label: 'Client', sortable: true, render: clientLink },
    { key: 'medicine', label: 'Medicine' },
    {
      key: 'problem',
      label: 'Problem',
      sortable: true,
      render: (row) => (
        <>
          <strong className={row.handled_at ? undefined : styles.concern}>{labelOfChoice(AVAILABILITY_PROBLEMS, row.problem)}</strong>
          {row.quantity_left !== null ? ` (${row.quantity_left} left)` : ''}
          {row.note ? <p>{row.note}</p> : null}
        </>
      ),
    },
    { key: 'carer_name', label: 'Reported by', sortable: true },
    {
      key: 'handled',
      label: 'Handled',
      render: (row) =>
        row.handled_at ? <>{formatDateTime(row.handled_at)} by {row.handled_by_name}: {row.handled_note}</> : can('clients.edit') ? <Handle report={row} /> : 'Open',
    },
  ];
  return (
    <MedicationListScreen<AvailabilityRow>
      title="Medication availability"
      intro="Medicines carers report running low, run out, not delivered or damaged. Open reports first: ring the pharmacy or GP, then mark each handled with what was done."
      path={PATH}
      filter={useSlotFilter('live_event_medication_availability')}
      extras={[
        { key: 'problem', label: 'Problem', any: 'Any problem', choices: AVAILABILITY_PROBLEMS },
        { key: 'state', label: 'State', any: 'Open and handled', choices: [{ value: 'open', label: 'Open' }, { value: 'handled', label: 'Handled' }] },
      ]}
      defaultSort=""
      columns={columns}
      caption="Medication stock reports"
      empty="No stock reports match these filters."
      rowKey={(row) => row.id}
    />
  );
}
