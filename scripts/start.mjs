#!/usr/bin/env node
// `npm start`: installs, builds and runs the whole product on the embedded database with demo data:
// the API on :8000 (API_PORT) and the web app with every area on :8080 (WEB_PORT).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { pnpm } from './pnpm.mjs';
import { waitFor } from './wait-for.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = Date.now();

if (!process.argv.includes('--no-build')) {
  pnpm(['install', '--frozen-lockfile']);
  pnpm(['-r', '--workspace-concurrency=2', 'build']);
}

const apiPort = process.env.API_PORT ?? '8000';
const webPort = process.env.WEB_PORT ?? '8080';
// The API process runs the chat server (socket.io) on CHAT_PORT.
const chatPort = process.env.CHAT_PORT ?? '3002';
// The demo's day so far: before the API runs its background work (the late and missed visit engine), each area
// with a `demo:replay` script (the scheduler's device simulator) replays what carers' devices would have sent
// since this morning against an API that only serves. Then the engine, started with the real API, finds only the
// visits the replay left late or missed on purpose. Skipped with --no-replay or SEED_DEMO=false.
if (!process.argv.includes('--no-replay') && process.env.SEED_DEMO !== 'false') {
  const serving = spawn(process.execPath, ['server/dist/main.js'], { cwd: root, stdio: 'inherit', env: { ...process.env, API_PORT: apiPort, BACKGROUND_JOBS: 'false' } });
  const ended = new Promise((resolve) => serving.on('exit', resolve));
  try {
    await waitFor(`http://127.0.0.1:${apiPort}/health`);
    const status = pnpm(['-r', '--if-present', 'demo:replay'], { mayFail: true, env: { ...process.env, npm_config_update_notifier: 'false', DEMO_API_URL: `http://127.0.0.1:${apiPort}` } });
    if (status !== 0) console.error('The demo replay of the day so far failed; the product starts without it.');
  } finally {
    serving.kill('SIGTERM');
    await ended;
  }
}

const children = [
  spawn(process.execPath, ['server/dist/main.js'], { cwd: root, stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
  spawn(process.execPath, ['server/dist/web.js'], { cwd: root, stdio: 'inherit', env: { ...process.env, WEB_PORT: webPort } }),
];

await Promise.all([waitFor(`http://127.0.0.1:${apiPort}/health`), waitFor(`http://127.0.0.1:${webPort}/registry.json`)]);
console.log(`
  Home Care back office is running (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)
    Web app  http://localhost:${webPort}
    API      http://localhost:${apiPort}
    Chat     ws://localhost:${chatPort}
  Demo accounts: admin@homecare.test / Admin!2026demo   office@homecare.test / Office!2026demo
  Press Ctrl+C to stop.
`);

let stopping = false;
const stop = (signal) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`A server stopped unexpectedly (exit code ${code}); stopping the other.`);
      stop('SIGTERM');
      process.exitCode = code ?? 1;
    }
  });
}
