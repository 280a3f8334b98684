import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Pasarela, PasarelaError } from '@pasarela/node';
import { createMerchant, createTestApp, type TestApp } from '../../../test/testApp';

// @pasarela/node against the real merchant API with a fault between them, in the client's fetch:
// the server gets the request and answers, and that answer is lost on its way back (the connection
// drops, or a balancer answers 502 in its place). Also the rate-limit rehearsal's Retry-After
// (docs/sandbox.md "Rehearsing failures") as the error's retryAfterSeconds.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Fault = (answer: Response) => Promise<Response>;

/** What fetch throws when the connection drops before the answer came. */
const dropped: Fault = async (answer) => {
  await answer.arrayBuffer();
  throw new TypeError('fetch failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) });
};
/** A balancer's own 502 in place of the server's answer. */
const badGateway: Fault = async (answer) => {
  await answer.arrayBuffer();
  return new Response('<html><body>502 Bad Gateway</body></html>', { status: 502, headers: { 'content-type': 'text/html' } });
};

/** A client whose first `faults.length` DELETEs reach the server and lose their answers to those faults; `headers` added to every call. */
function clientFor(secretKey: string, faults: Fault[] = [], headers: Record<string, string> = {}, maxRetries?: number) {
  const pending = [...faults];
  const seen: number[] = [];
  const pasarela = new Pasarela({
    secretKey, baseUrl: 'http://localhost:4000', ...(maxRetries === undefined ? {} : { maxRetries }),
    fetch: async (url, init) => {
      const answer = await t.app.request(String(url), { ...init, headers: { ...(init?.headers as Record<string, string>), ...headers } });
      if (init?.method === 'DELETE') seen.push(answer.status);
      const fault = init?.method === 'DELETE' ? pending.shift() : undefined;
      return fault ? fault(answer) : answer;
    },
  });
  return { pasarela, seen };
}

describe('webhookEndpoints.del when its answer is lost', () => {
  it.each([['the connection drops', dropped], ['a balancer answers 502', badGateway]])(
    'the server deleted, %s, the retry meets 404: the call succeeds, and the endpoint is gone', async (_, fault) => {
      const m = await createMerchant(t, { name: 'Cliente Borrado S.A.' });
      const { pasarela, seen } = clientFor(m.key, [fault]);
      const made = await pasarela.webhookEndpoints.create({ url: 'https://shop.example/webhooks' });
      expect(await pasarela.webhookEndpoints.del(made.id)).toEqual({ id: made.id, deleted: true });
      expect(seen).toEqual([200, 404]);
      await expect(pasarela.webhookEndpoints.retrieve(made.id)).rejects.toMatchObject({ status: 404, code: 'webhook_endpoint_not_found' });
    },
  );

  it('an endpoint that is not there (404 on the first try) is thrown', async () => {
    const m = await createMerchant(t, { name: 'Cliente Sin Endpoint S.A.' });
    const { pasarela, seen } = clientFor(m.key);
    const error = await pasarela.webhookEndpoints.del(`we_${'0'.repeat(32)}`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PasarelaError);
    expect(error).toMatchObject({ status: 404, code: 'webhook_endpoint_not_found', requestId: expect.any(String) });
    expect(seen).toEqual([404]);
  });
});

describe('a 429 with Retry-After', () => {
  it('the client gives up: the error carries the seconds as retryAfterSeconds', async () => {
    const m = await createMerchant(t, { name: 'Cliente Limitado S.A.' });
    const { pasarela } = clientFor(m.key, [], { 'pasarela-test-rate-limit': '7' }, 0);
    const error = await pasarela.transactions.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PasarelaError);
    expect(error).toMatchObject({ status: 429, code: 'too_many_requests', retryAfterSeconds: 7 });
  });
});
