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

/**
 * A page with no origin of its own (opened from a file, or in a sandboxed frame): the loader names
 * it `file://` (Chromium's name for a file's page) or `null`, an origin no message can be addressed
 * to, so no checkout can answer it.
 */
export function parentHasNoOrigin(params: URLSearchParams): boolean {
  const raw = params.get('parentOrigin')?.trim().toLowerCase();
  return raw === 'null' || raw?.startsWith('file:') === true;
}
