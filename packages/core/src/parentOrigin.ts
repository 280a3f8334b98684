/** Exact http(s) origin only: penpal then talks to it alone (never '*', never a pattern). */
export function parentOriginFrom(params: URLSearchParams): string | null {
  const raw = params.get('parentOrigin')?.trim();
  if (!raw) return null;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin === raw.replace(/\/$/, '') ? url.origin : null;
  } catch {
    return null;
  }
}
