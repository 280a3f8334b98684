// A merchant's server in plain Node (no framework, no dependencies): it creates payment links with
// its secret key, hears the provider's signed webhooks, and checks each one with the verify call
// before it ships anything. docs/webhooks.md explains every step.
//
//   npm start                          # the sandbox, in another terminal
//   node examples/merchant-server.mjs  # then pay in the demo shop (http://localhost:4001), or open
//                                      # http://127.0.0.1:4100; card 4242 4242 4242 4242
//
// Settings (environment): PASARELA_URL (http://localhost:4000), PORT (4100), SECRET_KEY and
// WEBHOOK_SECRET. Without the keys it asks the sandbox for new keys of merchant MERCHANT_ID (1, the
// demo shop's merchant), with this server as its webhookUrl, and keeps them in memory only; keep
// real keys in your secret store, never in code or logs.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const PASARELA_URL = (process.env.PASARELA_URL || 'http://localhost:4000').replace(/\/$/, '');
const PORT = Number(process.env.PORT || 4100);
const SELF_URL = `http://127.0.0.1:${PORT}`;
/** How old a signature may be: older ones are refused, so a captured request cannot be replayed later. */
const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

/** Checks `Pasarela-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export function verifySignature(header, rawBody, secret, nowSeconds = Math.floor(Date.now() / 1000)) {
  const fields = Object.fromEntries(String(header || '').split(',').map((part) => part.trim().split('=', 2)));
  const t = Number(fields.t);
  if (!Number.isInteger(t) || typeof fields.v1 !== 'string') return { ok: false, reason: 'malformed signature header' };
  if (Math.abs(nowSeconds - t) > SIGNATURE_TOLERANCE_SECONDS) return { ok: false, reason: 'timestamp outside the tolerance' };
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`, 'utf8').digest();
  const given = Buffer.from(fields.v1, 'hex');
  // Constant time, so the comparison does not tell an attacker how many bytes were right.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature mismatch' };
  return { ok: true };
}

/** fetch() to the provider, with a failure to connect told in words (not a raw ECONNREFUSED). */
async function reach(path, init) {
  try {
    return await fetch(`${PASARELA_URL}${path}`, init);
  } catch (error) {
    const why = error?.cause?.code || error?.cause?.message || error?.message || String(error);
    throw new Error(
      `Cannot reach Pasarela at ${PASARELA_URL} (${why}). Is the sandbox running (npm start)? ` +
      'If it listens elsewhere, say where: PASARELA_URL=http://localhost:5000 node examples/merchant-server.mjs',
    );
  }
}

async function pasarela(path, init = {}) {
  const res = await reach(path, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.secretKey}`, ...init.headers },
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${init.method || 'GET'} ${path}: ${res.status} ${body.code}`);
  return body;
}

/** The sandbox's key issuing; in production the keys come from the provider's dashboard. */
async function sandboxMerchantKeys() {
  const merchantId = Number(process.env.MERCHANT_ID || 1);
  const res = await reach(`/sandbox/merchants/${merchantId}/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ webhookUrl: `${SELF_URL}/webhooks` }),
  });
  if (res.status !== 201) throw new Error(`POST /sandbox/merchants/${merchantId}/keys: ${res.status}`);
  const merchant = await res.json();
  // Never log the keys themselves.
  console.log(`Sandbox merchant ${merchant.idMerchant} has new keys and sends its webhooks here.`);
  return { secretKey: merchant.secretKey, webhookSecret: merchant.webhookSecret };
}

let keys;
try {
  keys = process.env.SECRET_KEY && process.env.WEBHOOK_SECRET
    ? { secretKey: process.env.SECRET_KEY, webhookSecret: process.env.WEBHOOK_SECRET }
    : await sandboxMerchantKeys();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

/** What this shop knows of each payment, by codOper: the webhook's word and the verify call's. */
const orders = new Map();
/** Event ids already handled: a retried delivery carries the same id. */
const seenEvents = new Set();

async function handleEvent(event) {
  // The webhook says what happened; the verify call, made with our secret key, confirms it.
  const verified = await pasarela(`/api/v1/merchant/transactions/${encodeURIComponent(event.data.codOper)}`);
  const agrees = verified.result === event.data.result && verified.amount === event.data.amount;
  orders.set(event.data.codOper, { event: event.type, result: verified.result, amount: verified.amount, verified: agrees });
  console.log(`${event.type} ${event.data.codOper}: verify call says ${verified.result}${agrees ? '' : ' (DISAGREES with the webhook)'}`);
  if (agrees && verified.result === 'APPROVED') console.log(`  -> ship order for link ${verified.linkCode}`);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > 1_000_000) req.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function checkoutPage() {
  // The server, not the page, creates the link: the amount cannot be changed in the browser.
  const link = await pasarela('/sandbox/links', { method: 'POST', body: JSON.stringify({ amount: 25, taxAmount: 1.75, description: 'Pedido de ejemplo' }) });
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Merchant server example</title>
<h1>Order ${escapeHtml(link.code)}: $26.75</h1>
<button id="pay" type="button">Pay</button> <output id="result"></output>
<p>The page's result is only a hint; the server's log says what the webhook and the verify call said.</p>
<script src="${escapeHtml(PASARELA_URL)}/sdk/checkout.js"></script>
<script>
  document.getElementById('pay').addEventListener('click', function () {
    Checkout.open({ code: ${JSON.stringify(link.code)}, lang: 'en' }).on('result', function (r) {
      document.getElementById('result').textContent = r.status + ' ' + r.notification.Oper;
    });
  });
</script></html>`;
}

const server = createServer(async (req, res) => {
  try {
    if (req.method === 'POST' && req.url === '/webhooks') {
      const rawBody = await readBody(req);
      // Verify the raw bytes as received: re-serialised JSON would not match the signature.
      const check = verifySignature(req.headers['pasarela-signature'], rawBody, keys.webhookSecret);
      if (!check.ok) {
        console.warn(`webhook refused: ${check.reason}`);
        res.writeHead(400).end();
        return;
      }
      const event = JSON.parse(rawBody);
      // Answer at once; slow work after the answer would make the provider time out and retry.
      res.writeHead(200).end();
      if (seenEvents.has(event.id)) return;
      seenEvents.add(event.id);
      await handleEvent(event);
    } else if (req.method === 'GET' && req.url === '/orders') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(Object.fromEntries(orders)));
    } else if (req.method === 'GET' && req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(await checkoutPage());
    } else {
      res.writeHead(404).end();
    }
  } catch (error) {
    console.error(`request failed: ${error.message}`);
    if (!res.headersSent) res.writeHead(500).end();
  }
});

server.listen(PORT, '127.0.0.1', () => console.log(`Merchant server at ${SELF_URL} (webhooks at ${SELF_URL}/webhooks)`));
