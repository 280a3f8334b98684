// What examples/shop.js (the demo shop's cart, language and result list) offers the page.
import type { CheckoutResult } from '@pasarela/react';

export type Language = 'es' | 'en';

interface DemoShop {
  readonly lang: Language;
  order(): { amount: number; taxAmount: number; description: string; descriptions: { es: string; en: string }; items: string };
  showResult(result: CheckoutResult): void;
  setState(name: 'idle' | 'opening' | 'open' | 'paid' | 'pending' | 'closed' | 'failed' | 'error', detail?: string): void;
}

interface Order {
  amount: number;
  taxAmount?: number;
  description: string;
  descriptions?: { es?: string; en?: string };
  /** What is in the cart ("geisha x1, cacao x2"): the server keeps it with the order. */
  items?: string;
}

declare global {
  interface Window {
    demoShop: DemoShop;
    orderLink(order: Order, options?: { apart?: boolean }): Promise<string>;
  }
}

export const shop = (): DemoShop => window.demoShop;

/** The order's payment link from YOUR SERVER: examples/order-link.js, the script every selling page shares. */
export const orderLink = (order: Order, options?: { apart?: boolean }): Promise<string> => window.orderLink(order, options);
