import {
  ChartFrame, DataTable, Legend, Patterns, chartStyles, defaultFormat, fillOf, markProps, useChartId, type ChartCommon, type ChartPoint,
} from './core';

export interface PieChartProps extends ChartCommon {
  data: ChartPoint[];
  /** Draw a ring with the total in the middle. */
  donut?: boolean;
  /** The name of the measure (table column header, e.g. "Visits"). */
  valueLabel?: string;
  categoryLabel?: string;
}

const SIZE = 300;
const R = 110;

/** Slices with pattern fills and their label, value and share written beside them; slices are buttons with `onSelect`. */
export function PieChart({ title, summary, data, donut = false, format = defaultFormat, onSelect, showTable, valueLabel = 'Value', categoryLabel }: PieChartProps) {
  const id = useChartId();
  const positive = data.filter((point) => point.value > 0);
  const total = positive.reduce((sum, point) => sum + point.value, 0);
  const share = (value: number) => (total ? Math.round((value / total) * 100) : 0);
  const series = [{ key: 'value', label: valueLabel, points: data }];
  const text =
    summary ??
    (total
      ? `${title}. Total ${format(total)}: ${data.map((point) => `${point.label} ${format(point.value)} (${share(point.value)}%)`).join(', ')}.`
      : `${title}: no data.`);
  const centre = SIZE / 2;
  let angle = -Math.PI / 2;
  const inner = donut ? R * 0.55 : 0;
  const at = (a: number, r: number) => `${centre + r * Math.cos(a)},${centre + r * Math.sin(a)}`;

  return (
    <ChartFrame
      title={title}
      summary={text}
      interactive={!!onSelect && positive.length > 0}
      width={SIZE + 160}
      height={SIZE}
      after={
        <>
          <Legend id={id} series={data} kind="pattern" />
          <DataTable title={title} series={series} format={format} initiallyShown={showTable} rowHeader={categoryLabel} />
        </>
      }
    >
      <Patterns id={id} count={data.length} />
      {total === 0 && <circle cx={centre} cy={centre} r={R} fill="none" stroke="#cbd2d9" strokeDasharray="4 4" aria-hidden="true" />}
      {data.map((point, index) => {
        if (point.value <= 0) return null;
        const sweep = (point.value / total) * Math.PI * 2;
        const start = angle;
        const end = angle + Math.min(sweep, Math.PI * 2 - 0.0001);
        angle += sweep;
        const large = end - start > Math.PI ? 1 : 0;
        const d = donut
          ? `M${at(start, R)} A${R},${R} 0 ${large} 1 ${at(end, R)} L${at(end, inner)} A${inner},${inner} 0 ${large} 0 ${at(start, inner)} Z`
          : `M${centre},${centre} L${at(start, R)} A${R},${R} 0 ${large} 1 ${at(end, R)} Z`;
        const middle = (start + end) / 2;
        const label = `${point.label}: ${format(point.value)} (${share(point.value)}%)`;
        const lx = centre + (R + 14) * Math.cos(middle);
        const ly = centre + (R + 14) * Math.sin(middle);
        return (
          <g key={point.key} {...markProps({ ...point, series: 'value', seriesLabel: valueLabel }, label, onSelect)}>
            <title>{label}</title>
            <path className={chartStyles.shape} d={d} fill={fillOf(id, index)} stroke="#fff" strokeWidth={1.5} />
            <text aria-hidden="true" x={lx} y={ly + 4} textAnchor={lx >= centre ? 'start' : 'end'}>
              {`${point.label.length > 16 ? `${point.label.slice(0, 15)}…` : point.label} ${format(point.value)} (${share(point.value)}%)`}
            </text>
          </g>
        );
      })}
      {donut && total > 0 && (
        <text aria-hidden="true" x={centre} y={centre + 5} textAnchor="middle" fontSize={16} fontWeight={700}>
          {format(total)}
        </text>
      )}
    </ChartFrame>
  );
}
