import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AREA_EXPOSE, AREA_NAMES, areaDescriptorProblems, isPermissionName, type AreaDescriptor, type AreaName } from '@hcm/contract';
import type { PermissionCatalog } from '../modules/permissions.js';

// An area's builds on disk: remotes/<area>/dist/<version>/ (immutable, see shared/build-config/build-area.js)
// and dist/ACTIVE, which names the version this machine serves when the registry cannot be asked.
// No database here: the web server uses these too.

/** A version folder's name: what build-area.js writes (package version and hash, maybe a label). */
const VERSION_NAME = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,99}$/;

export function isAreaName(name: string): name is AreaName {
  return (AREA_NAMES as readonly string[]).includes(name);
}

export function isVersionName(name: string): boolean {
  return VERSION_NAME.test(name) && !name.includes('..');
}

export function areaDistDir(repoRoot: string, area: AreaName): string {
  return path.join(repoRoot, 'remotes', area, 'dist');
}

export function activePointer(repoRoot: string, area: AreaName): string | undefined {
  const pointer = path.join(areaDistDir(repoRoot, area), 'ACTIVE');
  if (!existsSync(pointer)) return undefined;
  const version = readFileSync(pointer, 'utf8').trim();
  return isVersionName(version) ? version : undefined;
}

/**
 * Points dist/ACTIVE at a version when this machine holds its folder, so that what the web server falls back
 * to (API unreachable) and `web.js --area` serve the version the registry made active. Best effort.
 */
export function writeActivePointer(repoRoot: string, area: AreaName, version: string): boolean {
  const dist = areaDistDir(repoRoot, area);
  if (!existsSync(path.join(dist, version))) return false;
  try {
    writeFileSync(path.join(dist, 'ACTIVE'), `${version}\n`);
    return true;
  } catch {
    return false; // a read-only checkout (docker-compose mounts it so): the registry stays the truth
  }
}

/** The manifest's address on the web server; the web server resolves it against its own origin. */
export function manifestPathOf(area: AreaName, version: string): string {
  return `/areas/${area}/${version}/mf-manifest.json`;
}

export type BuiltVersion = {
  area: AreaName;
  version: string;
  manifestUrl: string;
  manifestChecksum: string;
  /** area.json as built into the version (the declaration plus version and container). */
  descriptor: AreaDescriptor & { version: string; container: string };
  builtAt: Date;
};

type Manifest = {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { path?: unknown }[];
};

function readJsonFile(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * Reads and checks one built version: its manifest parses, exposes ./Area and names a remoteEntry file that
 * exists; its area.json is this area's and holds the contract (areaDescriptorProblems): with the API's composed
 * permission catalogue, its menus and extensions name only permissions the area may (its own, the platform's, the
 * published ones it uses), else names of a permission's form. Problems are sentences for the operator; a version
 * with problems is never registered.
 */
export function readBuiltVersion(
  repoRoot: string,
  area: AreaName,
  version: string,
  permissions?: PermissionCatalog,
): { built: BuiltVersion; problems: [] } | { built: null; problems: string[] } {
  if (!isVersionName(version)) return { built: null, problems: [`"${version}" is not a version name`] };
  const dir = path.join(areaDistDir(repoRoot, area), version);
  if (!existsSync(dir)) return { built: null, problems: [`no build of ${area} named ${version} (${dir})`] };

  const problems: string[] = [];
  const manifestFile = path.join(dir, 'mf-manifest.json');
  let manifestText = '';
  let manifest: Manifest | undefined;
  try {
    manifestText = readFileSync(manifestFile, 'utf8');
    manifest = JSON.parse(manifestText) as Manifest;
  } catch (error) {
    problems.push(`mf-manifest.json does not load: ${(error as Error).message}`);
  }
  if (manifest) {
    if (!manifest.exposes?.some((entry) => entry.path === AREA_EXPOSE)) problems.push(`the manifest does not expose ${AREA_EXPOSE}`);
    const entry = manifest.metaData?.remoteEntry;
    const entryFile = typeof entry?.name === 'string' ? path.join(dir, typeof entry.path === 'string' ? entry.path : '', entry.name) : undefined;
    if (!entryFile) problems.push('the manifest names no remoteEntry file');
    else if (!entryFile.startsWith(dir + path.sep) || !existsSync(entryFile)) problems.push(`its remoteEntry file ${path.relative(dir, entryFile)} is missing`);
  }

  let descriptor: BuiltVersion['descriptor'] | undefined;
  try {
    descriptor = readJsonFile(path.join(dir, 'area.json')) as BuiltVersion['descriptor'];
  } catch (error) {
    problems.push(`area.json does not load: ${(error as Error).message}`);
  }
  if (descriptor) {
    if (descriptor.name !== area) problems.push(`area.json names the area "${String(descriptor.name)}", not ${area}`);
    if (descriptor.version !== version) problems.push(`area.json names the version "${String(descriptor.version)}", not ${version}`);
    try {
      const mayName = permissions ? (name: string) => permissions.refusal(area, name) === null : isPermissionName;
      problems.push(...areaDescriptorProblems(descriptor, mayName));
    } catch (error) {
      problems.push(`area.json is not an area declaration: ${(error as Error).message}`);
    }
  }

  if (problems.length || !descriptor) return { built: null, problems };
  return {
    built: {
      area,
      version,
      manifestUrl: manifestPathOf(area, version),
      manifestChecksum: createHash('sha256').update(manifestText).digest('hex'),
      descriptor,
      builtAt: statSync(manifestFile).mtime,
    },
    problems: [],
  };
}
