import { useState } from 'react';
import { ukToday } from '@hcm/contract/time';
import type { DeviceVisit } from '@hcm/area-scheduler/contract/live-device.js';
import type { CareSheet } from '@hcm/area-care-records/contract/live-medication.js';
import type { QueuedWrite } from '../../queue/queue.js';
import { useServices } from '../App.js';
import { FeedbackForm } from './FeedbackForm.js';
import { IncidentForm } from './IncidentForm.js';
import { MoneyForm } from './MoneyForm.js';
import { PhotoForm } from './PhotoForm.js';
import { SupportForm } from './SupportForm.js';
import type { RecordFormProps } from './types.js';

// The visit's "Record" section: one button per kind of record, each opening its form (one at a time); every
// record is queued on the phone like the rest of the visit. A record the office refused is listed here in its
// words, with a button that opens its form filled in, its errors at the fields, to correct and send again.

export type RecordKind = 'money' | 'incident' | 'hazard' | 'feedback' | 'support' | 'photo';

const KINDS: readonly { kind: RecordKind; label: string }[] = [
  { kind: 'money', label: 'Money' },
  { kind: 'incident', label: 'Incident or fall' },
  { kind: 'hazard', label: 'Hazard' },
  { kind: 'feedback', label: 'Family feedback' },
  { kind: 'support', label: 'Ask for support' },
  { kind: 'photo', label: 'Photo of the MAR sheet or blister pack' },
];

/** Which form made a queued write (null: not one of this section's). */
export function recordKindOf(write: QueuedWrite, clientId: number): RecordKind | null {
  const client = `/api/v1/carer-app/clients/${clientId}`;
  if (write.path === `${client}/money`) return 'money';
  if (write.path === `${client}/incidents`) return write.body.kind === 'hazard' ? 'hazard' : 'incident';
  if (write.path === `${client}/family-feedback`) return 'feedback';
  if (write.path === `${client}/medication-images`) return 'photo';
  if (write.path === '/api/v1/carer-app/support-requests') return 'support';
  return null;
}

function FormOf({ kind, ...props }: RecordFormProps & { kind: RecordKind }) {
  switch (kind) {
    case 'money':
      return <MoneyForm {...props} />;
    case 'incident':
      return <IncidentForm {...props} hazard={false} />;
    case 'hazard':
      return <IncidentForm {...props} hazard />;
    case 'feedback':
      return <FeedbackForm {...props} />;
    case 'support':
      return <SupportForm {...props} />;
    case 'photo':
      return <PhotoForm {...props} />;
  }
}

export function RecordSection({ visit, sheet }: { visit: DeviceVisit; sheet: CareSheet | null }) {
  const { writes } = useServices();
  const [open, setOpen] = useState<{ kind: RecordKind; refused: QueuedWrite | null } | null>(null);
  const refused = writes.filter((write) => write.state === 'parked' && write.visitId === visit.id && recordKindOf(write, visit.client_id) !== null && write.id !== open?.refused?.id);
  const later = visit.date > ukToday();
  return (
    <section aria-labelledby="record">
      <h3 id="record">Record</h3>
      {later ? (
        <p className="hint">These are recorded on the day of the visit.</p>
      ) : (
        <>
          {refused.length > 0 && (
            <ul className="cards" aria-label="Not accepted by the office">
              {refused.map((write) => (
                <li key={write.id} className="card notice bad">
                  <p>
                    <strong>Not accepted:</strong> {write.label}: {write.error}
                  </p>
                  <button type="button" onClick={() => setOpen({ kind: recordKindOf(write, visit.client_id)!, refused: write })}>
                    Correct: {write.label}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="record-buttons">
            {KINDS.map(({ kind, label }) => (
              <button
                key={kind}
                type="button"
                className={open?.kind === kind ? undefined : 'secondary'}
                aria-expanded={open?.kind === kind}
                aria-controls={open?.kind === kind ? 'record-form' : undefined}
                onClick={() => setOpen(open?.kind === kind ? null : { kind, refused: null })}
              >
                {label}
              </button>
            ))}
          </div>
          {open && (
            <div id="record-form" className="record-form">
              <FormOf key={`${open.kind}-${open.refused?.id ?? 'new'}`} kind={open.kind} visit={visit} sheet={sheet} refused={open.refused} onClose={() => setOpen(null)} />
            </div>
          )}
        </>
      )}
    </section>
  );
}
