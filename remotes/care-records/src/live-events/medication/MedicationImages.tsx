import { useState } from 'react';
import { Button, useRuntime } from '@hcm/kit';
import { Lightbox } from '@hcm/kit/elements';
import type { Column } from '@hcm/kit/table';
import { labelOfChoice, MEDICATION_IMAGE_KINDS, type MedicationImageRow } from '../../../contract';
import { clientLink, MedicationListScreen, styles, useUrlFilter } from './common';
import { formatDateTime } from '@hcm/contract/format';

// Live events → Medication photos (/app/live-events/clients/medications-images): photos carers took of the MAR
// sheet, a blister pack or a label, each shown from the API's authenticated route (every look audited). The
// filter lives in the address (no saved-filter slot of its own).

export default function MedicationImages() {
  const apiUrl = useRuntime((state) => state.registry.apiUrl).replace(/\/+$/, '');
  const [open, setOpen] = useState<MedicationImageRow | null>(null);
  const fileUrl = (row: MedicationImageRow) => `${apiUrl}/api/v1/live-events/medications-images/${row.id}/file`;
  const columns: Column<MedicationImageRow>[] = [
    { key: 'taken_at', label: 'Taken', sortable: true, render: (row) => formatDateTime(row.taken_at) },
    { key: 'client_name', label: 'Client', sortable: true, render: clientLink },
    {
      key: 'photo',
      label: 'Photo',
      render: (row) =>
        row.mime === 'image/heic' ? (
          <a href={fileUrl(row)}>Download photo {row.id} (HEIC)</a>
        ) : (
          <Button variant="secondary" onClick={() => setOpen(row)}>
            <img src={fileUrl(row)} alt={`${labelOfChoice(MEDICATION_IMAGE_KINDS, row.kind)} for ${row.client_name}`} width={96} height={64} style={{ objectFit: 'cover' }} loading="lazy" />
          </Button>
        ),
    },
    { key: 'kind', label: 'Shows', sortable: true, render: (row) => <>{labelOfChoice(MEDICATION_IMAGE_KINDS, row.kind)}{row.medicine ? <span className={styles.muted}> ({row.medicine})</span> : null}</> },
    { key: 'caption', label: 'Caption' },
    { key: 'carer_name', label: 'Taken by', sortable: true },
  ];
  return (
    <MedicationListScreen<MedicationImageRow>
      title="Medication photos"
      intro="Photos carers took at visits of the MAR sheet, blister packs and labels, newest first. Open one to see it full size."
      path="api/v1/live-events/medications-images"
      filter={useUrlFilter()}
      extras={[{ key: 'state', label: 'Shows', any: 'Any photo', choices: MEDICATION_IMAGE_KINDS }]}
      defaultSort="taken_at"
      columns={columns}
      caption="Medication photos"
      empty="No photos match these filters."
      rowKey={(row) => row.id}
    >
      <Lightbox display={open !== null} urls={open ? [fileUrl(open)] : []} alts={open ? [open.caption || 'Medication photo'] : undefined} label={open ? `Photo ${open.id}` : undefined} onClose={() => setOpen(null)} />
    </MedicationListScreen>
  );
}
