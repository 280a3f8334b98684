import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { useMerchantApi } from '../../../test/merchantApiSetup';

// A client generated from the OpenAPI document checks a query parameter by its schema before it
// sends it: a value the server refuses with a 400 is one the schema refuses too, and a value the
// server takes, the schema takes.

const setup = useMerchantApi();

type Parameter = { name: string; in: string; schema: Record<string, unknown> };

describe('a list\'s query parameters as the OpenAPI document describes them', () => {
  it.each([
    ['/transactions', 'linkCode', 'a_b', 'LK4F7Q2ZP9'],
    ['/balance-transactions', 'payout', 'payout-1', 'po_8c2d4e6f0a1b4c3d9e8f7a6b5c4d3e2f'],
    ['/payment-links', 'cursor', 'not a cursor!', undefined],
    ['/subscriptions', 'cursor', 'a+b', undefined],
    ['/disputes', 'cursor', 'a/b', undefined],
  ] as const)('GET %s: %s', async (path, name, refused, taken) => {
    const { key } = await setup.newMerchant(`Esquemas ${name}`);
    const parameters = (setup.api.doc.paths[path]?.['get'] as unknown as { parameters: Parameter[] }).parameters;
    const parameter = parameters.find((p) => p.name === name && p.in === 'query');
    expect(parameter).toBeDefined();
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(parameter?.schema ?? {});
    const refusedAnswer = await setup.api.call('GET', `${path}?${name}=${encodeURIComponent(refused)}`, { key });
    expect([refusedAnswer.status, refusedAnswer.json['code']]).toEqual([400, 'invalid_arguments']);
    expect(validate(refused), `${name}=${refused} is refused by the server, so by the schema`).toBe(false);
    if (taken === undefined) return;
    expect((await setup.api.call('GET', `${path}?${name}=${taken}`, { key })).status).toBe(200);
    expect(validate(taken)).toBe(true);
  });
});
