import type { ReactNode } from 'react';
import { layoutCategoryLabels, type CategoryAxisLayout } from './layout';
import {
  ChartFrame, DataTable, Label, Legend, Patterns, categoriesOf, chartStyles, fillOf, formatterOf, markProps, summarise, useChartId, useContainerWidth, valueAt,
  type ChartCommon, type ChartSeries,
} from './parts';
import { LINE_HEIGHT, textWidth, wrapOrTruncate } from './text';
import { valueAxis, type ValueAxis } from './ticks';

export interface BarChartProps extends ChartCommon {
  /** One series for plain bars; several for grouped or stacked bars. */
  series: ChartSeries[];
  /** How several series share a category (default grouped). */
  layout?: 'grouped' | 'stacked';
  /**
   * Bars up (categories along the bottom) or across (names on the left). `auto` (default) draws them up unless the
   * categories' whole names do not fit under them and they have no short form, then across.
   */
  orientation?: 'auto' | 'vertical' | 'horizontal';
  /** The height of a vertical chart, px (default 260). */
  height?: number;
  /** Each category (all its bars) is one button instead of each bar: it receives the category. */
  onSelectCategory?: (category: { key: string; label: string }) => void;
  /** The chosen category (aria-pressed on its button), with `onSelectCategory`. */
  selected?: string | null;
  /** Said after a mark's figures in its button's name (default "Show the rows behind it"). */
  selectHint?: string;
}

const TOP = 22;
const RIGHT = 8;

interface Geometry {
  categories: { key: string; label: string; short?: string }[];
  stacked: boolean;
  axis: ValueAxis;
  format: (value: number) => string;
}

function domain(series: ChartSeries[], categories: { key: string }[], stacked: boolean): [number, number] {
  if (!stacked) {
    const values = series.flatMap((item) => item.points.map((point) => point.value));
    return [Math.min(0, ...values), Math.max(0, ...values)];
  }
  let low = 0;
  let high = 0;
  for (const category of categories) {
    let up = 0;
    let down = 0;
    for (const item of series) {
      const value = valueAt(item, category.key) ?? 0;
      if (value >= 0) up += value;
      else down += value;
    }
    high = Math.max(high, up);
    low = Math.min(low, down);
  }
  return [low, high];
}

/**
 * Each series' bar of one category: its point and where it runs on the value axis, from 0 or, stacked, from the end
 * of the bars before it on the same side of 0 (positive values stack up, negative down). Null where a series has no
 * point there. `up` is where the stacked positive bars end.
 */
function barsOf(series: ChartSeries[], categoryKey: string, stacked: boolean) {
  let up = 0;
  let down = 0;
  const bars = series.map((item) => {
    const point = item.points.find((candidate) => candidate.key === categoryKey);
    if (!point) return null;
    const from = stacked ? (point.value >= 0 ? up : down) : 0;
    const to = from + point.value;
    if (stacked) {
      if (point.value >= 0) up = to;
      else down = to;
    }
    return { point, value: point.value, from, to };
  });
  return { bars, up };
}

/** The vertical layout at `width`, or null when its category names do not fit and bars across would read better. */
function vertical(series: ChartSeries[], base: Omit<Geometry, 'axis'>, unit: NonNullable<ChartCommon['unit']>, width: number, height: number, allowThinning: boolean) {
  const { categories, stacked } = base;
  const [low, high] = domain(series, categories, stacked);
  const bottomGuess = 2 * LINE_HEIGHT + 10 + (low < 0 ? 16 : 0);
  const axis = valueAxis(unit, low, high, Math.max(2, Math.floor((height - TOP - bottomGuess) / 40)));
  const left = Math.max(...axis.labels.map((label) => textWidth(label))) + 10;
  const available = Math.max(40, width - left - RIGHT);
  const perBars = stacked ? 1 : Math.max(1, series.length);
  const minBand = perBars === 1 ? 10 : perBars * 3 + 4;
  const count = Math.max(1, categories.length);
  const plotWidth = Math.max(available, count * minBand);
  const band = plotWidth / count;
  const xs = categories.map((_, index) => band * index + band / 2);
  const labels = layoutCategoryLabels(categories, xs, { minX: 0, maxX: plotWidth + RIGHT, noThinning: !allowThinning });
  if (!labels) return null;
  const bottom = Math.max(1, labels.lines) * LINE_HEIGHT + 10 + (low < 0 ? 16 : 0);
  const plotHeight = height - TOP - bottom;
  const y = (value: number) => TOP + (plotHeight * (axis.max - value)) / (axis.max - axis.min || 1);
  return { axis, left, plotWidth, band, xs, labels, plotHeight, y, scrolls: plotWidth > available, height };
}

/** Bars, each series with its own pattern and colour; values written on the bars when they fit; a legend and a table. */
export function BarChart(props: BarChartProps) {
  const { title, series, layout = 'grouped', orientation = 'auto', unit = 'number', showTable, categoryLabel, onSelect, onSelectCategory, selected, selectHint = 'Show the rows behind it' } = props;
  const id = useChartId();
  const [ref, width] = useContainerWidth(props.width);
  const format = formatterOf(unit, props.format);
  const categories = categoriesOf(series);
  const stacked = layout === 'stacked' && series.length > 1;
  const base = { categories, stacked, format };
  const canThin = categories.some((category) => category.short);
  const up = orientation === 'horizontal' ? null : vertical(series, base, unit, width, props.height ?? 260, orientation === 'vertical' || canThin);
  const interactive = (!!onSelect || !!onSelectCategory) && categories.length > 0;
  const summary = props.summary ?? summarise(title, series, format);
  const after = (
    <>
      <Legend id={id} items={series} kind="pattern" />
      <DataTable title={title} series={series} format={format} initiallyShown={showTable} rowHeader={categoryLabel} onSelectCategory={onSelectCategory} selected={onSelectCategory ? (selected ?? null) : undefined} />
    </>
  );
  const nameOf = (seriesIndex: number, point: { label: string; value: number }) => `${series.length > 1 ? `${series[seriesIndex]!.label}, ` : ''}${point.label}: ${format(point.value)}`;
  const categoryName = (category: { key: string; label: string }) =>
    `${category.label}: ${series.map((item) => `${item.label} ${format(valueAt(item, category.key) ?? 0)}`).join(', ')}. ${selectHint}`;
  const chooseCategory = (category: { key: string; label: string }) => (onSelectCategory ? () => onSelectCategory(category) : undefined);
  /** A category's bars and total: one mark to choose when the chart offers choosing a category (over `hit`, its area). */
  const categoryGroup = (category: { key: string; label: string }, hit: { x: number; y: number; width: number; height: number }, bars: ReactNode, total: ReactNode) => {
    const choose = chooseCategory(category);
    if (!choose)
      return (
        <g key={category.key}>
          {bars}
          {total}
        </g>
      );
    return (
      <g key={category.key} {...markProps(categoryName(category), choose, selected === undefined ? undefined : selected === category.key)}>
        <rect className={chartStyles.hit} {...hit} />
        {bars}
        {total}
      </g>
    );
  };
  const choosePoint = (seriesIndex: number, point: { key: string; label: string; value: number; short?: string }) =>
    onSelect && !onSelectCategory ? () => onSelect({ ...point, series: series[seriesIndex]!.key, seriesLabel: series[seriesIndex]!.label }) : undefined;

  if (up) {
    const { axis, left, plotWidth, band, labels, plotHeight, y, scrolls, height } = up;
    const pad = Math.max(1, band * 0.1);
    const barWidth = stacked ? band - 2 * pad : (band - 2 * pad) / Math.max(1, series.length);
    // Values on the bars only when every one fits its bar's width, so none runs into the next.
    const roomEach = series.length > 1 && !stacked ? barWidth - 2 : band - 4;
    const showValues = !stacked && series.every((item) => item.points.every((point) => textWidth(format(point.value)) <= roomEach));
    const totals = categories.map((category) => series.reduce((sum, item) => sum + Math.max(0, valueAt(item, category.key) ?? 0), 0));
    const showTotals = stacked && totals.every((total) => textWidth(format(total)) <= band - 4);
    const plotBottom = TOP + plotHeight;
    return (
      <ChartFrame title={title} summary={summary} interactive={interactive} measureRef={ref} scrolls={scrolls} after={after}>
        <svg className={chartStyles.axisSvg} width={left} height={height} viewBox={`0 0 ${left} ${height}`} aria-hidden="true" focusable="false">
          {axis.ticks.map((tick, index) => (
            <Label key={tick} x={left - 6} y={y(tick) + 4} anchor="end">
              {axis.labels[index]!}
            </Label>
          ))}
        </svg>
        <svg className={chartStyles.svg} width={plotWidth + RIGHT} height={height} viewBox={`0 0 ${plotWidth + RIGHT} ${height}`} focusable="false">
          <Patterns id={id} count={series.length} />
          <g aria-hidden="true">
            {axis.ticks.map((tick) => (
              <line key={tick} className={tick === 0 ? chartStyles.axis : chartStyles.grid} x1={0} x2={plotWidth} y1={y(tick)} y2={y(tick)} />
            ))}
            <CategoryLabels layout={labels} top={plotBottom + 16} />
          </g>
          {categories.map((category, categoryIndex) => {
            const x0 = band * categoryIndex;
            const bars = barsOf(series, category.key, stacked).bars.map((bar, seriesIndex) => {
              if (!bar) return null;
              const { point, value, from, to } = bar;
              const item = series[seriesIndex]!;
              const x = x0 + pad + (stacked ? 0 : seriesIndex * barWidth);
              const top = Math.min(y(from), y(to));
              const barHeight = Math.max(Math.abs(y(to) - y(from)), value !== 0 ? 1 : 0);
              const text = format(value);
              const inside = stacked && barHeight >= LINE_HEIGHT + 2 && textWidth(text) <= barWidth - 4;
              const shape = (
                <rect className={chartStyles.shape} x={x} y={top} width={Math.max(1, barWidth - (stacked || series.length === 1 ? 0 : 1))} height={barHeight} fill={fillOf(id, seriesIndex)} stroke="#1f2933" strokeWidth={0.5} />
              );
              const valueLabel = showValues ? (
                <Label x={x + barWidth / 2} y={value >= 0 ? top - 4 : top + barHeight + 13} anchor="middle">
                  {text}
                </Label>
              ) : inside ? (
                <Label x={x + barWidth / 2} y={top + barHeight / 2 + 4} anchor="middle" halo>
                  {text}
                </Label>
              ) : null;
              const name = nameOf(seriesIndex, point);
              const choose = choosePoint(seriesIndex, point);
              return (
                <g key={item.key} {...(choose ? markProps(`${name}. ${selectHint}`, choose) : { className: chartStyles.mark })}>
                  {choose ? null : <title>{name}</title>}
                  {shape}
                  {valueLabel ? <g aria-hidden="true">{valueLabel}</g> : null}
                </g>
              );
            });
            const total = showTotals ? (
              <g aria-hidden="true">
                <Label x={x0 + band / 2} y={y(totals[categoryIndex] ?? 0) - 4} anchor="middle">
                  {format(totals[categoryIndex] ?? 0)}
                </Label>
              </g>
            ) : null;
            return categoryGroup(category, { x: x0 + 1, y: TOP, width: Math.max(1, band - 2), height: plotHeight }, bars, total);
          })}
        </svg>
      </ChartFrame>
    );
  }

  // Bars across: each category's whole name on the left (on up to two lines), values along the bottom.
  const longest = Math.max(0, ...categories.map((category) => textWidth(category.label)));
  const labelWidth = Math.max(40, Math.min(longest, Math.floor(width * 0.4)));
  const lines = categories.map((category) => wrapOrTruncate(category.label, labelWidth, 2));
  const barHeight = stacked || series.length === 1 ? 16 : 14;
  const groupHeight = stacked ? barHeight : barHeight * series.length;
  const rowHeight = Math.max(groupHeight + 10, Math.max(1, ...lines.map((line) => line.length)) * LINE_HEIGHT + 6);
  const left = labelWidth + 12;
  const [low, high] = domain(series, categories, stacked);
  const endTexts = stacked
    ? categories.map((category) => format(series.reduce((sum, item) => sum + Math.max(0, valueAt(item, category.key) ?? 0), 0)))
    : series.flatMap((item) => item.points.map((point) => format(point.value)));
  const valueRoom = Math.max(0, ...endTexts.map((text) => textWidth(text))) + 8;
  const showValues = low >= 0 && valueRoom <= 0.3 * (width - left);
  const right = showValues ? valueRoom : 16;
  const plotWidth = Math.max(40, width - left - right);
  const axisY = TOP - 16 + categories.length * rowHeight + 16;
  const chartHeight = axisY + 8;
  let axis = valueAxis(unit, low, high, 1);
  let tickLabels: { x: number; text: string }[] = [];
  for (let count = Math.min(8, Math.max(1, Math.floor(plotWidth / 50))); count >= 1; count -= 1) {
    const candidate = valueAxis(unit, low, high, count);
    const xOf = (value: number) => left + (plotWidth * (value - candidate.min)) / (candidate.max - candidate.min || 1);
    const placed = candidate.ticks.map((tick, index) => {
      const text = candidate.labels[index]!;
      const half = textWidth(text) / 2;
      return { x: Math.min(Math.max(xOf(tick), left - 6 + half), width - half), text, half };
    });
    const fits = placed.every((label, index) => index === 0 || label.x - label.half >= placed[index - 1]!.x + placed[index - 1]!.half + 8);
    axis = candidate;
    tickLabels = placed;
    if (fits) break;
  }
  const x = (value: number) => left + (plotWidth * (value - axis.min)) / (axis.max - axis.min || 1);
  const rowsTop = TOP - 16;
  return (
    <ChartFrame title={title} summary={summary} interactive={interactive} measureRef={ref} after={after}>
      <svg className={chartStyles.svg} width={width} height={chartHeight} viewBox={`0 0 ${width} ${chartHeight}`} focusable="false">
        <Patterns id={id} count={series.length} />
        <g aria-hidden="true">
          {axis.ticks.map((tick) => (
            <line key={tick} className={tick === 0 ? chartStyles.axis : chartStyles.grid} x1={x(tick)} x2={x(tick)} y1={rowsTop} y2={axisY - 14} />
          ))}
          {tickLabels.map((label) => (
            <Label key={label.text} x={label.x} y={axisY} anchor="middle">
              {label.text}
            </Label>
          ))}
          {categories.map((category, index) => {
            const rowLines = lines[index]!;
            const first = rowsTop + index * rowHeight + rowHeight / 2 - ((rowLines.length - 1) * LINE_HEIGHT) / 2 + 4;
            return rowLines.map((line, lineIndex) => (
              <Label key={`${category.key}-${lineIndex}`} x={left - 8} y={first + lineIndex * LINE_HEIGHT} anchor="end">
                {line}
              </Label>
            ));
          })}
        </g>
        {categories.map((category, categoryIndex) => {
          const rowTop = rowsTop + categoryIndex * rowHeight + (rowHeight - groupHeight) / 2;
          const stack = barsOf(series, category.key, stacked);
          const up = stack.up;
          const bars = stack.bars.map((bar, seriesIndex) => {
            if (!bar) return null;
            const { point, value, from, to } = bar;
            const item = series[seriesIndex]!;
            const barTop = rowTop + (stacked ? 0 : seriesIndex * barHeight);
            const start = Math.min(x(from), x(to));
            const length = Math.max(Math.abs(x(to) - x(from)), value !== 0 ? 1 : 0);
            const text = format(value);
            const inside = stacked && length >= textWidth(text) + 6 && barHeight >= 14;
            const name = nameOf(seriesIndex, point);
            const choose = choosePoint(seriesIndex, point);
            return (
              <g key={item.key} {...(choose ? markProps(`${name}. ${selectHint}`, choose) : { className: chartStyles.mark })}>
                {choose ? null : <title>{name}</title>}
                <rect className={chartStyles.shape} x={start} y={barTop} width={length} height={stacked || series.length === 1 ? barHeight : barHeight - 1} fill={fillOf(id, seriesIndex)} stroke="#1f2933" strokeWidth={0.5} />
                {showValues && !stacked ? (
                  <g aria-hidden="true">
                    <Label x={start + length + 4} y={barTop + barHeight / 2 + 4}>
                      {text}
                    </Label>
                  </g>
                ) : inside ? (
                  <g aria-hidden="true">
                    <Label x={start + length / 2} y={barTop + barHeight / 2 + 4} anchor="middle" halo>
                      {text}
                    </Label>
                  </g>
                ) : null}
              </g>
            );
          });
          const total = stacked && showValues ? (
            <g aria-hidden="true">
              <Label x={x(up) + 4} y={rowTop + barHeight / 2 + 4}>
                {format(up)}
              </Label>
            </g>
          ) : null;
          return categoryGroup(category, { x: 0, y: rowsTop + categoryIndex * rowHeight, width, height: rowHeight }, bars, total);
        })}
      </svg>
    </ChartFrame>
  );
}

/** The category labels under a vertical chart, one <text> per line. */
export function CategoryLabels({ layout, top }: { layout: CategoryAxisLayout; top: number }) {
  return (
    <>
      {layout.labels.flatMap((label) =>
        label.lines.map((line, lineIndex) => (
          <Label key={`${label.index}-${lineIndex}`} x={label.x} y={top + lineIndex * LINE_HEIGHT} anchor="middle">
            {line}
          </Label>
        )),
      )}
    </>
  );
}
