// Shared by the scale benches (./bench.ts, ./timeline-worked-out.ts).
import { CSRF_COOKIE, CSRF_HEADER } from '@hcm/contract';

/** Signs in as the SPA does (/csrf-cookie, then /login with the token echoed) and answers the cookie header. */
export async function signIn(url: string, email: string, password: string): Promise<string> {
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  };
  keep(await fetch(`${url}/csrf-cookie`));
  const header = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: header(), [CSRF_HEADER]: decodeURIComponent(cookies.get(CSRF_COOKIE) ?? '') },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`login as ${email} answered ${response.status}: ${await response.text()}`);
  keep(response);
  return header();
}
