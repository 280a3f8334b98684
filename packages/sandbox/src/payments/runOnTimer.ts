/**
 * Runs work every intervalMs; a run still going when the next tick comes is not doubled. Returns
 * the function that stops the timer and waits for a run in progress, so the server can close the
 * database after it. 0 means no timer. Every node runs its own timer: the work itself must claim
 * its rows (`for update skip locked`) so that it happens once across nodes. A failed run goes to
 * onError (which must not throw) and the timer goes on: the next tick tries again.
 */
export function runOnTimer(intervalMs: number, work: () => Promise<unknown>, onError: (error: unknown) => void): () => Promise<void> {
  if (intervalMs <= 0) return async () => undefined;
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    // Through a promise even when work throws before its first await: nothing escapes the timer.
    running = Promise.resolve()
      .then(work)
      .then(() => undefined)
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  // The timer alone must not keep a process alive that has nothing else to do.
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
