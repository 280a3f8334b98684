import { randomUUID } from 'node:crypto';
import { paymentOverallResult, statusFamilyOf } from '@pasarela/core';

/** Orders the demo shop keeps before it forgets the oldest (a demo: its memory, not a database). */
const MAX_ORDERS = 1000;

/** The checkout's answer to one of the shop's calls: its status and its JSON object. */
export interface ShopCallAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** A call of the checkout's admin API, as the shop's server makes it with its key. */
export type ShopCall = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<ShopCallAnswer>;

/** An order number the shop handed out (the page carries it in its address, `?order=`). */
const ORDER_NUMBER = /^[A-Za-z0-9-]{8,40}$/;

/** The order number the page sent, or a new one when it sent none (or not one of ours). */
export function orderNumberOf(value: unknown): string {
  return typeof value === 'string' && ORDER_NUMBER.test(value) ? value : randomUUID();
}

/**
 * The demo shop's orders, kept on its server as a shop keeps them: one single-use link per order
 * and cart, reused while it is not paid, so the order's page opened in any browser (another phone,
 * Chrome after an in-app browser: the shop's address carries its order number) is back on the same
 * link and on the payment waiting there. The demo has no accounts: its order is its number and cart.
 */
export function createOrderBook(call: ShopCall) {
  const orders = new Map<string, Promise<ShopCallAnswer>>();

  /** Whether a payment of the link went through (SPEC 4's overall result, per method). */
  async function paid(code: string): Promise<boolean> {
    const { status, body } = await call('GET', `/sandbox/transactions?code=${encodeURIComponent(code)}`);
    if (status !== 200 || !Array.isArray(body['transactions'])) return false;
    return (body['transactions'] as Array<{ method: string; status: number; authStatus: string }>)
      .some((tx) => paymentOverallResult(statusFamilyOf(tx.method), tx.status, tx.authStatus) === 'APPROVED');
  }

  /** The order's link: the one it has while unpaid (200), else a new one (answered as the admin API answered: 201). */
  return async function linkFor(orderNumber: string, order: { amount: unknown; taxAmount: unknown; description: unknown; descriptions?: unknown }): Promise<ShopCallAnswer> {
    const key = JSON.stringify([orderNumber, order.amount, order.taxAmount, order.description]);
    const kept = orders.get(key);
    if (kept) {
      const answer = await kept.catch(() => undefined);
      const code = answer?.status === 201 ? String(answer.body['code']) : null;
      // 200: the order's link, found (201 is for a link made now).
      if (code && !(await paid(code))) return { status: 200, body: (answer as ShopCallAnswer).body };
      if (orders.get(key) !== kept) return linkFor(orderNumber, order);
    }
    // One creation per order at a time: two browsers paying the same cart at once get one link.
    const made = call('POST', '/sandbox/links', { ...order, singleUse: true });
    orders.delete(key);
    orders.set(key, made);
    if (orders.size > MAX_ORDERS) orders.delete(orders.keys().next().value as string);
    const answer = await made.catch((error: unknown) => {
      orders.delete(key);
      throw error;
    });
    if (answer.status !== 201) orders.delete(key);
    return answer;
  };
}
