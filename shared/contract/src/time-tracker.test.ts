import * as v from 'valibot';
import { formatElapsed, trackerModuleFromPath, trackerModulePath } from './time-tracker';
import { TrackerTaskSchema } from './time-tracker-schema';
import { fieldErrorsOf } from './validation';

describe('formatElapsed', () => {
  it('reads hh:mm:ss under a day', () => {
    expect(formatElapsed(0)).toBe('00:00:00');
    expect(formatElapsed(59)).toBe('00:00:59');
    expect(formatElapsed(3600 + 2 * 60 + 3)).toBe('01:02:03');
    expect(formatElapsed(86_399)).toBe('23:59:59');
  });

  it('puts a day count in front beyond a day', () => {
    expect(formatElapsed(86_400)).toBe('1d 00:00:00');
    expect(formatElapsed(86_400 + 2 * 3600 + 3 * 60 + 4)).toBe('1d 02:03:04');
    expect(formatElapsed(3 * 86_400 + 59)).toBe('3d 00:00:59');
  });

  it('reads nonsense as zero and drops fractions', () => {
    expect(formatElapsed(-5)).toBe('00:00:00');
    expect(formatElapsed(Number.NaN)).toBe('00:00:00');
    expect(formatElapsed(61.9)).toBe('00:01:01');
  });
});

describe('tracker module in the URL', () => {
  it('is lower case with hyphens for underscores, and reads back', () => {
    expect(trackerModulePath('default')).toBe('default');
    expect(trackerModulePath('OFFICE_PLANNER')).toBe('office-planner');
    expect(trackerModuleFromPath('office-planner')).toBe('OFFICE_PLANNER');
    expect(trackerModuleFromPath('OFFICE_PLANNER')).toBeNull();
    expect(trackerModuleFromPath('nope')).toBeNull();
  });
});

describe('TrackerTaskSchema', () => {
  const task = {
    module: 'default',
    timestamp: '2026-11-23T10:00:00.000Z',
    duration: 0,
    page_title: 'Edit client',
    target_reference_entity_id: 3,
    trackable: { event_type: 'ASSESSMENT', target_type: 'client', target_id: 3, reference: 'Margaret Ellison' },
  };

  it('accepts a well-formed task', () => {
    expect(v.safeParse(TrackerTaskSchema, task).success).toBe(true);
  });

  it('names each bad field', () => {
    const parsed = v.safeParse(TrackerTaskSchema, {
      ...task,
      module: 'planner',
      duration: -1,
      trackable: { ...task.trackable, event_type: 'VISIT', target_id: 0 },
    });
    expect(parsed.success).toBe(false);
    const errors = fieldErrorsOf(parsed.issues ?? []);
    expect(Object.keys(errors).sort()).toEqual(['duration', 'module', 'trackable.event_type', 'trackable.target_id']);
  });
});
