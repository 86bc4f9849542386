import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CSRF_COOKIE, CSRF_HEADER } from '@hcm/contract';
import { waitFor } from '../testing/wait.js';

// Helpers of the multi-process tests: server processes started from their sources (tsx), as a deployment
// runs them from dist/, and a cookie-keeping HTTP client that signs in as the SPA does.

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  base: string;
  port: number;
  exited: Promise<unknown>;
  /** What it printed so far (stdout and stderr), for failure messages. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
};

const ENTRIES = { api: 'src/main.ts', chat: 'src/chat-main.ts', migrate: 'src/migrate-main.ts' } as const;

/** Runs an entry point until it exits (migrate); rejects with its stderr when it fails. */
export async function runOnce(entry: keyof typeof ENTRIES, env: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRIES[entry]], { cwd: SERVER_DIR, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  assert.equal(code, 0, `${entry} failed:\n${stderr}`);
}

/**
 * Starts the API or the chat server on a free port (or `port`) and resolves once its /health answers. The
 * caller stops it (stop(), or kill it for a fault).
 */
export async function startServer(entry: 'api' | 'chat', env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const listenOn = port ?? (await freePort());
  const portVariable = entry === 'api' ? 'API_PORT' : 'CHAT_PORT';
  // Each API writes its own ops file (src/areas/ops.ts), never the one of a developer's running API.
  const opsDir = mkdtempSync(path.join(tmpdir(), 'hcm-ops-'));
  const opsFile = path.join(opsDir, 'ops.json');
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRIES[entry]], {
    cwd: SERVER_DIR,
    env: { ...process.env, HOST: '127.0.0.1', LOGIN_THROTTLE_PER_MINUTE: '1000', OPS_FILE: opsFile, ...env, [portVariable]: String(listenOn) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${listenOn}`;
  try {
    await waitFor(() => fetch(`${base}/health`).then((response) => response.ok, () => false), `the ${entry} process starting`, { stillPossible: () => child.exitCode === null, detail: () => output });
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(opsDir, { recursive: true, force: true });
    throw error;
  }
  return {
    child,
    base,
    port: listenOn,
    exited,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
      rmSync(opsDir, { recursive: true, force: true });
    },
  };
}

/** Keeps cookies across requests to any of the API processes and sends the CSRF header on writes, as the SPA does. */
export class BrowserSession {
  readonly cookies = new Map<string, string>();

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(base: string, method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { cookie: this.cookieHeader() };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const csrf = this.cookies.get(CSRF_COOKIE);
    if (method !== 'GET' && csrf) headers[CSRF_HEADER] = csrf;
    const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!, decodeURIComponent(value.join('=')));
    }
    return response;
  }

  /** /csrf-cookie then /login on `base`; answers the signed-in user's id. */
  async signIn(base: string, email: string, password: string): Promise<number> {
    await this.request(base, 'GET', '/csrf-cookie');
    const login = await this.request(base, 'POST', '/login', { email, password });
    assert.equal(login.status, 200, await login.text());
    const me = await this.request(base, 'GET', '/api/v1/user');
    assert.equal(me.status, 200);
    return ((await me.json()) as { data: { data: { userID: number } } }).data.data.userID;
  }
}
