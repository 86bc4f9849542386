import { spreadApart } from './layout';
import {
  ChartFrame, DataTable, Label, Legend, Patterns, chartStyles, fillOf, formatterOf, markProps, useChartId, useContainerWidth, type ChartCommon, type ChartPoint,
} from './parts';
import { LINE_HEIGHT, textWidth, truncate } from './text';

export interface PieChartProps extends ChartCommon {
  data: ChartPoint[];
  /** A ring with the total in the middle. */
  donut?: boolean;
  /** The name of the measure (the table's column header, e.g. "Visits"). */
  valueLabel?: string;
  /** The height of the chart, px (default 260). */
  height?: number;
  selectHint?: string;
}

/**
 * Slices with a pattern each; each slice's name, value and share written beside it when there is room (else in the
 * legend, which always names each slice with its figures); slices are buttons with `onSelect`.
 */
export function PieChart(props: PieChartProps) {
  const { title, data, donut = false, unit = 'number', showTable, valueLabel = 'Value', categoryLabel, onSelect, selectHint = 'Show the rows behind it' } = props;
  const id = useChartId();
  const [ref, width] = useContainerWidth(props.width);
  const height = props.height ?? 260;
  const format = formatterOf(unit, props.format);
  const positive = data.filter((point) => point.value > 0);
  const total = positive.reduce((sum, point) => sum + point.value, 0);
  const share = (value: number) => (total && value > 0 ? Math.round((value / total) * 100) : 0);
  const words = (point: ChartPoint) => `${format(point.value)} (${share(point.value)}%)`;
  const summary =
    props.summary ?? (total ? `${title}. Total ${format(total)}: ${data.map((point) => `${point.label} ${words(point)}`).join(', ')}.` : `${title}: no data.`);
  // Labels beside the slices when a pie of radius 60 or more still fits between the two columns: whole names if
  // they fit, else names cut at 140 px (the legend and the table always have them whole).
  const maxRadius = Math.min(110, (height - 24) / 2);
  const labelOf = (point: ChartPoint, cut: boolean) => `${cut ? truncate(point.label, 140) : point.label} ${words(point)}`;
  const radiusWith = (cut: boolean) => Math.min(maxRadius, (width - 2 * (Math.max(0, ...positive.map((point) => textWidth(labelOf(point, cut)))) + 22)) / 2);
  const cut = radiusWith(false) < 60;
  const besideRadius = radiusWith(cut);
  const beside = besideRadius >= 60;
  const radius = beside ? besideRadius : Math.max(20, Math.min(maxRadius, width / 2 - 8));
  const cx = width / 2;
  const cy = height / 2;
  const inner = donut ? radius * 0.55 : 0;
  const at = (angle: number, r: number) => `${cx + r * Math.cos(angle)},${cy + r * Math.sin(angle)}`;
  let angle = -Math.PI / 2;
  const slices = data.map((point, index) => {
    if (point.value <= 0) return null;
    const sweep = (point.value / total) * Math.PI * 2;
    const start = angle;
    const end = angle + Math.min(sweep, Math.PI * 2 - 0.0001);
    angle += sweep;
    return { point, index, start, end, middle: (start + end) / 2 };
  });
  const drawn = slices.filter((slice): slice is NonNullable<typeof slice> => slice !== null);
  // Each side's labels in the order of their slices' heights, kept a line apart.
  const sideOf = (slice: { middle: number }) => (Math.cos(slice.middle) >= 0 ? 'right' : 'left');
  const labelY = new Map<number, number>();
  if (beside)
    for (const side of ['left', 'right'] as const) {
      const own = drawn.filter((slice) => sideOf(slice) === side);
      const ys = spreadApart(own.map((slice) => cy + (radius + 10) * Math.sin(slice.middle) + 4), LINE_HEIGHT, 12, height - 4);
      own.forEach((slice, position) => labelY.set(slice.index, ys[position]!));
    }
  const fitsBeside = beside && [...labelY.values()].every((value) => value >= 12 && value <= height - 4);
  const interactive = !!onSelect && positive.length > 0;
  return (
    <ChartFrame
      title={title}
      summary={summary}
      interactive={interactive}
      measureRef={ref}
      after={
        <>
          <Legend id={id} items={data.map((point) => ({ label: point.label, detail: `${format(point.value)}, ${share(point.value)}%` }))} kind="pattern" always />
          <DataTable title={title} series={[{ key: 'value', label: valueLabel, points: data }]} format={format} initiallyShown={showTable} rowHeader={categoryLabel} />
        </>
      }
    >
      <svg className={chartStyles.svg} width={width} height={height} viewBox={`0 0 ${width} ${height}`} focusable="false">
        <Patterns id={id} count={data.length} />
        {total === 0 ? <circle cx={cx} cy={cy} r={radius} fill="none" stroke="#cbd2d9" strokeDasharray="4 4" aria-hidden="true" /> : null}
        {drawn.map(({ point, index, start, end, middle }) => {
          const large = end - start > Math.PI ? 1 : 0;
          const d = donut
            ? `M${at(start, radius)} A${radius},${radius} 0 ${large} 1 ${at(end, radius)} L${at(end, inner)} A${inner},${inner} 0 ${large} 0 ${at(start, inner)} Z`
            : `M${cx},${cy} L${at(start, radius)} A${radius},${radius} 0 ${large} 1 ${at(end, radius)} Z`;
          const name = `${point.label}: ${words(point)}`;
          const choose = onSelect ? () => onSelect({ ...point, series: 'value', seriesLabel: valueLabel }) : undefined;
          const side = sideOf({ middle });
          const ly = labelY.get(index);
          const lx = side === 'right' ? cx + radius + 14 : cx - radius - 14;
          return (
            <g key={point.key} {...(choose ? markProps(`${name}. ${selectHint}`, choose) : { className: chartStyles.mark })}>
              {choose ? null : <title>{name}</title>}
              <path className={chartStyles.shape} d={d} fill={fillOf(id, index)} stroke="#fff" strokeWidth={1.5} />
              {fitsBeside && ly !== undefined ? (
                <g aria-hidden="true">
                  <polyline className={chartStyles.leader} points={`${at(middle, radius)} ${side === 'right' ? lx - 3 : lx + 3},${ly - 4}`} fill="none" />
                  <Label x={lx} y={ly} anchor={side === 'right' ? 'start' : 'end'}>
                    {labelOf(point, cut)}
                  </Label>
                </g>
              ) : null}
            </g>
          );
        })}
        {donut && total > 0 && textWidth(format(total), 16) <= 2 * inner - 8 ? (
          <text aria-hidden="true" x={cx} y={cy + 5} textAnchor="middle" fontSize={16} fontWeight={700}>
            {format(total)}
          </text>
        ) : null}
      </svg>
    </ChartFrame>
  );
}
