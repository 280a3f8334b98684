import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenizedCardPayload, createTestApp, type TestApp } from '../../test/testApp';
import { startWebhookReceiver, type WebhookReceiver, deliverDueWebhooks } from '../../test/webhookReceiver';
import { DEFAULT_WEBHOOK_DELIVERY } from '../webhooks/deliverWebhooks';
import { postWebhook } from '../webhooks/postWebhook';
import { isPublicAddress, webhookTarget, WebhookTargetRefused } from '../webhooks/webhookTarget';

// A merchant's webhook URL must not make the service call into its own network (SSRF): refused
// when registered, and checked again (and pinned) when each delivery is made.

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1', '127.9.9.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '169.254.0.1', '100.64.0.1', '100.127.255.255',
    '0.0.0.0', '255.255.255.255', '224.0.0.1', '::', '::1', 'fe80::1', 'fd00:ec2::254', 'fc00::1', '::ffff:127.0.0.1', '::ffff:a00:1', '::ffff:169.254.169.254', 'not-an-ip',
  ])('%s is not public', (address) => expect(isPublicAddress(address)).toBe(false));
  it.each(['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is public', (address) => expect(isPublicAddress(address)).toBe(true));
});

describe('webhookTarget', () => {
  it('refuses a name when any of its addresses is internal, and pins the first of a public name', async () => {
    const mixed = async () => [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.7', family: 4 }];
    await expect(webhookTarget('https://hooks.shop.test/x', false, mixed)).rejects.toBeInstanceOf(WebhookTargetRefused);
    const pub = async () => [{ address: '2606:4700:4700::1111', family: 6 }, { address: '1.1.1.1', family: 4 }];
    expect(await webhookTarget('https://hooks.shop.test/x', false, pub)).toEqual({ address: '2606:4700:4700::1111', family: 6 });
    await expect(webhookTarget('http://[::1]:8080/x', false)).rejects.toBeInstanceOf(WebhookTargetRefused);
    await expect(webhookTarget('http://localhost:8080/x', false)).rejects.toBeInstanceOf(WebhookTargetRefused);
    expect(await webhookTarget('http://localhost:8080/x', true)).toMatchObject({ family: expect.any(Number) });
  });
});

describe('webhook URLs on a server beyond loopback (WEBHOOK_ALLOW_PRIVATE off)', () => {
  const token = 'webhook-url-token-0123456789';
  const operator = { authorization: `Bearer ${token}` };
  let t: TestApp;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    [t, receiver] = await Promise.all([createTestApp({ adminToken: token, allowPrivateWebhooks: false }), startWebhookReceiver()]);
  });
  afterAll(() => Promise.all([t.close(), receiver.close()]));

  const count = async () => (await t.db.query<{ n: number }>('select count(*)::int as n from merchants'))[0]?.n;

  it.each(['http://127.0.0.1:9/hooks', 'http://localhost/hooks', 'http://[::1]/hooks', 'http://169.254.169.254/latest/meta-data', 'http://[fd00:ec2::254]/', 'http://10.0.0.5/', 'http://192.168.1.10/', 'http://100.64.1.1/', 'http://0.0.0.0/', 'http://[::ffff:127.0.0.1]/'])(
    'a new merchant with webhookUrl %s is refused 400 webhook_url_not_public, and nothing is stored',
    async (webhookUrl) => {
      const before = await count();
      const res = await t.admin('POST', '/merchants', { name: 'Interna', webhookUrl }, operator);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 'webhook_url_not_public', message: expect.stringContaining('webhook') });
      expect(await count()).toBe(before);
    },
  );

  it('new keys with an internal webhookUrl are refused and the old URL and keys stay', async () => {
    const made = await t.admin('POST', '/merchants', { name: 'Pública', webhookUrl: 'https://93.184.216.34/hooks' }, operator);
    expect(made.status).toBe(201);
    const id = Number(made.json['idMerchant']);
    const before = await t.db.query('select webhook_url, secret_key_hash from merchants where id = $1', [id]);
    const res = await t.admin('POST', `/merchants/${id}/keys`, { webhookUrl: 'http://127.0.0.1:6379/' }, operator);
    expect(res.status).toBe(400);
    expect(res.json['code']).toBe('webhook_url_not_public');
    expect(await t.db.query('select webhook_url, secret_key_hash from merchants where id = $1', [id])).toEqual(before);
  });

  it('a delivery to an address that became internal (set in the database, or a name now resolving inward) is not sent', async () => {
    const made = await t.admin('POST', '/merchants', { name: 'Rebind', webhookUrl: 'https://93.184.216.34/hooks' }, operator);
    const id = Number(made.json['idMerchant']);
    await t.db.query('update merchants set webhook_url = $2 where id = $1', [id, receiver.url]);
    const link = await t.admin('POST', '/links', { amount: 5, description: 'x', merchantId: id }, operator);
    await t.post('/cards/auth-capture', { ...await tokenizedCardPayload(String(link.json['code']), { amount: 5, taxAmount: 0 }) });
    await deliverDueWebhooks(t.db, { ...DEFAULT_WEBHOOK_DELIVERY, timeoutMs: 500, allowPrivateAddresses: false });
    expect(receiver.received).toEqual([]);
    const [event] = await t.db.query<{ last_error: string; state: string }>('select last_error, state from webhook_events where merchant_id = $1', [id]);
    expect(event).toMatchObject({ last_error: 'address_not_public', state: 'pending' });
  });
});

describe('postWebhook', () => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());

  it('connects to the address it checked, never asking DNS again (a rebinding name cannot swap it)', async () => {
    const port = new URL(receiver.url).port;
    let lookups = 0;
    // First answer: the receiver's address; any later lookup would answer a host that does not exist.
    const rebinding = async () => (lookups++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '203.0.113.99', family: 4 }]);
    const status = await postWebhook({ url: `http://rebind.invalid:${port}/hooks`, headers: { 'content-type': 'application/json' }, body: '{}', timeoutMs: 2000, allowPrivate: true, resolve: rebinding });
    expect(status).toBe(200);
    expect(lookups).toBe(1);
    expect(receiver.received).toHaveLength(1);
    // The URL's name stays the request's Host (and a TLS connection's SNI), whatever address was dialled.
    expect(receiver.received[0]?.headers.host).toBe(`rebind.invalid:${port}`);
    await expect(postWebhook({ url: `http://rebind.invalid:${port}/hooks`, headers: {}, body: '{}', timeoutMs: 2000, allowPrivate: false, resolve: async () => [{ address: '127.0.0.1', family: 4 }] }))
      .rejects.toBeInstanceOf(WebhookTargetRefused);
    expect(receiver.received).toHaveLength(1);
  });

  it('times out a DNS answer that never comes within the delivery\'s time, as a slow receiver is', async () => {
    const started = Date.now();
    const silent = () => new Promise<never>(() => undefined);
    await expect(postWebhook({ url: 'http://slow-dns.invalid/hooks', headers: {}, body: '{}', timeoutMs: 300, allowPrivate: true, resolve: silent }))
      .rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
