// The scenarios of `npm run test:faults` that need the real widget: Chromium (playwright-core,
// Debian's /usr/bin/chromium) reaches the checkout origin only through the fault proxy
// (--proxy-server, loopback included), so the widget's own requests meet the faults.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startFaultProxy } from './faultProxy.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RECEIPT = /comprobante de pago|payment receipt/i;

async function openCheckout(browser, demoUrl) {
  const context = await browser.newContext({ locale: 'es-PA' });
  const page = await context.newPage();
  let code;
  page.on('response', async (res) => {
    if (res.url().endsWith('/shop/links') && res.status() === 201) code = (await res.json()).code;
  });
  await page.goto(demoUrl);
  await page.locator('#pay-button').click();
  const frame = page.frameLocator('iframe[src*="/pf/widget"]');
  // The card's number, expiry and CVC are the card vault's fields, in its frame inside the checkout's.
  const card = frame.frameLocator('iframe.vault-fields');
  await card.locator('[name="cardnumber"]').waitFor({ state: 'visible', timeout: 20_000 });
  return { context, page, frame, card, code: () => code };
}

async function fillCard({ frame, card }, number) {
  const year = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
  await card.locator('[name="cardnumber"]').fill(number);
  await card.locator('[name="expirationDate"]').fill(`12/${year}`);
  await card.locator('[name="cvc"]').fill('123');
  await frame.locator('[name="name"]').fill('María José Núñez');
  await frame.locator('[name="email"]').fill('maria.nunez@example.com');
  await frame.locator('[name="phone"]').fill('+507 6123-4567');
}

async function until(what, probe, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function receiptOrAlert(frame, timeoutMs = 20_000) {
  return until('the receipt or a message', async () => {
    if (await frame.getByRole('heading', { name: RECEIPT }).isVisible()) return { receipt: true };
    const alert = frame.getByRole('alert');
    if (await alert.isVisible()) {
      const text = (await alert.textContent())?.trim();
      if (text) return { receipt: false, alert: text };
    }
    return undefined;
  }, timeoutMs);
}

export async function browserScenarios({ sandbox, scenario, skip, transactionsOf }) {
  const names = [
    'browser card: answers dropped after the server answered, then Pay again',
    'browser card: 502 after the server answered, then Pay again',
    'browser nequi: push socket refused, the watcher polls to the receipt',
  ];
  if (!existsSync(CHROMIUM)) {
    for (const name of names) skip(name, `no Chromium at ${CHROMIUM}`);
    return;
  }
  const proxy = await startFaultProxy({ upstreams: [sandbox.url] });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic',
      // The checkout's origin through the proxy (loopback included); the card vault's straight, as the faults are the checkout server's.
      `--proxy-server=${proxy.url}`, `--proxy-bypass-list=<-loopback>;${new URL(sandbox.vault.url).host}`],
  });
  const card = async (done, fault, number) => {
    proxy.clearFaults();
    const opened = await openCheckout(browser, sandbox.demoUrl);
    const { frame, context } = opened;
    try {
      const lostBefore = proxy.stats.lost;
      const fiveBefore = proxy.stats.answered5xx;
      const rule = proxy.fault({ method: 'POST', path: /^\/api\/v1\/cards\/auth-capture/, ...fault });
      await fillCard(opened, number);
      await frame.locator('form button[type="submit"]').click();
      const first = await receiptOrAlert(frame);
      const spoiled = rule.hits;
      proxy.clearFaults();
      let final = first;
      if (!first.receipt) {
        // The payer presses Pay again (typing the CVC again when the form asks for it).
        const cvc = opened.card.locator('[name="cvc"]');
        if ((await cvc.inputValue().catch(() => '123')) === '') await cvc.fill('123');
        await frame.locator('form button[type="submit"]').click();
        final = await until('the receipt after Pay again', async () => {
          if (await frame.getByRole('heading', { name: RECEIPT }).isVisible()) return { receipt: true };
          const text = (await frame.getByRole('alert').textContent({ timeout: 200 }).catch(() => ''))?.trim();
          return text && text !== first.alert ? { receipt: false, alert: text } : undefined;
        }).catch(async () => ({ receipt: false, alert: (await frame.getByRole('alert').textContent().catch(() => '')) ?? '' }));
      }
      const code = opened.code();
      const made = code ? (await transactionsOf(sandbox.url, code)).length : '?';
      done({
        made, expected: 1, fiveXX: proxy.stats.answered5xx - fiveBefore, lost: proxy.stats.lost - lostBefore,
        ok: made === 1 && final.receipt && spoiled > 0,
        note: `${spoiled} answer(s) spoiled; first the payer saw ${first.receipt ? 'the receipt' : `"${first.alert}"`}; ${first.receipt ? '' : `after Pay again ${final.receipt ? 'the receipt' : `"${final.alert}"`}`}`,
      });
    } finally {
      await context.close();
    }
  };
  try {
    // The widget's client sends a failed connection once more by itself: both sends are cut, so the payer sees it.
    await scenario(names[0], (done) => card(done, { nth: [1, 2], action: 'drop' }, '4242 4242 4242 4242'));
    await scenario(names[1], (done) => card(done, { nth: [1], action: '502-after' }, '5555 5555 5555 4444'));
    await scenario(names[2], async (done) => {
      proxy.clearFaults();
      // Chromium opens its WebSockets through the proxy with CONNECT: every one is refused.
      const refused = proxy.fault({ action: 'refuse', connect: true });
      const opened = await openCheckout(browser, sandbox.demoUrl);
      const { frame, context } = opened;
      try {
        await frame.getByRole('radiogroup', { name: /método de pago|payment method/i }).getByRole('radio', { name: /Nequi/ }).check();
        await frame.getByRole('textbox', { name: /celular nequi/i }).fill('63333333');
        await frame.getByRole('button', { name: /enviar notificación/i }).click();
        const code = await until('the link', async () => opened.code());
        const pending = await until('the pending Nequi payment', async () => (await transactionsOf(sandbox.url, code)).find((t) => t.method === 'nequi'));
        await new Promise((r) => setTimeout(r, 500));
        await fetch(`${sandbox.url}/sandbox/nequi/${pending.codOper}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ result: 'approve' }) });
        const receipt = await until('the receipt', async () => frame.getByRole('heading', { name: RECEIPT }).isVisible(), 30_000).catch(() => false);
        const made = (await transactionsOf(sandbox.url, code)).length;
        done({ made, expected: 1, fiveXX: 0, lost: 0, ok: made === 1 && receipt === true && refused.hits > 0, note: `${refused.hits} socket(s) refused; ${receipt ? 'the receipt came by polling' : 'no receipt'}` });
      } finally {
        await context.close();
      }
    });
  } finally {
    await browser.close();
    await proxy.close();
  }
}
