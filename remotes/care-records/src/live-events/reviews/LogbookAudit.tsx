import { useState } from 'react';
import { Button, PageHeader, useCan, useRouteName } from '@hcm/kit';
import type { Column } from '@hcm/kit/table';
import { NOTE_AUDIT_OUTCOMES, NOTE_FLAGS, type LogbookNoteRow, type LogbookWeekRow } from '../../../contract';
import { AuditNoteForm } from './AuditNoteForm';
import { BranchSelect, styles, useLiveList, useSlotFilter } from './common';
import { formatDate, formatDateTime } from '@hcm/contract/format';

// live-events/clients/logbook-audit: care notes (the daily log book) awaiting the office's audit, flagged ones
// first (an incident or concern, safeguarding words, a short note, one written late), or the same by client and
// week; "Audit note N" records the outcome. The filter is kept in the slot live_event_logbook_audit_client.

const TITLE = 'Log book audit';
const INITIAL = { view: 'notes', flag: '', audited: 'no', branch_id: '', client_id: '', from: '', to: '' };
type Filter = typeof INITIAL;

const flagLabel = (flag: string) => NOTE_FLAGS.find((item) => item.value === flag)?.label ?? flag;
const outcomeLabel = (outcome: string) => NOTE_AUDIT_OUTCOMES.find((item) => item.value === outcome)?.label ?? outcome;
const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

function Notes({ filter, setFilter }: { filter: Filter; setFilter: (change: Partial<Filter>) => void }) {
  const can = useCan();
  const [auditing, setAuditing] = useState<number | null>(null);
  const { table } = useLiveList<LogbookNoteRow, Filter>('api/v1/live-events/logbook-audit', [filter, setFilter], 'The care notes could not be loaded.');
  const columns: Column<LogbookNoteRow>[] = [
    { key: 'visit_date', label: 'Visit', sortable: true, render: (row) => `${formatDate(row.visit_date) || '—'}${row.planned_time ? `, ${row.planned_time}` : ''}` },
    { key: 'client_name', label: 'Client', sortable: true },
    { key: 'flags', label: 'Flags', sortable: true, render: (row) => (row.flags.length ? row.flags.map((flag) => <span key={flag} className={styles.badge}>{flagLabel(flag)}</span>) : '—') },
    { key: 'category', label: 'Category', sortable: true, render: (row) => row.category_label },
    { key: 'note', label: 'Note', render: (row) => <p className={styles.note}>{row.note}</p> },
    { key: 'author_name', label: 'Written by', sortable: true, render: (row) => `${row.author_name}, ${formatDateTime(row.written_at)}` },
    {
      key: 'audit',
      label: 'Audit',
      render: (row) =>
        row.audit ? (
          <span>
            {outcomeLabel(row.audit.outcome)} by {row.audit.audited_by_name}, {formatDateTime(row.audit.audited_at)}
            {row.audit.comment ? <span className={styles.muted}>: {row.audit.comment}</span> : null}
          </span>
        ) : auditing === row.id ? (
          <AuditNoteForm note={row} onDone={() => setAuditing(null)} />
        ) : can('clients.edit') ? (
          <Button variant="secondary" onClick={() => setAuditing(row.id)}>
            Audit note {row.id}
          </Button>
        ) : (
          'Awaiting audit'
        ),
    },
  ];
  return table('Care notes', columns, (row) => row.id, 'No care note matches.');
}

function Weeks({ filter, setFilter }: { filter: Filter; setFilter: (change: Partial<Filter>) => void }) {
  const { table } = useLiveList<LogbookWeekRow, Filter>('api/v1/live-events/logbook-audit/weeks', [filter, setFilter], 'The weeks could not be loaded.');
  const columns: Column<LogbookWeekRow>[] = [
    { key: 'week_start', label: 'Week of', sortable: true, render: (row) => formatDate(row.week_start) || '—' },
    { key: 'client_name', label: 'Client', sortable: true },
    { key: 'notes', label: 'Notes to audit', sortable: true },
    { key: 'flagged', label: 'Flagged', sortable: true },
    { key: 'concerns', label: 'Concerns', sortable: true },
    {
      key: 'open',
      label: 'Notes',
      render: (row) => (
        <Button variant="secondary" onClick={() => setFilter({ view: 'notes', audited: 'no', client_id: String(row.client_id), from: row.week_start, to: addDays(row.week_start, 6) })}>
          Show {row.client_name}&apos;s notes of that week
        </Button>
      ),
    },
  ];
  return table('Notes awaiting audit by client and week', columns, (row) => `${row.client_id}-${row.week_start}`, 'Every note is audited.');
}

export default function LogbookAudit() {
  useRouteName(TITLE);
  const [filter, setFilter] = useSlotFilter('live_event_logbook_audit_client', INITIAL);
  return (
    <div className={styles.screen}>
      <PageHeader title={TITLE} />
      <form className={styles.toolbar} role="search" aria-label="Filter the care notes" onSubmit={(event) => event.preventDefault()}>
        <label>
          Show
          <select value={filter.view} onChange={(event) => setFilter({ view: event.target.value })}>
            <option value="notes">Notes</option>
            <option value="weeks">By client and week</option>
          </select>
        </label>
        <label>
          Flag
          <select value={filter.flag} onChange={(event) => setFilter({ flag: event.target.value })}>
            <option value="">Any note</option>
            <option value="any">Flagged only</option>
            {NOTE_FLAGS.map((flag) => (
              <option key={flag.value} value={flag.value}>
                {flag.label}
              </option>
            ))}
          </select>
        </label>
        {filter.view === 'notes' ? (
          <label>
            Audit
            <select value={filter.audited} onChange={(event) => setFilter({ audited: event.target.value })}>
              <option value="no">Awaiting audit</option>
              <option value="yes">Audited</option>
              <option value="all">All</option>
            </select>
          </label>
        ) : null}
        <label>
          From
          <input type="date" value={filter.from} onChange={(event) => setFilter({ from: event.target.value })} />
        </label>
        <label>
          To
          <input type="date" value={filter.to} onChange={(event) => setFilter({ to: event.target.value })} />
        </label>
        <BranchSelect value={filter.branch_id} onChange={(branch_id) => setFilter({ branch_id })} />
        {filter.client_id ? (
          <Button variant="secondary" onClick={() => setFilter({ client_id: '' })}>
            Show every client
          </Button>
        ) : null}
      </form>
      {filter.view === 'weeks' ? <Weeks filter={filter} setFilter={setFilter} /> : <Notes filter={filter} setFilter={setFilter} />}
    </div>
  );
}
