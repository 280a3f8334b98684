export function walletLink(path: string, next: string | null): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}

export function here(): string {
  return location.pathname + location.search;
}
