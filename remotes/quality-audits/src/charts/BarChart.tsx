import {
  ChartFrame, DataTable, Legend, Patterns, categoriesOf, chartStyles, defaultFormat, fillOf, markProps, niceMax, summarise, useChartId,
  type ChartCommon, type ChartSeries,
} from './core';

export interface BarChartProps extends ChartCommon {
  /** One series for a plain bar chart; several for grouped or stacked bars. */
  series: ChartSeries[];
  /** How several series share a category (default grouped). */
  layout?: 'grouped' | 'stacked';
  /** Label of the category column in the data table. */
  categoryLabel?: string;
}

const WIDTH = 640;
const HEIGHT = 280;
const M = { top: 22, right: 8, bottom: 46, left: 44 };

/** Vertical bars, each with its value written on it, patterned per series; bars are buttons when `onSelect` is given. */
export function BarChart({ title, summary, series, layout = 'grouped', format = defaultFormat, onSelect, showTable, categoryLabel }: BarChartProps) {
  const id = useChartId();
  const categories = categoriesOf(series);
  const valueOf = (seriesIndex: number, key: string) => series[seriesIndex]!.points.find((point) => point.key === key)?.value ?? 0;
  const stacked = layout === 'stacked' && series.length > 1;
  const totals = categories.map((category) => series.reduce((sum, _, index) => sum + Math.max(0, valueOf(index, category.key)), 0));
  const max = niceMax(stacked ? Math.max(0, ...totals) : Math.max(0, ...series.flatMap((item) => item.points.map((point) => point.value))));
  const plotWidth = WIDTH - M.left - M.right;
  const plotHeight = HEIGHT - M.top - M.bottom;
  const band = plotWidth / Math.max(1, categories.length);
  const barGap = band * 0.2;
  const barWidth = stacked ? band - 2 * barGap : (band - 2 * barGap) / Math.max(1, series.length);
  const y = (value: number) => M.top + plotHeight - (Math.max(0, value) / max) * plotHeight;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((fraction) => fraction * max);
  const everyNth = Math.ceil(categories.length / 16);

  return (
    <ChartFrame
      title={title}
      summary={summary ?? summarise(title, series, format)}
      interactive={!!onSelect && categories.length > 0}
      width={WIDTH}
      height={HEIGHT}
      after={
        <>
          <Legend id={id} series={series} kind="pattern" />
          <DataTable title={title} series={series} format={format} initiallyShown={showTable} rowHeader={categoryLabel} />
        </>
      }
    >
      <Patterns id={id} count={series.length} />
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
            <text key={category.key} x={M.left + band * index + band / 2} y={HEIGHT - M.bottom + 14} textAnchor="middle">
              {category.label.length > 14 ? `${category.label.slice(0, 13)}…` : category.label}
            </text>
          ) : null,
        )}
      </g>
      {categories.map((category, categoryIndex) => {
        let base = 0;
        return (
          <g key={category.key}>
            {series.map((item, seriesIndex) => {
              const point = item.points.find((candidate) => candidate.key === category.key);
              if (!point) return null;
              const value = Math.max(0, point.value);
              const x = M.left + band * categoryIndex + barGap + (stacked ? 0 : seriesIndex * barWidth);
              const top = stacked ? y(base + value) : y(value);
              const bottom = stacked ? y(base) : y(0);
              base += stacked ? value : 0;
              const text = format(point.value);
              const label = `${series.length > 1 ? `${item.label}, ` : ''}${point.label}: ${text}`;
              const height = Math.max(bottom - top, value > 0 ? 1 : 0);
              const inside = stacked && height >= 14;
              return (
                <g key={item.key} {...markProps({ ...point, series: item.key, seriesLabel: item.label }, label, onSelect)}>
                  <title>{label}</title>
                  <rect className={chartStyles.shape} x={x} y={top} width={Math.max(1, barWidth - 1)} height={height} fill={fillOf(id, seriesIndex)} stroke="#1f2933" strokeWidth={0.5} />
                  {(!stacked || inside) && (
                    <text
                      aria-hidden="true"
                      x={x + barWidth / 2}
                      y={inside ? top + height / 2 + 4 : top - 4}
                      textAnchor="middle"
                      style={inside ? { fill: '#fff', paintOrder: 'stroke', stroke: '#111', strokeWidth: 2 } : undefined}
                    >
                      {text}
                    </text>
                  )}
                </g>
              );
            })}
            {stacked && (
              <text aria-hidden="true" x={M.left + band * categoryIndex + band / 2} y={y(totals[categoryIndex] ?? 0) - 4} textAnchor="middle" fontWeight={600}>
                {format(totals[categoryIndex] ?? 0)}
              </text>
            )}
          </g>
        );
      })}
    </ChartFrame>
  );
}
