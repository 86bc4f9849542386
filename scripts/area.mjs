#!/usr/bin/env node
// Operators' commands for the area registry (README "Operations: deploy and roll back an area"):
//   npm run area:deploy -- <remote> [--by NAME]      build a new immutable version, check it, register and activate it
//   npm run area:rollback -- <remote> [version] [--by NAME]   activate the previous (or the named) version
//   npm run area:list [-- <remote>]                   each remote's versions, the active one, recent events
//   npm run host:deploy [-- --by NAME]                build the host aside, and swap it in only if every active
//                                                     area version fits its shared modules
// They go through the running API's loopback-only ops door (server/src/areas/ops.ts), whose address and token
// the API writes to a 0600 file beside its data: PGlite is one process's database, and with PostgreSQL the
// API stays the one place that applies the registry's rules. --ops-file or HCM_OPS_FILE names that file.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const USAGE = `Usage:
  npm run area:deploy -- <remote> [--by NAME]
  npm run area:rollback -- <remote> [version] [--by NAME]
  npm run area:list [-- <remote>]
  npm run host:deploy [-- --by NAME]
Options: --ops-file FILE (or HCM_OPS_FILE): the API's ops file; default inside PGLITE_DATA_DIR (server/.data/pglite/ops.json), or server/.data/ops.json with DATABASE_URL.
AREA_BUILD_LABEL=<label> builds the label into a deploy (a new version of unchanged sources).`;

function fail(message) {
  console.error(message);
  process.exit(1);
}

/** Positional arguments and --name value options. */
function parseArguments(argv) {
  const positional = [];
  const options = {};
  for (let i = 0; i < argv.length; i += 1) {
    const argument = argv[i];
    if (argument === '--help' || argument === '-h') options.help = true;
    else if (argument.startsWith('--')) {
      const [name, inline] = argument.slice(2).split('=', 2);
      const value = inline ?? argv[(i += 1)];
      if (value === undefined) fail(`--${name} needs a value.\n${USAGE}`);
      options[name] = value;
    } else positional.push(argument);
  }
  return { positional, options };
}

const remotes = () => {
  const dir = path.join(root, 'remotes');
  return existsSync(dir) ? readdirSync(dir).filter((name) => existsSync(path.join(dir, name, 'area.json'))) : [];
};

function remoteOf(name) {
  if (!name) fail(`Name a remote: ${remotes().join(', ')}.\n${USAGE}`);
  if (!remotes().includes(name)) fail(`There is no remote named "${name}". Remotes: ${remotes().join(', ')}.`);
  return name;
}

/** The ops file the API wrote: where its ops door listens and its token. Mirrors opsFilePath() in the server. */
function opsFileOf(options) {
  if (options['ops-file']) return options['ops-file'];
  if (process.env.HCM_OPS_FILE) return process.env.HCM_OPS_FILE;
  if (process.env.OPS_FILE) return process.env.OPS_FILE;
  const dataDir = !process.env.DATABASE_URL && process.env.PGLITE_DATA_DIR ? process.env.PGLITE_DATA_DIR : path.join(root, 'server', '.data', 'pglite');
  return process.env.DATABASE_URL ? path.join(path.dirname(dataDir), 'ops.json') : path.join(dataDir, 'ops.json');
}

function readOps(options) {
  const file = opsFileOf(options);
  if (!existsSync(file)) fail(`No ops file at ${file}: is the API running (npm start)? Point at its file with --ops-file or HCM_OPS_FILE.`);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return fail(`Cannot read the ops file ${file}: ${error.message}`);
  }
}

async function callOps(options, method, url, body) {
  const ops = readOps(options);
  let response;
  try {
    response = await fetch(`${ops.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${ops.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    return fail(`The API's ops door at ${ops.url} did not answer (${error.cause?.code ?? error.message}): is the API running?`);
  }
  const answer = await response.json().catch(() => ({ message: `HTTP ${response.status}` }));
  if (!response.ok) fail(`Refused (${response.status}): ${answer.message}`);
  return answer;
}

const actorOf = (options) => options.by ?? process.env.HCM_ACTOR ?? os.userInfo().username;

/** Runs a command with its output shown, resolving with what it printed. */
function run(command, args, spawnOptions) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...spawnOptions, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

async function deploy(remote, options) {
  const started = Date.now();
  const remoteDir = path.join(root, 'remotes', remote);
  const packageName = JSON.parse(readFileSync(path.join(remoteDir, 'package.json'), 'utf8')).name;
  readOps(options); // fail before a build that could not be registered
  console.log(`Building ${packageName} into a new version folder...`);
  // ACTIVE stays where it is: the registry moves it once this version is checked and active.
  const output = await run(process.execPath, [path.join(root, 'scripts', 'pnpm.mjs'), '--filter', packageName, 'build'], {
    cwd: root,
    env: { ...process.env, AREA_BUILD_KEEP_ACTIVE: '1' },
  }).catch((error) => fail(`The build failed: ${error.message}`));
  const version = /built version (\S+)/.exec(output)?.[1];
  if (!version) fail('The build did not say which version it wrote.');

  // The shared modules' versions must accept the host's (as each remote's test checks).
  await run(process.execPath, [path.join(root, 'shared', 'build-config', 'check-shared.js')], { cwd: remoteDir }).catch(() =>
    fail(`${remote} ${version} is not deployed: its shared modules do not fit the host's.`),
  );
  // The API checks the manifest (parses, exposes ./Area, remoteEntry exists) and the contract, then registers it.
  const answer = await callOps(options, 'POST', `/ops/areas/${remote}/deploy`, { version, by: actorOf(options) });
  const result = answer.data;
  console.log(
    result.already_deployed
      ? `${remote} ${version} was deployed before; it is the active version now.`
      : `${remote} ${version} is deployed and active (was ${result.from_version ?? 'none'}), by ${actorOf(options)}, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}

async function rollback(remote, version, options) {
  const answer = await callOps(options, 'POST', `/ops/areas/${remote}/rollback`, { version, by: actorOf(options) });
  const result = answer.data;
  console.log(`${remote} now serves ${result.version} (was ${result.from_version}), recorded as ${result.action} by ${actorOf(options)}.`);
}

async function list(remote, options) {
  const answer = await callOps(options, 'GET', '/ops/areas');
  for (const area of answer.data) {
    if (remote && area.name !== remote) continue;
    console.log(`\n${area.name}: ${area.active ? `active ${area.active.version} (by ${area.active.activated_by}, ${area.active.activated_at})` : 'no active version'}`);
    for (const version of area.versions) {
      console.log(`  ${version.active ? '*' : ' '} ${version.version.padEnd(28)} built ${version.built_at}  deployed ${version.deployed_at} by ${version.deployed_by}  sha256 ${version.manifest_checksum.slice(0, 12)}`);
    }
    for (const event of area.events.slice(0, 5)) {
      console.log(`    ${event.at} ${event.action} ${event.version}${event.from_version ? ` (from ${event.from_version})` : ''} by ${event.actor}`);
    }
  }
}

/**
 * The host is built into host/dist.next; the API checks that every active area version fits its shared modules
 * (each singleton's version against the range the version was built for); only then does dist.next replace
 * dist (the old one kept as dist.previous). A host that would drop a version an active remote needs is refused.
 */
async function hostDeploy(options) {
  const started = Date.now();
  readOps(options);
  const hostDir = path.join(root, 'host');
  const next = path.join(hostDir, 'dist.next');
  rmSync(next, { recursive: true, force: true });
  console.log('Building the host into host/dist.next...');
  await run(process.execPath, [path.join(root, 'scripts', 'pnpm.mjs'), '--filter', '@hcm/host', 'exec', 'webpack', '--mode', 'production', '--output-path', next], {
    cwd: root,
  }).catch((error) => fail(`The build failed: ${error.message}`));
  const shared = JSON.parse(readFileSync(path.join(next, 'shared.json'), 'utf8'));
  const answer = await callOps(options, 'POST', '/ops/host/check', { shared, by: actorOf(options) });
  if (answer.data.problems.length) {
    rmSync(next, { recursive: true, force: true });
    fail(`The host is not deployed: ${answer.message}\n  ${answer.data.problems.join('\n  ')}\nDeploy those areas built against the new versions first, or keep the host as it is.`);
  }
  const dist = path.join(hostDir, 'dist');
  const previous = path.join(hostDir, 'dist.previous');
  rmSync(previous, { recursive: true, force: true });
  if (existsSync(dist)) renameSync(dist, previous);
  renameSync(next, dist);
  console.log(`The host is deployed (the one before is in host/dist.previous), by ${actorOf(options)}, in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

const [command, ...rest] = process.argv.slice(2);
const { positional, options } = parseArguments(rest);
if (options.help || !command) {
  console.log(USAGE);
  process.exit(command ? 0 : 1);
}
if (command === 'deploy') await deploy(remoteOf(positional[0]), options);
else if (command === 'rollback') await rollback(remoteOf(positional[0]), positional[1], options);
else if (command === 'list') await list(positional[0] ? remoteOf(positional[0]) : undefined, options);
else if (command === 'host-deploy') await hostDeploy(options);
else fail(`Unknown command "${command}".\n${USAGE}`);
