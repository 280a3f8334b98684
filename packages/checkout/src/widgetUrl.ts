import type { ResolvedOptions } from './options';

/** The iframe's address: `{baseUrl}/pf/widget?type=..&code=..&lang=..&parentOrigin=..&sdkVersion=..`. */
export function widgetUrl(
  options: Pick<ResolvedOptions, 'type' | 'code' | 'lang' | 'baseUrl'>,
  parentOrigin: string,
  sdkVersion: string,
): string {
  const query = new URLSearchParams({ type: options.type, code: options.code });
  if (options.lang) query.set('lang', options.lang);
  query.set('parentOrigin', parentOrigin);
  query.set('sdkVersion', sdkVersion);
  return `${options.baseUrl}/pf/widget?${query}`;
}
