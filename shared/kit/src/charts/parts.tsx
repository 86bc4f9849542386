import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { formatValue, type ChartUnit } from './ticks';
import { FONT_SIZE } from './text';
import styles from './charts.module.css';

/** One value of a chart: a bar, a slice, a point. `key` identifies it for drill-down (e.g. a branch id, a day). */
export interface ChartPoint {
  key: string;
  /** The category's whole name ("3 March 2031", "Camden Domiciliary"). */
  label: string;
  /** A shorter name the axis may use when the whole names do not fit ("Mon 3"). */
  short?: string;
  value: number;
}

/** A named series of points (one colour and one pattern or marker). A single-series chart has one. */
export interface ChartSeries {
  key: string;
  label: string;
  points: ChartPoint[];
}

/** What `onSelect` receives when a mark is clicked or activated with Enter or Space. */
export interface ChartSelection extends ChartPoint {
  series: string;
  seriesLabel: string;
}

export interface ChartCommon {
  /** Visible caption, the table's caption ("<title>: figures") and the start of the accessible summary. */
  title: string;
  /** A longer accessible summary (otherwise one is made from the figures). */
  summary?: string;
  /** What the values are: ticks (whole numbers for counts, £ for money — values in pence — "h" for hours). */
  unit?: ChartUnit;
  /** How a value is written on the marks and in the table (default: by unit). */
  format?: (value: number) => string;
  /** Called with the datum behind a mark: a page drills down to the rows behind it. */
  onSelect?: (datum: ChartSelection) => void;
  /** Start with the table of figures shown. */
  showTable?: boolean;
  /** The header of the table's first column (default "Category"). */
  categoryLabel?: string;
  /** Draw at this width instead of the container's (px). */
  width?: number;
}

/** The width charts are drawn at before (or without) a measure of their container: jsdom has no layout. */
export const DEFAULT_WIDTH = 640;

/**
 * The width of the element `ref` points at, kept up to date with a ResizeObserver, so a chart is drawn at its
 * real size (text stays 12 px) instead of a fixed drawing scaled to fit. DEFAULT_WIDTH until measured, and where
 * the element has no width (jsdom).
 */
export function useContainerWidth(fixed?: number): [RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(fixed ?? DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (fixed || !element) return;
    const measure = (measured: number) => {
      if (measured > 0) setWidth(Math.floor(measured));
    };
    measure(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) measure(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [fixed]);
  return [ref, fixed ?? width];
}

/** Colour is a second cue only: every series also has a pattern (bars, slices) or a marker shape and dash (lines). */
export const PALETTE = ['#1d4ed8', '#b45309', '#047857', '#7c3aed', '#be123c', '#0e7490', '#4d7c0f', '#374151'];
/** The patterns' names, as the legend writes them. */
export const PATTERN_NAMES = ['solid', 'diagonal lines', 'dots', 'cross-hatched', 'horizontal lines', 'vertical lines', 'checks', 'reverse diagonal lines'];
export const SHAPES = ['circle', 'square', 'triangle', 'diamond', 'cross', 'star'] as const;
export const DASHES = ['', '6 3', '2 3', '8 3 2 3', '12 4', '1 2'];
const DASH_NAMES = ['solid line', 'dashed line', 'dotted line', 'dash-dot line', 'long dashes', 'fine dots'];
const SHAPE_NAMES = ['circles', 'squares', 'triangles', 'diamonds', 'crosses', 'stars'];

export const colourOf = (index: number): string => PALETTE[index % PALETTE.length]!;
export const fillOf = (id: string, index: number) => `url(#${id}-p${index})`;
/** How a series is drawn, in words (the legend says it beside the swatch). */
export const describeFill = (index: number) => PATTERN_NAMES[index % PATTERN_NAMES.length]!;
export const describeLine = (index: number) => `${DASH_NAMES[index % DASH_NAMES.length]}, ${SHAPE_NAMES[index % SHAPE_NAMES.length]}`;

/** SVG <pattern> definitions, one per series, ids prefixed so two charts on a page never clash. */
export function Patterns({ id, count }: { id: string; count: number }) {
  return (
    <defs>
      {Array.from({ length: count }, (_, index) => {
        const colour = colourOf(index);
        const kind = index % PATTERN_NAMES.length;
        const line = (d: string) => <path d={d} stroke="#fff" strokeWidth={1.6} />;
        return (
          <pattern key={index} id={`${id}-p${index}`} width={8} height={8} patternUnits="userSpaceOnUse">
            <rect width={8} height={8} fill={colour} />
            {kind === 1 && line('M-2,2 l4,-4 M0,8 l8,-8 M6,10 l4,-4')}
            {kind === 2 && <circle cx={4} cy={4} r={1.6} fill="#fff" />}
            {kind === 3 && line('M0,0 L8,8 M8,0 L0,8')}
            {kind === 4 && line('M0,4 H8')}
            {kind === 5 && line('M4,0 V8')}
            {kind === 6 && <rect width={4} height={4} fill="#fff" fillOpacity={0.7} />}
            {kind === 7 && line('M-2,6 l4,4 M0,0 l8,8 M6,-2 l4,4')}
          </pattern>
        );
      })}
    </defs>
  );
}

/** A marker (line charts): a distinct shape per series. */
export function Shape({ index, x, y, size = 5, fill }: { index: number; x: number; y: number; size?: number; fill: string }) {
  const s = size;
  const common = { fill, stroke: '#fff', strokeWidth: 1, className: styles.shape };
  switch (SHAPES[index % SHAPES.length]) {
    case 'square':
      return <rect x={x - s} y={y - s} width={2 * s} height={2 * s} {...common} />;
    case 'triangle':
      return <path d={`M${x},${y - s - 1} L${x + s + 1},${y + s} L${x - s - 1},${y + s} Z`} {...common} />;
    case 'diamond':
      return <path d={`M${x},${y - s - 1} L${x + s + 1},${y} L${x},${y + s + 1} L${x - s - 1},${y} Z`} {...common} />;
    case 'cross':
      return <path d={`M${x - s},${y - s} L${x + s},${y + s} M${x + s},${y - s} L${x - s},${y + s}`} {...common} stroke={fill} strokeWidth={3} />;
    case 'star':
      return <path d={`M${x},${y - s - 1} L${x + 2},${y - 2} L${x + s + 1},${y} L${x + 2},${y + 2} L${x},${y + s + 1} L${x - 2},${y + 2} L${x - s - 1},${y} L${x - 2},${y - 2} Z`} {...common} />;
    default:
      return <circle cx={x} cy={y} r={s} {...common} />;
  }
}

/** Props that make a mark a button (click, Enter, Space); without `onChoose` the mark is part of the chart's one image. */
export function markProps(label: string, onChoose?: () => void, pressed?: boolean) {
  if (!onChoose) return { className: styles.mark };
  return {
    className: `${styles.mark} ${styles.interactive}`,
    role: 'button' as const,
    tabIndex: 0,
    'aria-label': label,
    ...(pressed === undefined ? {} : { 'aria-pressed': pressed }),
    onClick: onChoose,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        onChoose();
      }
    },
  };
}

/** A unique id safe for SVG url(#…) references. */
export function useChartId() {
  return `chart${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
}

/** One line of chart text at the chart's text size (never under 11 px: charts are drawn at their real width). */
export function Label({ x, y, anchor = 'start', children, fill, halo }: {
  x: number;
  y: number;
  anchor?: 'start' | 'middle' | 'end';
  children: string;
  fill?: string;
  halo?: boolean;
}) {
  return (
    <text
      x={Math.round(x * 10) / 10}
      y={Math.round(y * 10) / 10}
      textAnchor={anchor}
      fontSize={FONT_SIZE}
      className={halo ? styles.halo : undefined}
      style={fill ? { fill } : undefined}
    >
      {children}
    </text>
  );
}

/** The legend, in text: each series' name beside a swatch of its pattern (or line and marker), and its name in words. */
export function Legend({ id, items, kind, always = false }: { id: string; items: { label: string; detail?: string }[]; kind: 'pattern' | 'line'; always?: boolean }) {
  if (items.length < 2 && !always) return null;
  return (
    <ul className={styles.legend} aria-label="Legend">
      {items.map((item, index) => (
        <li key={`${index}-${item.label}`}>
          <svg viewBox="0 0 22 14" width={22} height={14} aria-hidden="true" focusable="false">
            {kind === 'pattern' ? (
              <>
                <Patterns id={`${id}-legend${index}`} count={index + 1} />
                <rect x={1} y={1} width={20} height={12} fill={fillOf(`${id}-legend${index}`, index)} stroke="#333" />
              </>
            ) : (
              <>
                <line x1={0} x2={22} y1={7} y2={7} stroke={colourOf(index)} strokeWidth={2} strokeDasharray={DASHES[index % DASHES.length]} />
                <Shape index={index} x={11} y={7} size={4} fill={colourOf(index)} />
              </>
            )}
          </svg>
          <span>{item.label}</span>
          <span className={styles.muted}>({item.detail ?? (kind === 'pattern' ? describeFill(index) : describeLine(index))})</span>
        </li>
      ))}
    </ul>
  );
}

/** The categories across all series, in first-seen order. */
export function categoriesOf(series: ChartSeries[]): { key: string; label: string; short?: string }[] {
  const seen = new Map<string, { key: string; label: string; short?: string }>();
  for (const item of series)
    for (const point of item.points) if (!seen.has(point.key)) seen.set(point.key, { key: point.key, label: point.label, ...(point.short ? { short: point.short } : {}) });
  return [...seen.values()];
}

/** The value of a series at a category (undefined when it has none). */
export const valueAt = (series: ChartSeries, key: string) => series.points.find((point) => point.key === key)?.value;

/** A short summary for the accessible name: the title, then each series' highest and lowest. */
export function summarise(title: string, series: ChartSeries[], format: (value: number) => string): string {
  if (series.every((item) => item.points.length === 0)) return `${title}: no data.`;
  const parts = series.map((item) => {
    if (item.points.length === 0) return `${item.label}: no data`;
    const sorted = [...item.points].sort((a, b) => b.value - a.value);
    const top = sorted[0]!;
    const bottom = sorted[sorted.length - 1]!;
    const prefix = series.length > 1 ? `${item.label}: ` : '';
    return `${prefix}highest ${top.label} ${format(top.value)}, lowest ${bottom.label} ${format(bottom.value)}`;
  });
  return `${title}. ${parts.join('; ')}.`;
}

export const formatterOf = (unit: ChartUnit, format?: (value: number) => string) => format ?? ((value: number) => formatValue(unit, value));

/**
 * The same figures as a table, hidden until "Show the figures as a table" (a button with aria-expanded). With
 * `onSelectCategory`, each row's header is a button too (what choosing the category's marks does).
 */
export function DataTable({ title, series, format, initiallyShown = false, rowHeader = 'Category', onSelectCategory, selected }: {
  title: string;
  series: ChartSeries[];
  format: (value: number) => string;
  initiallyShown?: boolean;
  rowHeader?: string;
  onSelectCategory?: (category: { key: string; label: string }) => void;
  selected?: string | null;
}) {
  const [shown, setShown] = useState(initiallyShown);
  const id = useChartId();
  const categories = categoriesOf(series);
  return (
    <div className={styles.tableBlock}>
      <button type="button" className={styles.toggle} aria-expanded={shown} aria-controls={`${id}-table`} onClick={() => setShown(!shown)}>
        {shown ? 'Hide the figures table' : 'Show the figures as a table'}
      </button>
      <div id={`${id}-table`} className={styles.tableWrap} hidden={!shown}>
        <table className={styles.table}>
          <caption>{title}: figures</caption>
          <thead>
            <tr>
              <th scope="col">{rowHeader}</th>
              {series.map((item) => (
                <th scope="col" key={item.key} className={styles.figure}>
                  {item.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {categories.map((category) => (
              <tr key={category.key}>
                <th scope="row">
                  {onSelectCategory ? (
                    <button type="button" className={styles.rowButton} aria-pressed={selected === undefined ? undefined : selected === category.key} onClick={() => onSelectCategory(category)}>
                      {category.label}
                    </button>
                  ) : (
                    category.label
                  )}
                </th>
                {series.map((item) => {
                  const value = valueAt(item, category.key);
                  return (
                    <td key={item.key} className={styles.figure}>
                      {value === undefined ? '–' : format(value)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * The figure: its caption, the measured box the chart is drawn in (role img, or a group of buttons when its marks
 * can be chosen; it scrolls sideways when the chart is wider than its box), the legend and the table.
 */
export function ChartFrame({ title, summary, interactive, measureRef, scrolls = false, children, after }: {
  title: string;
  summary: string;
  interactive: boolean;
  measureRef: RefObject<HTMLDivElement | null>;
  scrolls?: boolean;
  children: ReactNode;
  after: ReactNode;
}) {
  return (
    <figure className={styles.chartFigure}>
      <figcaption>{title}</figcaption>
      <div ref={measureRef} className={styles.measure}>
        <div
          className={scrolls ? `${styles.plot} ${styles.scrolls}` : styles.plot}
          role={interactive ? 'group' : 'img'}
          aria-roledescription="chart"
          aria-label={summary}
          tabIndex={scrolls && !interactive ? 0 : undefined}
        >
          {children}
        </div>
      </div>
      {after}
    </figure>
  );
}

export { styles as chartStyles };
export type { ChartUnit };
