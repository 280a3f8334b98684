// Apart from the payment watcher (its own chunk, loaded with the first method that waits for a
// payment): every payment context names its push address, and the contexts are in the entry chunk.

/** `ws(s)://<checkout>/api/v1/push?codOper=...` from the API's base address. */
export function pushUrlFor(apiBase: string, codOper: string, pageUrl: string): string {
  const url = new URL(`${apiBase.replace(/\/$/, '')}/push`, pageUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('codOper', codOper);
  return url.href;
}
