import { existsSync } from 'node:fs';
import path from 'node:path';
import { AREA_NAMES, type AreaRegistration } from '@hcm/contract';
import { activePointer, areaDistDir } from '../areas/builds.js';
import { readJson } from './static-files.js';

// Where an area's builds live: remotes/<area>/dist/<version>/; dist/ACTIVE names the one this disk serves
// when the area registry (the API) cannot be asked. See ../areas/builds.ts.
export { areaDistDir };
export const activeVersion = activePointer;

/** The env variable that points one area at a separately served build, e.g. AREA_FINANCE_MANIFEST_URL. */
export function overrideVariable(area: string): string {
  return `AREA_${area.replaceAll('-', '_').toUpperCase()}_MANIFEST_URL`;
}

/**
 * The version of every built area named by its dist/ACTIVE: the fallback of /registry.json (registry-source.ts). `baseUrl` is the origin that serves
 * /areas/...; an override variable replaces one area's manifest URL (a remote served on its own origin).
 */
export function registeredAreas(repoRoot: string, baseUrl: string, env: NodeJS.ProcessEnv): AreaRegistration[] {
  return AREA_NAMES.flatMap((area) => {
    const version = activeVersion(repoRoot, area);
    if (!version) return [];
    const descriptorFile = path.join(areaDistDir(repoRoot, area), version, 'area.json');
    if (!existsSync(descriptorFile)) return [];
    const descriptor = readJson<Omit<AreaRegistration, 'manifestUrl'>>(descriptorFile);
    const manifestUrl = env[overrideVariable(area)] ?? `${baseUrl}/areas/${area}/${version}/mf-manifest.json`;
    return [{ ...descriptor, version, manifestUrl }];
  });
}
