import { ALERT_DURATION_MS, normalizeAlert } from './alerts';
import { FALLBACK_TITLE, pageTitle } from './title';

describe('alerts (spec §4)', () => {
  it('keeps success, danger, warning and chat', () => {
    for (const type of ['success', 'danger', 'warning', 'chat']) expect(normalizeAlert({ type }, 1).type).toBe(type);
  });

  it('turns any other type into success', () => {
    expect(normalizeAlert({ type: 'error' }, 1).type).toBe('success');
    expect(normalizeAlert({}, 1).type).toBe('success');
  });

  it('defaults the title to the product label when one is given (§9)', () => {
    expect(normalizeAlert({ message: 'Saved' }, 1, 'Home Care').title).toBe('Home Care');
    expect(normalizeAlert({ title: 'Done' }, 1, 'Home Care').title).toBe('Done');
  });

  it("defaults title and message to '**'", () => {
    expect(normalizeAlert({ type: 'danger' }, 1)).toMatchObject({ title: '**', message: '**', show: true });
    expect(normalizeAlert({ title: 'Saved', message: 'Done' }, 1)).toMatchObject({ title: 'Saved', message: 'Done' });
  });

  it('hides after 4 seconds', () => {
    expect(ALERT_DURATION_MS).toBe(4000);
  });
});

describe('page title (spec §1)', () => {
  it("reads '<label> - <route name>'", () => {
    expect(pageTitle('Home Care', 'Branches')).toBe('Home Care - Branches');
  });

  it("falls back to 'Home Care Management' without a route name", () => {
    expect(pageTitle('Home Care', null)).toBe(FALLBACK_TITLE);
    expect(FALLBACK_TITLE).toBe('Home Care Management');
  });
});
