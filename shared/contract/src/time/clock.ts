// The product's one clock. Rules, demo data, background engines, screens and tests take "now" from here, never
// from `new Date()` or `Date.now()` directly, so a whole process (HCM_NOW) or one test (setClock) can be put at
// any instant: 00:30 on the day the clocks change, a bank holiday, 29 February.
//
// The clock ticks: set to an instant, it moves on from there at the real rate, so durations, expiries and
// timeouts behave as they would. `{ frozen: true }` stops it (a unit test of a rule at an exact minute).

type Source = { kind: 'real' } | { kind: 'offset'; offsetMs: number } | { kind: 'frozen'; atMs: number };

type ClockState = {
  source: Source;
  // The machine's time, read at each call, so that test tools that fake Date (jest's timers, Playwright's clock)
  // reach the product's clock too. A process that makes Date itself follow this clock
  // (server/src/clock/process-clock.ts) hands over the real reading first, or the two would ask each other.
  realNowMs: () => number;
  /** Whether HCM_NOW has been applied (once per process, whichever copy of this module loads first). */
  environmentApplied: boolean;
};

// One clock per page or process, however many copies of this module are bundled: a remote bundles its own copy
// of the engine (@hcm/contract/engine is not a shared singleton) and with it this module, and its date rules
// ("not in the future") must read the clock the host set from the server (registry.json's clockAt).
const STATE_KEY = Symbol.for('@hcm/contract/time: the product clock');
const holder = globalThis as { [STATE_KEY]?: ClockState };
const state: ClockState = (holder[STATE_KEY] ??= { source: { kind: 'real' }, realNowMs: () => Date.now(), environmentApplied: false });

/** Reads the machine's time from here from now on (the real Date.now, before Date is replaced). */
export function setMachineClock(read: () => number): void {
  state.realNowMs = read;
}

/** Milliseconds since the epoch, by the product's clock. */
export function nowMs(): number {
  const { source } = state;
  if (source.kind === 'frozen') return source.atMs;
  if (source.kind === 'offset') return state.realNowMs() + source.offsetMs;
  return state.realNowMs();
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
  const previous = state.source;
  if (at === null) state.source = { kind: 'real' };
  else if (options.frozen) state.source = { kind: 'frozen', atMs: instantMs(at) };
  else state.source = { kind: 'offset', offsetMs: instantMs(at) - state.realNowMs() };
  return () => {
    state.source = previous;
  };
}

/** Moves a set clock on (or back) by some milliseconds: a test's "an hour later". */
export function advanceClock(ms: number): void {
  const { source } = state;
  if (source.kind === 'frozen') state.source = { kind: 'frozen', atMs: source.atMs + ms };
  else state.source = { kind: 'offset', offsetMs: (source.kind === 'offset' ? source.offsetMs : 0) + ms };
}

/** Whether the clock has been set away from the machine's (by HCM_NOW or setClock). */
export function clockIsSet(): boolean {
  return state.source.kind !== 'real';
}

/** The environment variable that sets the clock of a whole process: an ISO instant it starts from. */
export const CLOCK_VARIABLE = 'HCM_NOW';

// A process started with HCM_NOW (a server, a test run) starts at that instant. Read defensively: screens have
// no `process`.
const fromEnvironment = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[CLOCK_VARIABLE];
if (fromEnvironment && !state.environmentApplied) {
  state.environmentApplied = true;
  setClock(fromEnvironment);
}

/** The clock as one name, for modules that already call something `now`: `clock.now()`, `clock.nowMs()`. */
export const clock = { now, nowMs } as const;
