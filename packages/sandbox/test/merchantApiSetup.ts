import type { Gateways } from '@pasarela/gateways';
import { Pasarela } from '@pasarela/node';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Metrics } from '../src/ops/metrics';
import { merchantApiClient, type MerchantApiClient } from './merchantApiClient';
import { tokenizedCardPayload, createMerchant, createTestApp, type TestApp } from './testApp';
import { startWebhookReceiver, type WebhookReceiver } from './webhookReceiver';

export interface TestMerchant {
  id: number;
  key: string;
  webhookSecret: string;
}

export interface MerchantApiSetup {
  readonly t: TestApp;
  readonly api: MerchantApiClient;
  readonly receiver: WebhookReceiver;
  newMerchant(name: string, books?: Record<string, unknown>): Promise<TestMerchant>;
  /** On a link made through the merchant API: its codOper. */
  paidCard(key: string, amount: number, options?: { taxAmount?: number; cardNumber?: string; description?: string; orderReference?: string }): Promise<string>;
  nodeClient(key: string): Pasarela;
}

/** The app on PGlite, a client checking answers against the OpenAPI document, and with `webhooks` a signed-webhook receiver. */
export function useMerchantApi(options: { webhooks?: boolean; metrics?: Metrics; wrapGateways?: (gateways: Gateways) => Gateways } = {}): MerchantApiSetup {
  let t: TestApp | undefined;
  let api: MerchantApiClient | undefined;
  let receiver: WebhookReceiver | undefined;
  beforeAll(async () => {
    [t, receiver] = await Promise.all([createTestApp({ metrics: options.metrics, wrapGateways: options.wrapGateways }), options.webhooks ? startWebhookReceiver() : undefined]);
    const app = t.app;
    api = await merchantApiClient((path, init) => app.request(path, init));
  });
  afterAll(async () => {
    await Promise.all([t?.close(), receiver?.close()]);
  });
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is made in beforeAll`);
    return value;
  };

  const setup: MerchantApiSetup = {
    get t() { return ready(t, 'the test app'); },
    get api() { return ready(api, 'the merchant API client'); },
    get receiver() { return ready(receiver, 'the webhook receiver (useMerchantApi({ webhooks: true }))'); },
    async newMerchant(name, books) {
      const m = await createMerchant(setup.t, { name, ...(receiver ? { webhookUrl: receiver.url } : {}) });
      if (books) expect((await setup.t.admin('POST', `/merchants/${m.id}/books`, books)).status).toBe(200);
      return m;
    },
    async paidCard(key, amount, o = {}) {
      const taxAmount = o.taxAmount ?? 0;
      const body = { amount, taxAmount, description: o.description ?? 'Pedido', ...(o.orderReference ? { orderReference: o.orderReference } : {}) };
      const link = await setup.api.call('POST', '/payment-links', { key, body });
      const paid = await setup.t.post('/cards/auth-capture', await tokenizedCardPayload(String(link.json['code']), { amount, taxAmount, ...(o.cardNumber ? { cardNumber: o.cardNumber } : {}) }));
      return String(paid.data['codOper']);
    },
    nodeClient(key) {
      const app = setup.t.app;
      return new Pasarela({ secretKey: key, baseUrl: 'http://localhost:4000', fetch: (url, init) => Promise.resolve(app.request(String(url), init)) });
    },
  };
  return setup;
}
