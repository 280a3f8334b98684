import * as v from 'valibot';
import { CATALOG_VERSION_CALL, EnvelopeSchema, catalogCall, errorFromHeader, readEnvelopeData, type Language } from '@pasarela/core';
import type { ApiClient } from './client';

const VersionSchema = v.object({ version: v.number() });
const CatalogSchema = v.object({
  version: v.number(),
  lang: v.string(),
  entries: v.record(v.string(), v.string()),
});
export type Catalog = v.InferOutput<typeof CatalogSchema>;

export async function loadCatalogVersion(api: ApiClient): Promise<number> {
  return (await api.get(CATALOG_VERSION_CALL.path, VersionSchema)).version;
}

export function loadCatalog(api: ApiClient, lang: Language): Promise<Catalog> {
  const call = catalogCall(lang);
  return api.get(call.path, CatalogSchema, call.query);
}

/**
 * The catalogue at the fingerprinted address the page names, as a plain same-origin GET with no
 * headers of ours, so the browser's cache answers it for good. Its answer is the API's envelope, in either encoding.
 */
export async function loadCatalogAt(href: string): Promise<Catalog> {
  const response = await fetch(href, { credentials: 'same-origin' });
  const envelope = v.parse(EnvelopeSchema, await response.json());
  const { code, description } = envelope.header;
  if (code !== 200) throw errorFromHeader(code, description);
  let data: unknown;
  try {
    data = readEnvelopeData(envelope, false);
  } catch {
    data = readEnvelopeData(envelope, true);
  }
  return v.parse(CatalogSchema, data);
}
