import type { CurrentUser, TrackerSession } from '@hcm/contract';
import { api, useSession, type ApiResult } from '@hcm/kit';
import { useTracker, type TrackRequest } from './index';

const USER: CurrentUser = {
  userID: 7,
  userRole: 'office_staff',
  userPermissions: ['time-tracker.use'],
  userUnreadMessageCount: 0,
  name: 'Oliver Office',
  email: 'office@homecare.test',
  userType: 'domiciliary',
  roleLabel: 'Office staff',
  branches: [{ id: 1, name: 'Camden' }],
};

const REQUEST: TrackRequest = {
  event_type: 'ASSESSMENT',
  target_type: 'client',
  target_id: 3,
  reference: 'Margaret Ellison',
  content: { title: 'Margaret Ellison', body: 'Assessment' },
  page_title: 'Edit client',
};

const answer = <T>(data: T, overrides: Partial<ApiResult<T>> = {}): ApiResult<T> => ({ data, error: false, message: 'OK', errors: null, httpStatus: 200, ...overrides });
const session = (overrides: Partial<TrackerSession> = {}) => ({ id: 1, duration_seconds: null, ...overrides }) as TrackerSession;

let get: jest.SpyInstance;
let post: jest.SpyInstance;
/** The tracker paths POSTed, in order. */
const posted = () => post.mock.calls.map(([path]) => String(path).split('/').slice(-1)[0]);

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-23T09:00:00Z') });
  useSession.setState({ user: USER, status: 'authenticated' });
  useTracker.getState().reset();
  get = jest.spyOn(api, 'get').mockResolvedValue(answer({ trackable: true, reason: '', label: '' }));
  post = jest.spyOn(api, 'post').mockImplementation(async (path: string) =>
    answer(session(path.endsWith('/stop') ? { duration_seconds: 61, status: 'stopped' } : { status: 'running' })),
  );
});

afterEach(() => {
  useTracker.getState().reset();
  jest.restoreAllMocks();
  jest.useRealTimers();
});

async function startTracking() {
  expect(useTracker.getState().track(REQUEST).ok).toBe(true);
  return useTracker.getState().toggle();
}

test('it starts in the initial state with the task of §3', () => {
  const task = useTracker.getState();
  expect(task).toMatchObject({ state: 'initial', module: 'default', duration: 0, timeDisplay: '00:00:00', shown: false, content: { title: '', body: '' } });
  useTracker.getState().track(REQUEST);
  expect(useTracker.getState()).toMatchObject({
    user: 7,
    shown: true,
    reference: 'Margaret Ellison',
    page_title: 'Edit client',
    target_reference_entity_id: 3,
    trackable: { event_type: 'ASSESSMENT', target_type: 'client', target_id: 3, reference: 'Margaret Ellison' },
  });
});

test('toggle asks whether the target is trackable, then sends START with the task; toggle again sends STOP', async () => {
  const started = await startTracking();
  expect(started.ok).toBe(true);
  expect(get).toHaveBeenCalledWith('api/v1/user/trackable/7/client/3');
  expect(post).toHaveBeenCalledTimes(1);
  const [path, body] = post.mock.calls[0]!;
  expect(path).toBe('api/v1/time-tracker/default/start');
  expect(body).toMatchObject({ module: 'default', duration: 0, page_title: 'Edit client', target_reference_entity_id: 3, trackable: { event_type: 'ASSESSMENT', target_type: 'client', target_id: 3 } });
  expect(useTracker.getState()).toMatchObject({ state: 'started', event: 'START', sessionOpen: true });

  await jest.advanceTimersByTimeAsync(61_000);
  expect(useTracker.getState().timeDisplay).toBe('00:01:01');

  const stopped = await useTracker.getState().toggle();
  expect(stopped.ok).toBe(true);
  expect(get).toHaveBeenCalledTimes(2); // checked again before ending
  expect(posted()).toEqual(['start', 'stop']);
  expect(post.mock.calls[1]![1]).toMatchObject({ duration: 61 });
  expect(useTracker.getState()).toMatchObject({ state: 'stopped', event: 'STOP', sessionOpen: false, duration: 61, timeDisplay: '00:01:01' });

  // Stopped: nothing more is sent, however long we wait.
  await jest.advanceTimersByTimeAsync(900_000);
  expect(posted()).toEqual(['start', 'stop']);
});

test('a MID is sent at exactly 5 minutes and at 10, never before', async () => {
  await startTracking();
  await jest.advanceTimersByTimeAsync(299_999);
  expect(posted()).toEqual(['start']);
  await jest.advanceTimersByTimeAsync(1);
  expect(posted()).toEqual(['start', 'mid']);
  expect(post.mock.calls[1]![0]).toBe('api/v1/time-tracker/default/mid');
  await jest.advanceTimersByTimeAsync(299_999);
  expect(posted()).toEqual(['start', 'mid']);
  await jest.advanceTimersByTimeAsync(1);
  expect(posted()).toEqual(['start', 'mid', 'mid']);
  expect(useTracker.getState().event).toBe('MID');
});

test('a target that is not trackable: the console says so and nothing is sent', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  get.mockResolvedValue(answer({ trackable: false, reason: 'No such client in your branches.', label: '' }));
  const result = await startTracking();
  expect(result).toEqual({ ok: false, message: 'No such client in your branches.', errors: null });
  expect(warn).toHaveBeenCalledWith('Target client is not trackable');
  expect(post).not.toHaveBeenCalled();
  expect(useTracker.getState().state).toBe('disabled');
  await jest.advanceTimersByTimeAsync(600_000);
  expect(post).not.toHaveBeenCalled();
});

test('a target that stops being trackable: STOP is not sent and the beats stop', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  await startTracking();
  get.mockResolvedValue(answer({ trackable: false, reason: 'This client has been deleted.', label: '' }));
  const result = await useTracker.getState().stop();
  expect(result.ok).toBe(false);
  expect(warn).toHaveBeenCalledWith('Target client is not trackable');
  expect(posted()).toEqual(['start']);
  await jest.advanceTimersByTimeAsync(600_000);
  expect(posted()).toEqual(['start']);
});

test('a failed call puts the tracker in error and returns the message and errors to the caller', async () => {
  post.mockResolvedValueOnce(
    answer(null, { error: true, message: 'The given data was invalid.', errors: { 'trackable.event_type': ['Choose one.'] }, httpStatus: 422 }),
  );
  const result = await startTracking();
  expect(result).toEqual({ ok: false, message: 'The given data was invalid.', errors: { 'trackable.event_type': ['Choose one.'] } });
  expect(useTracker.getState()).toMatchObject({ state: 'error', sessionOpen: false, message: 'The given data was invalid.' });
  await jest.advanceTimersByTimeAsync(600_000);
  expect(posted()).toEqual(['start']); // no beats for a session that never started
});

test('a failed STOP leaves the session open, so the stop can be tried again', async () => {
  await startTracking();
  post.mockResolvedValueOnce(answer(null, { error: true, message: 'The server could not be reached. Check your connection.', httpStatus: 0 }));
  const failed = await useTracker.getState().toggle();
  expect(failed.ok).toBe(false);
  expect(useTracker.getState()).toMatchObject({ state: 'error', sessionOpen: true });
  const retried = await useTracker.getState().toggle();
  expect(retried.ok).toBe(true);
  expect(posted()).toEqual(['start', 'stop', 'stop']);
  expect(useTracker.getState().state).toBe('stopped');
});

test('beyond a day the display carries a day count', async () => {
  await startTracking();
  // The display is read from the clock: move the clock on, then let one tick come.
  jest.setSystemTime(Date.now() + (86_400 + 2 * 3600 + 3 * 60 + 3) * 1000);
  await jest.advanceTimersByTimeAsync(1000);
  expect(useTracker.getState().timeDisplay).toBe('1d 02:03:04');
});

test('without time-tracker.use the tracker is disabled and sends nothing', async () => {
  useSession.setState({ user: { ...USER, userPermissions: [] } });
  expect(useTracker.getState().track(REQUEST).ok).toBe(false);
  expect(useTracker.getState().state).toBe('disabled');
  expect((await useTracker.getState().start()).ok).toBe(false);
  expect(get).not.toHaveBeenCalled();
  expect(post).not.toHaveBeenCalled();
});

test('closing: hide is refused while running; stopAndHide sends STOP and hides', async () => {
  await startTracking();
  expect(useTracker.getState().hide()).toBe(false);
  expect(useTracker.getState().shown).toBe(true);
  expect((await useTracker.getState().stopAndHide()).ok).toBe(true);
  expect(posted()).toEqual(['start', 'stop']);
  expect(useTracker.getState()).toMatchObject({ shown: false, state: 'stopped' });
});

test('another target cannot be loaded while one is being timed; the OFFICE_PLANNER module goes to office-planner', async () => {
  await startTracking();
  expect(useTracker.getState().track({ ...REQUEST, target_id: 4 }).ok).toBe(false);
  expect(useTracker.getState().trackable?.target_id).toBe(3);
  await useTracker.getState().stop();
  useTracker.getState().track({ ...REQUEST, module: 'OFFICE_PLANNER' });
  await useTracker.getState().start();
  expect(post.mock.calls.at(-1)![0]).toBe('api/v1/time-tracker/office-planner/start');
  expect(post.mock.calls.at(-1)![1]).toMatchObject({ module: 'OFFICE_PLANNER' });
});

test('a MID or STOP the server answers for a session that ended itself (409) ends the timer here, with the message', async () => {
  await startTracking();
  const ended = 'This session ended itself after 10 minutes without a beat; its time up to the last beat is saved. Start again to carry on.';
  post.mockResolvedValueOnce(answer(null, { error: true, message: ended, httpStatus: 409 }));
  await jest.advanceTimersByTimeAsync(300_000);
  expect(useTracker.getState()).toMatchObject({ sessionOpen: false, state: 'error', message: ended });
  // No more beats, and the panel can start again or be closed.
  await jest.advanceTimersByTimeAsync(900_000);
  expect(posted()).toEqual(['start', 'mid']);
  expect(useTracker.getState().hide()).toBe(true);
});

test('a STOP of a session stopped elsewhere (422, no field errors) ends the timer here; a 422 with field errors does not', async () => {
  await startTracking();
  post.mockResolvedValueOnce(answer(null, { error: true, message: 'Bad data', errors: { duration: ['Send whole seconds.'] }, httpStatus: 422 }));
  expect((await useTracker.getState().stop()).ok).toBe(false);
  expect(useTracker.getState().sessionOpen).toBe(true);
  post.mockResolvedValueOnce(answer(null, { error: true, message: 'There is no running session to stop. Start the tracker first.', httpStatus: 422 }));
  expect((await useTracker.getState().stop()).ok).toBe(false);
  expect(useTracker.getState()).toMatchObject({ sessionOpen: false, state: 'error', message: 'There is no running session to stop. Start the tracker first.' });
});
