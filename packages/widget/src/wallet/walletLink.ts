/** A wallet address that returns to `next` when its flow ends. */
export function walletLink(path: string, next: string | null): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}

/** Where the payer is now, to come back to. */
export function here(): string {
  return location.pathname + location.search;
}
