#!/usr/bin/env node
// Builds a remote into an immutable version folder: dist/<package version>-<content hash>/.
// The folder's name changes whenever its files change, so a deployed version is never overwritten and
// the registry can point back at any earlier one. `dist/ACTIVE` names the version built last, unless
// AREA_BUILD_KEEP_ACTIVE=1 (`npm run area:deploy` sets it: the area registry moves ACTIVE once the version
// is checked and active). AREA_BUILD_LABEL (e.g. a release tag) is built into the code as
// __AREA_BUILD_LABEL__ and into the version's hash, so the same sources with a new label are a new version.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import webpack from 'webpack';
import { containerNameOf } from './webpack.js';

const projectDir = process.cwd();
const distDir = path.join(projectDir, 'dist');
const stagingDir = path.join(distDir, '.staging');
const pkg = JSON.parse(readFileSync(path.join(projectDir, 'package.json'), 'utf8'));
const area = JSON.parse(readFileSync(path.join(projectDir, 'area.json'), 'utf8'));

const { default: configFactory } = await import(pathToFileURL(path.join(projectDir, 'webpack.config.js')).href);
const config = configFactory({}, { mode: process.argv.includes('--development') ? 'development' : 'production' });
config.output.path = stagingDir;
const buildLabel = process.env.AREA_BUILD_LABEL?.trim() ?? '';
config.plugins = [...(config.plugins ?? []), new webpack.DefinePlugin({ __AREA_BUILD_LABEL__: JSON.stringify(buildLabel) })];

const stats = await new Promise((resolve, reject) =>
  webpack(config, (error, result) => (error ? reject(error) : resolve(result))),
);
if (stats.hasErrors()) {
  console.error(stats.toString('errors-only'));
  process.exit(1);
}

function filesOf(dir) {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? filesOf(full) : [full];
    });
}

const hash = createHash('sha256');
for (const file of filesOf(stagingDir)) {
  hash.update(path.relative(stagingDir, file));
  hash.update(readFileSync(file));
}
hash.update(JSON.stringify(area));
if (buildLabel) hash.update(`label:${buildLabel}`);
const version = `${pkg.version}-${hash.digest('hex').slice(0, 10)}`;

// What the registry serves about this version: the area's own declaration plus its version.
writeFileSync(path.join(stagingDir, 'area.json'), JSON.stringify({ ...area, version, container: containerNameOf(area.name) }, null, 2));

const versionDir = path.join(distDir, version);
if (existsSync(versionDir)) rmSync(stagingDir, { recursive: true, force: true });
else renameSync(stagingDir, versionDir);
if (process.env.AREA_BUILD_KEEP_ACTIVE !== '1') writeFileSync(path.join(distDir, 'ACTIVE'), `${version}\n`);
console.log(`${area.name}: built version ${version}`);
