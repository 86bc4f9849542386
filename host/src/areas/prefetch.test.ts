import type { AreaRegistration, PermissionSubject } from '@hcm/contract';
import { openableAreas, prefetchAreasWhenIdle } from './prefetch';

const area = (name: string, permission: string): AreaRegistration =>
  ({
    name,
    title: name,
    description: '',
    home: `/app/${name}`,
    routePrefixes: [name],
    navigation: [{ name: `${name}-home`, title: 'Home', target: `/app/${name}`, permission: [permission] }],
    version: '1.0.0-a',
    container: `area_${name}`,
    manifestUrl: `/areas/${name}/1.0.0-a/mf-manifest.json`,
  }) as AreaRegistration;

const AREAS = [area('finance', 'finance.view'), area('care-records', 'clients.view'), area('workforce', 'carers.view')];
const office: PermissionSubject = { userRole: 'office_staff', userPermissions: ['clients.view', 'carers.view'] };

describe('prefetching the areas a user can open', () => {
  it('keeps the areas with a menu item the user may see', () => {
    expect(openableAreas(AREAS, office).map((item) => item.name)).toEqual(['care-records', 'workforce']);
  });

  it('waits for the area on screen, then loads one area per idle moment, in order, and stops when cancelled', async () => {
    const idle: (() => void)[] = [];
    const loaded: string[] = [];
    let onScreen = () => {};
    const cancel = prefetchAreasWhenIdle(AREAS, (item) => loaded.push(item.name), new Promise<void>((resolve) => (onScreen = resolve)), (run) => idle.push(run));
    await Promise.resolve();
    expect(idle).toHaveLength(0);
    onScreen();
    await Promise.resolve();
    await Promise.resolve();
    expect(loaded).toEqual([]);
    idle.shift()!();
    expect(loaded).toEqual(['finance']);
    idle.shift()!();
    expect(loaded).toEqual(['finance', 'care-records']);
    cancel();
    idle.shift()!();
    expect(loaded).toEqual(['finance', 'care-records']);
  });
});
