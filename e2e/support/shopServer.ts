import { createServer, type Server } from 'node:http';
import { expect } from 'vitest';
import type { Browser } from 'playwright-core';
import { constructEvent, type WebhookEvent } from '@pasarela/node';
import { CheckoutFrame } from './pages';

/**
 * A shop's server as docs/merchant-api.md tells its developer to write one: a page with a Pay
 * button for an order's link (`/pay?code=...&lang=...`), and the webhook endpoint, every delivery
 * verified with @pasarela/node's constructEvent and the merchant's webhook secret (`listen`).
 */
export async function startShopServer(sandboxUrl: string) {
  const events: WebhookEvent[] = [];
  const refused: string[] = [];
  let webhookSecret = '';
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://shop.test');
      if (req.method === 'POST' && url.pathname === '/webhooks') {
        try {
          events.push(constructEvent(Buffer.concat(chunks), req.headers['pasarela-signature'], webhookSecret));
          res.writeHead(200).end();
        } catch (error) {
          refused.push(String(error));
          res.writeHead(400).end();
        }
        return;
      }
      const code = JSON.stringify(url.searchParams.get('code') ?? '');
      const lang = url.searchParams.get('lang') === 'en' ? 'en' : 'es';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="${lang}"><meta charset="utf-8"><title>Tienda</title>
<button id="pay" type="button">${lang === 'es' ? 'Pagar' : 'Pay'}</button>
<script src="${sandboxUrl}/sdk/checkout.js"></script>
<script>document.getElementById('pay').addEventListener('click', function () { Checkout.open({ code: ${code}, lang: '${lang}' }); });</script></html>`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    events,
    refused,
    listen: (secret: string) => void (webhookSecret = secret),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type ShopServer = Awaited<ReturnType<typeof startShopServer>>;

/** A payer in a browser context of its own: the shop's page for the link, Pay, the card, its receipt. */
export async function payByCardOnShop(browser: Browser, shopUrl: string, code: string, { lang, card }: { lang: 'es' | 'en'; card: string }): Promise<void> {
  const context = await browser.newContext({ locale: lang === 'es' ? 'es-PA' : 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto(`${shopUrl}/pay?code=${encodeURIComponent(code)}&lang=${lang}`);
    await page.getByRole('button', { name: lang === 'es' ? 'Pagar' : 'Pay' }).click();
    const checkout = new CheckoutFrame(page.frameLocator('iframe[src*="/pf/widget"]'));
    await checkout.waitForForm();
    await checkout.fillCard({ number: card });
    await checkout.submit();
    try {
      await expect.poll(() => checkout.receiptTitle.isVisible(), { timeout: 30_000 }).toBe(true);
    } catch (error) {
      throw new Error(`no receipt within 30 s; the checkout showed: ${await checkout.shown()}`, { cause: error });
    }
  } finally {
    await context.close();
  }
}

/** A CSV report's rows as cells (the report's ids and codes hold no comma or quote), its header first. */
export function csvRows(text: string): string[][] {
  return text.trim().split('\r\n').map((line) => line.split(','));
}

/** Dollars as the report writes them ("-5.25") in cents, exactly. */
export function centsOf(dollars: string | number | undefined): number {
  return Math.round(Number(dollars) * 100);
}
