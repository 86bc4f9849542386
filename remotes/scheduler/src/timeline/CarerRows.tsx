import { memo, type DragEvent } from 'react';
import type { TimelineCarerDay, TimelineCarerRow, TimelineView, TimelineVisit, TravelGap } from '../../contract/timeline';
import type { RuleFinding } from '../../contract/visits';
import { ATTENTION_SYMBOL, DAY_SPAN, DAY_START, lateText, LATE_SYMBOL, STATUS_LABEL, STATUS_SYMBOL, timesOf, toMinutes, visitLabel, type RowKey } from './common';
import type { Placement, PlanningNotice } from './planning';
import styles from './timeline.module.css';
import { formatHours, formatWeekday } from '@hcm/contract/format';

// The rows of the carer timeline: their layout (lanes of bars for a day, a stack per day for a week or month,
// and so each row's height, known before drawing, which lets the list draw only the rows in view), and a row.

/** A row as drawn: its bars read (contract/timeline.ts, readBars) and the travel gaps between them (gapsOf). */
export type LaneRow = { key: RowKey; name: string; carer: TimelineCarerRow | null; days: TimelineCarerDay[]; visits: TimelineVisit[]; gaps: TravelGap[] };
export type Ghost = Placement & { visit: TimelineVisit };

const BAR_HEIGHT = 36;
const CHIP_WEEK = 40;
const CHIP_MONTH = 24;
const GAP_LINE = 18;

type DayStack = { visits: TimelineVisit[]; ghostIndex: number };
export type RowLayout = { height: number; lanes: Map<number, number>; ghostLane: number; stacks: Map<string, DayStack> };

const GHOST_ID = -1;

/** Packs bars into lanes so overlapping visits never hide each other (a carer's overlap shows as two lanes). */
function packLanes(items: { id: number; start: number; end: number }[]): { lanes: Map<number, number>; count: number } {
  const ends: number[] = [];
  const lanes = new Map<number, number>();
  for (const item of [...items].sort((a, b) => a.start - b.start || a.end - b.end)) {
    let lane = ends.findIndex((end) => end <= item.start);
    if (lane === -1) lane = ends.length;
    ends[lane] = item.end;
    lanes.set(item.id, lane);
  }
  return { lanes, count: Math.max(1, ends.length) };
}

const span = (visit: { start_time: string; end_time: string }) => {
  const start = toMinutes(visit.start_time);
  const end = toMinutes(visit.end_time);
  return { start, end: end > start ? end : 24 * 60 };
};

export function layoutRow(row: LaneRow, view: TimelineView, ghost: Ghost | null): RowLayout {
  if (view === 'today') {
    const items = row.visits.map((visit) => ({ id: visit.id, ...span(visit) }));
    if (ghost) items.push({ id: GHOST_ID, ...span({ start_time: ghost.start, end_time: ghost.end }) });
    const { lanes, count } = packLanes(items);
    return { height: count * BAR_HEIGHT + 8 + GAP_LINE, lanes, ghostLane: lanes.get(GHOST_ID) ?? -1, stacks: new Map() };
  }
  const stacks = new Map<string, DayStack>();
  for (const visit of row.visits) {
    const stack = stacks.get(visit.date) ?? { visits: [], ghostIndex: -1 };
    stack.visits.push(visit);
    stacks.set(visit.date, stack);
  }
  for (const stack of stacks.values()) stack.visits.sort((a, b) => a.start_time.localeCompare(b.start_time));
  if (ghost) {
    const stack = stacks.get(ghost.date) ?? { visits: [], ghostIndex: -1 };
    stack.ghostIndex = stack.visits.filter((visit) => visit.start_time <= ghost.start).length;
    stacks.set(ghost.date, stack);
  }
  let tallest = 0;
  for (const stack of stacks.values()) {
    const chips = stack.visits.length + (stack.ghostIndex >= 0 ? 1 : 0);
    const size = view === 'week' ? chips * CHIP_WEEK + Math.max(0, chips - 1) * GAP_LINE : chips * CHIP_MONTH;
    tallest = Math.max(tallest, size);
  }
  const header = view === 'week' ? 20 : 16;
  return { height: Math.max(view === 'week' ? 64 : 48, tallest + header + 10), lanes: new Map(), ghostLane: -1, stacks };
}

export type RowHandlers = {
  onOpen: (visit: TimelineVisit) => void;
  onDragStart: (event: DragEvent<HTMLElement>, visit: TimelineVisit, row: RowKey) => void;
  onDragOver: (event: DragEvent<HTMLElement>, row: RowKey, date: string | null) => void;
  onDrop: (event: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
  onDismiss: () => void;
};

type RowProps = {
  row: LaneRow;
  view: TimelineView;
  days: string[];
  today: string;
  layout: RowLayout;
  top: number;
  index: number;
  ghost: Ghost | null;
  findings: RuleFinding[] | null;
  pickedId: number | null;
  notice: PlanningNotice | null;
  canPlan: boolean;
  describedBy: string;
  handlers: RowHandlers;
};

const PLANNABLE = new Set(['unassigned', 'assigned']);

function availabilityOf(days: TimelineCarerDay[], date: string): TimelineCarerDay | null {
  return days.find((day) => day.date === date) ?? null;
}

const dayWords = (day: TimelineCarerDay | null, short: boolean): string => {
  if (!day) return '';
  if (day.status === 'holiday') return 'Holiday';
  if (day.status === 'unavailable') return short ? 'Off' : 'Not available';
  if (day.status === 'not-set') return short ? '' : 'Availability not set';
  return short ? '' : day.windows.map((window) => `${window.from}–${window.to}`).join(', ');
};

/** The parts of the day view's axis a carer is not available: outside their windows, or the whole day. */
function unavailableSpans(day: TimelineCarerDay | null): { from: number; to: number; label: string }[] {
  if (!day || day.status === 'not-set') return [];
  if (day.status === 'holiday') return [{ from: DAY_START, to: DAY_START + DAY_SPAN, label: 'Holiday' }];
  if (day.status === 'unavailable') return [{ from: DAY_START, to: DAY_START + DAY_SPAN, label: 'Not available' }];
  const spans: { from: number; to: number; label: string }[] = [];
  let cursor = DAY_START;
  for (const window of [...day.windows].sort((a, b) => a.from.localeCompare(b.from))) {
    const from = Math.max(DAY_START, toMinutes(window.from));
    if (from > cursor) spans.push({ from: cursor, to: from, label: 'Unavailable' });
    cursor = Math.max(cursor, toMinutes(window.to));
  }
  if (cursor < DAY_START + DAY_SPAN) spans.push({ from: cursor, to: DAY_START + DAY_SPAN, label: 'Unavailable' });
  return spans;
}

const percent = (minutes: number) => `${(Math.max(0, Math.min(DAY_SPAN, minutes - DAY_START)) / DAY_SPAN) * 100}%`;

function gapText(gap: TravelGap, between: number): { short: string; full: string } {
  const travel = gap.travel_minutes === null ? 'travel not known' : `${gap.travel_minutes} min travel`;
  if (gap.too_short) return { short: `⚠ Too short: ${travel}`, full: `Too short: ${travel}, ${between} min between visits` };
  return { short: travel, full: `${travel}, ${between} min between visits` };
}

function Bar({ visit, row, view, picked, short, canPlan, describedBy, handlers, shortGapBefore }: { visit: TimelineVisit; row: RowKey; view: TimelineView; picked: boolean; short: boolean; canPlan: boolean; describedBy: string; handlers: RowHandlers; shortGapBefore?: boolean }) {
  const label = visitLabel(visit, 'client', view !== 'today') + (shortGapBefore ? ', travel gap before it too short' : '') + (picked ? ', picked up' : '');
  const draggable = canPlan && PLANNABLE.has(visit.status);
  return (
    <button
      type="button"
      className={[styles.bar, styles[`status-${visit.status}`], picked ? styles.picked : '', short ? styles.compact : '', visit.attention ? styles.attention : ''].join(' ')}
      data-visit={visit.id}
      data-row={row}
      aria-label={label}
      aria-describedby={describedBy}
      draggable={draggable}
      onClick={() => handlers.onOpen(visit)}
      onDragStart={draggable ? (event) => handlers.onDragStart(event, visit, row) : undefined}
      onDragEnd={handlers.onDragEnd}
    >
      {short ? (
        <span
          className={styles.barMeta}
          data-before={`${STATUS_SYMBOL[visit.status]} `}
          data-after={`${visit.carers_needed === 2 ? ' ×2' : ''}${shortGapBefore ? ' ⚠' : ''}${visit.late_by_minutes ? ` ${LATE_SYMBOL} ${visit.late_by_minutes} min` : ''}${visit.attention ? ` ${ATTENTION_SYMBOL}` : ''}` || undefined}
        >
          {visit.start_time}
        </span>
      ) : (
        <>
          <span className={styles.barName} data-before={visit.attention ? `${ATTENTION_SYMBOL} ` : undefined} data-after={visit.carers_needed === 2 ? ' ×2' : undefined}>
            {visit.client_name}
          </span>{' '}
          <span
            className={styles.barMeta}
            data-before={`${STATUS_SYMBOL[visit.status]} `}
            data-after={`${visit.late_by_minutes ? ` · ${LATE_SYMBOL} ${lateText(visit.late_by_minutes)}` : ''}${visit.attention ? ' · needs attention' : ''}` || undefined}
          >
            {timesOf(visit)}, {STATUS_LABEL[visit.status]}
          </span>
        </>
      )}
    </button>
  );
}

function GhostBar({ ghost, findings }: { ghost: Ghost; findings: RuleFinding[] | null }) {
  const hard = findings?.filter((finding) => finding.severity === 'hard') ?? [];
  return (
    <div className={[styles.ghost, hard.length ? styles.ghostRefused : ''].join(' ')} aria-hidden="true">
      <span className={styles.barName}>Drop here: {ghost.visit.client_name}</span>
      <span className={styles.barMeta}>
        {ghost.start}–{ghost.end}
        {findings === null ? '' : hard.length ? ` · ✕ ${hard[0]!.message}` : findings.length ? ` · ⚠ ${findings[0]!.message}` : ' · ✓ no problems found'}
      </span>
    </div>
  );
}

function Notice({ notice, onDismiss }: { notice: PlanningNotice; onDismiss: () => void }) {
  return (
    <div role="alert" className={styles.notice}>
      <strong>{notice.title}</strong>
      <ul>
        {notice.messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
      <button type="button" className={styles.linkButton} onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

function RowHeader({ row, view }: { row: LaneRow; view: TimelineView }) {
  const carer = row.carer;
  if (!carer) {
    return (
      <div role="rowheader" className={[styles.rowHeader, styles.unassignedHeader].join(' ')}>
        <strong>Unassigned</strong>
        <span className={styles.muted}>{row.visits.length === 1 ? '1 visit needs a carer' : `${row.visits.length} visits need a carer`}</span>
      </div>
    );
  }
  const planned = formatHours(carer.planned_minutes);
  const contracted = carer.contracted_hours;
  const over = view === 'week' && contracted !== null && carer.planned_minutes > contracted * 60;
  return (
    <div role="rowheader" className={styles.rowHeader}>
      <strong>{carer.name}</strong>
      <span className={styles.muted}>
        {contracted === null ? `${planned} planned, no contracted hours` : view === 'week' ? `${planned} of ${formatHours(contracted * 60)} contracted` : `${planned} planned (${formatHours(contracted * 60)} a week contracted)`}
        {over ? ' · over contracted hours' : ''}
      </span>
      {!carer.rosterable ? <span className={styles.blocked}>✕ Cannot be rostered{carer.blocked_because.length ? `: ${carer.blocked_because.join('; ')}` : ''}</span> : null}
    </div>
  );
}

function DayTrack({ row, layout, ghost, findings, pickedId, notice, canPlan, describedBy, handlers, date }: RowProps & { date: string }) {
  const byId = new Map(row.visits.map((visit) => [visit.id, visit]));
  const laneTop = (lane: number) => 4 + lane * BAR_HEIGHT;
  const gapTop = layout.height - GAP_LINE - 2;
  return (
    <div role="cell" className={styles.track} onDragOver={(event) => handlers.onDragOver(event, row.key, date)} onDrop={handlers.onDrop}>
      {row.carer
        ? unavailableSpans(availabilityOf(row.days, date)).map((shade) => (
            <div key={shade.from} className={styles.shade} style={{ left: percent(shade.from), width: `calc(${percent(shade.to)} - ${percent(shade.from)})` }}>
              <span>{shade.label}</span>
            </div>
          ))
        : null}
      {row.visits.map((visit) => {
        const { start, end } = span(visit);
        const lane = layout.lanes.get(visit.id) ?? 0;
        const left = percent(start);
        return (
          <div key={visit.id} className={styles.slot} style={{ left, width: `max(calc(${percent(end)} - ${left}), 3.5rem)`, top: laneTop(lane), height: BAR_HEIGHT - 4 }}>
            <Bar visit={visit} row={row.key} view="today" picked={pickedId === visit.id} short={false} canPlan={canPlan} describedBy={describedBy} handlers={handlers} />
            {notice && notice.visitId === visit.id ? <Notice notice={notice} onDismiss={handlers.onDismiss} /> : null}
          </div>
        );
      })}
      {row.gaps.map((gap) => {
        const from = byId.get(gap.from_visit_id);
        const to = byId.get(gap.to_visit_id);
        if (!from || !to || from.date !== date || to.date !== date) return null;
        const start = span(from).end;
        const end = span(to).start;
        const text = gapText(gap, Math.max(0, end - start));
        return (
          <div key={`${gap.from_visit_id}-${gap.to_visit_id}`} className={[styles.gap, gap.too_short ? styles.gapShort : ''].join(' ')} style={{ left: percent(start), width: `max(calc(${percent(end)} - ${percent(start)}), 2.5rem)`, top: gapTop }} title={text.full}>
            <span className={styles.visuallyHidden}>{text.full}</span>
            <span aria-hidden="true">{text.short}</span>
          </div>
        );
      })}
      {ghost ? (
        <div className={styles.slot} style={{ left: percent(toMinutes(ghost.start)), width: `max(calc(${percent(span({ start_time: ghost.start, end_time: ghost.end }).end)} - ${percent(toMinutes(ghost.start))}), 3.5rem)`, top: laneTop(Math.max(0, layout.ghostLane)), height: BAR_HEIGHT - 4 }}>
          <GhostBar ghost={ghost} findings={findings} />
        </div>
      ) : null}
    </div>
  );
}

function DayCell({ row, view, layout, ghost, findings, pickedId, notice, canPlan, describedBy, handlers, date, today }: RowProps & { date: string }) {
  const stack = layout.stacks.get(date);
  const availability = row.carer ? availabilityOf(row.days, date) : null;
  const words = dayWords(availability, view === 'month');
  const shaded = availability && (availability.status === 'holiday' || availability.status === 'unavailable');
  const gapsByTo = new Map(row.gaps.map((gap) => [gap.to_visit_id, gap]));
  const items: React.ReactNode[] = [];
  const visits = stack?.visits ?? [];
  visits.forEach((visit, index) => {
    if (stack && stack.ghostIndex === index && ghost) items.push(<GhostBar key="ghost" ghost={ghost} findings={findings} />);
    const gap = index > 0 ? gapsByTo.get(visit.id) : undefined;
    if (gap && view === 'week') {
      const text = gapText(gap, Math.max(0, span(visit).start - span(visits[index - 1]!).end));
      items.push(
        <div key={`gap-${visit.id}`} className={[styles.gapLine, gap.too_short ? styles.gapShort : ''].join(' ')} title={text.full}>
          <span className={styles.visuallyHidden}>{text.full}</span>
          <span aria-hidden="true">{text.short}</span>
        </div>,
      );
    }
    items.push(
      <div key={visit.id} className={styles.chipSlot}>
        <Bar visit={visit} row={row.key} view={view} picked={pickedId === visit.id} short={view === 'month'} canPlan={canPlan} describedBy={describedBy} handlers={handlers} shortGapBefore={view === 'month' && !!gap?.too_short} />
        {notice && notice.visitId === visit.id ? <Notice notice={notice} onDismiss={handlers.onDismiss} /> : null}
      </div>,
    );
  });
  if (stack && ghost && stack.ghostIndex >= visits.length) items.push(<GhostBar key="ghost" ghost={ghost} findings={findings} />);
  return (
    <div role="cell" className={[styles.dayCell, shaded ? styles.dayShaded : '', date === today ? styles.todayCell : ''].join(' ')} onDragOver={(event) => handlers.onDragOver(event, row.key, date)} onDrop={handlers.onDrop}>
      <span className={styles.dayWords}>
        {view === 'month' ? <span className={styles.visuallyHidden}>{formatWeekday(date, 'short')} {Number(date.slice(8))}: </span> : null}
        {words}
      </span>
      {items}
    </div>
  );
}

/** One row of the carer timeline (a carer, or the unassigned lane), placed at `top` in the scrolled list. */
export const TimelineRow = memo(function TimelineRow(props: RowProps) {
  const { row, view, days, layout, top, index } = props;
  return (
    <div role="row" aria-rowindex={index + 2} className={[styles.row, row.carer ? '' : styles.unassignedRow, row.carer && !row.carer.rosterable ? styles.blockedRow : ''].join(' ')} style={{ top, height: layout.height }} data-row-key={row.key}>
      <RowHeader row={row} view={view} />
      {view === 'today' ? <DayTrack {...props} date={days[0] ?? ''} /> : days.map((date) => <DayCell key={date} {...props} date={date} />)}
    </div>
  );
});
