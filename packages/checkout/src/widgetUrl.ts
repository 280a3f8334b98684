import type { ResolvedOptions } from './options';

/** The iframe's address: `{baseUrl}/pf/widget?type=..&code=..&lang=..&parentOrigin=..&sdkVersion=..`. */
export function widgetUrl(
  options: Pick<ResolvedOptions, 'type' | 'code' | 'lang' | 'baseUrl'>,
  parentOrigin: string,
  sdkVersion: string,
): string {
  const { type, code, lang } = options;
  // without lang the widget follows the payer's browser language
  const query = new URLSearchParams({ type, code, ...(lang && { lang }), parentOrigin, sdkVersion });
  return `${options.baseUrl}/pf/widget?${query}`;
}
