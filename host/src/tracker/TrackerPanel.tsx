import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { TRACKER_EVENT_LABELS, type TrackerState } from '@hcm/contract';
import { Button } from '@hcm/kit';
import { Modal } from '@hcm/kit/elements';
import { useTracker } from '@hcm/kit/tracker';
import styles from './TrackerPanel.module.css';
import { formatTime } from '@hcm/contract/format';

const TOAST_LIFT = '--hcm-toast-lift';

const STATE_WORDS: Record<TrackerState, string> = {
  initial: 'Ready to start',
  started: 'Timing',
  stopped: 'Stopped and saved',
  error: 'Something went wrong',
  disabled: 'Cannot be timed',
};

/**
 * The floating time tracker (spec §2.4, §4): bottom right, shown when a screen asks the tracker to time
 * something (`useTracker.getState().track(...)`). Play/stop, the elapsed time, what is being timed, and a
 * close button that asks first while the timer runs. The elapsed time re-renders once per second (the store
 * ticks on the second), and the timer region is not announced every second (aria-live off).
 */
export default function TrackerPanel() {
  const shown = useTracker((state) => state.shown);
  const state = useTracker((state) => state.state);
  const running = useTracker((state) => state.sessionOpen);
  const timeDisplay = useTracker((state) => state.timeDisplay);
  const content = useTracker((state) => state.content);
  const eventType = useTracker((state) => state.trackable?.event_type);
  const message = useTracker((state) => state.message);
  const blocking = useTracker((state) => state.blocking);
  const [busy, setBusy] = useState(false);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const headingId = useId();

  const panel = useRef<HTMLElement>(null);

  // Leaving the signed-in app (logout, switching account) forgets the tracker and its timers.
  useEffect(() => () => useTracker.getState().reset(), []);

  // Toasts share the bottom-right corner: while the panel shows, they stack above it instead of covering it.
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    if (!shown || !panel.current) {
      root.removeProperty(TOAST_LIFT);
      return;
    }
    const lift = () => root.setProperty(TOAST_LIFT, `${(panel.current?.offsetHeight ?? 0) + 12}px`);
    lift();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(lift);
    observer?.observe(panel.current);
    return () => {
      observer?.disconnect();
      root.removeProperty(TOAST_LIFT);
    };
  }, [shown]);

  if (!shown) return null;

  const handleToggle = async () => {
    setBusy(true);
    await useTracker.getState().toggle();
    setBusy(false);
  };

  // The way out of "A session is already running": stop that session (one's own, left in another tab or on
  // another device) through the API by its id, then start this one.
  const handleStopBlocking = async () => {
    setBusy(true);
    await useTracker.getState().stopBlockingAndStart();
    setBusy(false);
  };

  const handleClose = () => {
    if (!useTracker.getState().hide()) setConfirmingClose(true);
  };

  const handleConfirmClose = async () => {
    setBusy(true);
    await useTracker.getState().stopAndHide();
    setBusy(false);
    setConfirmingClose(false);
  };

  const toggleLabel = running ? 'Stop timer' : 'Start timer';
  return (
    <section ref={panel} className={styles.panel} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          Time tracker
        </h2>
        <button type="button" className={styles.close} aria-label="Close time tracker" onClick={handleClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className={styles.what}>
        {eventType ? <p className={styles.title}>{`${TRACKER_EVENT_LABELS[eventType]}: ${content.title}`}</p> : null}
        {content.body ? <p className={styles.body}>{content.body}</p> : null}
      </div>
      <div className={styles.controls}>
        <button
          type="button"
          className={[styles.toggle, running ? styles.running : ''].join(' ')}
          aria-label={toggleLabel}
          onClick={handleToggle}
          disabled={busy || state === 'disabled'}
        >
          <span aria-hidden="true">{running ? '■' : '▶'}</span>
          {running ? 'Stop' : 'Start'}
        </button>
        <div role="timer" aria-live="off" aria-label="Elapsed time" className={styles.clock}>
          {timeDisplay}
        </div>
      </div>
      <p className={styles.state}>{STATE_WORDS[state]}</p>
      {message ? (
        <p className={styles.message} role="alert">
          {message}
        </p>
      ) : null}
      {blocking && !running ? (
        <div className={styles.blocking}>
          <p className={styles.body}>
            {`Your ${TRACKER_EVENT_LABELS[blocking.event_type]?.toLowerCase() ?? 'session'} started at ${formatTime(blocking.started_at)} is still running, perhaps in a closed tab or on another device. Stopping it saves its time and starts this timer.`}
          </p>
          <Button onClick={handleStopBlocking} disabled={busy}>
            Stop the running session
          </Button>
        </div>
      ) : null}
      <Modal
        open={confirmingClose}
        title="Close the time tracker?"
        onClose={() => setConfirmingClose(false)}
        size="small"
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmingClose(false)}>
              Keep timing
            </Button>
            <Button onClick={handleConfirmClose} disabled={busy}>
              Stop and close
            </Button>
          </>
        }
      >
        <p>
          The timer is still running. Closing the tracker stops it now: you will lose the progress of this timing if you
          meant to carry on.
        </p>
      </Modal>
    </section>
  );
}
