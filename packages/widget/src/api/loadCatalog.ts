import * as v from 'valibot';
import { CATALOG_VERSION_CALL, catalogCall, type Language } from '@pasarela/core';
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
