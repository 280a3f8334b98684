/**
 * A run is never doubled; the stop waits for one in progress so the database can close after it. Every
 * node runs its own timer, so the work must claim its rows (`skip locked`). A failed run goes to onError.
 */
export function runOnTimer(intervalMs: number, work: () => Promise<unknown>, onError: (error: unknown) => void): () => Promise<void> {
  if (intervalMs <= 0) return async () => undefined;
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    // Through a promise, so even a synchronous throw does not escape the timer.
    running = Promise.resolve()
      .then(work)
      .then(() => undefined)
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
