import { render, screen } from '@testing-library/react';
import { useRuntime } from '@hcm/kit';
import { BuildVersion, loadedVersion } from './BuildVersion';

test('the version is the folder the code was loaded from', () => {
  expect(loadedVersion('http://localhost:8080/areas/finance/0.1.0-abc123/', '0.1.0-other')).toBe('0.1.0-abc123');
});

test('served on its own origin, the version is the registry’s', () => {
  expect(loadedVersion('http://localhost:9103/', '0.1.0-def456')).toBe('0.1.0-def456');
  expect(loadedVersion(undefined, undefined)).toBeUndefined();
});

test('the marker names the version the registry lists when the code was not loaded from a version folder', () => {
  useRuntime.getState().setRegistry({
    productLabel: 'Home Care',
    apiUrl: '',
    areas: [{ name: 'finance', title: 'Finance', description: '', home: '/app/finance', routePrefixes: ['finance'], navigation: [], version: '0.1.0-fedcba', container: 'area_finance', manifestUrl: '' }],
  });
  render(<BuildVersion />);
  expect(screen.getByText('Version 0.1.0-fedcba')).toBeInTheDocument();
});
