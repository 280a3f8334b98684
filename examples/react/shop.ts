// What examples/shop.js (the demo shop's cart, language and result list) offers the page.
import type { PaymentResult } from '@pasarela/react';

export type Language = 'es' | 'en';

interface DemoShop {
  readonly lang: Language;
  order(): { amount: number; taxAmount: number; description: string };
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
