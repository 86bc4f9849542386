/// <reference lib="webworker" />
import { createApi, writeSender } from './api.js';
import { openDb } from './queue/db.js';
import { WriteQueue } from './queue/queue.js';
import { readSession } from './session.js';

// The service worker: keeps the app shell (precache.json: the page, its script, manifest and icons) so the app
// opens with no network, and sends the queue on Background Sync. API reads are not cached here: the app keeps
// the day and care sheets in IndexedDB itself.

declare const self: ServiceWorkerGlobalScope;
const SHELL = 'carer-shell-v1';
const BASE = '/carer/';
/** The web server puts the registry (API address, the clock) in the page; a kept page must not carry an old one. */
const INLINE_REGISTRY = /<script id="hcm-registry" type="application\/json">[\s\S]*?<\/script>/;

async function keepShell(): Promise<void> {
  const cache = await caches.open(SHELL);
  const list = (await (await fetch(`${BASE}precache.json`, { cache: 'no-store' })).json()) as { files: string[] };
  await Promise.all(
    list.files.map(async (file) => {
      const response = await fetch(`${BASE}${file}`, { cache: 'no-store' });
      if (!response.ok) return;
      if (file === 'index.html') await cache.put(BASE, await withoutRegistry(response));
      else await cache.put(`${BASE}${file}`, response);
    }),
  );
  // Files of earlier builds are dropped.
  const wanted = new Set([BASE, ...list.files.map((file) => `${BASE}${file}`)]);
  for (const request of await cache.keys()) if (!wanted.has(new URL(request.url).pathname)) await cache.delete(request);
}

async function withoutRegistry(response: Response): Promise<Response> {
  const html = (await response.text()).replace(INLINE_REGISTRY, '');
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

self.addEventListener('install', (event) => {
  event.waitUntil(keepShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== SHELL) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || !url.pathname.startsWith(BASE)) return;
  if (request.mode === 'navigate') {
    // The page: the network's (with today's registry), else the kept shell.
    event.respondWith(
      fetch(request).then(
        (response) => {
          if (response.ok) {
            const copy = response.clone();
            void caches.open(SHELL).then(async (cache) => cache.put(BASE, await withoutRegistry(copy)));
          }
          return response;
        },
        async () => (await caches.match(BASE)) ?? Response.error(),
      ),
    );
    return;
  }
  // Built files are named by their content: the kept copy is the right one.
  event.respondWith(caches.match(request).then((kept) => kept ?? fetch(request)));
});

// A push from the server (notify/web-push.ts): a visit assigned, moved, taken off or cancelled. The message says the
// day and time only, as a lock screen shows it; one notification per visit (its tag), a later change replacing it.
type PushPayload = { title: string; body: string; url?: string; tag?: string };
self.addEventListener('push', (event) => {
  let payload: PushPayload = { title: 'Your rota changed', body: 'Open the app to see your visits.' };
  try {
    if (event.data) payload = { ...payload, ...(event.data.json() as PushPayload) };
  } catch {
    // Not JSON: the plain words above.
  }
  event.waitUntil(self.registration.showNotification(payload.title, { body: payload.body, tag: payload.tag, icon: `${BASE}icon-192.png`, badge: `${BASE}icon-192.png`, data: { url: payload.url ?? BASE } }));
});

// A tap opens the app (the open window when there is one) on the day's visits.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? BASE;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).pathname.startsWith(BASE));
      if (open) {
        await open.focus();
        await open.navigate(url).catch(() => undefined);
      } else await self.clients.openWindow(url);
    })(),
  );
});

type SyncEvent = ExtendableEvent & { tag: string };
self.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, ((event: SyncEvent) => {
  if (event.tag !== 'send-queue') return;
  event.waitUntil(sendQueue());
}) as EventListener);

/** Sends the signed-in carer's queue, as the page does (a failure makes the browser try the sync again later). */
async function sendQueue(): Promise<void> {
  const db = await openDb();
  const session = await readSession(db);
  if (!session) return;
  const config = (await (await fetch('/registry.json', { cache: 'no-store' })).json()) as { apiUrl?: string };
  const apiUrl = (config.apiUrl || `${self.location.protocol}//${self.location.hostname}:8000`).replace(/\/+$/, '');
  const queue = new WriteQueue(db, () => session.email);
  const outcome = await queue.flush(writeSender(createApi(apiUrl), () => session.token), { force: true });
  if (outcome.retryLater) throw new Error('Some writes wait for the network.');
}
