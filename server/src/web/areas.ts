import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AREA_NAMES, type AreaName, type AreaRegistration } from '@hcm/contract';
import { readJson } from './static-files.js';

/** Where an area's builds live: remotes/<area>/dist/<version>/, and dist/ACTIVE names the active one. */
export function areaDistDir(repoRoot: string, area: AreaName): string {
  return path.join(repoRoot, 'remotes', area, 'dist');
}

export function activeVersion(repoRoot: string, area: AreaName): string | undefined {
  const pointer = path.join(areaDistDir(repoRoot, area), 'ACTIVE');
  return existsSync(pointer) ? readFileSync(pointer, 'utf8').trim() : undefined;
}

/** The env variable that points one area at a separately served build, e.g. AREA_FINANCE_MANIFEST_URL. */
export function overrideVariable(area: AreaName): string {
  return `AREA_${area.replaceAll('-', '_').toUpperCase()}_MANIFEST_URL`;
}

/**
 * The active version of every built area, as the registry lists it. `baseUrl` is the origin that serves
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
