/**
 * How long the node's /health waits for the card vault's and the simulator's checks (side by side):
 * a load balancer's check with a short time-out (Kubernetes' 1 s by default) is answered in time even
 * when one of them accepts the connection and never answers.
 */
export const DEPENDENCY_HEALTH_BUDGET_MS = 250;

/**
 * A dependency's check within budgetMs, for the node's /health: one not answered by then is `late`
 * (the caller's "unavailable": slow or hung, the node says so and answers). The check goes on in the
 * background to its own time-out, and the checks asked meanwhile share it: a balancer probing every
 * 50 ms a dependency that hangs holds one connection to it, not one per probe.
 */
export function boundedProbe<T>(probe: () => Promise<T>, budgetMs: number, late: T): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return async () => {
    const current = (inFlight ??= probe().finally(() => {
      inFlight = undefined;
    }));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const budget = new Promise<T>((resolve) => {
      timer = setTimeout(() => resolve(late), budgetMs);
    });
    try {
      return await Promise.race([current, budget]);
    } finally {
      clearTimeout(timer);
    }
  };
}
