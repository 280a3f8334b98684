// What examples/shop.js (the demo shop's cart, language and result list) offers the page.
import type { PaymentResult } from '@pasarela/react';

export type Language = 'es' | 'en';

interface DemoShop {
  readonly lang: Language;
  order(): { amount: number; taxAmount: number; description: string; descriptions: { es: string; en: string }; items: string };
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
 * YOUR SERVER finds or creates the order's payment link with your merchant credentials and hands
 * the page only its code: here the demo shop's server (POST /shop/links on this origin). It keeps
 * its orders, one link per order while it is unpaid; the page's address carries the order's number
 * (?order=), so the order opened in any browser is back on its link and on the payment waiting
 * there (docs/integration.md "One link per order").
 */
export async function orderLink(order: { amount: number; taxAmount?: number; description: string; descriptions?: { es?: string; en?: string } }): Promise<string> {
  const address = new URL(location.href);
  const response = await fetch('/shop/links', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...order, order: address.searchParams.get('order') }),
  });
  const body = (await response.json().catch(() => ({}))) as { code?: string; order?: string; message?: string };
  if (!response.ok || !body.code) throw new Error(body.message ?? `HTTP ${response.status}`);
  if (body.order && address.searchParams.get('order') !== body.order) {
    address.searchParams.set('order', body.order);
    history.replaceState(history.state, '', address);
  }
  return body.code;
}
