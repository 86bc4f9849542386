import type { KeyboardEvent, ReactNode } from 'react';
import type { DailyFigures } from '../../contract/reports';
import { longDay, money } from './common';
import styles from './reports.module.css';

// Hand-drawn SVG charts of the daily figures (no chart library: the area's JS budget). Each series has a text
// label and its own fill pattern or marker, so the charts read without colour; the data table beside them
// holds the same figures.

export type SeriesKey = 'invoiced_pence' | 'credited_pence' | 'received_pence' | 'expenses_pence';

export const SERIES: { key: SeriesKey; label: string; fill: string; colour: string }[] = [
  { key: 'invoiced_pence', label: 'Invoiced', fill: 'url(#fin-solid)', colour: '#1d4ed8' },
  { key: 'credited_pence', label: 'Credited', fill: 'url(#fin-hatch)', colour: '#b45309' },
  { key: 'received_pence', label: 'Received', fill: 'url(#fin-dots)', colour: '#047857' },
  { key: 'expenses_pence', label: 'Expenses', fill: 'url(#fin-cross)', colour: '#7c3aed' },
];

/** The fill patterns, one per series: solid, diagonal hatching, dots, cross-hatching. */
export function Patterns() {
  return (
    <defs>
      <pattern id="fin-solid" width="6" height="6" patternUnits="userSpaceOnUse">
        <rect width="6" height="6" fill="#1d4ed8" />
      </pattern>
      <pattern id="fin-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="6" height="6" fill="#fde68a" />
        <line x1="0" y1="0" x2="0" y2="6" stroke="#b45309" strokeWidth="3" />
      </pattern>
      <pattern id="fin-dots" width="6" height="6" patternUnits="userSpaceOnUse">
        <rect width="6" height="6" fill="#d1fae5" />
        <circle cx="3" cy="3" r="1.8" fill="#047857" />
      </pattern>
      <pattern id="fin-cross" width="6" height="6" patternUnits="userSpaceOnUse">
        <rect width="6" height="6" fill="#ede9fe" />
        <path d="M0 0L6 6M6 0L0 6" stroke="#7c3aed" strokeWidth="1.2" />
      </pattern>
    </defs>
  );
}

/** The legend: each series' name beside a swatch of its pattern. */
export function Legend({ items }: { items: { label: string; swatch: ReactNode }[] }) {
  return (
    <ul className={styles.legend} aria-label="Legend">
      {items.map((item) => (
        <li key={item.label}>
          <svg width="28" height="16" aria-hidden="true">
            <Patterns />
            {item.swatch}
          </svg>
          {item.label}
        </li>
      ))}
    </ul>
  );
}

const HEIGHT = 260;
const TOP = 16;
const BOTTOM = 36;
const LEFT = 72;
const PLOT = HEIGHT - TOP - BOTTOM;

/** A round top for the axis: 1, 2 or 5 times a power of ten, in pounds, at or above `pence`. */
export function axisTop(pence: number): number {
  if (pence <= 0) return 100;
  const pounds = pence / 100;
  const power = 10 ** Math.floor(Math.log10(pounds));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= pounds)!;
  return step * power * 100;
}

const labelEvery = (days: number) => Math.max(1, Math.ceil(days / 12));
const shortDay = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

function YAxis({ top, width }: { top: number; width: number }) {
  return (
    <g aria-hidden="true">
      {[0, 0.5, 1].map((fraction) => {
        const y = TOP + PLOT - fraction * PLOT;
        return (
          <g key={fraction}>
            <line x1={LEFT} x2={width} y1={y} y2={y} stroke="#d0d5dd" />
            <text x={LEFT - 6} y={y + 4} textAnchor="end" fontSize="11">
              {money(Math.round(top * fraction))}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/**
 * Bars per day, one per series; each day is a button (click, Enter or Space) that opens its rows. Its name
 * reads the day's four figures.
 */
export function DailyBars({ days, selected, onSelect }: { days: DailyFigures[]; selected: string | null; onSelect: (day: string) => void }) {
  const slot = 28;
  const width = LEFT + Math.max(days.length, 1) * slot + 8;
  const top = axisTop(Math.max(0, ...days.flatMap((day) => SERIES.map((series) => day[series.key]))));
  const bar = (slot - 6) / SERIES.length;
  const keyed = (day: string) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(day);
    }
  };
  return (
    <svg className={styles.chart} viewBox={`0 0 ${width} ${HEIGHT}`} role="group" aria-label="Money in and out per day, bars; choose a day to see its rows">
      <Patterns />
      <YAxis top={top} width={width} />
      {days.map((day, index) => {
        const x = LEFT + index * slot;
        const words = SERIES.map((series) => `${series.label.toLowerCase()} ${money(day[series.key])}`).join(', ');
        return (
          <g
            key={day.day}
            role="button"
            tabIndex={0}
            aria-label={`${longDay(day.day)}: ${words}. Show the day's rows`}
            aria-pressed={selected === day.day}
            className={`${styles.dayButton} ${selected === day.day ? styles.selected : ''}`}
            onClick={() => onSelect(day.day)}
            onKeyDown={keyed(day.day)}
          >
            <rect className="hit" x={x + 1} y={TOP} width={slot - 2} height={PLOT} fill="transparent" />
            {SERIES.map((series, position) => {
              const height = Math.round((day[series.key] / top) * PLOT);
              return height > 0 ? <rect key={series.key} x={x + 3 + position * bar} y={TOP + PLOT - height} width={bar} height={height} fill={series.fill} stroke={series.colour} strokeWidth="0.5" /> : null;
            })}
            {index % labelEvery(days.length) === 0 ? (
              <text x={x + slot / 2} y={HEIGHT - BOTTOM + 16} textAnchor="middle" fontSize="11" aria-hidden="true">
                {shortDay(day.day)}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

/** Running totals over the period: invoiced less credited, and received, as lines with circle and square markers. */
export function RunningTotals({ days }: { days: DailyFigures[] }) {
  const slot = 28;
  const width = LEFT + Math.max(days.length, 1) * slot + 90;
  let billed = 0;
  let received = 0;
  const points = days.map((day) => {
    billed += day.invoiced_pence - day.credited_pence;
    received += day.received_pence;
    return { day: day.day, billed, received };
  });
  const top = axisTop(Math.max(0, ...points.map((point) => Math.max(point.billed, point.received))));
  const y = (pence: number) => TOP + PLOT - (Math.max(0, pence) / top) * PLOT;
  const x = (index: number) => LEFT + index * slot + slot / 2;
  const path = (key: 'billed' | 'received') => points.map((point, index) => `${index === 0 ? 'M' : 'L'}${x(index)} ${y(point[key])}`).join(' ');
  const last = points.at(-1);
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${width} ${HEIGHT}`}
      role="img"
      aria-label={last ? `Running totals to ${longDay(last.day)}: invoiced less credited ${money(last.billed)}, received ${money(last.received)}` : 'Running totals: no days'}
    >
      <YAxis top={top} width={width - 90} />
      <path d={path('billed')} fill="none" stroke="#1d4ed8" strokeWidth="2" />
      <path d={path('received')} fill="none" stroke="#047857" strokeWidth="2" strokeDasharray="6 3" />
      {points.map((point, index) => (
        <g key={point.day}>
          <circle cx={x(index)} cy={y(point.billed)} r="3.5" fill="#1d4ed8" />
          <rect x={x(index) - 3.5} y={y(point.received) - 3.5} width="7" height="7" fill="#047857" />
          {index % labelEvery(days.length) === 0 ? (
            <text x={x(index)} y={HEIGHT - BOTTOM + 16} textAnchor="middle" fontSize="11">
              {shortDay(point.day)}
            </text>
          ) : null}
        </g>
      ))}
      {last ? (
        <g fontSize="11">
          <text x={x(points.length - 1) + 8} y={y(last.billed) + 4}>Invoiced (net)</text>
          <text x={x(points.length - 1) + 8} y={y(last.received) + 16}>Received</text>
        </g>
      ) : null}
    </svg>
  );
}
