import {
  ChartFrame, DASHES, DataTable, Legend, Shape, categoriesOf, chartStyles, colourOf, defaultFormat, markProps, niceMax, summarise, useChartId,
  type ChartCommon, type ChartSeries,
} from './core';

export interface LineChartProps extends ChartCommon {
  /** Each series is a line over the same categories (e.g. weeks), drawn in order of first appearance. */
  series: ChartSeries[];
  categoryLabel?: string;
}

const WIDTH = 640;
const HEIGHT = 280;
const M = { top: 16, right: 110, bottom: 40, left: 44 };

/** Lines with a distinct dash and marker shape per series, each line named at its end; points are buttons with `onSelect`. */
export function LineChart({ title, summary, series, format = defaultFormat, onSelect, showTable, categoryLabel }: LineChartProps) {
  const id = useChartId();
  const categories = categoriesOf(series);
  const max = niceMax(Math.max(0, ...series.flatMap((item) => item.points.map((point) => point.value))));
  const plotWidth = WIDTH - M.left - M.right;
  const plotHeight = HEIGHT - M.top - M.bottom;
  const step = categories.length > 1 ? plotWidth / (categories.length - 1) : 0;
  const xOf = (key: string) => M.left + (categories.length > 1 ? categories.findIndex((category) => category.key === key) * step : plotWidth / 2);
  const y = (value: number) => M.top + plotHeight - (Math.max(0, value) / max) * plotHeight;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((fraction) => fraction * max);
  const everyNth = Math.ceil(categories.length / 12);

  return (
    <ChartFrame
      title={title}
      summary={summary ?? summarise(title, series, format)}
      interactive={!!onSelect && categories.length > 0}
      width={WIDTH}
      height={HEIGHT}
      after={
        <>
          <Legend id={id} series={series} kind="shape" />
          <DataTable title={title} series={series} format={format} initiallyShown={showTable} rowHeader={categoryLabel} />
        </>
      }
    >
      <g aria-hidden="true">
        {ticks.map((tick) => (
          <g key={tick}>
            <line className={chartStyles.grid} x1={M.left} x2={WIDTH - M.right} y1={y(tick)} y2={y(tick)} />
            <text x={M.left - 4} y={y(tick) + 4} textAnchor="end">{format(tick)}</text>
          </g>
        ))}
        <line className={chartStyles.axis} x1={M.left} x2={WIDTH - M.right} y1={y(0)} y2={y(0)} />
        {categories.map((category, index) =>
          index % everyNth === 0 ? (
            <text key={category.key} x={xOf(category.key)} y={HEIGHT - M.bottom + 14} textAnchor="middle">{category.label}</text>
          ) : null,
        )}
      </g>
      {series.map((item, seriesIndex) => {
        const colour = colourOf(seriesIndex);
        const path = item.points.map((point, index) => `${index ? 'L' : 'M'}${xOf(point.key)},${y(point.value)}`).join(' ');
        const last = item.points[item.points.length - 1];
        return (
          <g key={item.key}>
            <path d={path} fill="none" stroke={colour} strokeWidth={2} strokeDasharray={DASHES[seriesIndex % DASHES.length]} aria-hidden="true" />
            {item.points.map((point) => {
              const label = `${series.length > 1 ? `${item.label}, ` : ''}${point.label}: ${format(point.value)}`;
              return (
                <g key={point.key} {...markProps({ ...point, series: item.key, seriesLabel: item.label }, label, onSelect)}>
                  <title>{label}</title>
                  <Shape index={seriesIndex} x={xOf(point.key)} y={y(point.value)} fill={colour} />
                </g>
              );
            })}
            {last && (
              <text aria-hidden="true" x={xOf(last.key) + 8} y={y(last.value) + 4} style={{ fill: colour }} fontWeight={600}>
                {`${item.label.length > 12 ? `${item.label.slice(0, 11)}…` : item.label} ${format(last.value)}`}
              </text>
            )}
          </g>
        );
      })}
    </ChartFrame>
  );
}
