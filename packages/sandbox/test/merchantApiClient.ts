import { randomUUID } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { MERCHANT_API_PREFIX } from '../src/http/merchantApiPrefix';

export interface MerchantAnswer {
  status: number;
  json: Record<string, unknown>;
  headers: Headers;
}

type Fetch = (path: string, init: RequestInit) => Response | Promise<Response>;

const DOC_ID = 'https://pasarela.test/openapi.json';

function templateOf(paths: Record<string, unknown>, path: string): string | undefined {
  const bare = path.split('?')[0] ?? path;
  return Object.keys(paths).find((template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(bare));
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Every answer is checked against the served OpenAPI document: a listed status, and a body matching its schema. */
export async function merchantApiClient(fetcher: Fetch) {
  const docRes = await fetcher(`${MERCHANT_API_PREFIX}/openapi.json`, {});
  expect(docRes.status).toBe(200);
  const doc = (await docRes.json()) as { paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>> };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ ...doc, $id: DOC_ID });

  function checkAgainstDocument(method: string, path: string, status: number, body: unknown): void {
    const template = templateOf(doc.paths, path);
    expect(template, `${method} ${path} is in the OpenAPI document`).toBeDefined();
    const operation = doc.paths[template ?? '']?.[method.toLowerCase()];
    expect(operation, `${method} ${template} is in the OpenAPI document`).toBeDefined();
    const response = operation?.responses[String(status)];
    expect(response, `${method} ${template} lists a ${status} answer (got ${JSON.stringify(body)})`).toBeDefined();
    if (!response?.content) return;
    const validate = ajv.getSchema(`${DOC_ID}#/${pointer('paths', template ?? '', method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema')}`);
    expect(validate, 'the answer has a schema').toBeDefined();
    const valid = validate?.(body);
    expect(valid, `${method} ${path} ${status} matches the OpenAPI document: ${JSON.stringify(validate?.errors)} in ${JSON.stringify(body)}`).toBe(true);
  }

  /** A POST without `idempotencyKey` gets a new one, as @pasarela/node sends; null sends none. */
  async function call(method: string, path: string, options: { key?: string | undefined; body?: unknown; bytes?: Uint8Array<ArrayBuffer>; idempotencyKey?: string | null; headers?: Record<string, string> } = {}): Promise<MerchantAnswer> {
    const headers: Record<string, string> = { ...(options.key === undefined ? {} : { authorization: `Bearer ${options.key}` }), ...options.headers };
    const idempotencyKey = options.idempotencyKey === undefined && method === 'POST' ? randomUUID() : options.idempotencyKey;
    if (typeof idempotencyKey === 'string') headers['idempotency-key'] = idempotencyKey;
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    const body = options.bytes ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const res = await fetcher(`${MERCHANT_API_PREFIX}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
    const json = (await res.json()) as Record<string, unknown>;
    checkAgainstDocument(method, path, res.status, json);
    return { status: res.status, json, headers: res.headers };
  }
  function checkWebhookEvent(event: unknown): void {
    const validate = ajv.getSchema(`${DOC_ID}#/components/schemas/WebhookEvent`);
    expect(validate, 'the document has a WebhookEvent schema').toBeDefined();
    expect(validate?.(event), `the event matches the OpenAPI document: ${JSON.stringify(validate?.errors)} in ${JSON.stringify(event)}`).toBe(true);
  }

  return { call, checkWebhookEvent, doc };
}

export type MerchantApiClient = Awaited<ReturnType<typeof merchantApiClient>>;
