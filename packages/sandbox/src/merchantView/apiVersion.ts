/**
 * The merchant API's dated versions, oldest first (docs/changelog.md). Every answer and every
 * webhook names the one it is written in (Pasarela-Version); a request may pin one of these.
 */
export const API_VERSIONS = ['2026-11-26'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
/** The newest: what an answer is written in when the request pins none. */
export const CURRENT_API_VERSION: ApiVersion = '2026-11-26';
/** The header naming a version, in requests, answers and webhook deliveries. */
export const API_VERSION_HEADER = 'Pasarela-Version';

/** The version a request's header pins: the current one without the header, undefined for one that is not a version. */
export function apiVersionOf(header: string | undefined): ApiVersion | undefined {
  if (header === undefined) return CURRENT_API_VERSION;
  const asked = header.trim();
  return API_VERSIONS.find((v) => v === asked);
}
