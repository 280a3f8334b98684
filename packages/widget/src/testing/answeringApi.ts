import { wrapEnvelope } from '@pasarela/core';
import { createApiClient, type ApiClient } from '../api/client';

export function answeringApi(code: number, payload: unknown, seen: string[] = []): ApiClient {
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push(new Request(input, init).url);
    return new Response(JSON.stringify(wrapEnvelope(code, code === 200 ? 'OK' : 'Error', payload, true)), { status: code });
  }) as typeof globalThis.fetch;
  return createApiClient({ apiBase: 'https://checkout.test/api/v1', wireEncoding: true, clientKey: 'pk_test', lang: 'es', fetch });
}
