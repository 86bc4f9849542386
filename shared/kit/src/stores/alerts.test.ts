import { act } from '@testing-library/react';
import { useAlerts } from './alerts';

describe('alerts store', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('normalises an alert and hides it after 4000 ms', () => {
    act(() => {
      useAlerts.getState().notify({ type: 'nonsense', message: 'Saved' });
    });
    expect(useAlerts.getState().alerts).toEqual([expect.objectContaining({ type: 'success', title: 'Home Care', message: 'Saved' })]);
    act(() => jest.advanceTimersByTime(3999));
    expect(useAlerts.getState().alerts).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1));
    expect(useAlerts.getState().alerts).toHaveLength(0);
  });

  it('dismisses one alert and keeps the others', () => {
    const first = useAlerts.getState().notify({ type: 'danger', title: 'A' });
    useAlerts.getState().notify({ type: 'warning', title: 'B' });
    useAlerts.getState().dismiss(first);
    expect(useAlerts.getState().alerts.map((alert) => alert.title)).toEqual(['B']);
  });
});
