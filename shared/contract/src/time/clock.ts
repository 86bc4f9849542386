// The product's one clock. Rules, demo data, background engines, screens and tests take "now" from here, never
// from `new Date()` or `Date.now()` directly, so a whole process (HCM_NOW) or one test (setClock) can be put at
// any instant: 00:30 on the day the clocks change, a bank holiday, 29 February.
//
// The clock ticks: set to an instant, it moves on from there at the real rate, so durations, expiries and
// timeouts behave as they would. `{ frozen: true }` stops it (a unit test of a rule at an exact minute).

type Source = { kind: 'real' } | { kind: 'offset'; offsetMs: number } | { kind: 'frozen'; atMs: number };

// The machine's time, read at each call, so that test tools that fake Date (jest's timers, Playwright's clock)
// reach the product's clock too. A process that makes Date itself follow this clock
// (server/src/testing/process-clock.ts) hands over the real reading first, or the two would ask each other.
let realNowMs: () => number = () => Date.now();

/** Reads the machine's time from here from now on (the real Date.now, before Date is replaced). */
export function setMachineClock(read: () => number): void {
  realNowMs = read;
}

let source: Source = { kind: 'real' };

/** Milliseconds since the epoch, by the product's clock. */
export function nowMs(): number {
  if (source.kind === 'frozen') return source.atMs;
  if (source.kind === 'offset') return realNowMs() + source.offsetMs;
  return realNowMs();
}

/** The current instant, by the product's clock. */
export function now(): Date {
  return new Date(nowMs());
}

export type ClockSetting = Date | string | number;

function instantMs(at: ClockSetting): number {
  const ms = at instanceof Date ? at.getTime() : typeof at === 'number' ? at : Date.parse(at);
  if (!Number.isFinite(ms)) throw new Error(`The clock cannot be set to ${String(at)}: give an ISO instant such as 2026-11-25T10:00:00Z.`);
  return ms;
}

/**
 * Puts the clock at an instant (ticking on from it, or frozen there); `null` gives the machine's clock back.
 * Answers the previous setting's restorer, so a test can put things back as it found them.
 */
export function setClock(at: ClockSetting | null, options: { frozen?: boolean } = {}): () => void {
  const previous = source;
  if (at === null) source = { kind: 'real' };
  else if (options.frozen) source = { kind: 'frozen', atMs: instantMs(at) };
  else source = { kind: 'offset', offsetMs: instantMs(at) - realNowMs() };
  return () => {
    source = previous;
  };
}

/** Moves a set clock on (or back) by some milliseconds: a test's "an hour later". */
export function advanceClock(ms: number): void {
  if (source.kind === 'frozen') source = { kind: 'frozen', atMs: source.atMs + ms };
  else source = { kind: 'offset', offsetMs: (source.kind === 'offset' ? source.offsetMs : 0) + ms };
}

/** Whether the clock has been set away from the machine's (by HCM_NOW or setClock). */
export function clockIsSet(): boolean {
  return source.kind !== 'real';
}

/** The environment variable that sets the clock of a whole process: an ISO instant it starts from. */
export const CLOCK_VARIABLE = 'HCM_NOW';

// A process started with HCM_NOW (a server, a test run) starts at that instant. Read defensively: screens have
// no `process`.
const fromEnvironment = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[CLOCK_VARIABLE];
if (fromEnvironment) setClock(fromEnvironment);

/** The clock as one name, for modules that already call something `now`: `clock.now()`, `clock.nowMs()`. */
export const clock = { now, nowMs } as const;
