// Card payments made over the API without a browser: a random card, typed into a card vault as the
// vault's card fields type it, and the SPEC 7 card payment that carries its token, as the widget sends
// it (bench-capacity.mjs, bench-pay.mjs's server warm-up, and the fault runs through faults/payer.mjs).
import http from 'node:http';
import { randomUUID } from 'node:crypto';

/** The sandbox's client key, the widget's for the demo merchant. */
export const CLIENT_KEY = 'pk_sandbox_pasarela_guest';

/** A random Visa number with a good Luhn digit: any card outside the test table is approved. */
export function randomVisa() {
  const digits = [4, 1, 1, 1, ...Array.from({ length: 11 }, () => Math.floor(Math.random() * 10))];
  const sum = digits.reduce((acc, d, i) => {
    // Doubling every second digit counted from the check digit, which comes last.
    const doubled = (digits.length - i) % 2 === 1 ? d * 2 : d;
    return acc + (doubled > 9 ? doubled - 9 : doubled);
  }, 0);
  return digits.join('') + String((10 - (sum % 10)) % 10);
}

/** SPEC 7's encoding of a body: base64 of its JSON, then hex. */
export const encodeSpec7 = (value) => Buffer.from(Buffer.from(JSON.stringify(value), 'utf8').toString('base64'), 'latin1').toString('hex');

/**
 * A new card (`number`, a random approved one by default) typed into the card vault at `vaultUrl`;
 * its token. The vault takes 30 cards a minute
 * from one client address, so each call comes from another loopback address (all of 127/8 is the
 * machine's own).
 */
let tokenizedFrom = 0;
export function tokenize(vaultUrl, number = randomVisa()) {
  tokenizedFrom += 1;
  const localAddress = `127.${1 + (Math.floor(tokenizedFrom / 250 / 250) % 250)}.${1 + (Math.floor(tokenizedFrom / 250) % 250)}.${2 + (tokenizedFrom % 250)}`;
  const body = JSON.stringify({ number, expMonth: '12', expYear: '2034', cvc: '123' });
  const target = new URL('/v1/cards', vaultUrl);
  return new Promise((resolve, reject) => {
    const sent = http.request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => (res.statusCode === 201 ? resolve(JSON.parse(text).token) : reject(new Error(`the card vault answered ${res.statusCode}: ${text}`))));
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

/**
 * A card payment's SPEC 7 body for link `code`, as the widget sends it: the card vault's `token`, the
 * payment's `trackId` and a captcha token of its own (a token counts once, and the sandbox's captcha
 * answers any but fail / fail-score as a person). `label` names the tool in the e-mail and the domain,
 * `concept` the purchase.
 */
export function cardPaymentBody(code, token, trackId = randomUUID(), label = 'bench', concept = 'Bench') {
  return {
    cclw: 'TIENDADEMO', code, amount: 10, taxAmount: 0, email: `${label}@example.com`, phone: '+50761234567',
    address: 'Calle 50', city: 'Panamá', ip: '127.0.0.1', concept, description: concept,
    cardInformation: { cardNumber: token, expMonth: '12', expYear: '34', firstName: 'Ana', lastName: 'Prueba', cardType: 'VISA' },
    additionalData: { domainRequested: `${label}.test`, trackId, zipCode: '0000', street: 'Calle 50', captchaToken: `${label}-person-${trackId}` },
    customFieldValues: [], txChannel: 'PWW', lang: 'es', serviceCode: 'LK', transactionsType: 'AUTH_CAPTURE', isOldVersion: true,
  };
}

/** A card payment of link `code` with the card vault's `token`, ready for fetch: a trackId of its own, so no rule joins two. */
export function cardPaymentRequest(code, token) {
  return { path: '/api/v1/cards/auth-capture', init: { method: 'POST', headers: { 'content-type': 'text/plain', 'x-api-key': CLIENT_KEY }, body: encodeSpec7(cardPaymentBody(code, token)) } };
}

/** A link of the demo merchant to pay `amount` (the sandbox's own API). */
export async function newBenchLink(sandboxUrl, amount = 10) {
  const res = await fetch(`${sandboxUrl}/sandbox/links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount, description: 'Bench' }) });
  if (res.status !== 201) throw new Error(`POST /sandbox/links answered ${res.status}: ${await res.text()}`);
  return (await res.json()).code;
}
