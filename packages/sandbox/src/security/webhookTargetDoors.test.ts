import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { httpGateways } from '../gateways/http/httpGateways';
import { tokenizedCardPayload, createTestApp, type TestApp } from '../../test/testApp';
import { merchantApiClient, type MerchantApiClient } from '../../test/merchantApiClient';
import { TEST_SIMULATOR_API_SECRET } from '../../test/testServer';
import { startWebhookReceiver, type WebhookReceiver, deliverDueWebhooks } from '../../test/webhookReceiver';
import { DEFAULT_WEBHOOK_DELIVERY } from '../webhooks/deliverWebhooks';
import { privateTargetsAllowed, webhookTarget, WebhookTargetRefused } from '../webhooks/webhookTarget';
import { noCardVault } from '../gateways/cardVault';

// Issue 95: one webhook-target rule at every door that takes a URL or sends to a stored one, on a
// deployment that refuses private targets (WEBHOOK_ALLOW_PRIVATE=0); and a delivery obeys the rule the
// endpoint was accepted under, whichever node claims it.

/** Loopback, private, link-local, CGNAT, multicast, reserved and metadata targets, in the spellings a parser may be fooled by. */
const INTERNAL_TARGETS = [
  'http://127.0.0.1/hooks', 'http://127.0.0.1:6379/', 'http://localhost/hooks', 'http://LOCALHOST:8080/', 'http://localhost./', 'http://api.localhost/',
  'http://runsc/', // a name /etc/hosts points at loopback
  'http://[::1]/', 'http://[0:0:0:0:0:0:0:1]/', 'http://[::]/', 'http://0.0.0.0/', 'http://0.0.0.0:4000/', 'http://0/',
  'http://2130706433/', 'http://0x7f.1/', 'http://0x7f000001/', 'http://127.1/', 'http://0177.0.0.1/', 'http://017700000001/', 'http://127.000.000.001/',
  'http://\uff11\uff12\uff17.\uff10.\uff10.\uff11/', 'http://%6c%6fcalhost/',
  'http://[::ffff:127.0.0.1]/', 'http://[::ffff:7f00:1]/', 'http://[::127.0.0.1]/', 'http://[::ffff:0:7f00:1]/', 'http://[64:ff9b::7f00:1]/', 'http://[2002:7f00:1::]/', 'http://[2001::1]/',
  'http://10.0.0.1/', 'http://10.255.255.254/', 'http://172.16.0.1/', 'http://172.31.255.255/', 'http://192.168.0.1/', 'https://192.168.1.10:8443/hooks',
  'http://169.254.169.254/latest/meta-data/', 'http://[::ffff:a9fe:a9fe]/', 'http://[::ffff:169.254.169.254]/', 'http://[fd00::1]/', 'http://[fd00:ec2::254]/',
  'http://[fe80::1]/', 'http://[fc00::1]/', 'http://100.64.0.1/', 'http://100.127.255.254/',
  'http://metadata.google.internal/computeMetadata/v1/', 'http://metadata/', 'https://printer.local/',
  'http://user@127.0.0.1/', 'http://user:pass@10.0.0.1/', 'http://hooks.example@169.254.169.254/',
  'http://224.0.0.1/', 'http://[ff02::1]/', 'http://255.255.255.255/', 'http://240.0.0.1/', 'http://192.0.0.8/', 'http://198.18.0.1/',
];
const PUBLIC_TARGET = 'https://93.184.216.34/hooks';

describe('the webhook-target rule', () => {
  it('holds at least 40 spellings, each a target the rule refuses', async () => {
    expect(INTERNAL_TARGETS.length).toBeGreaterThanOrEqual(40);
    for (const url of INTERNAL_TARGETS) await expect(webhookTarget(url, false), url).rejects.toBeInstanceOf(WebhookTargetRefused);
    expect(await webhookTarget(PUBLIC_TARGET, false)).toEqual({ address: '93.184.216.34', family: 4 });
  });

  it('refuses a name that resolves to loopback or inside, and looks it up once', async () => {
    for (const address of ['127.0.0.1', '::1', '10.0.0.9', '169.254.169.254', '::ffff:127.0.0.1', 'fd00::1']) {
      let lookups = 0;
      const resolve = async () => {
        lookups += 1;
        return [{ address, family: address.includes(':') ? 6 : 4 }];
      };
      await expect(webhookTarget('https://hooks.shop.test/x', false, resolve), address).rejects.toBeInstanceOf(WebhookTargetRefused);
      expect(lookups).toBe(1);
    }
  });

  it('lets a delivery reach a private address only when the endpoint was accepted under a rule that allowed it and the deployment allows it', () => {
    expect([[true, true], [true, false], [false, true], [false, false], [null, true], [null, false]].map(([recorded, deployment]) => privateTargetsAllowed(recorded, deployment === true)))
      .toEqual([true, false, false, false, true, false]);
  });
});

describe('every door that takes a webhook URL, on a deployment that refuses private targets', () => {
  const token = 'webhook-doors-token-0123456789';
  const operator = { authorization: `Bearer ${token}` };
  let t: TestApp;
  let api: MerchantApiClient;
  let merchant: { id: number; key: string };
  let endpointId: string;
  let testDeliveryId: string;
  let eventId: string;
  const stored = () => t.db.query('select id, url, private_allowed from webhook_endpoints order by id');

  beforeAll(async () => {
    t = await createTestApp({ adminToken: token, allowPrivateWebhooks: false });
    api = await merchantApiClient((path, init) => t.app.request(path, init));
    const made = await t.admin('POST', '/merchants', { name: 'Puertas', webhookUrl: PUBLIC_TARGET }, operator);
    expect(made.status).toBe(201);
    merchant = { id: Number(made.json['idMerchant']), key: String(made.json['secretKey']) };
    const endpoint = await api.call('POST', '/webhook-endpoints', { key: merchant.key, body: { url: PUBLIC_TARGET } });
    expect(endpoint.status).toBe(201);
    endpointId = String(endpoint.json['id']);
    const test = await api.call('POST', `/webhook-endpoints/${endpointId}/test`, { key: merchant.key, body: { type: 'transaction.approved' } });
    expect(test.status).toBe(202);
    testDeliveryId = String(test.json['id']);
    const link = await t.admin('POST', '/links', { amount: 5, description: 'x', merchantId: merchant.id }, operator);
    await t.post('/cards/auth-capture', await tokenizedCardPayload(String(link.json['code']), { amount: 5, taxAmount: 0 }));
    const [event] = await t.db.query<{ id: string }>('select id from webhook_events where merchant_id = $1', [merchant.id]);
    eventId = String(event?.id);
  });
  afterAll(() => t.close());

  const refused = (answer: { status: number; json: Record<string, unknown> }, url: string) => {
    expect(answer.status, `${url}: ${JSON.stringify(answer.json)}`).toBe(400);
    expect(answer.json['code'], url).toBe('webhook_url_not_public');
  };

  it.each(INTERNAL_TARGETS)('%s is refused 400 webhook_url_not_public at every door, and nothing is stored', async (url) => {
    const before = await stored();
    const merchants = await t.db.query('select id, webhook_url, secret_key_hash from merchants order by id');
    refused(await t.admin('POST', '/merchants', { name: 'Interna', webhookUrl: url }, operator), url);
    refused(await t.admin('POST', `/merchants/${merchant.id}/keys`, { webhookUrl: url }, operator), url);
    refused(await api.call('POST', '/webhook-endpoints', { key: merchant.key, body: { url } }), url);
    refused(await api.call('PATCH', `/webhook-endpoints/${endpointId}`, { key: merchant.key, body: { url } }), url);
    // POST to the endpoint's path does what PATCH does (undocumented, so not through the checked client).
    const alias = await t.app.request(`/api/v1/merchant/webhook-endpoints/${endpointId}`, {
      method: 'POST', body: JSON.stringify({ url }), headers: { authorization: `Bearer ${merchant.key}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    });
    refused({ status: alias.status, json: (await alias.json()) as Record<string, unknown> }, url);
    expect(await stored()).toEqual(before);
    expect(await t.db.query('select id, webhook_url, secret_key_hash from merchants order by id')).toEqual(merchants);

    // A URL stored before the rule (or changed in the database): a test event and a redelivery send to it, so they are refused too.
    await t.db.query('update webhook_endpoints set url = $2, private_allowed = null where id = $1', [endpointId, url]);
    await t.db.query('update merchants set webhook_url = $2, webhook_private_allowed = null where id = $1', [merchant.id, url]);
    try {
      refused(await api.call('POST', `/webhook-endpoints/${endpointId}/test`, { key: merchant.key, body: { type: 'transaction.approved' } }), url);
      refused(await api.call('POST', `/webhook-endpoints/${endpointId}/deliveries/${testDeliveryId}/redeliver`, { key: merchant.key }), url);
      refused(await t.admin('POST', `/webhooks/${eventId}/redeliver`, undefined, operator), url);
    } finally {
      await t.db.query('update webhook_endpoints set url = $2, private_allowed = false where id = $1', [endpointId, PUBLIC_TARGET]);
      await t.db.query('update merchants set webhook_url = $2, webhook_private_allowed = false where id = $1', [merchant.id, PUBLIC_TARGET]);
    }
  });

  it(`takes a public literal address (${PUBLIC_TARGET}) at every door, recorded as accepted under the strict rule`, async () => {
    const made = await t.admin('POST', '/merchants', { name: 'Pública', webhookUrl: PUBLIC_TARGET }, operator);
    expect(made.status).toBe(201);
    const keys = await t.admin('POST', `/merchants/${merchant.id}/keys`, { webhookUrl: PUBLIC_TARGET }, operator);
    expect(keys.status).toBe(201);
    // New keys: the old one stops at once.
    merchant.key = String(keys.json['secretKey']);
    const created = await api.call('POST', '/webhook-endpoints', { key: merchant.key, body: { url: `${PUBLIC_TARGET}/2` } });
    expect(created.status).toBe(201);
    expect((await api.call('PATCH', `/webhook-endpoints/${endpointId}`, { key: merchant.key, body: { url: `${PUBLIC_TARGET}/3` } })).status).toBe(200);
    expect((await api.call('POST', `/webhook-endpoints/${endpointId}/test`, { key: merchant.key, body: { type: 'transaction.approved' } })).status).toBe(202);
    expect((await api.call('POST', `/webhook-endpoints/${endpointId}/deliveries/${testDeliveryId}/redeliver`, { key: merchant.key })).status).toBe(202);
    expect((await t.admin('POST', `/webhooks/${eventId}/redeliver`, undefined, operator)).status).toBe(202);
    const records = await t.db.query<{ private_allowed: boolean | null }>('select private_allowed from webhook_endpoints where merchant_id in ($1, $2)', [merchant.id, Number(made.json['idMerchant'])]);
    expect(records.map((r) => r.private_allowed)).toEqual(records.map(() => false));
  });
});

describe('a delivery obeys the rule its endpoint was accepted under, not the claiming node\'s setting', () => {
  // Two nodes on one database: `strict` refuses private targets; `loopback` allows them (a console
  // node bound to 127.0.0.1), and its sender claims every delivery here.
  let strict: TestApp;
  let receiver: WebhookReceiver;
  let loopbackAdmin: (path: string, body: unknown) => Promise<{ status: number; json: Record<string, unknown> }>;
  const loopbackSends = () => deliverDueWebhooks(strict.db, { ...DEFAULT_WEBHOOK_DELIVERY, timeoutMs: 2000, allowPrivateAddresses: true });

  beforeAll(async () => {
    [strict, receiver] = await Promise.all([createTestApp({ allowPrivateWebhooks: false }), startWebhookReceiver()]);
    const loopback = createApp({
      db: strict.db, gateways: httpGateways(strict.simulator.url, { apiSecret: TEST_SIMULATOR_API_SECRET }), cardVault: noCardVault, wireEncoding: false,
      allowPrivateWebhooks: true,
    });
    loopbackAdmin = async (path, body) => {
      const res = await loopback.request(`/sandbox${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    };
  });
  afterAll(() => Promise.all([strict.close(), receiver.close()]));

  const pay = async (merchantId: number) => {
    const link = await strict.admin('POST', '/links', { amount: 5, description: 'x', merchantId });
    expect((await strict.post('/cards/auth-capture', await tokenizedCardPayload(String(link.json['code']), { amount: 5, taxAmount: 0 }))).status).toBe(200);
  };

  it('an endpoint accepted under the strict rule is never sent to a private address, even by a node that allows them', async () => {
    const made = await strict.admin('POST', '/merchants', { name: 'Estricta', webhookUrl: PUBLIC_TARGET });
    expect(made.status).toBe(201);
    const id = Number(made.json['idMerchant']);
    const api = await merchantApiClient((path, init) => strict.app.request(path, init));
    const other = await api.call('POST', '/webhook-endpoints', { key: String(made.json['secretKey']), body: { url: `${PUBLIC_TARGET}/other` } });
    expect(other.status).toBe(201);
    // Both URLs now lead inside (a name rebound, a row changed): the record they were accepted under stays.
    await strict.db.query('update merchants set webhook_url = $2 where id = $1', [id, receiver.url]);
    await strict.db.query('update webhook_endpoints set url = $2 where id = $1', [String(other.json['id']), receiver.url]);
    await pay(id);
    expect(await loopbackSends()).toBeGreaterThanOrEqual(2);
    expect(receiver.received).toEqual([]);
    const [event] = await strict.db.query<{ last_error: string }>('select last_error from webhook_events where merchant_id = $1', [id]);
    const [delivery] = await strict.db.query<{ last_error: string }>('select last_error from webhook_deliveries where merchant_id = $1 and event_id is not null', [id]);
    expect([event?.last_error, delivery?.last_error]).toEqual(['address_not_public', 'address_not_public']);
  });

  it('an endpoint accepted where private targets were allowed is sent there by a node that allows them, and by no node that refuses them', async () => {
    const made = await loopbackAdmin('/merchants', { name: 'Local', webhookUrl: receiver.url });
    expect(made.status).toBe(201);
    const id = Number(made.json['idMerchant']);
    await pay(id);
    await deliverDueWebhooks(strict.db, { ...DEFAULT_WEBHOOK_DELIVERY, timeoutMs: 2000, allowPrivateAddresses: false });
    expect(receiver.received).toEqual([]);
    await strict.db.query('update webhook_events set next_attempt_at = now() where merchant_id = $1', [id]);
    await loopbackSends();
    expect(receiver.received).toHaveLength(1);
  });
});
