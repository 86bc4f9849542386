// '@hcm/kit/tracker': the floating time tracker's store (spec §3, §4, §8, §9). A separate shared module, so
// the login screen does not load it; one instance for the host's panel and every remote that starts timing.
// It reaches the kit's core (API client, session) through '@hcm/kit', never by relative path.
export { useTracker, type TrackerTask, type TrackRequest, type TrackerResult } from './store';
