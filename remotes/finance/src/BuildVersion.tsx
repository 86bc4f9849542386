import { kitStyles, useRuntime } from '@hcm/kit';

// Set by webpack: where this build's files were loaded from (/areas/finance/<version>/), and the
// AREA_BUILD_LABEL it was built with (shared/build-config/build-area.js). Absent under jest.
declare const __webpack_public_path__: string | undefined;
declare const __AREA_BUILD_LABEL__: string | undefined;

/** The version folder this code was loaded from, else (served on its own origin) the registry's version. */
export function loadedVersion(publicPath: string | undefined, registryVersion: string | undefined): string | undefined {
  const fromPath = publicPath ? /\/areas\/finance\/([^/]+)\/$/.exec(publicPath)?.[1] : undefined;
  return fromPath ?? registryVersion;
}

/**
 * Which build of the finance area is running, as operators see it after a deploy or a rollback
 * (`npm run area:deploy`, /app/areas): read from the code's own location, so it names what really loaded.
 */
export function BuildVersion() {
  const registryVersion = useRuntime((state) => state.registry.areas.find((area) => area.name === 'finance')?.version);
  const version = loadedVersion(typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : undefined, registryVersion);
  const label = typeof __AREA_BUILD_LABEL__ === 'string' ? __AREA_BUILD_LABEL__ : '';
  if (!version) return null;
  return (
    <p className={kitStyles.muted} data-testid="area-version">
      Version {version}
      {label ? ` (build ${label})` : ''}
    </p>
  );
}
