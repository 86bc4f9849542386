import { useEffect, useRef, useState } from 'react';
import { Link, Route, Routes, useParams, useSearchParams } from 'react-router-dom';
import type { Page } from '@hcm/contract';
import { Button, Card, EmptyState, ErrorPanel, Loading, NotFound, PageHeader, useCan, useRouteName, useSession } from '@hcm/kit';
import { useApiQuery } from '@hcm/kit/data';
import { BarChart, LineChart, PieChart, type ChartSelection } from '@hcm/kit/charts';
import { ListTable, type Column } from '@hcm/kit/table';
import { DASHBOARD_PAGES, type DashboardAnswer, type DashboardChart, type DashboardKind, type DashboardRow } from '../../contract/dashboards';
import styles from './dashboards.module.css';
import { clock } from '@hcm/contract/time';
import { formatDate } from '@hcm/contract/format';

const kindOf = (prefix: string): DashboardKind => (prefix.endsWith('carer') ? 'carer' : 'client');

/** The client dashboards (dashboard/client/…) or the carer dashboards (dashboard/carer/…). */
export default function Screens({ prefix }: { prefix: string }) {
  const kind = kindOf(prefix);
  return (
    <Routes>
      <Route index element={<Overview kind={kind} />} />
      <Route path=":page" element={<DashboardScreen kind={kind} />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

function Overview({ kind }: { kind: DashboardKind }) {
  const title = kind === 'client' ? 'Client dashboards' : 'Carer dashboards';
  useRouteName(title);
  return (
    <>
      <PageHeader title={title} />
      <ul className={styles.pages}>
        {DASHBOARD_PAGES[kind].map((page) => (
          <li key={page.value}>
            <Link to={page.value}>{page.title}</Link>
            <p>{page.description}</p>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The branches the user may choose: their own, or every branch for a user without one (super admin). */
const NO_BRANCHES: { id: number; name: string }[] = [];
function useBranchChoices(): { id: number; name: string }[] {
  const own = useSession((state) => state.user?.branches ?? NO_BRANCHES);
  const can = useCan();
  const all = useApiQuery<Page<{ id: number; name: string }>>('api/v1/branches', { page_size: 100 }, { enabled: own.length === 0 && can('branches.view') });
  return own.length ? own : (all.data?.data ?? []);
}

const today = () => clock.now().toISOString().slice(0, 10);
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const monday = (day: string) => shift(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

const PRESETS: { label: string; period: () => { from: string; to: string } }[] = [
  { label: 'This week', period: () => ({ from: monday(today()), to: shift(monday(today()), 6) }) },
  { label: 'Last week', period: () => ({ from: shift(monday(today()), -7), to: shift(monday(today()), -1) }) },
  { label: 'Last 4 weeks', period: () => ({ from: shift(today(), -27), to: today() }) },
  { label: 'Last 12 months', period: () => ({ from: `${shift(`${today().slice(0, 7)}-01`, -335).slice(0, 7)}-01`, to: today() }) },
];

/** One dashboard page: its filters (branch, period; kept in the URL), its charts, and the rows behind a chosen mark. */
function DashboardScreen({ kind }: { kind: DashboardKind }) {
  const { page = '' } = useParams();
  const spec = DASHBOARD_PAGES[kind].find((item) => item.value === page);
  const title = spec ? `${kind === 'client' ? 'Client' : 'Carer'} dashboard: ${spec.title}` : 'Dashboard not found';
  useRouteName(title);
  const [search, setSearch] = useSearchParams();
  const branches = useBranchChoices();
  const filters = { branch_id: search.get('branch_id') ?? '', from: search.get('from') ?? '', to: search.get('to') ?? '' };
  const problem = filters.from && filters.to && filters.from > filters.to ? 'The start must be on or before the end.' : null;
  const answer = useApiQuery<DashboardAnswer>(`api/v1/dashboards/${kind}/${page}`, Object.fromEntries(Object.entries(filters).filter(([, value]) => value)), {
    enabled: !!spec && !problem,
    keepPrevious: true,
    failure: 'The dashboard could not be loaded.',
  });
  const update = (next: Record<string, string>, keepDrill = false) =>
    setSearch((previous) => {
      const params = new URLSearchParams(previous);
      for (const [key, value] of Object.entries(next)) if (value) params.set(key, value); else params.delete(key);
      if (!keepDrill) for (const key of ['chart', 'series', 'key', 'label']) if (!(key in next)) params.delete(key);
      return params;
    });
  if (!spec) return <NotFound />;
  const data = answer.data;
  const drill = search.get('chart') ? { chart: search.get('chart')!, series: search.get('series') ?? '', key: search.get('key') ?? '', label: search.get('label') ?? '' } : null;
  const select = (chart: DashboardChart) => (datum: ChartSelection) =>
    update({ chart: chart.id, series: datum.series, key: datum.key, label: `${chart.series.length > 1 ? `${datum.seriesLabel}, ` : ''}${datum.label}` }, true);
  return (
    <>
      <PageHeader title={title} />
      <p className={styles.intro}>{spec.description} Choose a bar, slice or point (click, or Tab to it and press Enter) to list the rows behind it.</p>
      <form className={styles.filters} aria-label="Filters" onSubmit={(event) => event.preventDefault()}>
        <label>
          Branch
          <select value={filters.branch_id} onChange={(event) => update({ branch_id: event.target.value })}>
            <option value="">All my branches</option>
            {branches.map((branch) => (
              <option key={branch.id} value={String(branch.id)}>{branch.name}</option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" value={filters.from || data?.from || ''} onChange={(event) => update({ from: event.target.value })} />
        </label>
        <label>
          To
          <input type="date" value={filters.to || data?.to || ''} onChange={(event) => update({ to: event.target.value })} />
        </label>
        <div className={styles.presets} role="group" aria-label="Periods">
          {PRESETS.map((preset) => (
            <Button key={preset.label} variant="secondary" onClick={() => update(preset.period())}>{preset.label}</Button>
          ))}
        </div>
      </form>
      {problem ? <p className={styles.problem} role="alert">{problem}</p> : null}
      {answer.error ? (
        <ErrorPanel title="The dashboard could not be loaded" onRetry={() => void answer.refetch()}>{answer.error.message}</ErrorPanel>
      ) : !data ? (
        problem ? null : <Loading label="Loading the dashboard…" />
      ) : (
        <div className={styles.charts}>
          {data.charts.map((chart) => (
            <Card key={chart.id}>
              <ChartOf chart={chart} onSelect={select(chart)} />
            </Card>
          ))}
        </div>
      )}
      {drill && data ? (
        <Drill
          kind={kind}
          page={page}
          filters={filters}
          drill={drill}
          chart={data.charts.find((chart) => chart.id === drill.chart)}
          onClose={() => update({})}
        />
      ) : null}
    </>
  );
}

function ChartOf({ chart, onSelect }: { chart: DashboardChart; onSelect: (datum: ChartSelection) => void }) {
  const empty = chart.series.every((series) => series.points.every((point) => point.value === 0));
  if (empty)
    return (
      <figure className={styles.empty}>
        <figcaption>{chart.title}</figcaption>
        <EmptyState>Nothing in this period.</EmptyState>
      </figure>
    );
  if (chart.kind === 'pie') {
    const series = chart.series[0]!;
    return <PieChart title={chart.title} data={series.points} donut={chart.donut} valueLabel={series.label} categoryLabel={chart.categoryLabel} unit={chart.unit} onSelect={onSelect} />;
  }
  if (chart.kind === 'line') return <LineChart title={chart.title} series={chart.series} categoryLabel={chart.categoryLabel} unit={chart.unit} onSelect={onSelect} />;
  return <BarChart title={chart.title} series={chart.series} layout={chart.layout} categoryLabel={chart.categoryLabel} unit={chart.unit} onSelect={onSelect} />;
}

const ROW_WORDS: Record<DashboardChart['rows'], { name: string; plural: string }> = {
  visits: { name: 'Client', plural: 'Visits' },
  clients: { name: 'Client', plural: 'Clients' },
  carers: { name: 'Carer', plural: 'Carers' },
};

function Drill({ kind, page, filters, drill, chart, onClose }: {
  kind: DashboardKind;
  page: string;
  filters: Record<string, string>;
  drill: { chart: string; series: string; key: string; label: string };
  chart: DashboardChart | undefined;
  onClose: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [paging, setPaging] = useState({ page: 1, page_size: 25 });
  const query = { ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value)), chart: drill.chart, series: drill.series, key: drill.key, ...paging };
  const rows = useApiQuery<Page<DashboardRow>>(`api/v1/dashboards/${kind}/${page}/rows`, query, { keepPrevious: true, failure: 'The rows could not be loaded.' });
  const words = ROW_WORDS[chart?.rows ?? 'visits'];
  useEffect(() => {
    setPaging((previous) => ({ ...previous, page: 1 }));
    heading.current?.focus();
  }, [drill.chart, drill.series, drill.key]);
  const caption = `${words.plural} behind ${chart?.title ?? 'the chart'}: ${drill.label || drill.key}`;
  const columns: Column<DashboardRow>[] = [
    { key: 'name', label: words.name, render: (row) => <Link to={row.link}>{row.name}</Link> },
    { key: 'branch', label: 'Branch' },
    { key: 'date', label: 'Date', render: (row) => formatDate(row.date) || '—' },
    { key: 'detail', label: 'Detail' },
  ];
  return (
    <section className={styles.drill} aria-labelledby="dashboard-drill">
      <h2 id="dashboard-drill" ref={heading} tabIndex={-1}>{caption}</h2>
      <Button variant="secondary" onClick={onClose}>Close the list</Button>
      <ListTable
        caption={caption}
        columns={columns}
        page={rows.data ?? null}
        loading={rows.isFetching}
        error={rows.error ? rows.error.message : null}
        onSort={() => undefined}
        onPage={(next) => setPaging((previous) => ({ ...previous, page: next }))}
        onPageSize={(size) => setPaging({ page: 1, page_size: size })}
        onRetry={() => void rows.refetch()}
        rowKey={(row) => row.id}
        empty={<EmptyState>No {words.plural.toLowerCase()} behind this mark.</EmptyState>}
      />
    </section>
  );
}
