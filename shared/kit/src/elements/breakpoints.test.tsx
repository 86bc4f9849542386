import { act, render, screen } from '@testing-library/react';
import { BREAKPOINTS, breakpointOf, isAtLeast, useBreakpoint } from './breakpoints';

function resizeTo(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

function Probe({ onRender }: { onRender: () => void }) {
  onRender();
  return <output aria-label="Breakpoint">{useBreakpoint()}</output>;
}

describe('breakpoints (spec §9)', () => {
  it('are 576, 768, 992, 1200 and 1400px', () => {
    expect(BREAKPOINTS).toEqual({ sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 });
  });

  it('name the largest breakpoint a width reaches', () => {
    expect([0, 575, 576, 767, 768, 991, 992, 1199, 1200, 1399, 1400, 2560].map(breakpointOf)).toEqual([
      'xs', 'xs', 'sm', 'sm', 'md', 'md', 'lg', 'lg', 'xl', 'xl', 'xxl', 'xxl',
    ]);
    expect(isAtLeast('md', 'sm')).toBe(true);
    expect(isAtLeast('sm', 'md')).toBe(false);
  });

  it('useBreakpoint follows the window, re-rendering only when the breakpoint changes', () => {
    const onRender = jest.fn();
    resizeTo(1024);
    render(<Probe onRender={onRender} />);
    expect(screen.getByRole('status', { name: 'Breakpoint' })).toHaveTextContent('lg');
    const renders = onRender.mock.calls.length;
    resizeTo(1100);
    expect(onRender).toHaveBeenCalledTimes(renders);
    resizeTo(500);
    expect(screen.getByRole('status', { name: 'Breakpoint' })).toHaveTextContent('xs');
    expect(onRender).toHaveBeenCalledTimes(renders + 1);
  });
});
