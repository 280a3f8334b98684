/** At most `max` calls per client in each window of `windowMs`; counted in this node's memory. */
export function rateLimit(max: number, windowMs: number, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();
  // Past windows are cleared at most once a window: a scan on every call, once many clients (an IPv6
  // range's /64s) had a window open, held the node's one thread for each card any payer sent.
  let sweptAt = now();
  return {
    /** Seconds to wait when over the limit, else 0. */
    take(client: string): number {
      const at = now();
      if (windows.size > 10_000 && at - sweptAt >= windowMs) {
        sweptAt = at;
        for (const [key, w] of windows) if (at - w.start >= windowMs) windows.delete(key);
      }
      const current = windows.get(client);
      if (!current || at - current.start >= windowMs) {
        windows.set(client, { start: at, count: 1 });
        return 0;
      }
      current.count += 1;
      return current.count > max ? Math.ceil((current.start + windowMs - at) / 1000) : 0;
    },
  };
}
