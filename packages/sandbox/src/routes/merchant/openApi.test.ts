import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp';

// The merchant API's OpenAPI 3.1 document, linted by Redocly's rules (their `recommended` set,
// every warning an error); the route tests check each real answer against it (merchantApiClient).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/v1/merchant/openapi.json', () => {
  it('is an OpenAPI 3.1 document that Redocly\'s recommended rules find nothing wrong with', async () => {
    const res = await t.app.request('/api/v1/merchant/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await res.text();
    const doc = JSON.parse(text) as { openapi: string; servers: Array<{ url: string }>; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers[0]?.url).toBe('http://checkout.test/api/v1/merchant');
    // PRODUCT.md "Merchant server integration" names these paths.
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/payment-links', '/payment-links/{code}', '/payment-links/{code}/expire', '/transactions', '/transactions/{codOper}', '/transactions/{codOper}/refunds', '/transactions/{codOper}/void', '/brand', '/brand/logo']));
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer ?? '').join(',')}`)).toEqual([]);
  });

  it('says which POSTs need an Idempotency-Key (link creation, refunds, voids) and which take one', async () => {
    const doc = (await (await t.app.request('/api/v1/merchant/openapi.json')).json()) as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string; required: boolean }>; responses: Record<string, { description: string }> }>>;
    };
    const keyOf = (path: string) => doc.paths[path]?.['post']?.parameters?.find((p) => p.name === 'Idempotency-Key' && p.in === 'header');
    for (const path of ['/payment-links', '/transactions/{codOper}/refunds', '/transactions/{codOper}/void']) {
      expect(keyOf(path), path).toMatchObject({ required: true });
      expect(doc.paths[path]?.['post']?.responses['400']?.description, path).toContain('missing_idempotency_key');
    }
    for (const path of ['/payment-links/{code}/expire', '/brand', '/brand/logo']) expect(keyOf(path), path).toMatchObject({ required: false });
  });

  it('answers a call it does not describe with 404 not_found', async () => {
    const res = await t.app.request('/api/v1/merchant/refunds');
    expect([res.status, ((await res.json()) as { code: string }).code]).toEqual([404, 'not_found']);
  });
});
