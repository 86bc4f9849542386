// What the device simulator and the load script share: an office session against a running API (cookies and
// the CSRF token, as the browser keeps them), device enrolment, and a device's idempotent write that resends on a
// lost connection with the same key until it hears back.

export type Answer<T> = { status: number; body: { data: T; message?: string; errors?: Record<string, string[]> | null } | null; headers: Headers };

export class OfficeSession {
  private cookies = new Map<string, string>();
  constructor(readonly api: string) {}

  private keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, index).trim(), decodeURIComponent(pair!.slice(index + 1)));
    }
  }

  /** The Cookie header the browser would send (the chat socket's handshake needs it too). */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const headers: Record<string, string> = { accept: 'application/json', cookie: this.cookieHeader() };
    const token = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && token) headers['X-XSRF-TOKEN'] = token;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.api}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    this.keep(response);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  }

  static async signIn(api: string, email: string, password: string): Promise<OfficeSession> {
    const session = new OfficeSession(api);
    await session.request('GET', '/csrf-cookie');
    const login = await session.request('POST', '/login', { email, password });
    if (login.status !== 200) throw new Error(`signing in as ${email} answered ${login.status}: ${JSON.stringify(login.body)}`);
    return session;
  }

  /**
   * Each carer record's sign-in account (users.id), from the rota (GET /api/v1/carers/rota?ids=…, in pages):
   * visits name carer records, devices sign in as users. null for a carer without an account.
   */
  async accountsOf(carerIds: readonly number[]): Promise<Map<number, number | null>> {
    const out = new Map<number, number | null>();
    const ids = [...new Set(carerIds)];
    for (let start = 0; start < ids.length; start += 500) {
      const page = ids.slice(start, start + 500);
      const answer = await this.request<{ id: number; user_id: number | null }[]>('GET', `/api/v1/carers/rota?ids=${page.join(',')}`);
      if (answer.status !== 200 || !answer.body) throw new Error(`/api/v1/carers/rota answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      for (const row of answer.body.data) out.set(row.id, row.user_id ?? null);
    }
    return out;
  }

  /** A device token for the carer's sign-in account (POST /api/v1/carer-devices {user_id}, carers.edit). */
  async enrol(userId: number, deviceName: string): Promise<string> {
    const answer = await this.request<{ token: string }>('POST', '/api/v1/carer-devices', { user_id: userId, device_name: deviceName });
    if (answer.status !== 201 || !answer.body) throw new Error(`enrolling a device for user ${userId} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body.data.token;
  }

  /** Every page of a list. */
  async all<T>(path: string, params: Record<string, string>): Promise<T[]> {
    const rows: T[] = [];
    for (let page = 1; page < 1000; page += 1) {
      const search = new URLSearchParams({ ...params, page: String(page), page_size: '100' });
      const answer = await this.request<{ data: T[]; last_page: number }>('GET', `${path}?${search}`);
      if (answer.status !== 200 || !answer.body) throw new Error(`${path} answered ${answer.status}`);
      rows.push(...answer.body.data.data);
      if (page >= answer.body.data.last_page) break;
    }
    return rows;
  }
}

export type WriteResult = { status: number; replayed: boolean; attempts: number; acknowledged: boolean };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A device's write with its Idempotency-Key: on a network error, a timeout or a 5xx it waits and sends the same
 * key again (up to `tries`). `loseFirstAnswer` drops the first answer as a poor signal would (the write is made,
 * the device never hears): the resend must come back 200 and replayed, not a second row.
 */
export async function deviceWrite(api: string, token: string, path: string, body: unknown, key: string, options: { tries?: number; timeoutMs?: number; loseFirstAnswer?: boolean } = {}): Promise<WriteResult> {
  const tries = options.tries ?? 8;
  let lose = options.loseFirstAnswer ?? false;
  for (let attempt = 1; attempt <= tries; attempt += 1) {
    try {
      const response = await fetch(`${api}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': key, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      await response.text();
      if (lose) {
        lose = false;
        continue;
      }
      if (response.status >= 500) throw new Error(`answered ${response.status}`);
      return { status: response.status, replayed: response.headers.get('idempotent-replayed') === 'true', attempts: attempt, acknowledged: response.status === 200 || response.status === 201 };
    } catch {
      await sleep(Math.min(8_000, 250 * 2 ** attempt));
    }
  }
  return { status: 0, replayed: false, attempts: tries, acknowledged: false };
}

/** --name value pairs and --flag switches. */
export function argsOf(argv: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    if (!arg.startsWith('--')) continue;
    const next = argv[index + 1];
    if (next === undefined || next.startsWith('--')) out.set(arg.slice(2), 'true');
    else {
      out.set(arg.slice(2), next);
      index += 1;
    }
  }
  return out;
}
