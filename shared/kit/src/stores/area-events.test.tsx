import { act, render } from '@testing-library/react';
import { areaEvents, useAreaEvent } from './area-events';

function Listener({ seen }: { seen: unknown[] }) {
  useAreaEvent('scheduler', 'visits', (data) => seen.push(data));
  return null;
}

test('a mounted listener hears its own area and topic only, and nothing once unmounted', () => {
  const seen: unknown[] = [];
  const view = render(<Listener seen={seen} />);
  act(() => {
    areaEvents.publish({ area: 'scheduler', topic: 'visits', data: { ids: [1] } });
    areaEvents.publish({ area: 'scheduler', topic: 'templates', data: { ids: [2] } });
    areaEvents.publish({ area: 'finance', topic: 'visits', data: { ids: [3] } });
  });
  expect(seen).toEqual([{ ids: [1] }]);
  view.unmount();
  areaEvents.publish({ area: 'scheduler', topic: 'visits', data: { ids: [4] } });
  expect(seen).toEqual([{ ids: [1] }]);
});
