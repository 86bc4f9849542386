import { DEFAULT_CHAT_PORT, type Registry } from '@hcm/contract';

/**
 * The chat socket's origin (spec §7, §9): the registry's `chatUrl` (CHAT_PUBLIC_URL) when set, else ws(s) on
 * port 3002 of the API's host - the same rule the web server's Content-Security-Policy allows.
 */
export function chatSocketUrl(registry: Pick<Registry, 'apiUrl' | 'chatUrl'>, page: Pick<Location, 'protocol' | 'hostname'> = window.location): string {
  const configured = parse(registry.chatUrl);
  if (configured) return configured.origin;
  const api = parse(registry.apiUrl);
  const secure = (api?.protocol ?? page.protocol) === 'https:';
  return `${secure ? 'wss:' : 'ws:'}//${api?.hostname ?? page.hostname}:${DEFAULT_CHAT_PORT}`;
}

function parse(url: string | undefined): URL | undefined {
  if (!url) return undefined;
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}
