// A merchant's server in plain Node with @pasarela/node (no framework): it creates a payment link for
// each order with its secret key, hears the provider's signed webhooks (payments, payouts and
// disputes, each with its own object), checks each one with the verify call before it acts, and
// refunds. docs/merchant-api.md and docs/webhooks.md
// explain every step.
//
//   npm start                          # the sandbox, in another terminal
//   node examples/merchant-server.mjs  # then pay in the demo shop (http://localhost:4001), or open
//                                      # http://127.0.0.1:4100; card 4242 4242 4242 4242
//
// Settings (environment): PASARELA_URL (http://localhost:4000), PORT (4100), SECRET_KEY and
// WEBHOOK_SECRET. Without the keys it asks the sandbox for new keys of merchant MERCHANT_ID (1, the
// demo shop's merchant), with this server as its webhookUrl, and keeps them in memory only; keep
// real keys in your secret store, never in code or logs.
import { createServer } from 'node:http';
import { constructEvent, Pasarela, PasarelaError } from '@pasarela/node';

const PASARELA_URL = (process.env.PASARELA_URL || 'http://localhost:4000').replace(/\/$/, '');
const PORT = Number(process.env.PORT || 4100);
const SELF_URL = `http://127.0.0.1:${PORT}`;
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
const pasarela = new Pasarela({ secretKey: keys.secretKey, baseUrl: PASARELA_URL });

/** The example's order in the merchant's currency: dollars in Panama, whole pesos in Colombia. */
let order;
async function exampleOrder() {
  if (order) return order;
  const { currency } = await pasarela.balance.retrieve();
  order = currency === 'COP'
    ? { amount: 100000, taxAmount: 19000, shown: new Intl.NumberFormat('es-CO', { style: 'currency', currency, maximumFractionDigits: 0 }).format(119000) }
    : { amount: 25, taxAmount: 1.75, shown: new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(26.75) };
  return order;
}

/** What this shop knows of each payment, by codOper: the webhook's word and the verify call's. */
const orders = new Map();
/** This shop's order numbers: each link carries one as its orderReference. */
let lastOrder = 0;
/** Event ids already handled: a retried delivery carries the same id. */
const seenEvents = new Set();

/** A payout event: the verify call reads the payout and the lines it settles. */
async function handlePayout(event) {
  const payout = await pasarela.payouts.retrieve(event.data.id);
  console.log(`${event.type} ${payout.id}: verify call says ${payout.status}, ${payout.amount} ${payout.currency}`);
  const payments = payout.balanceTransactions.filter((line) => line.type === 'payment').map((line) => line.codOper);
  if (payout.status === 'paid') console.log(`  -> arrives ${payout.arrivalDate}; it pays ${payments.length} payment(s): ${payments.join(', ')}`);
  if (payout.status === 'failed') console.log(`  -> the bank sent it back (${payout.failureReason}): the money is in the balance again for the next payout; check the payout account`);
}

/** A dispute event: the verify call reads the dispute; its payment is named by codOper. */
async function handleDispute(event) {
  const dispute = await pasarela.disputes.retrieve(event.data.id);
  console.log(`${event.type} ${dispute.id} on ${dispute.codOper}: verify call says ${dispute.status}, ${dispute.amount} ${dispute.currency} (${dispute.reason})`);
  if (dispute.status === 'needs_response') console.log(`  -> send evidence by ${dispute.evidenceDueBy} (disputes.submitEvidence), or accept it`);
  if (dispute.status === 'won') console.log('  -> won: the amount is back in the balance');
  if (dispute.status === 'lost') console.log(`  -> lost: ${dispute.amount} stays with the payer`);
}

/** A payment event: the verify call, made with our secret key, confirms what the webhook says. */
async function handleTransaction(event) {
  const verified = await pasarela.transactions.retrieve(event.data.codOper);
  const agrees = verified.result === event.data.result && verified.amount === event.data.amount;
  orders.set(event.data.codOper, { event: event.type, result: verified.result, amount: verified.amount, verified: agrees });
  console.log(`${event.type} ${event.data.codOper}: verify call says ${verified.result}${agrees ? '' : ' (DISAGREES with the webhook)'}`);
  const order = verified.orderReference ?? verified.linkCode;
  // Ship on the approval alone, once the verify call agrees: a refund's event names an approved payment too.
  if (event.type === 'transaction.approved' && agrees && verified.result === 'APPROVED') console.log(`  -> ship order ${order}`);
  else if (event.type === 'transaction.refunded') console.log(`  -> refunded ${event.data.refundAmount} of order ${order}`);
  else if (event.type === 'transaction.refund_failed') console.log(`  -> refund of ${event.data.refundAmount} for order ${order} FAILED (${event.data.refundFailureReason}): nothing was given back`);
}

async function handleEvent(event) {
  // A sample from webhookEndpoints.sendTest names a made-up payment, payout or dispute: nothing to verify.
  if (event.test) {
    console.log(`${event.type} (test sample): ${JSON.stringify(event.data)}`);
    return;
  }
  // Each type carries its own object: a payout, a dispute, a subscription, or a payment.
  switch (event.type) {
    case 'payout.paid': case 'payout.failed': return handlePayout(event);
    case 'dispute.created': case 'dispute.updated': case 'dispute.closed': return handleDispute(event);
    // You cancelled it (here, or from another server of yours): stop the service it paid for.
    case 'subscription.cancelled': return void console.log(`subscription ${event.data.subscriptionKey} of ${event.data.email} cancelled at ${event.data.cancelledAt}`);
    default:
      if (String(event.type).startsWith('transaction.')) return handleTransaction(event);
      // A type a later version added: answered 200 already, nothing to do here.
      console.log(`${event.type}: not handled by this shop`);
  }
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
  // The server, not the page, creates the link: the amount cannot be changed in the browser. The
  // Idempotency-Key comes from the order, so a retried request makes no second link.
  const orderReference = `example-${process.pid}-${++lastOrder}`;
  const order = await exampleOrder();
  const link = await pasarela.paymentLinks.create(
    { amount: order.amount, taxAmount: order.taxAmount, description: 'Pedido de ejemplo', orderReference, singleUse: true },
    { idempotencyKey: `link-${orderReference}` },
  );
  return `<!doctype html><html lang="en"><meta charset="utf-8"><title>Merchant server example</title>
<h1>Order ${escapeHtml(orderReference)}: ${escapeHtml(order.shown)}</h1>
<button id="pay" type="button">Pay</button> <output id="result"></output>
<p>The page's result is only a hint; the server's log says what the webhook and the verify call said.</p>
<script src="${escapeHtml(PASARELA_URL)}/sdk/checkout.js"></script>
<script>
  document.getElementById('pay').addEventListener('click', function () {
    Checkout.open({ code: ${JSON.stringify(link.code)}, lang: 'en' }).on('result', function (r) {
      // unknown: the payment may have been charged; the server's log will say (never a decline)
      document.getElementById('result').textContent = r.status === 'unknown' ? 'unknown: see the server log' : r.status + ' ' + r.notification.Oper;
    });
  });
</script></html>`;
}

const server = createServer(async (req, res) => {
  try {
    if (req.method === 'POST' && req.url === '/webhooks') {
      const rawBody = await readBody(req);
      // Verify the raw bytes as received: re-serialised JSON would not match the signature.
      let event;
      try {
        event = constructEvent(rawBody, req.headers['pasarela-signature'], keys.webhookSecret);
      } catch (error) {
        console.warn(`webhook refused: ${error.message}`);
        res.writeHead(400).end();
        return;
      }
      // Answer at once; slow work after the answer would make the provider time out and retry.
      res.writeHead(200).end();
      if (seenEvents.has(event.id)) return;
      seenEvents.add(event.id);
      await handleEvent(event);
    } else if (req.method === 'POST' && /^\/orders\/[A-Za-z0-9_]+\/refunds$/.test(req.url)) {
      // A refund of a paid order: { amount? } (none: all that remains), once per Idempotency-Key.
      // The key is the caller's, passed on: one this server made up would be new on the caller's
      // retry, and the retry would refund again. Pasarela requires one on refunds too.
      const codOper = req.url.split('/')[2];
      const idempotencyKey = req.headers['idempotency-key'];
      if (typeof idempotencyKey !== 'string' || idempotencyKey === '') {
        res.writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: 'missing_idempotency_key', message: 'Send an Idempotency-Key header, the same one when you retry' }));
        return;
      }
      let body;
      try {
        body = JSON.parse((await readBody(req)) || '{}');
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: 'invalid_json', message: 'The body must be JSON: { "amount": 5.25 }, or {} for all that remains' }));
        return;
      }
      try {
        const refund = await pasarela.transactions.refund(codOper, body.amount === undefined ? {} : { amount: body.amount }, { idempotencyKey });
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(refund));
      } catch (error) {
        if (!(error instanceof PasarelaError)) throw error;
        res.writeHead(error.status || 502, { 'content-type': 'application/json' }).end(JSON.stringify({ code: error.code, message: error.message }));
      }
    } else if (req.method === 'GET' && req.url === '/orders') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(Object.fromEntries(orders)));
    } else if (req.method === 'GET' && req.url === '/') {
      // The page first: a link Pasarela refused is answered below, never a page left half sent.
      const page = await checkoutPage();
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    } else {
      res.writeHead(404).end();
    }
  } catch (error) {
    console.error(`request failed: ${error.message}`);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('The request failed; the server\'s log says why.\n');
    else res.end();
  }
});

server.listen(PORT, '127.0.0.1', () => console.log(`Merchant server at ${SELF_URL} (webhooks at ${SELF_URL}/webhooks)`));
