import { randomUUID } from 'node:crypto';
import { paymentOverallResult, statusFamilyOf } from '@pasarela/core';

/** A demo: its memory, not a database. */
const MAX_ORDERS = 1000;

export interface ShopCallAnswer {
  status: number;
  body: Record<string, unknown>;
}

export type ShopCall = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<ShopCallAnswer>;

const ORDER_NUMBER = /^[A-Za-z0-9-]{8,40}$/;

/** Or a new one when it sent none of ours. */
export function orderNumberOf(value: unknown): string {
  return typeof value === 'string' && ORDER_NUMBER.test(value) ? value : randomUUID();
}

/** What the shop's page sends and draws: the amounts the link is made for, and what is in the cart. */
export interface ShopCart {
  amount: unknown;
  taxAmount: unknown;
  description: unknown;
  descriptions?: unknown;
  items?: unknown;
}

/** open: its link may be paid (a payment may wait on it); paid: no payment is offered again. */
export type ShopOrderAnswer =
  | { kind: 'open'; created: boolean; code: string; cart: ShopCart }
  | { kind: 'paid'; cart: ShopCart }
  /** The checkout refused the cart (or answered otherwise): passed on as it came. */
  | { kind: 'refused'; answer: ShopCallAnswer };

interface ShopOrder {
  cart: ShopCart;
  code: string;
}

type LinkState = 'paid' | 'waiting' | 'open';

const sameCart = (a: ShopCart, b: ShopCart) =>
  JSON.stringify([a.amount, a.taxAmount ?? 0, a.description, a.items ?? null]) === JSON.stringify([b.amount, b.taxAmount ?? 0, b.description, b.items ?? null]);

/**
 * The shop's orders, each with its cart and its one single-use link, keyed by order number: the
 * order's page opened in any browser (the address carries the number) draws the same cart and gets
 * the same link, so the payment waiting on it comes first there and the order is paid once.
 */
export function createOrderBook(call: ShopCall) {
  const orders = new Map<string, ShopOrder>();
  // One change per order at a time: two browsers posting the same order at once get one link.
  const queues = new Map<string, Promise<unknown>>();

  function oneAtATime<T>(orderNumber: string, work: () => Promise<T>): Promise<T> {
    const before = queues.get(orderNumber) ?? Promise.resolve();
    const turn = before.then(work, work);
    const settled = turn.catch(() => undefined);
    queues.set(orderNumber, settled);
    void settled.then(() => {
      if (queues.get(orderNumber) === settled) queues.delete(orderNumber);
    });
    return turn;
  }

  async function stateOf(code: string): Promise<LinkState> {
    const { status, body } = await call('GET', `/sandbox/transactions?code=${encodeURIComponent(code)}`);
    if (status !== 200 || !Array.isArray(body['transactions'])) throw new Error(`The checkout answered ${status}`);
    const results = (body['transactions'] as Array<{ method: string; status: number; authStatus: string }>)
      .map((tx) => paymentOverallResult(statusFamilyOf(tx.method), tx.status, tx.authStatus));
    return results.includes('APPROVED') ? 'paid' : results.includes('PENDING') ? 'waiting' : 'open';
  }

  async function newLink(orderNumber: string, cart: ShopCart): Promise<ShopOrderAnswer> {
    const answer = await call('POST', '/sandbox/links', { amount: cart.amount, taxAmount: cart.taxAmount, description: cart.description, descriptions: cart.descriptions, singleUse: true });
    if (answer.status !== 201 || typeof answer.body['code'] !== 'string') return { kind: 'refused', answer };
    orders.delete(orderNumber);
    orders.set(orderNumber, { cart, code: answer.body['code'] });
    if (orders.size > MAX_ORDERS) orders.delete(orders.keys().next().value as string);
    return { kind: 'open', created: true, code: answer.body['code'], cart };
  }

  const kept = (order: ShopOrder, state: LinkState): ShopOrderAnswer =>
    state === 'paid' ? { kind: 'paid', cart: order.cart } : { kind: 'open', created: false, code: order.code, cart: order.cart };

  return {
    /**
     * A new order's link (201); a known order's own link and cart whatever the page posts while a
     * payment waits on it; its cart changed before any payment: the old link expired first, then a
     * new one; a paid order: paid, with no link.
     */
    linkFor(orderNumber: string, cart: ShopCart): Promise<ShopOrderAnswer> {
      return oneAtATime(orderNumber, async () => {
        const order = orders.get(orderNumber);
        if (!order) return newLink(orderNumber, cart);
        const state = await stateOf(order.code);
        if (state !== 'open' || sameCart(order.cart, cart)) return kept(order, state);
        // The checkout expires it only while no payment waits on it or paid it (one statement).
        const expired = await call('POST', `/sandbox/links/${encodeURIComponent(order.code)}/expire`);
        if (expired.status !== 200) return kept(order, await stateOf(order.code));
        return newLink(orderNumber, cart);
      });
    },
    /** The order as the shop's server keeps it, for its page in any browser; undefined when unknown. */
    async orderOf(orderNumber: string): Promise<{ paid: boolean; cart: ShopCart } | undefined> {
      const order = orders.get(orderNumber);
      if (!order) return undefined;
      return { paid: (await stateOf(order.code)) === 'paid', cart: order.cart };
    },
  };
}
