import { create } from 'zustand';
import {
  can,
  formatElapsed,
  TRACKER_MID_INTERVAL_MS,
  trackerModulePath,
  type FieldErrors,
  type TrackableAnswer,
  type TrackableData,
  type TrackerAction,
  type TrackerEvent,
  type TrackerEventType,
  type TrackerModule,
  type TrackerSession,
  type TrackerState,
  type TrackerTargetType,
  type TrackerTaskPayload,
} from '@hcm/contract';
import { api, useSession } from '@hcm/kit';

import { clock } from '@hcm/contract/time';
/** §3: the tracker task. */
export type TrackerTask = {
  user: number | null;
  /** The last event sent. */
  event: TrackerEvent | null;
  /** When the last event was sent (ISO 8601). */
  timestamp: string | null;
  reference: string;
  module: TrackerModule;
  state: TrackerState;
  /** Seconds elapsed since START. */
  duration: number;
  timeDisplay: string;
  /** What the panel says is being timed. */
  content: { title: string; body: string };
  page_title: string;
  target_reference_entity_id: number | null;
  trackable: TrackableData | null;
};

/** What a screen asks the tracker to time. */
export type TrackRequest = {
  event_type: TrackerEventType;
  target_type: TrackerTargetType;
  target_id: number;
  /** The target as people know it, e.g. the client's name. */
  reference: string;
  content: { title: string; body: string };
  module?: TrackerModule;
  page_title?: string;
  /** The record the work belongs to; the target's id when not given. */
  target_reference_entity_id?: number;
};

/** What start, stop and track answer their caller (spec §8: a failed call returns message and errors). */
export type TrackerResult = { ok: boolean; message: string; errors: FieldErrors | null };

type TrackerStore = TrackerTask & {
  /** The panel is on screen. */
  shown: boolean;
  /** A START succeeded and no STOP yet: the server holds a running session (the control shows stop). */
  sessionOpen: boolean;
  /** When START succeeded (epoch ms), for the elapsed time. */
  startedAt: number | null;
  message: string;
  errors: FieldErrors | null;
  /**
   * One's own session that refused START (409): still running from a tab that is gone or another device. The
   * panel offers to stop it (`stopBlockingAndStart`) instead of a dead end.
   */
  blocking: TrackerSession | null;
  /** Loads a target into the tracker and shows the panel (refused while another target is being timed). */
  track: (request: TrackRequest) => TrackerResult;
  /** Starts when not started, stops when started (§4). */
  toggle: () => Promise<TrackerResult>;
  start: () => Promise<TrackerResult>;
  stop: () => Promise<TrackerResult>;
  /** Hides the panel; refused while a session is open (the panel confirms, then calls `stopAndHide`). */
  hide: () => boolean;
  /** Closing while running, after the user confirmed: STOP, then hide. */
  stopAndHide: () => Promise<TrackerResult>;
  /** The way out of a 409 on START: stops the blocking session by its id (POST .../sessions/:id/stop), then starts. */
  stopBlockingAndStart: () => Promise<TrackerResult>;
  /** Forgets everything (logout, tests). */
  reset: () => void;
};

const INITIAL_TASK: TrackerTask = {
  user: null,
  event: null,
  timestamp: null,
  reference: '',
  module: 'default',
  state: 'initial',
  duration: 0,
  timeDisplay: '00:00:00',
  content: { title: '', body: '' },
  page_title: '',
  target_reference_entity_id: null,
  trackable: null,
};

const EVENT_OF: Record<TrackerAction, TrackerEvent> = { start: 'START', mid: 'MID', stop: 'STOP' };
const success = (message = ''): TrackerResult => ({ ok: true, message, errors: null });

// Timers live outside the state: the MID beat every 5 minutes (§9) and the display clock, which ticks once per
// second, on the second (hh:mm:ss cannot change faster, so §9's 1 ms refresh would only burn renders).
let midTimer: ReturnType<typeof setInterval> | null = null;
let clockTimer: ReturnType<typeof setTimeout> | null = null;

function clearTimers(): void {
  if (midTimer) clearInterval(midTimer);
  if (clockTimer) clearTimeout(clockTimer);
  midTimer = null;
  clockTimer = null;
}

/**
 * The floating time tracker's state (spec §3, §4, §8, §9), one store for the host's panel and every remote
 * (a shared singleton through '@hcm/kit/tracker'). States: initial → started → stopped; error after a failed
 * call; disabled when the user may not track or the target is not trackable.
 */
export const useTracker = create<TrackerStore>((set, get) => {
  /** Seconds since START, and the display, from the clock (not from counting ticks, which drift). */
  function tick(): void {
    const { startedAt } = get();
    if (startedAt === null) return;
    const elapsedMs = Math.max(0, clock.nowMs() - startedAt);
    const duration = Math.floor(elapsedMs / 1000);
    if (duration !== get().duration) set({ duration, timeDisplay: formatElapsed(duration) });
    clockTimer = setTimeout(tick, 1000 - (elapsedMs % 1000));
  }

  function taskBody(): TrackerTaskPayload {
    const task = get();
    return {
      module: task.module,
      timestamp: clock.now().toISOString(),
      duration: task.duration,
      page_title: task.page_title,
      target_reference_entity_id: task.target_reference_entity_id ?? task.trackable!.target_id,
      trackable: task.trackable!,
    };
  }

  function fail(message: string, errors: FieldErrors | null): TrackerResult {
    set({ state: 'error', message, errors });
    return { ok: false, message, errors };
  }

  /** §4/§8: asks the server before START and STOP; when not trackable, logs it and the caller sends nothing. */
  async function confirmTrackable(): Promise<TrackerResult | 'trackable'> {
    const { trackable, user } = get();
    if (!trackable || user === null) return fail('Choose what to time first.', null);
    const result = await api.get<TrackableAnswer>(`api/v1/user/trackable/${user}/${trackable.target_type}/${trackable.target_id}`);
    if (result.error || !result.data) return fail(result.message, result.errors);
    if (result.data.trackable) return 'trackable';
    console.warn(`Target ${trackable.target_type} is not trackable`);
    const message = result.data.reason || `This ${trackable.target_type} cannot be timed.`;
    set({ state: 'disabled', message, errors: null });
    return { ok: false, message, errors: null };
  }

  async function send(action: TrackerAction): Promise<{ result: TrackerResult; session: TrackerSession | null; httpStatus: number }> {
    const body = taskBody();
    set({ event: EVENT_OF[action], timestamp: body.timestamp });
    const answer = await api.post<TrackerSession>(`api/v1/time-tracker/${trackerModulePath(body.module)}/${action}`, body);
    if (!answer.error) return { result: success(answer.message), session: answer.data, httpStatus: answer.httpStatus };
    const result = fail(answer.message, answer.errors);
    // A MID or STOP to a session the server no longer runs: it ended itself after two missed beats (409), or
    // was stopped elsewhere, e.g. from the record (422 without field errors). The timer here ends too (the
    // message says why), instead of beating and failing for ever with a stop that cannot succeed.
    if (action !== 'start' && (answer.httpStatus === 409 || (answer.httpStatus === 422 && !answer.errors))) {
      clearTimers();
      set({ sessionOpen: false, startedAt: null });
    }
    return { result, session: null, httpStatus: answer.httpStatus };
  }

  async function beat(): Promise<void> {
    if (!get().sessionOpen) return;
    const { result } = await send('mid');
    // A later beat that gets through clears the error of one that did not.
    if (result.ok && get().sessionOpen) set({ state: 'started', message: '', errors: null });
  }

  /** After a 409 on START: one's own running session on this target, the one that refused it. */
  async function findBlocking(): Promise<TrackerSession | null> {
    const { trackable, user } = get();
    if (!trackable || user === null) return null;
    const answer = await api.get<TrackerSession[]>('api/v1/time-tracker/sessions/mine', { target_type: trackable.target_type, target_id: trackable.target_id });
    const sessions = Array.isArray(answer.data) ? answer.data : [];
    return sessions.find((session) => session.status === 'running' && session.user_id === user) ?? null;
  }

  return {
    ...INITIAL_TASK,
    shown: false,
    sessionOpen: false,
    startedAt: null,
    message: '',
    errors: null,
    blocking: null,

    track: (request) => {
      const current = get();
      if (current.sessionOpen) {
        set({ shown: true });
        return { ok: false, message: `Stop timing ${current.content.title || current.reference} first.`, errors: null };
      }
      const user = useSession.getState().user;
      const allowed = can(user, 'time-tracker.use');
      set({
        ...INITIAL_TASK,
        user: user?.userID ?? null,
        module: request.module ?? 'default',
        reference: request.reference,
        content: request.content,
        page_title: request.page_title ?? (typeof document === 'undefined' ? '' : document.title),
        target_reference_entity_id: request.target_reference_entity_id ?? request.target_id,
        trackable: { event_type: request.event_type, target_type: request.target_type, target_id: request.target_id, reference: request.reference },
        state: allowed ? 'initial' : 'disabled',
        shown: true,
        startedAt: null,
        message: allowed ? '' : 'You may not use the time tracker.',
        errors: null,
        blocking: null,
      });
      return allowed ? success() : { ok: false, message: 'You may not use the time tracker.', errors: null };
    },

    toggle: () => (get().sessionOpen ? get().stop() : get().start()),

    start: async () => {
      if (get().sessionOpen) return success();
      if (get().trackable && !can(useSession.getState().user, 'time-tracker.use')) {
        set({ state: 'disabled', message: 'You may not use the time tracker.' });
        return { ok: false, message: 'You may not use the time tracker.', errors: null };
      }
      const confirmed = await confirmTrackable();
      if (confirmed !== 'trackable') return confirmed;
      set({ duration: 0, timeDisplay: '00:00:00', blocking: null });
      const { result, httpStatus } = await send('start');
      if (!result.ok) {
        if (httpStatus === 409) set({ blocking: await findBlocking() });
        return result;
      }
      clearTimers();
      set({ state: 'started', sessionOpen: true, startedAt: clock.nowMs(), message: '', errors: null });
      midTimer = setInterval(() => void beat(), TRACKER_MID_INTERVAL_MS);
      clockTimer = setTimeout(tick, 1000);
      return result;
    },

    stop: async () => {
      if (!get().sessionOpen) return success();
      const confirmed = await confirmTrackable();
      if (confirmed !== 'trackable') {
        // Nothing is sent (§4); the server lists the session as abandoned once its beats stop.
        if (get().state === 'disabled') {
          clearTimers();
          set({ sessionOpen: false, startedAt: null });
        }
        return confirmed;
      }
      const { result, session } = await send('stop');
      if (!result.ok) return result;
      clearTimers();
      const duration = session?.duration_seconds ?? get().duration;
      set({ state: 'stopped', sessionOpen: false, startedAt: null, duration, timeDisplay: formatElapsed(duration), message: '', errors: null });
      return result;
    },

    hide: () => {
      if (get().sessionOpen) return false;
      set({ shown: false });
      return true;
    },

    stopAndHide: async () => {
      const result = await get().stop();
      if (result.ok || !get().sessionOpen) set({ shown: false });
      return result;
    },

    stopBlockingAndStart: async () => {
      const { blocking } = get();
      if (!blocking) return get().start();
      const answer = await api.post<TrackerSession>(`api/v1/time-tracker/sessions/${blocking.id}/stop`);
      // 409: it had ended meanwhile (stopped, or ended itself); either way it no longer blocks.
      if (answer.error && answer.httpStatus !== 409) return fail(answer.message, answer.errors);
      set({ blocking: null, message: '', errors: null, state: 'initial' });
      return get().start();
    },

    reset: () => {
      clearTimers();
      set({ ...INITIAL_TASK, shown: false, sessionOpen: false, startedAt: null, message: '', errors: null, blocking: null });
    },
  };
});
