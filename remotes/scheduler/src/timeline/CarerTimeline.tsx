import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { api, ErrorPanel, Loading, notify, PageHeader, useAreaEvent, useCan, useRouteName } from '@hcm/kit';
import { apiKey, useApiMutation, useApiQuery, useQueryClient } from '@hcm/kit/data';
import { gapsOf, readBars, readDays, TIMELINE_VIEWS, type AssignmentResult, type CarerTimeline as Timeline, type TimelineView, type TimelineVisit } from '../../contract/timeline';
import { PLANNABLE_STATUSES, VISITS_TOPIC, type RuleFinding, type VisitRow, type VisitsChanged } from '../../contract/visits';
import { AutoAssign } from './AutoAssign';
import { layoutRow, TimelineRow, type Ghost, type LaneRow, type RowHandlers, type RowLayout } from './CarerRows';
import { carerKey, carerOfKey, CLIENT_TIMELINE_PATH, DAY_SPAN, DAY_START, daysBetween, GLOBAL_SCHEDULE_PATH, period, shiftDay, STEP_MINUTES, timesOf, TIMELINE_PATH, toMinutes, toTime, visitDetailPath, visitPath, type RowKey } from './common';
import { findingsText, noticeOf, samePlace, writeFor, type Picked, type Placement, type PlannedWrite, type PlanningNotice } from './planning';
import { PeriodToolbar, usePeriodParams } from './Toolbar';
import { VisitPanel } from './VisitPanel';
import styles from './timeline.module.css';
import { formatDateLong, formatDayMonth, formatWeekday } from '@hcm/contract/format';

// The carer timeline (scheduler/timeline/today|week|month): carers as rows, the period as columns, visits as bars,
// travel gaps, availability and holidays shaded with words, and the unassigned lane on top. Visits are planned by
// drag and drop or by keyboard (a bar is a button: Enter or Space picks it up, arrows move it, Enter drops,
// Escape cancels), every step told in a live region. Another planner's change arrives as a live area event and
// the period is read again. Only the rows in view are drawn, so 200 carers stay quick; the answer holds bars only
// (contract/timeline.ts: a few numbers a visit), and a bar opened reads the visit's details (GET /visits/:id).

const HEADER_HEIGHT = 44;
const OVERSCAN = 600;
const FALLBACK_VIEWPORT = 900;
const PLANNABLE = new Set<string>(PLANNABLE_STATUSES);

const rowName = (row: LaneRow | undefined) => (row ? (row.carer ? row.carer.name : 'the unassigned lane') : '');
const placeOf = (visit: TimelineVisit, row: RowKey): Placement => ({ row, date: visit.date, start: visit.start_time, end: visit.end_time });

function HeaderRow({ view, days, today }: { view: TimelineView; days: string[]; today: string }) {
  return (
    <div role="row" aria-rowindex={1} className={styles.headerRow}>
      <div role="columnheader" className={styles.rowHeader}>
        Carer
      </div>
      {view === 'today' ? (
        <div role="columnheader" className={styles.axis}>
          <span className={styles.visuallyHidden}>{days[0] ? `${formatDateLong(days[0])}, 06:00 to 23:00` : 'Times'}</span>
          {Array.from({ length: DAY_SPAN / 60 }, (_, hour) => (
            <span key={hour} aria-hidden="true" className={styles.tick} style={{ left: `${((hour * 60) / DAY_SPAN) * 100}%` }}>
              {toTime(DAY_START + hour * 60)}
            </span>
          ))}
        </div>
      ) : (
        days.map((date) => (
          <div role="columnheader" key={date} className={[styles.dayHeader, date === today ? styles.todayCell : ''].join(' ')} aria-label={`${formatDateLong(date)}${date === today ? ' (today)' : ''}`}>
            {view === 'week' ? `${formatWeekday(date, 'short')} ${formatDayMonth(date)}` : `${formatWeekday(date, 'short').slice(0, 2)} ${Number(date.slice(8))}`}
            {date === today ? <span className={styles.todayMark}> today</span> : null}
          </div>
        ))
      )}
    </div>
  );
}

export function CarerTimeline({ view }: { view: TimelineView }) {
  useRouteName('Carer timeline');
  const { date, today, branchId, search, setDate, setBranch } = usePeriodParams();
  const can = useCan();
  const canPlan = can('scheduler.edit');
  const query = useApiQuery<Timeline>(TIMELINE_PATH, { view, date, branch_id: branchId }, { failure: 'The timeline could not be loaded.', keepPrevious: true, staleTime: 0 });
  const client = useQueryClient();
  const reload = useCallback(() => client.invalidateQueries({ queryKey: apiKey(TIMELINE_PATH) }), [client]);

  // Another planner's change (or auto-assign, generation, an import) arrives over the socket: read the period again.
  useAreaEvent('scheduler', VISITS_TOPIC, (data) => {
    const changed = (data ?? {}) as Partial<VisitsChanged>;
    if (branchId && changed.branch_id && String(changed.branch_id) !== branchId) return;
    void reload();
  });

  const timeline = query.data;
  const days = useMemo(() => (timeline ? (view === 'today' ? [timeline.from] : daysBetween(timeline.from, timeline.to)) : []), [timeline, view]);
  const rows = useMemo<LaneRow[]>(() => {
    if (!timeline) return [];
    const lanes: LaneRow[] = [{ key: 'unassigned', name: 'Unassigned', carer: null, days: [], visits: readBars(timeline, timeline.unassigned), gaps: [] }];
    for (const carer of timeline.carers) {
      const visits = readBars(timeline, carer.bars);
      lanes.push({ key: carerKey(carer.carer_id), name: carer.name, carer, days: readDays(timeline, carer.days), visits, gaps: gapsOf(visits) });
    }
    return lanes;
  }, [timeline]);
  const rowIndex = useMemo(() => new Map(rows.map((row, index) => [row.key, index])), [rows]);
  const visitsById = useMemo(() => {
    const map = new Map<number, TimelineVisit>();
    for (const row of rows) for (const visit of row.visits) map.set(visit.id, visit);
    return map;
  }, [rows]);

  // Planning state: what is picked up, where it would go, the checks there, a refusal shown by its visit.
  const [picked, setPickedState] = useState<Picked | null>(null);
  const pickedRef = useRef<Picked | null>(null);
  const setPicked = useCallback((next: Picked | null) => {
    pickedRef.current = next;
    setPickedState(next);
  }, []);
  const [findings, setFindings] = useState<{ key: string; findings: RuleFinding[] } | null>(null);
  const [notice, setNotice] = useState<PlanningNotice | null>(null);
  const [warnings, setWarnings] = useState<{ text: string; findings: RuleFinding[] } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // The bar opened: its details are read from the visit's own route when it opens.
  const [open, setOpen] = useState<TimelineVisit | null>(null);
  const details = useApiQuery<VisitRow>(visitDetailPath(open?.id ?? 0), undefined, { enabled: open !== null, failure: 'The visit’s details could not be loaded.', staleTime: 0 });
  const openDetails = open && details.data?.id === open.id ? details.data : null;
  const focusAfter = useRef<{ visitId: number; row: RowKey } | null>(null);
  const grabOffset = useRef(0);
  const instructionsId = useId();

  const save = useApiMutation<AssignmentResult, PlannedWrite>({
    request: (write) => api.post<AssignmentResult>(write.path, write.body),
    invalidates: [apiKey(TIMELINE_PATH), apiKey(CLIENT_TIMELINE_PATH), apiKey(GLOBAL_SCHEDULE_PATH)],
  });

  const { submit } = save;
  const ghost: Ghost | null = picked && !samePlace(picked.from, picked.to) ? { ...picked.to, visit: picked.visit } : null;
  const placeKey = (place: Placement) => `${place.row}|${place.date}|${place.start}|${place.end}`;
  const ghostFindings = ghost && findings && findings.key === placeKey(ghost) ? findings.findings : null;

  // While a visit hovers a carer's row, ask the rules (without saving) so the planner sees what a drop would meet.
  useEffect(() => {
    if (!ghost || !canPlan) return;
    const carerId = carerOfKey(ghost.row);
    if (carerId === null) return;
    const key = placeKey(ghost);
    const visitId = ghost.visit.id;
    const timer = setTimeout(() => {
      void api.post<RuleFinding[]>(visitPath(visitId, 'check'), { carer_id: carerId, date: ghost.date, start_time: ghost.start, end_time: ghost.end }).then((answer) => {
        if (answer.error || !Array.isArray(answer.data)) return;
        const current = pickedRef.current;
        if (!current || placeKey(current.to) !== key) return;
        setFindings({ key, findings: answer.data });
        if (current.how === 'keyboard' && answer.data.length) setAnnouncement(`Checks for ${rowName(rows[rowIndex.get(ghost.row) ?? -1])}: ${findingsText(answer.data)}`);
      });
    }, 250);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the ghost's place is what matters, not its object
  }, [ghost?.row, ghost?.date, ghost?.start, ghost?.end, ghost?.visit.id, canPlan]);

  const describePlace = useCallback(
    (place: Placement) => {
      const row = rows[rowIndex.get(place.row) ?? -1];
      const when = `${view === 'today' ? '' : `${formatDateLong(place.date)}, `}${place.start}–${place.end}`;
      return place.row === 'unassigned' ? `Unassigned lane (drop to unassign), ${when}` : `${rowName(row)}, ${when}`;
    },
    [rows, rowIndex, view],
  );

  const pickUp = useCallback(
    (visit: TimelineVisit, row: RowKey, how: Picked['how']) => {
      setNotice(null);
      setFindings(null);
      setPicked({ visit, from: placeOf(visit, row), to: placeOf(visit, row), how });
      if (how === 'keyboard') {
        setAnnouncement(
          `Picked up: ${visit.client_name} ${timesOf(visit)}. Use arrow keys: up and down choose another carer or the unassigned lane, left and right move it by ${view === 'today' ? '15 minutes' : 'a day'}. Enter drops, Escape cancels. Enter now, without moving, opens its details.`,
        );
      }
    },
    [setPicked, view],
  );

  const cancel = useCallback(
    (say = true) => {
      const current = pickedRef.current;
      if (!current) return;
      setPicked(null);
      setFindings(null);
      if (say) setAnnouncement(`Cancelled. ${current.visit.client_name} stays at ${current.visit.start_time}–${current.visit.end_time}.`);
    },
    [setPicked],
  );

  const drop = useCallback(async () => {
    const current = pickedRef.current;
    if (!current) return;
    setPicked(null);
    setFindings(null);
    const { visit, from, to, how } = current;
    const write = writeFor(visit, from, to);
    if (!write) {
      if (how === 'keyboard') {
        setAnnouncement(`Not moved. ${visit.client_name}: details open.`);
        setOpen(visit);
      }
      return;
    }
    setAnnouncement(`Saving ${visit.client_name} to ${describePlace(to)}…`);
    const answer = await submit(write);
    if (answer.error) {
      const refused = noticeOf(answer as Parameters<typeof noticeOf>[0], visit.id, from.row);
      setNotice(refused);
      setAnnouncement(`${refused.title}. ${refused.messages.join(' ')}`);
      if (answer.httpStatus === 409) void reload();
      return;
    }
    const saved = answer.data?.visit;
    focusAfter.current = { visitId: visit.id, row: to.row };
    const where = write.action === 'unassign' ? 'Unassigned' : `Saved: ${describePlace(to)}`;
    setAnnouncement(`${where}. ${visit.client_name} ${saved ? timesOf(saved) : `${to.start}–${to.end}`}.`);
    const warned = answer.data?.warnings ?? [];
    if (warned.length) {
      const text = `${visit.client_name} was saved with ${warned.length === 1 ? 'a warning' : `${warned.length} warnings`}`;
      setWarnings({ text, findings: warned });
      notify({ type: 'warning', message: `${text}: ${warned.map((finding) => finding.message).join(' ')}` });
    } else {
      setWarnings(null);
    }
  }, [describePlace, reload, submit, setPicked]);

  const move = useCallback(
    (change: { rows?: number; steps?: number }) => {
      const current = pickedRef.current;
      if (!current || !timeline) return;
      const to = { ...current.to };
      if (change.rows) {
        const index = Math.max(0, Math.min(rows.length - 1, (rowIndex.get(to.row) ?? 0) + change.rows));
        to.row = rows[index]!.key;
      }
      if (change.steps) {
        if (view === 'today') {
          const start = toMinutes(to.start);
          const length = toMinutes(to.end) > start ? toMinutes(to.end) - start : 24 * 60 - start;
          const next = Math.max(0, Math.min(24 * 60 - length - 1, start + change.steps * STEP_MINUTES));
          to.start = toTime(next);
          to.end = toTime(next + length);
        } else {
          const next = shiftDay(to.date, change.steps);
          if (next >= timeline.from && next <= timeline.to) to.date = next;
        }
      }
      setPicked({ ...current, to });
      setAnnouncement(`${describePlace(to)}. Enter drops, Escape cancels.`);
    },
    [timeline, rows, rowIndex, view, setPicked, describePlace],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = pickedRef.current;
    if (!current) {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      const bar = (event.target as HTMLElement).closest<HTMLElement>('[data-visit]');
      const visit = bar ? visitsById.get(Number(bar.dataset.visit)) : undefined;
      if (!bar || !visit) return;
      event.preventDefault();
      if (!canPlan || !PLANNABLE.has(visit.status)) {
        setOpen(visit);
        return;
      }
      pickUp(visit, bar.dataset.row as RowKey, 'keyboard');
      return;
    }
    if (current.how !== 'keyboard') return;
    const keys: Record<string, () => void> = {
      ArrowUp: () => move({ rows: -1 }),
      ArrowDown: () => move({ rows: 1 }),
      ArrowLeft: () => move({ steps: -1 }),
      ArrowRight: () => move({ steps: 1 }),
      Enter: () => void drop(),
      Escape: () => cancel(),
      ' ': () => undefined,
    };
    if (event.key === 'Tab') {
      cancel();
      return;
    }
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    action();
  };

  // Drag and drop: the bar is dragged, a row (and, by the pointer, a time or a day) is the target.
  // The handlers stay the same object from render to render (so rows not concerned are not drawn again); they
  // reach the current state through a ref.
  const dragRef = useRef({ view, pickUp, drop, cancel });
  dragRef.current = { view, pickUp, drop, cancel };
  const handlers = useMemo<RowHandlers>(
    () => ({
      onOpen: (visit) => {
        if (!pickedRef.current) setOpen(visit);
      },
      onDragStart: (event, visit, row) => {
        event.dataTransfer.setData('text/plain', String(visit.id));
        event.dataTransfer.effectAllowed = 'move';
        grabOffset.current = 0;
        const track = (event.currentTarget as HTMLElement).closest('[role="cell"]')?.getBoundingClientRect();
        if (dragRef.current.view === 'today' && track && track.width > 0) {
          const at = DAY_START + ((event.clientX - track.left) / track.width) * DAY_SPAN;
          grabOffset.current = Math.max(0, at - toMinutes(visit.start_time));
        }
        dragRef.current.pickUp(visit, row, 'drag');
      },
      onDragOver: (event: DragEvent<HTMLElement>, row, day) => {
        const current = pickedRef.current;
        if (!current || current.how !== 'drag') return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        const to = { ...current.to, row };
        if (dragRef.current.view === 'today') {
          const rect = event.currentTarget.getBoundingClientRect();
          if (rect.width > 0) {
            const start = toMinutes(current.visit.start_time);
            const length = toMinutes(current.visit.end_time) > start ? toMinutes(current.visit.end_time) - start : 24 * 60 - start;
            const at = DAY_START + ((event.clientX - rect.left) / rect.width) * DAY_SPAN - grabOffset.current;
            const snapped = Math.max(0, Math.min(24 * 60 - length - 1, Math.round(at / STEP_MINUTES) * STEP_MINUTES));
            to.start = toTime(snapped);
            to.end = toTime(snapped + length);
          }
        } else if (day) {
          to.date = day;
        }
        if (!samePlace(to, current.to)) setPicked({ ...current, to });
      },
      onDrop: (event) => {
        if (!pickedRef.current || pickedRef.current.how !== 'drag') return;
        event.preventDefault();
        void dragRef.current.drop();
      },
      onDragEnd: () => {
        if (pickedRef.current?.how === 'drag') dragRef.current.cancel(false);
      },
      onDismiss: () => setNotice(null),
    }),
    [setPicked],
  );

  // Row layout: heights known from the data, so only rows near the view are drawn.
  const baseLayouts = useMemo(() => rows.map((row) => layoutRow(row, view, null)), [rows, view]);
  const ghostRowIndex = ghost ? (rowIndex.get(ghost.row) ?? -1) : -1;
  const ghostLayout = useMemo(() => (ghost && ghostRowIndex >= 0 ? layoutRow(rows[ghostRowIndex]!, view, ghost) : null), [ghost?.row, ghost?.date, ghost?.start, ghost?.end, ghostRowIndex, rows, view]); // eslint-disable-line react-hooks/exhaustive-deps
  const layouts = useMemo<RowLayout[]>(() => (ghostLayout ? baseLayouts.map((layout, index) => (index === ghostRowIndex ? ghostLayout : layout)) : baseLayouts), [baseLayouts, ghostLayout, ghostRowIndex]);
  const offsets = useMemo(() => {
    const tops = [0];
    for (const layout of layouts) tops.push(tops[tops.length - 1]! + layout.height);
    return tops;
  }, [layouts]);
  const total = offsets[offsets.length - 1] ?? 0;

  const scroller = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState({ top: 0, height: 0 });
  const onScroll = () => {
    const element = scroller.current;
    if (element) setViewport({ top: element.scrollTop, height: element.clientHeight });
  };
  useLayoutEffect(() => {
    if (scroller.current) setViewport({ top: scroller.current.scrollTop, height: scroller.current.clientHeight });
  }, [timeline]);

  // Keep the row a keyboard move goes to in view.
  useEffect(() => {
    const element = scroller.current;
    if (!element || ghostRowIndex < 0) return;
    const top = offsets[ghostRowIndex]! + HEADER_HEIGHT;
    const bottom = offsets[ghostRowIndex + 1]! + HEADER_HEIGHT;
    if (top - HEADER_HEIGHT < element.scrollTop) element.scrollTop = top - HEADER_HEIGHT;
    else if (element.clientHeight && bottom > element.scrollTop + element.clientHeight) element.scrollTop = bottom - element.clientHeight;
  }, [ghostRowIndex, offsets]);

  // After a save, focus follows the visit to its new row once the period is read again.
  useEffect(() => {
    const wanted = focusAfter.current;
    if (!wanted || !scroller.current) return;
    const bar = scroller.current.querySelector<HTMLElement>(`[data-visit="${wanted.visitId}"][data-row="${wanted.row}"]`) ?? scroller.current.querySelector<HTMLElement>(`[data-visit="${wanted.visitId}"]`);
    if (bar) {
      focusAfter.current = null;
      bar.focus();
    }
  }, [timeline]);

  const visible = useMemo(() => {
    const height = viewport.height || FALLBACK_VIEWPORT;
    const from = viewport.top - HEADER_HEIGHT - OVERSCAN;
    const to = viewport.top + height + OVERSCAN;
    const shown = new Set<number>();
    let low = 0;
    let high = rows.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (offsets[middle + 1]! <= from) low = middle + 1;
      else high = middle;
    }
    for (let index = low; index < rows.length && offsets[index]! < to; index += 1) shown.add(index);
    // The rows a planner is working with stay drawn (so focus is never lost while scrolling to another carer).
    const pinned = [picked ? rowIndex.get(picked.from.row) : undefined, ghostRowIndex >= 0 ? ghostRowIndex : undefined, notice ? rowIndex.get(notice.row) : undefined];
    for (const index of pinned) if (index !== undefined) shown.add(index);
    return [...shown].sort((a, b) => a - b);
  }, [viewport, offsets, rows.length, picked, ghostRowIndex, notice, rowIndex]);

  const columns = view === 'today' ? 'minmax(14rem, 16rem) minmax(60rem, 1fr)' : `minmax(14rem, 16rem) repeat(${days.length}, minmax(${view === 'week' ? '9.5rem' : '4rem'}, 1fr))`;
  const minWidth = view === 'today' ? 1200 : 256 + days.length * (view === 'week' ? 152 : 64);
  const base = '/app/scheduler/timeline';
  const branchNumber = branchId ? Number(branchId) : null;

  return (
    <div className={styles.screen}>
      <PageHeader title="Carer timeline" />
      <PeriodToolbar views={TIMELINE_VIEWS} view={view} base={base} date={date} today={today} search={search} onDate={setDate} branchId={branchId} onBranch={setBranch}>
        {view === 'week' && canPlan && timeline ? <AutoAssign branchId={branchNumber} weekStart={timeline.from} /> : null}
      </PeriodToolbar>
      <p id={instructionsId} className={styles.muted}>
        {canPlan
          ? 'Drag a visit to another carer, time or day, or use the keyboard: Enter or Space picks a visit up, arrow keys move it, Enter drops and Escape cancels. Enter twice opens its details.'
          : 'Select a visit to see its details.'}
      </p>
      <div aria-live="polite" role="status" className={styles.visuallyHidden} data-testid="timeline-announcer">
        {announcement}
      </div>
      {warnings ? (
        <div role="status" className={styles.warnings}>
          <strong>{warnings.text}:</strong>
          <ul>
            {warnings.findings.map((finding, index) => (
              <li key={index}>⚠ {finding.message}</li>
            ))}
          </ul>
          <button type="button" className={styles.linkButton} onClick={() => setWarnings(null)}>
            Dismiss
          </button>
        </div>
      ) : null}
      {query.error && !timeline ? (
        <ErrorPanel title="The timeline could not be loaded" onRetry={() => void query.refetch()}>
          {query.error.message}
        </ErrorPanel>
      ) : !timeline ? (
        <Loading label="Loading the timeline…" />
      ) : (
        <>
          <h2 className={styles.periodTitle}>
            {period(timeline.from, timeline.to)}
            {query.isFetching ? <span className={styles.muted}> (updating…)</span> : null}
          </h2>
          <div ref={scroller} className={styles.scroller} onScroll={onScroll} onKeyDown={onKeyDown}>
            <div role="table" aria-label={`Carer timeline, ${period(timeline.from, timeline.to)}`} aria-rowcount={rows.length + 1} aria-busy={query.isFetching} style={{ minWidth, ['--columns' as string]: columns }}>
              <div role="rowgroup" className={styles.header}>
                <HeaderRow view={view} days={days} today={today} />
              </div>
              <div role="rowgroup" className={styles.body} style={{ height: total }}>
                {visible.map((index) => {
                  const row = rows[index]!;
                  return (
                    <TimelineRow
                        key={row.key}
                        row={row}
                        view={view}
                        days={days}
                        today={today}
                        layout={layouts[index]!}
                        top={offsets[index]!}
                        index={index}
                        ghost={ghost && ghost.row === row.key ? ghost : null}
                        findings={ghost && ghost.row === row.key ? ghostFindings : null}
                        pickedId={picked && picked.from.row === row.key ? picked.visit.id : null}
                        notice={notice && notice.row === row.key ? notice : null}
                        canPlan={canPlan}
                        describedBy={instructionsId}
                        handlers={handlers}
                      />
                  );
                })}
              </div>
            </div>
          </div>
          {timeline.carers.length === 0 ? <p className={styles.muted}>No carers in this branch for the period.</p> : null}
        </>
      )}
      {open && !openDetails ? (
        <p role="status" className={styles.muted}>
          {details.error ? `${details.error.message} ` : `Opening ${open.client_name}, ${timesOf(open)}…`}
          {details.error ? (
            <button type="button" className={styles.linkButton} onClick={() => setOpen(null)}>
              Dismiss
            </button>
          ) : null}
        </p>
      ) : null}
      <VisitPanel visit={openDetails} onClose={() => setOpen(null)} />
    </div>
  );
}
