import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openApiDocument';

// Every operation of the merchant API's OpenAPI document says what it does and shows an example
// (its answer's, and its body's when it takes JSON), and every example matches its schema.

const doc = openApiDocument('https://checkout.example') as unknown as {
  paths: Record<string, Record<string, { operationId: string; description?: string; requestBody?: { content: Record<string, { example?: unknown }> }; responses: Record<string, { content?: Record<string, { example?: unknown }> }> }>>;
};
const ID = 'https://pasarela.test/openapi.json';
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ ...doc, $id: ID });
const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));

describe('the OpenAPI document\'s texts', () => {
  it('has operations to check', () => {
    expect(operations.length).toBeGreaterThanOrEqual(23);
  });

  it.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))('%s has a description and a valid example', (_name, { path, method, op }) => {
    expect(op.description?.length ?? 0).toBeGreaterThan(10);
    const examples = Object.entries(op.responses).flatMap(([status, r]) => Object.entries(r.content ?? {}).filter(([, m]) => m.example !== undefined)
      .map(([type]) => pointer('paths', path, method, 'responses', status, 'content', type)));
    const bodies = Object.entries(op.requestBody?.content ?? {}).filter(([, m]) => m.example !== undefined).map(([type]) => pointer('paths', path, method, 'requestBody', 'content', type));
    expect(examples.length).toBeGreaterThan(0);
    if (op.requestBody?.content['application/json']) expect(bodies).toHaveLength(1);
    for (const at of [...examples, ...bodies]) {
      const validate = ajv.getSchema(`${ID}#/${at}/schema`);
      const example = at.split('/').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
      expect(validate?.((example as { example: unknown }).example), `${at}: ${JSON.stringify(validate?.errors)}`).toBe(true);
    }
  });
});
