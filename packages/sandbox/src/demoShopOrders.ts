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

/**
 * One single-use link per order and cart, reused while unpaid, so the order's page opened in any
 * browser (the address carries its order number) is back on the same link and its waiting payment.
 */
export function createOrderBook(call: ShopCall) {
  const orders = new Map<string, Promise<ShopCallAnswer>>();

  async function paid(code: string): Promise<boolean> {
    const { status, body } = await call('GET', `/sandbox/transactions?code=${encodeURIComponent(code)}`);
    if (status !== 200 || !Array.isArray(body['transactions'])) return false;
    return (body['transactions'] as Array<{ method: string; status: number; authStatus: string }>)
      .some((tx) => paymentOverallResult(statusFamilyOf(tx.method), tx.status, tx.authStatus) === 'APPROVED');
  }

/** 200 with the unpaid link it has, else 201 with a new one. */
  return async function linkFor(orderNumber: string, order: { amount: unknown; taxAmount: unknown; description: unknown; descriptions?: unknown }): Promise<ShopCallAnswer> {
    const key = JSON.stringify([orderNumber, order.amount, order.taxAmount, order.description]);
    const kept = orders.get(key);
    if (kept) {
      const answer = await kept.catch(() => undefined);
      const code = answer?.status === 201 ? String(answer.body['code']) : null;
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
