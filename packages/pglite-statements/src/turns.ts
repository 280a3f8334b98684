/**
 * Turns on one PGlite session: each piece of work (a statement, or a transaction from BEGIN to
 * COMMIT) starts once the one asked before it has ended, however it ended, in the order asked.
 * `wait` wraps the wait for the turn (to time it apart from the work).
 */
export function turns() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>, wait: (turn: () => Promise<void>) => Promise<void> = (turn) => turn()): Promise<T> => {
    const before = last;
    let done!: () => void;
    last = new Promise<void>((resolve) => (done = resolve));
    return wait(() => before.then(() => undefined, () => undefined)).then(work).finally(done);
  };
}
