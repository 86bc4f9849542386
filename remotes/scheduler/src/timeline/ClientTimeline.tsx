import { useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Button, ErrorPanel, Loading, PageHeader, useAreaEvent, useRouteName } from '@hcm/kit';
import { apiKey, useApiQuery, useQueryClient } from '@hcm/kit/data';
import { CLIENT_TIMELINE_VIEWS, type ClientTimeline, type ClientTimelineView } from '../../contract/timeline';
import { VISITS_TOPIC, type VisitRow, type VisitsChanged } from '../../contract/visits';
import { ATTENTION_SYMBOL, CLIENT_TIMELINE_PATH, DAY_SPAN, DAY_START, daysBetween, period, STATUS_LABEL, STATUS_SYMBOL, timesOf, toMinutes, toTime, visitLabel } from './common';
import { PeriodToolbar, usePeriodParams } from './Toolbar';
import { VisitPanel } from './VisitPanel';
import styles from './timeline.module.css';
import { formatDateLong, formatDayMonth, formatHours, formatPercent, formatWeekday } from '@hcm/contract/format';

// The client timeline (scheduler/client-timeline/today|week|bi-weekly|month): clients as rows and their visits over
// the period, with who is booked; client-timeline/:editid is one client with their weekly pattern and the carers
// they have seen (continuity).

const PAGE_SIZE = 50;
type ClientRowData = ClientTimeline['clients'][number];

const carersText = (visit: VisitRow) => (visit.carers.length ? visit.carers.map((carer) => carer.name).join(' and ') : 'No carer yet');

function useLiveReload(branchId: string) {
  const client = useQueryClient();
  useAreaEvent('scheduler', VISITS_TOPIC, (data) => {
    const changed = (data ?? {}) as Partial<VisitsChanged>;
    if (branchId && changed.branch_id && String(changed.branch_id) !== branchId) return;
    void client.invalidateQueries({ queryKey: apiKey(CLIENT_TIMELINE_PATH) });
  });
}

function VisitChip({ visit, compact, onOpen }: { visit: VisitRow; compact: boolean; onOpen: (visit: VisitRow) => void }) {
  return (
    <button type="button" className={[styles.bar, styles[`status-${visit.status}`], compact ? styles.compact : '', visit.attention ? styles.attention : ''].join(' ')} aria-label={visitLabel(visit, 'carers', true)} onClick={() => onOpen(visit)}>
      {compact ? (
        <span className={styles.barMeta}>
          <span aria-hidden="true">{STATUS_SYMBOL[visit.status]}</span> {visit.start_time}
          {visit.attention ? <span aria-hidden="true"> {ATTENTION_SYMBOL}</span> : null}
        </span>
      ) : (
        <>
          <span className={styles.barName}>
            {visit.attention ? <span aria-hidden="true">{ATTENTION_SYMBOL} </span> : null}
            {timesOf(visit)}
            {visit.carers_needed === 2 ? <span className={styles.double}> ×2</span> : null}
          </span>
          <span className={styles.barMeta}>
            {carersText(visit)} · <span aria-hidden="true">{STATUS_SYMBOL[visit.status]}</span> {STATUS_LABEL[visit.status]}
          </span>
        </>
      )}
    </button>
  );
}

function ClientRow({ client, view, days, today, onOpen }: { client: ClientRowData; view: ClientTimelineView; days: string[]; today: string; onOpen: (visit: VisitRow) => void }) {
  const byDay = useMemo(() => {
    const map = new Map<string, VisitRow[]>();
    for (const visit of [...client.visits].sort((a, b) => a.start_time.localeCompare(b.start_time))) map.set(visit.date, [...(map.get(visit.date) ?? []), visit]);
    return map;
  }, [client.visits]);
  return (
    <tr>
      <th scope="row" className={styles.clientHeader}>
        <Link to={`/app/scheduler/client-timeline/${client.client_id}`}>{client.name}</Link>
        <span className={styles.muted}>
          {formatHours(client.planned_minutes)} planned{client.status && client.status !== 'active' ? ` · ${client.status}` : ''}
        </span>
      </th>
      {view === 'today' ? (
        <td className={styles.clientTrack}>
          {(byDay.get(days[0] ?? '') ?? []).map((visit) => {
            const start = Math.max(0, toMinutes(visit.start_time) - DAY_START);
            return (
              <div key={visit.id} className={styles.clientSlot} style={{ left: `${(Math.min(start, DAY_SPAN) / DAY_SPAN) * 100}%` }}>
                <VisitChip visit={visit} compact={false} onOpen={onOpen} />
              </div>
            );
          })}
        </td>
      ) : (
        days.map((date) => (
          <td key={date} className={[styles.clientDay, date === today ? styles.todayCell : ''].join(' ')}>
            {(byDay.get(date) ?? []).map((visit) => (
              <VisitChip key={visit.id} visit={visit} compact={view !== 'week'} onOpen={onOpen} />
            ))}
          </td>
        ))
      )}
    </tr>
  );
}

export function ClientTimelineScreen({ view }: { view: ClientTimelineView }) {
  useRouteName('Client timeline');
  const { date, today, branchId, search, setDate, setBranch } = usePeriodParams();
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<VisitRow | null>(null);
  const query = useApiQuery<ClientTimeline>(CLIENT_TIMELINE_PATH, { view, date, branch_id: branchId }, { failure: 'The client timeline could not be loaded.', keepPrevious: true, staleTime: 0 });
  useLiveReload(branchId);
  const timeline = query.data;
  const days = timeline ? (view === 'today' ? [timeline.from] : daysBetween(timeline.from, timeline.to)) : [];
  const clients = (timeline?.clients ?? []).filter((client) => client.name.toLowerCase().includes(filter.trim().toLowerCase()));
  const pages = Math.max(1, Math.ceil(clients.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = clients.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  return (
    <div className={styles.screen}>
      <PageHeader title="Client timeline" />
      <PeriodToolbar views={CLIENT_TIMELINE_VIEWS} view={view} base="/app/scheduler/client-timeline" date={date} today={today} search={search} onDate={setDate} branchId={branchId} onBranch={setBranch}>
        <label>
          Client name
          <input
            type="search"
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value);
              setPage(1);
            }}
          />
        </label>
      </PeriodToolbar>
      {query.error && !timeline ? (
        <ErrorPanel title="The client timeline could not be loaded" onRetry={() => void query.refetch()}>
          {query.error.message}
        </ErrorPanel>
      ) : !timeline ? (
        <Loading label="Loading the client timeline…" />
      ) : (
        <>
          <h2 className={styles.periodTitle}>
            {period(timeline.from, timeline.to)}
            {query.isFetching ? <span className={styles.muted}> (updating…)</span> : null}
          </h2>
          {shown.length === 0 ? (
            <p className={styles.muted}>{timeline.clients.length ? 'No client matches the name.' : 'No clients with visits in this period.'}</p>
          ) : (
            <div className={styles.tableScroller}>
              <table className={styles.clientTable} aria-label={`Client timeline, ${period(timeline.from, timeline.to)}`}>
                <thead>
                  <tr>
                    <th scope="col">Client</th>
                    {view === 'today' ? (
                      <th scope="col" className={styles.axis}>
                        <span className={styles.visuallyHidden}>{formatDateLong(timeline.from)}, 06:00 to 23:00</span>
                        {Array.from({ length: DAY_SPAN / 60 }, (_, hour) => (
                          <span key={hour} aria-hidden="true" className={styles.tick} style={{ left: `${((hour * 60) / DAY_SPAN) * 100}%` }}>
                            {toTime(DAY_START + hour * 60)}
                          </span>
                        ))}
                      </th>
                    ) : (
                      days.map((day) => (
                        <th scope="col" key={day} aria-label={formatDateLong(day)}>
                          {view === 'week' ? `${formatWeekday(day, 'short')} ${formatDayMonth(day)}` : `${formatWeekday(day, 'short').slice(0, 2)} ${Number(day.slice(8))}`}
                        </th>
                      ))
                    )}
                  </tr>
                </thead>
                <tbody>
                  {shown.map((client) => (
                    <ClientRow key={client.client_id} client={client} view={view} days={days} today={today} onOpen={setOpen} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {pages > 1 ? (
            <div className={styles.pager}>
              <Button variant="secondary" disabled={current <= 1} onClick={() => setPage(current - 1)}>
                Previous clients
              </Button>
              <span>
                Page {current} of {pages} ({clients.length} clients)
              </span>
              <Button variant="secondary" disabled={current >= pages} onClick={() => setPage(current + 1)}>
                Next clients
              </Button>
            </div>
          ) : null}
        </>
      )}
      <VisitPanel visit={open} onClose={() => setOpen(null)} />
    </div>
  );
}

const ONE_CLIENT_VIEWS = ['week', 'bi-weekly', 'month'] as const;
const ONE_VIEW_LABELS: Record<(typeof ONE_CLIENT_VIEWS)[number], string> = { week: 'Week', 'bi-weekly': 'Two weeks', month: 'Month' };

/** A client's weekly pattern: the visits grouped by weekday and times, with how many weeks each was seen. */
export function weeklyPattern(visits: VisitRow[]) {
  const groups = new Map<string, { weekday: string; order: number; times: string; weeks: Set<string>; carers: Map<string, number> }>();
  for (const visit of visits) {
    if (visit.status === 'cancelled') continue;
    const day = new Date(`${visit.date}T12:00:00Z`).getUTCDay();
    const order = (day + 6) % 7;
    const key = `${order}|${timesOf(visit)}`;
    const group = groups.get(key) ?? { weekday: formatWeekday(visit.date), order, times: timesOf(visit), weeks: new Set<string>(), carers: new Map<string, number>() };
    group.weeks.add(visit.date);
    for (const carer of visit.carers) group.carers.set(carer.name, (group.carers.get(carer.name) ?? 0) + 1);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => a.order - b.order || a.times.localeCompare(b.times));
}

/** The carers a client has seen: visits each, as a share of the staffed visits (continuity). */
export function carersSeen(visits: VisitRow[]) {
  const counted = new Map<number, { name: string; visits: number }>();
  let staffed = 0;
  for (const visit of visits) {
    if (visit.status === 'cancelled' || !visit.carers.length) continue;
    staffed += 1;
    for (const carer of visit.carers) counted.set(carer.carer_id, { name: carer.name, visits: (counted.get(carer.carer_id)?.visits ?? 0) + 1 });
  }
  const carers = [...counted.entries()].map(([carerId, seen]) => ({ carer_id: carerId, ...seen, share: staffed ? Math.round((seen.visits / staffed) * 100) : 0 })).sort((a, b) => b.visits - a.visits || a.name.localeCompare(b.name));
  return { staffed, carers };
}

export function OneClientTimeline() {
  const { editid } = useParams();
  const [search, setSearch] = useSearchParams();
  const { date, today, setDate } = usePeriodParams();
  const view = (ONE_CLIENT_VIEWS as readonly string[]).includes(search.get('view') ?? '') ? (search.get('view') as (typeof ONE_CLIENT_VIEWS)[number]) : 'month';
  const clientId = /^\d+$/.test(editid ?? '') ? editid! : '';
  const [open, setOpen] = useState<VisitRow | null>(null);
  const query = useApiQuery<ClientTimeline>(CLIENT_TIMELINE_PATH, { view, date, client_id: clientId }, { failure: 'The client’s timeline could not be loaded.', enabled: clientId !== '', keepPrevious: true, staleTime: 0 });
  useLiveReload('');
  const client = query.data?.clients.find((row) => String(row.client_id) === clientId) ?? query.data?.clients[0];
  const title = client ? `Client timeline: ${client.name}` : 'Client timeline';
  useRouteName(title);
  const visits = useMemo(() => [...(client?.visits ?? [])].sort((a, b) => a.date.localeCompare(b.date) || a.start_time.localeCompare(b.start_time)), [client]);
  const pattern = useMemo(() => weeklyPattern(visits), [visits]);
  const seen = useMemo(() => carersSeen(visits), [visits]);
  if (!clientId) return <ErrorPanel title="No such client">The address does not name a client.</ErrorPanel>;
  return (
    <div className={styles.screen}>
      <PageHeader title={title} />
      <div className={styles.toolbar}>
        <nav aria-label="Period" className={styles.views}>
          {ONE_CLIENT_VIEWS.map((name) => (
            <button
              key={name}
              type="button"
              className={name === view ? styles.viewActive : styles.view}
              aria-pressed={name === view}
              onClick={() =>
                setSearch(
                  (previous) => {
                    const next = new URLSearchParams(previous);
                    next.set('view', name);
                    return next;
                  },
                  { replace: true },
                )
              }
            >
              {ONE_VIEW_LABELS[name]}
            </button>
          ))}
        </nav>
        <PeriodToolbar views={[]} view={view} base="/app/scheduler/client-timeline" date={date} today={today} search={search} onDate={setDate} />
        <p className={styles.links}>
          <Link to={`/app/clients/${clientId}`}>Open the client’s record</Link>
          <Link to="/app/scheduler/client-timeline/week">All clients</Link>
        </p>
      </div>
      {query.error && !query.data ? (
        <ErrorPanel title="The client’s timeline could not be loaded" onRetry={() => void query.refetch()}>
          {query.error.message}
        </ErrorPanel>
      ) : !query.data ? (
        <Loading label="Loading the client’s timeline…" />
      ) : !client ? (
        <p className={styles.muted}>No visits for this client in {period(query.data.from, query.data.to)}.</p>
      ) : (
        <>
          <h2 className={styles.periodTitle}>{period(query.data.from, query.data.to)}</h2>
          <p>
            {visits.length === 1 ? '1 visit' : `${visits.length} visits`}, {formatHours(client.planned_minutes)} planned. Status: {client.status || 'not given'}.
          </p>
          <section aria-labelledby="weekly-pattern" className={styles.section}>
            <h2 id="weekly-pattern">Weekly pattern</h2>
            {pattern.length ? (
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">Times</th>
                    <th scope="col">Days seen</th>
                    <th scope="col">Carers</th>
                  </tr>
                </thead>
                <tbody>
                  {pattern.map((slot) => (
                    <tr key={`${slot.order}-${slot.times}`}>
                      <td>{slot.weekday}</td>
                      <td>{slot.times}</td>
                      <td>{slot.weeks.size}</td>
                      <td>{slot.carers.size ? [...slot.carers.entries()].map(([name, count]) => `${name} (${count})`).join(', ') : 'No carer yet'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className={styles.muted}>No visits to make a pattern from.</p>
            )}
          </section>
          <section aria-labelledby="carers-seen" className={styles.section}>
            <h2 id="carers-seen">Carers seen (continuity)</h2>
            {seen.carers.length ? (
              <>
                <p>
                  {seen.carers.length === 1 ? '1 carer' : `${seen.carers.length} different carers`} over {seen.staffed === 1 ? '1 staffed visit' : `${seen.staffed} staffed visits`}.
                </p>
                <ul>
                  {seen.carers.map((carer) => (
                    <li key={carer.carer_id}>
                      {carer.name}: {carer.visits === 1 ? '1 visit' : `${carer.visits} visits`} ({formatPercent(carer.share)})
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className={styles.muted}>No carer booked yet.</p>
            )}
          </section>
          <section aria-labelledby="client-visits" className={styles.section}>
            <h2 id="client-visits">Visits</h2>
            <ul className={styles.visitList}>
              {visits.map((visit) => (
                <li key={visit.id}>
                  <span className={styles.visitDay}>{formatDateLong(visit.date)}</span>
                  <VisitChip visit={visit} compact={false} onOpen={setOpen} />
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
      <VisitPanel visit={open} onClose={() => setOpen(null)} />
    </div>
  );
}
