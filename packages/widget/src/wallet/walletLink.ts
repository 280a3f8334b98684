export function walletLink(path: string, next: string | null): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}

export function here(): string {
  return location.pathname + location.search;
}

/** This checkout's address, opening on `method` (the route's `method`): the way back to where the payer was. */
export function hereOn(method: string): string {
  const url = new URL(location.href);
  url.searchParams.set('method', method);
  return url.pathname + url.search;
}
