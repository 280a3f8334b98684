// What examples/shop.js (the demo shop's cart, language and result list) offers the page.
import type { PaymentResult } from '@pasarela/react';

export type Language = 'es' | 'en';

interface DemoShop {
  readonly lang: Language;
  order(): { amount: number; taxAmount: number; description: string; items: string };
  showResult(result: PaymentResult): void;
  setState(name: 'idle' | 'opening' | 'open' | 'paid' | 'pending' | 'closed' | 'failed' | 'error', detail?: string): void;
}

declare global {
  interface Window {
    demoShop: DemoShop;
  }
}

export const shop = (): DemoShop => window.demoShop;

/**
 * YOUR SERVER creates the payment link with your merchant credentials and hands the page only its
 * code: here the demo shop's server (POST /shop/links on this origin) asks the sandbox.
 */
export async function createPaymentLink(order: { amount: number; taxAmount?: number; description: string }): Promise<string> {
  const response = await fetch('/shop/links', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(order),
  });
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  if (!response.ok || !body.code) throw new Error(body.message ?? `HTTP ${response.status}`);
  return body.code;
}

const ORDER_KEY = 'demo-shop.order';

/**
 * One link per order, reused while the order is the same (the cart, kept for this tab as a shop
 * keeps an order in its session): Pay again after closing the checkout during a wait is back on
 * that payment, not on a second one (docs/integration.md). The same key as the other demo pages.
 */
function keptOrder(): { cart?: unknown; code?: unknown } | null {
  try {
    return JSON.parse(sessionStorage.getItem(ORDER_KEY) ?? 'null') as { cart?: unknown; code?: unknown } | null;
  } catch {
    return null;
  }
}

export async function orderLink(order: ReturnType<DemoShop['order']>): Promise<string> {
  const cart = JSON.stringify(order);
  const kept = keptOrder();
  if (kept?.cart === cart && typeof kept.code === 'string') return kept.code;
  const code = await createPaymentLink(order);
  try {
    sessionStorage.setItem(ORDER_KEY, JSON.stringify({ cart, code }));
  } catch {
    // without storage every Pay is a new order; the loader's memory still shows what waits
  }
  return code;
}

/** A paid order is done: the next Pay is a new order with its own link. */
export function orderPaid(): void {
  try {
    sessionStorage.removeItem(ORDER_KEY);
  } catch {
    // nothing kept
  }
}
