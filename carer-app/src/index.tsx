import { createRoot } from 'react-dom/client';
import { loadConfig } from './config.js';
import { openDb } from './queue/db.js';
import { App } from './ui/App.js';

async function start() {
  const config = await loadConfig();
  const db = await openDb();
  createRoot(document.getElementById('root')!).render(<App config={config} db={db} />);
  // The app shell offline, and Background Sync of the queue where the browser has it.
  if ('serviceWorker' in navigator) navigator.serviceWorker.register('/carer/sw.js', { scope: '/carer/' }).catch(() => undefined);
}

start().catch((error: unknown) => {
  document.getElementById('root')!.textContent = `The app could not start: ${error instanceof Error ? error.message : String(error)}`;
});
