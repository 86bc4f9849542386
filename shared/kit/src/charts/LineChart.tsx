import { CategoryLabels } from './BarChart';
import { layoutCategoryLabels, spreadApart } from './layout';
import {
  ChartFrame, DASHES, DataTable, Label, Legend, Shape, categoriesOf, chartStyles, colourOf, formatterOf, markProps, summarise, useChartId, useContainerWidth,
  type ChartCommon, type ChartSeries,
} from './parts';
import { LINE_HEIGHT, textWidth } from './text';
import { valueAxis } from './ticks';

export interface LineChartProps extends ChartCommon {
  /** Each series is a line over the same categories (days, weeks, months), in order. */
  series: ChartSeries[];
  /** The height of the chart, px (default 260). */
  height?: number;
  /** Said after a point's figures in its button's name (default "Show the rows behind it"). */
  selectHint?: string;
}

const TOP = 14;

/**
 * Lines with a distinct dash and marker shape per series, each line named at its end when there is room (the
 * legend names them too); with `onSelect` each point is a button.
 */
export function LineChart(props: LineChartProps) {
  const { title, series, unit = 'number', showTable, categoryLabel, onSelect, selectHint = 'Show the rows behind it' } = props;
  const id = useChartId();
  const [ref, width] = useContainerWidth(props.width);
  const height = props.height ?? 260;
  const format = formatterOf(unit, props.format);
  const categories = categoriesOf(series);
  const values = series.flatMap((item) => item.points.map((point) => point.value));
  const axis = valueAxis(unit, Math.min(0, ...values), Math.max(0, ...values), Math.max(2, Math.floor((height - TOP - 2 * LINE_HEIGHT - 10) / 40)));
  const left = Math.max(...axis.labels.map((label) => textWidth(label))) + 10;
  // Each line's name and last value at its end, when they take at most a third of the width; else the legend only.
  const endTexts = series.map((item) => {
    const last = item.points[item.points.length - 1];
    return last ? `${item.label} ${format(last.value)}` : '';
  });
  const endWidth = Math.max(0, ...endTexts.map((text) => textWidth(text))) + 12;
  const named = endWidth <= width / 3;
  const right = named ? endWidth : 16;
  const plotWidth = Math.max(20, width - left - right);
  const count = categories.length;
  const step = count > 1 ? plotWidth / (count - 1) : 0;
  const xAt = (index: number) => left + (count > 1 ? index * step : plotWidth / 2);
  const xs = categories.map((_, index) => xAt(index));
  const labels = layoutCategoryLabels(categories, xs, { minX: left - 8, maxX: width })!;
  const bottom = Math.max(1, labels.lines) * LINE_HEIGHT + 12;
  const plotHeight = height - TOP - bottom;
  const y = (value: number) => TOP + (plotHeight * (axis.max - value)) / (axis.max - axis.min || 1);
  const indexOf = new Map(categories.map((category, index) => [category.key, index]));
  // Markers on every point when they are apart, else on the labelled categories and the last.
  const marked = (index: number) => step >= 14 || index % labels.step === 0 || index === count - 1;
  const ends = named ? spreadApart(series.map((item) => y(item.points[item.points.length - 1]?.value ?? 0) + 4), LINE_HEIGHT, TOP + 10, TOP + plotHeight + 4) : [];
  const endsFit = named && (series.length - 1) * LINE_HEIGHT <= plotHeight;
  const interactive = !!onSelect && count > 0;
  return (
    <ChartFrame
      title={title}
      summary={props.summary ?? summarise(title, series, format)}
      interactive={interactive}
      measureRef={ref}
      after={
        <>
          <Legend id={id} items={series} kind="line" />
          <DataTable title={title} series={series} format={format} initiallyShown={showTable} rowHeader={categoryLabel} />
        </>
      }
    >
      <svg className={chartStyles.svg} width={width} height={height} viewBox={`0 0 ${width} ${height}`} focusable="false">
        <g aria-hidden="true">
          {axis.ticks.map((tick, index) => (
            <g key={tick}>
              <line className={tick === 0 ? chartStyles.axis : chartStyles.grid} x1={left} x2={left + plotWidth} y1={y(tick)} y2={y(tick)} />
              <Label x={left - 6} y={y(tick) + 4} anchor="end">
                {axis.labels[index]!}
              </Label>
            </g>
          ))}
          <CategoryLabels layout={labels} top={TOP + plotHeight + 18} />
        </g>
        {series.map((item, seriesIndex) => {
          const colour = colourOf(seriesIndex);
          const path = item.points.map((point, index) => `${index ? 'L' : 'M'}${xAt(indexOf.get(point.key) ?? 0)},${y(point.value)}`).join(' ');
          return (
            <g key={item.key}>
              <path d={path} fill="none" stroke={colour} strokeWidth={2} strokeDasharray={DASHES[seriesIndex % DASHES.length]} aria-hidden="true" />
              {item.points.map((point) => {
                const index = indexOf.get(point.key) ?? 0;
                const name = `${series.length > 1 ? `${item.label}, ` : ''}${point.label}: ${format(point.value)}`;
                const choose = onSelect ? () => onSelect({ ...point, series: item.key, seriesLabel: item.label }) : undefined;
                if (!choose && !marked(index)) return null;
                return (
                  <g key={point.key} {...(choose ? markProps(`${name}. ${selectHint}`, choose) : { className: chartStyles.mark })}>
                    {choose ? <circle className={chartStyles.hit} cx={xAt(index)} cy={y(point.value)} r={Math.max(6, Math.min(12, step / 2))} /> : <title>{name}</title>}
                    {marked(index) ? <Shape index={seriesIndex} x={xAt(index)} y={y(point.value)} fill={colour} /> : null}
                  </g>
                );
              })}
              {endsFit && endTexts[seriesIndex] ? (
                <g aria-hidden="true">
                  <Label x={left + plotWidth + 8} y={ends[seriesIndex]!} fill={colour}>
                    {endTexts[seriesIndex]!}
                  </Label>
                </g>
              ) : null}
            </g>
          );
        })}
      </svg>
    </ChartFrame>
  );
}
