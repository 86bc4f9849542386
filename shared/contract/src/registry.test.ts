import { areaDescriptorProblems, areaForPath, cleanPageSources, isHttpsHostSource, isUnderPrefix, type AreaDescriptor, type PageSources } from './registry';

const area = (name: AreaDescriptor['name'], routePrefixes: string[]): AreaDescriptor => ({
  name,
  title: name,
  description: '',
  home: `/app/${routePrefixes[0]!}`,
  routePrefixes,
  navigation: [{ name: 'home', title: 'Home', target: `/app/${routePrefixes[0]!}`, permission: ['dashboard.view'] }],
});

describe('area prefixes', () => {
  it('matches a path under a prefix segment by segment, never a longer segment', () => {
    expect(isUnderPrefix('/app/carers', 'carers')).toBe(true);
    expect(isUnderPrefix('/app/carers/4/edit/training', 'carers')).toBe(true);
    expect(isUnderPrefix('/app/carers-archive', 'carers')).toBe(false);
    expect(isUnderPrefix('/app/live-events/carers/file-alerts', 'live-events/carers')).toBe(true);
    expect(isUnderPrefix('/app/live-events/clients/visits', 'live-events/carers')).toBe(false);
  });

  it('finds the area of a path by its longest prefix, so areas can share a first segment', () => {
    const workforce = area('workforce', ['carers', 'live-events/carers']);
    const scheduler = area('scheduler', ['scheduler', 'live-events']);
    expect(areaForPath([scheduler, workforce], '/app/live-events/carers/file-alerts')).toBe(workforce);
    expect(areaForPath([scheduler, workforce], '/app/live-events/clients/visits')).toBe(scheduler);
    expect(areaForPath([scheduler, workforce], '/app/finance')).toBeUndefined();
  });

  it('accepts navigation targets under a deeper prefix and refuses those outside every prefix', () => {
    const workforce = area('workforce', ['carers', 'live-events/carers']);
    workforce.navigation.push({ name: 'alerts', title: 'File alerts', target: '/app/live-events/carers/file-alerts', permission: ['carers.view'] });
    expect(areaDescriptorProblems(workforce, () => true)).toEqual([]);
    workforce.navigation.push({ name: 'visits', title: 'Visits', target: '/app/live-events/clients/visits', permission: ['carers.view'] });
    expect(areaDescriptorProblems(workforce, () => true)).toEqual(['navigation target /app/live-events/clients/visits is outside the area\'s prefixes']);
  });
});

describe('area extensions', () => {
  it('accepts permissions from the catalogue on a contribution and names an unknown one', () => {
    const finance = area('finance', ['finance']);
    const known = (name: string) => name === 'dashboard.view' || name === 'finance.view';
    finance.extensions = [{ point: 'client-record.tab', key: 'financials', title: 'Financials', module: './ClientRecordTabs', permission: ['finance.view'] }];
    expect(areaDescriptorProblems(finance, known)).toEqual([]);
    finance.extensions.push({ point: 'client-record.tab', key: 'funder-code', title: 'Funder code', module: './ClientRecordTabs', permission: ['finance.see'] });
    expect(areaDescriptorProblems(finance, known)).toEqual(['extension funder-code names unknown permission finance.see']);
  });
});

describe('image origins', () => {
  it('accepts https origins alone and names anything else', () => {
    const scheduler = area('scheduler', ['scheduler']);
    scheduler.imageOrigins = ['https://tile.openstreetmap.org', 'https://tiles.example:8443'];
    expect(areaDescriptorProblems(scheduler, () => true)).toEqual([]);
    scheduler.imageOrigins = ['http://tiles.example', 'https://tiles.example/{z}', 'https://*.example', '*'];
    expect(areaDescriptorProblems(scheduler, () => true)).toEqual([
      'image origin "http://tiles.example" is not an https origin like https://tile.openstreetmap.org',
      'image origin "https://tiles.example/{z}" is not an https origin like https://tile.openstreetmap.org',
      'image origin "https://*.example" is not an https origin like https://tile.openstreetmap.org',
      'image origin "*" is not an https origin like https://tile.openstreetmap.org',
    ]);
  });
});

describe('page sources', () => {
  it('keeps https origins and one-level wildcards of a named site, and drops anything that would open the page wider', () => {
    expect(isHttpsHostSource('https://maps.googleapis.com')).toBe(true);
    expect(isHttpsHostSource('https://*.googleapis.com')).toBe(true);
    expect(isHttpsHostSource('https://*.tiles.example:8443')).toBe(true);
    for (const wide of ['https://*', 'https://*.com', 'https:', '*', "'unsafe-eval'", 'http://maps.example', 'https://a.example/path', 'https://*.*.example', 'data:', 'https://a.example; script-src *']) {
      expect([wide, isHttpsHostSource(wide)]).toEqual([wide, false]);
    }
  });

  it('cleans what an area offers: valid sources only, sorted, once, and no empty kind', () => {
    const offered = {
      scripts: ['https://maps.googleapis.com', "'unsafe-inline'", 'https://maps.googleapis.com'],
      images: ['https://b.example', 'https://a.example', 'javascript:alert(1)'],
      frames: ['*'],
      unknown: ['https://x.example'],
    } as PageSources;
    expect(cleanPageSources(offered)).toEqual({ scripts: ['https://maps.googleapis.com'], images: ['https://a.example', 'https://b.example'] });
    expect(cleanPageSources(undefined)).toEqual({});
  });
});
