import { constructEvent, Pasarela, type WebhookEvent } from '@pasarela/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenizedCardPayload, createMerchant, createTestApp, type TestApp } from '../../../test/testApp';
import { TO_RECEIVER, deliverDueWebhooks } from '../../../test/webhookReceiver';
import type { WebhookPost } from '../../webhooks/postWebhook';

// A shop server written from docs/webhooks.md with @pasarela/node: its endpoint verifies each
// delivery and acts on it by orderReference, dropping repeats by id. Then it loses every delivery
// for a while (it answers 2xx and saves nothing), and the recipe "Recovering lost webhooks" finds
// every change again: a voucher issued before the last look and paid after it, a refund, a void and
// a new payment.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Order = { state: 'new' | 'waiting' | 'paid' | 'cancelled'; refunded: number };

/** The shop: its orders, its webhook handler, and its endpoint (which can be told to lose what it gets). */
function shopServer(webhookSecret: string) {
  const orders = new Map<string, Order>();
  const handled = new Set<string>();
  let losing = false;
  async function handleEvent(event: WebhookEvent): Promise<void> {
    if (handled.has(event.id)) return;
    handled.add(event.id);
    const reference = event.data['orderReference'];
    const order = orders.get(typeof reference === 'string' ? reference : '');
    if (!order) return;
    switch (event.type) {
      case 'transaction.pending': if (order.state === 'new') order.state = 'waiting'; break;
      case 'transaction.approved': order.state = 'paid'; break;
      case 'transaction.declined': case 'transaction.voided': if (order.state !== 'paid') order.state = 'cancelled'; break;
      case 'transaction.refunded': order.refunded = event.data.refundedAmount; break;
      default: break; // a type this shop does not handle: answered 2xx, ignored
    }
  }
  /** The webhook endpoint, as deliverDueWebhooks posts to it. */
  async function endpoint(post: WebhookPost): Promise<number> {
    const event = constructEvent(post.body, post.headers['pasarela-signature'], webhookSecret);
    if (!losing) await handleEvent(event);
    return 200;
  }
  return { orders, handleEvent, endpoint, lose: (on: boolean) => { losing = on; } };
}

describe('a shop server that lost its webhooks', () => {
  it('finds every change again with the recipe of docs/webhooks.md, where createdFrom alone misses three of four', async () => {
    const m = await createMerchant(t, { name: 'Tienda Recuperada', webhookUrl: 'https://shop.example/hooks' });
    const shop = shopServer(m.webhookSecret);
    const pasarela = new Pasarela({ secretKey: m.key, baseUrl: 'http://checkout.test', fetch: async (url, init) => t.app.request(String(url), init) });
    const order = async (ref: string) => {
      shop.orders.set(ref, { state: 'new', refunded: 0 });
      return (await pasarela.paymentLinks.create({ amount: 25, taxAmount: 1.75, description: `Pedido ${ref}`, orderReference: ref })).code;
    };
    const voucher = async (code: string) => (await t.post('/cash/pay-cash', { code, email: 'pagador@example.com', phone: '61234567' })).data;
    const card = async (code: string) => String((await t.post('/cards/auth-capture', await tokenizedCardPayload(code))).data['codOper']);
    const deliver = () => deliverDueWebhooks(t.db, TO_RECEIVER, shop.endpoint);

    // Before: a voucher waiting at the kiosk, a card paid, a voucher that will be voided.
    const kiosk = await voucher(await order('o-1'));
    const refundedOper = await card(await order('o-2'));
    const voidedOper = String((await voucher(await order('o-4')))['Oper']);
    await deliver();
    expect(Object.fromEntries(shop.orders)).toEqual({
      'o-1': { state: 'waiting', refunded: 0 }, 'o-2': { state: 'paid', refunded: 0 }, 'o-4': { state: 'waiting', refunded: 0 },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    let lastSync = new Date();

    // The outage: every delivery is answered 2xx and lost.
    shop.lose(true);
    await t.admin('POST', `/cash/${String(kiosk['reference'])}/pay`);
    await pasarela.transactions.refund(refundedOper, { amount: 5 });
    await pasarela.transactions.void(voidedOper);
    const newOper = await card(await order('o-3'));
    await deliver();
    shop.lose(false);
    expect(await t.db.query("select 1 from webhook_events e join merchants m on m.id = e.merchant_id where m.id = $1 and e.state <> 'delivered'", [m.id])).toEqual([]);
    expect(shop.orders.get('o-1')?.state).toBe('waiting');

    // What the old advice ("list what changed since you last looked" with createdFrom) finds: only the new payment.
    const byCreation = [];
    for await (const tx of pasarela.transactions.list({ createdFrom: lastSync })) byCreation.push(tx.codOper);
    expect(byCreation).toEqual([newOper]);

    // The recipe, as docs/webhooks.md writes it.
    const startedAt = new Date();
    const since = new Date(lastSync.getTime() - 60_000);
    const missed: WebhookEvent[] = [];
    for await (const event of pasarela.events.list({ createdFrom: since })) missed.push(event);
    for (const event of missed.reverse()) await shop.handleEvent(event);
    lastSync = startedAt;

    expect(Object.fromEntries(shop.orders)).toEqual({
      'o-1': { state: 'paid', refunded: 0 }, 'o-2': { state: 'paid', refunded: 5 }, 'o-3': { state: 'paid', refunded: 0 }, 'o-4': { state: 'cancelled', refunded: 0 },
    });
    // The state-based way finds the same four transactions, each as the verify call shows it.
    const changed = new Map<string, string>();
    for await (const tx of pasarela.transactions.list({ updatedFrom: since, limit: 1 })) changed.set(String(tx.orderReference), `${tx.result}/${tx.refundedAmount}`);
    expect(Object.fromEntries(changed)).toEqual({ 'o-1': 'APPROVED/0', 'o-2': 'APPROVED/5', 'o-3': 'APPROVED/0', 'o-4': 'DECLINED/0' });
    // And a look right after finds nothing new.
    const again: string[] = [];
    for await (const event of pasarela.events.list({ createdFrom: lastSync })) again.push(event.id);
    expect(again).toEqual([]);
  });
});
