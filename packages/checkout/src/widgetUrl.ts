import type { ResolvedOptions } from './options';

/**
 * The iframe's address: `{baseUrl}/pf/widget?type=..&code=..&lang=..&parentOrigin=..&sdkVersion=..`,
 * plus `pending=` when a payment of this target was left waiting (pendingMemory).
 */
export function widgetUrl(
  options: Pick<ResolvedOptions, 'type' | 'code' | 'lang' | 'baseUrl'>,
  parentOrigin: string,
  sdkVersion: string,
  pending?: string,
): string {
  const { type, code, lang } = options;
  // without lang the widget follows the payer's browser language
  const query = new URLSearchParams({ type, code, ...(lang && { lang }), parentOrigin, sdkVersion, ...(pending && { pending }) });
  return `${options.baseUrl}/pf/widget?${query}`;
}
