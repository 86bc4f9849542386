import { Link } from 'react-router-dom';
import { Modal } from '@hcm/kit/elements';
import { CANCEL_REASONS, TASK_KINDS, VISIT_SOURCES, type VisitRow } from '../../contract/visits';
import { STATUS_LABEL, STATUS_SYMBOL, timesOf } from './common';
import styles from './timeline.module.css';
import { formatDateLong, formatHours } from '@hcm/contract/format';

// A visit's details from a timeline bar: client, day and times, status, carers, tasks, funder, notes, with links
// to the visit's own page and the client's record.

const label = <T extends { value: string; label: string }>(list: readonly T[], value: string | null) => list.find((item) => item.value === value)?.label ?? value ?? '';

export function VisitPanel({ visit, onClose }: { visit: VisitRow | null; onClose: () => void }) {
  return (
    <Modal open={visit !== null} title={visit ? `${visit.client_name}, ${timesOf(visit)}` : 'Visit'} onClose={onClose} size="medium">
      {visit ? (
        <div className={styles.panel}>
          <dl className={styles.facts}>
            <dt>Client</dt>
            <dd>
              <Link to={`/app/clients/${visit.client_id}`}>{visit.client_name}</Link>
              {visit.client_postcode ? ` (${visit.client_postcode})` : ''}
            </dd>
            <dt>When</dt>
            <dd>
              {formatDateLong(visit.date)}, {timesOf(visit)} ({formatHours(visit.duration_minutes)})
            </dd>
            <dt>Status</dt>
            <dd>
              <span aria-hidden="true">{STATUS_SYMBOL[visit.status]} </span>
              {STATUS_LABEL[visit.status]}
              {visit.status === 'cancelled' && visit.cancel_reason ? `: ${label(CANCEL_REASONS, visit.cancel_reason)}${visit.cancel_chargeable ? ' (chargeable)' : ''}` : ''}
              {visit.locked ? ' · changed by hand' : ''}
            </dd>
            <dt>Carers</dt>
            <dd>
              {visit.carers.length ? visit.carers.map((carer) => carer.name).join(', ') : 'No carer yet'}
              {visit.carers_needed === 2 ? ` (double-up: ${visit.carers.length} of 2)` : ''}
            </dd>
            <dt>Branch</dt>
            <dd>{visit.branch}</dd>
            <dt>Funder code</dt>
            <dd>{visit.funder_code ?? 'None'}</dd>
            <dt>NPC code</dt>
            <dd>{visit.npc_code ?? 'None'}</dd>
            <dt>Source</dt>
            <dd>{label(VISIT_SOURCES, visit.source)}</dd>
            {visit.actual_start ? (
              <>
                <dt>Actual times</dt>
                <dd>
                  {/* UK times of day already (HH:MM), not instants. */}
                  {visit.actual_start}
                  {visit.actual_end ? `–${visit.actual_end}` : ' (not yet ended)'}
                </dd>
              </>
            ) : null}
          </dl>
          <h3>Tasks</h3>
          {visit.tasks.length ? (
            <ul>
              {visit.tasks.map((task) => (
                <li key={task.key}>
                  {task.label} <span className={styles.muted}>({label(TASK_KINDS, task.kind)})</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>No tasks listed.</p>
          )}
          <h3>Notes for the carers</h3>
          <p>{visit.notes || <span className={styles.muted}>No notes.</span>}</p>
          <p className={styles.links}>
            <Link to={`/app/visits/${visit.id}`}>Open the visit</Link>
            <Link to={`/app/clients/${visit.client_id}`}>Open {visit.client_name}’s record</Link>
          </p>
        </div>
      ) : null}
    </Modal>
  );
}
