/**
 * Stops a server process cleanly on SIGINT or SIGTERM, once: `stop` closes what it holds (listeners first,
 * then the database: PGlite must be closed to leave its files consistent), then the process exits, with 1
 * when stopping failed.
 */
export function stopOnSignals(stop: (signal: NodeJS.Signals) => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    stop(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
