import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router-dom';
import type { Page } from '@hcm/contract';
import { api, Button, PageHeader, useAreaEvent, useCan, useRouteName } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { TextField, valibotResolver } from '@hcm/kit/forms';
import { ListTable, type Column } from '@hcm/kit/table';
import { ATTENTION_KINDS, attentionDismissPath, DismissAttentionSchema, NEEDS_ATTENTION_PATH, type AttentionKind, type DismissAttentionValues, type NeedsAttentionRow } from '../../contract/attention';
import { VISITS_TOPIC } from '../../contract/visits';
import { handleSaved } from '../planning/common';
import { STATUS_WORDS, styles, useBranchChoices } from './common';
import { formatDate, formatDateTime } from '@hcm/contract/format';

const FILTER_KEYS = ['branch_id', 'from', 'to', 'kind'] as const;
export const KIND_WORDS: Record<AttentionKind, string> = Object.fromEntries(ATTENTION_KINDS.map((kind) => [kind.value, kind.label])) as Record<AttentionKind, string>;

/** The planner's reason for dismissing one visit's flag (the same schema the server checks). */
function DismissForm({ row, onDone }: { row: NeedsAttentionRow; onDone: () => void }) {
  const form = useForm<DismissAttentionValues>({ resolver: valibotResolver(DismissAttentionSchema) as never, defaultValues: { reason: '' } });
  const submit = form.handleSubmit(async (values) => {
    const answer = await api.post<{ visit_id: number }>(attentionDismissPath(row.visit_id), values);
    if (handleSaved(answer, form, 'The visit could not be dismissed.')) onDone();
  });
  return (
    <FormProvider {...form}>
      <form className={styles.filters} aria-label={`Dismiss ${row.client_name}, ${formatDate(row.date) || '—'} ${row.start_time}`} noValidate onSubmit={(event) => void submit(event)}>
        <TextField name="reason" label="Why it no longer needs attention" />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          Dismiss
        </Button>
      </form>
    </FormProvider>
  );
}

/**
 * /app/visits/needs-attention: the visits from today on that need a planner, soonest first: a carer taken off (leave,
 * suspension, a leaver, a check or course lapsed), a carer the rules refused when the visit was made (generated,
 * published from the wizard, imported), or a visit that went ahead with a warning. Each says why in words and links
 * to the visit; a planner assigns a carer there (which clears it) or dismisses it here with a reason. Filters (branch,
 * dates, kind) are kept in the address; the list refreshes when visits change.
 */
export default function NeedsAttention() {
  useRouteName('Needs attention');
  const can = useCan();
  const branches = useBranchChoices();
  const [search, setSearch] = useSearchParams();
  const filters = Object.fromEntries(FILTER_KEYS.map((key) => [key, search.get(key) ?? ''])) as Record<(typeof FILTER_KEYS)[number], string>;
  const [paging, setPaging] = useState({ page: 1, pageSize: 25 });
  const [dismissing, setDismissing] = useState<number | null>(null);
  const list = useApiQuery<Page<NeedsAttentionRow>>(NEEDS_ATTENTION_PATH, { ...filters, page: paging.page, page_size: paging.pageSize }, { keepPrevious: true, failure: 'The visits needing attention could not be loaded.' });
  useAreaEvent('scheduler', VISITS_TOPIC, () => void list.refetch());

  const choose = (key: (typeof FILTER_KEYS)[number], value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    setSearch(next, { replace: true });
    setPaging((previous) => ({ ...previous, page: 1 }));
  };

  const columns: Column<NeedsAttentionRow>[] = [
    {
      key: 'planned_start',
      label: 'Visit',
      render: (row) => (
        <Link to={`/app/visits/${row.visit_id}`}>
          {formatDate(row.date) || '—'} {row.start_time}–{row.end_time}
        </Link>
      ),
    },
    { key: 'client_name', label: 'Client', render: (row) => `${row.client_name} (${row.branch})` },
    { key: 'carers', label: 'Carers', render: (row) => `${row.carer_names.join(', ') || 'No carer'}${row.carers_needed === 2 ? ` (${row.carer_names.length} of 2)` : ''} · ${STATUS_WORDS[row.status]}` },
    {
      key: 'reason',
      label: 'Why',
      render: (row) => (
        <>
          <strong>
            <span aria-hidden="true">⚑</span> {KIND_WORDS[row.kind]}:
          </strong>{' '}
          {row.reason}
        </>
      ),
    },
    { key: 'since', label: 'Since', render: (row) => formatDateTime(row.since) || '—' },
    {
      key: 'dismiss',
      label: 'Dismiss',
      render: (row) =>
        !can('scheduler.edit') ? null : dismissing === row.visit_id ? (
          <DismissForm
            row={row}
            onDone={() => {
              setDismissing(null);
              void list.refetch();
            }}
          />
        ) : (
          <Button variant="secondary" onClick={() => setDismissing(row.visit_id)} aria-label={`Dismiss ${row.client_name}, ${formatDate(row.date) || '—'} ${row.start_time}`}>
            Dismiss…
          </Button>
        ),
    },
  ];

  return (
    <div className={styles.screen}>
      <PageHeader title="Needs attention" actions={<Link to="/app/visits">All visits</Link>} />
      <p>Visits from today on that need a planner: assign a carer on the visit (the rules are checked), or dismiss it with a reason.</p>
      <form className={styles.filters} role="search" aria-label="Filter the visits needing attention" onSubmit={(event) => event.preventDefault()}>
        <label>
          Branch
          <select value={filters.branch_id} onChange={(event) => choose('branch_id', event.target.value)}>
            <option value="">All my branches</option>
            {branches.map((branch) => (
              <option key={branch.value} value={branch.value}>
                {branch.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" value={filters.from} onChange={(event) => choose('from', event.target.value)} />
        </label>
        <label>
          To
          <input type="date" value={filters.to} onChange={(event) => choose('to', event.target.value)} />
        </label>
        <label>
          Why
          <select value={filters.kind} onChange={(event) => choose('kind', event.target.value)}>
            <option value="">Any reason</option>
            {ATTENTION_KINDS.map((kind) => (
              <option key={kind.value} value={kind.value}>
                {kind.label}
              </option>
            ))}
          </select>
        </label>
      </form>
      <ListTable
        caption="Visits needing attention, soonest first"
        columns={columns}
        page={list.data ?? null}
        loading={list.isFetching}
        error={list.error ? list.error.message : null}
        sort="planned_start"
        mode="asc"
        onSort={() => undefined}
        onPage={(page) => setPaging((previous) => ({ ...previous, page }))}
        onPageSize={(pageSize) => setPaging((previous) => ({ ...previous, page: 1, pageSize }))}
        onRetry={() => void list.refetch()}
        rowKey={(row) => row.visit_id}
        empty="No visit needs attention."
      />
    </div>
  );
}
