import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './charts.module.css';

/** One value of a chart: a bar, a slice, a point. `key` identifies it for drill-down (e.g. a branch id, a week). */
export interface ChartPoint {
  key: string;
  label: string;
  value: number;
}

/** A named series of points (one colour + pattern/shape). A single-series chart has one. */
export interface ChartSeries {
  key: string;
  label: string;
  points: ChartPoint[];
}

/** What `onSelect` receives when a mark is clicked or activated with Enter/Space. */
export interface ChartSelection extends ChartPoint {
  series: string;
  seriesLabel: string;
}

export interface ChartCommon {
  /** Visible caption and the start of the accessible summary. */
  title: string;
  /** Optional longer accessible summary (otherwise one is made from the figures). */
  summary?: string;
  /** Formats a value for labels and the table (default: locale number). */
  format?: (value: number) => string;
  /** Called with the datum behind a mark: a page drills down to the rows behind it. */
  onSelect?: (datum: ChartSelection) => void;
  /** Start with the data table shown (it is always present for assistive technology). */
  showTable?: boolean;
}

export const defaultFormat = (value: number) => value.toLocaleString('en-GB', { maximumFractionDigits: 1 });

/** Colours are a second cue only: every series also has a pattern (bars, slices) or a shape and dash (lines). */
export const PALETTE = ['#1d4ed8', '#b45309', '#047857', '#7c3aed', '#be123c', '#0e7490', '#4d7c0f', '#374151'];
export const PATTERN_NAMES = ['solid', 'diagonal', 'dots', 'crosshatch', 'horizontal', 'vertical', 'checks', 'reverse'];
export const SHAPES = ['circle', 'square', 'triangle', 'diamond', 'cross', 'star'] as const;
export const DASHES = ['', '6 3', '2 3', '8 3 2 3', '12 4', '1 2'];

export const colourOf = (index: number): string => PALETTE[index % PALETTE.length]!;

/** SVG <pattern> definitions, one per series, ids prefixed so two charts on a page never clash. */
export function Patterns({ id, count }: { id: string; count: number }) {
  return (
    <defs>
      {Array.from({ length: count }, (_, index) => {
        const colour = colourOf(index);
        const kind = index % PATTERN_NAMES.length;
        const line = (d: string) => <path d={d} stroke="#fff" strokeWidth={kind === 6 ? 0 : 1.6} />;
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

export const fillOf = (id: string, index: number) => `url(#${id}-p${index})`;

/** A marker shape (line charts): distinct per series. */
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

/** Props that make a mark focusable and selectable (click, Enter, Space); a static chart's marks are part of its one image. */
export function markProps(datum: ChartSelection, label: string, onSelect?: (datum: ChartSelection) => void) {
  if (!onSelect) return { className: styles.mark };
  return {
    className: `${styles.mark} ${styles.interactive}`,
    role: 'button' as const,
    tabIndex: 0,
    'aria-label': `${label}. Show the rows behind it`,
    onClick: () => onSelect(datum),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        onSelect(datum);
      }
    },
  };
}

/** A unique id safe for SVG url(#…) references. */
export function useChartId() {
  return `chart${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
}

/** The legend: each series' pattern (or shape) swatch and name as text. */
export function Legend({ id, series, kind }: { id: string; series: { label: string }[]; kind: 'pattern' | 'shape' }) {
  if (series.length < 2) return null;
  return (
    <ul className={styles.legend} aria-label="Legend">
      {series.map((item, index) => (
        <li key={item.label}>
          <svg viewBox="0 0 22 14" aria-hidden="true" focusable="false">
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
          {item.label}
        </li>
      ))}
    </ul>
  );
}

/** The same figures as a table: visually hidden until toggled, always there for screen readers. */
export function DataTable({ title, series, format, initiallyShown = false, rowHeader = 'Category' }: {
  title: string;
  series: ChartSeries[];
  format: (value: number) => string;
  initiallyShown?: boolean;
  rowHeader?: string;
}) {
  const [shown, setShown] = useState(initiallyShown);
  const categories = categoriesOf(series);
  return (
    <>
      <button type="button" className={styles.toggle} aria-expanded={shown} onClick={() => setShown(!shown)}>
        {shown ? 'Hide' : 'Show'} the figures as a table
      </button>
      <table className={shown ? styles.table : `${styles.table} ${styles.hidden}`}>
        <caption>{title}: figures</caption>
        <thead>
          <tr>
            <th scope="col">{rowHeader}</th>
            {series.map((item) => (
              <th scope="col" key={item.key}>{item.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {categories.map((category) => (
            <tr key={category.key}>
              <th scope="row">{category.label}</th>
              {series.map((item) => {
                const point = item.points.find((candidate) => candidate.key === category.key);
                return <td key={item.key}>{point ? format(point.value) : '–'}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The categories across all series, in first-seen order. */
export function categoriesOf(series: ChartSeries[]): { key: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const item of series) for (const point of item.points) if (!seen.has(point.key)) seen.set(point.key, point.label);
  return [...seen].map(([key, label]) => ({ key, label }));
}

/** A short summary for aria-label: the title, then each series' total, highest and lowest. */
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

/** "Nice" upper bound for an axis: 1, 2, 2.5 or 5 × 10^n at or above max. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** The figure wrapper: caption, the chart (role img, or a group of buttons when it drills down), legend, table. */
export function ChartFrame({ title, summary, interactive, children, width, height, after }: {
  title: string;
  summary: string;
  interactive: boolean;
  children: ReactNode;
  width: number;
  height: number;
  after: ReactNode;
}) {
  return (
    <figure className={styles.figure}>
      <figcaption>{title}</figcaption>
      <svg
        className={styles.svg}
        viewBox={`0 0 ${width} ${height}`}
        role={interactive ? 'group' : 'img'}
        aria-roledescription="chart"
        aria-label={summary}
      >
        {children}
      </svg>
      {after}
    </figure>
  );
}

export { styles as chartStyles };
