/** Shown when the registry cannot be read: without it the shell knows neither the API nor the areas. */
export function StartupError() {
  return (
    <main style={{ padding: 32, fontFamily: 'system-ui, sans-serif' }}>
      <h1>Home Care Management is not reachable</h1>
      <p role="alert">The application could not start: its configuration did not load. Reload the page in a moment.</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </main>
  );
}
