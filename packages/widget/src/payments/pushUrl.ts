// Apart from the watcher's chunk: every payment context, in the entry chunk, names its push address.

export function pushUrlFor(apiBase: string, codOper: string, pageUrl: string): string {
  const url = new URL(`${apiBase.replace(/\/$/, '')}/push`, pageUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('codOper', codOper);
  return url.href;
}
