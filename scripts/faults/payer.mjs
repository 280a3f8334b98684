// A payer over plain HTTP with the widget's retry protocol: after an unknown outcome, look the trackId up
// (GET /api/v1/payments/attempts/:trackId) and send again, same trackId, only on 404 PAYMENT_NOT_FOUND.
import { randomUUID } from 'node:crypto';
import { CLIENT_KEY, cardPaymentBody, encodeSpec7, randomVisa, tokenize } from '../api-card-payments.mjs';

const decode = (text) => JSON.parse(Buffer.from(Buffer.from(text, 'hex').toString('latin1'), 'base64').toString('utf8'));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export { randomVisa, tokenize };

/** A card payment's SPEC 7 body: `cardToken` is the card vault's token for the card (tokenize). */
export const cardBody = (code, trackId, cardToken) => cardPaymentBody(code, cardToken, trackId, 'faults', 'Fallas');

/** Every call resolves: { status, code, data, retryAfter }, or { status: 0, error } when no answer came. */
export function apiClient(baseUrl, { timeoutMs = 5_000, counters = { fiveXX: 0, noAnswer: 0 }, headers = {} } = {}) {
  counters.statuses ??= {};
  const call = async (method, path, body) => {
    try {
      const res = await fetch(`${baseUrl}/api/v1${path}`, {
        method,
        headers: { 'x-api-key': CLIENT_KEY, ...headers, ...(body === undefined ? {} : { 'content-type': 'text/plain' }) },
        body: body === undefined ? undefined : encodeSpec7(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      if (res.status >= 500) counters.fiveXX += 1;
      counters.statuses[res.status] = (counters.statuses[res.status] ?? 0) + 1;
      let data;
      try {
        const envelope = JSON.parse(text);
        data = typeof envelope.data === 'string' ? (/^[0-9a-f]*$/i.test(envelope.data) ? decode(envelope.data) : JSON.parse(envelope.data)) : envelope.data;
      } catch {
        data = undefined; // a proxy's HTML page
      }
      return { status: res.status, code: data && typeof data === 'object' ? data.code : undefined, data, retryAfter: res.headers.get('retry-after') ?? undefined };
    } catch (error) {
      counters.noAnswer += 1;
      return { status: 0, error: error instanceof Error ? error.name : String(error) };
    }
  };
  return { call, counters };
}

/** An answer that says nothing about whether the payment was recorded. */
export const outcomeUnknown = (answer) => answer.status === 0 || answer.status === 408 || answer.status >= 500;

export async function payWithRetries(api, send, { tries = 12, pauseMs = 250, giveUp = () => false } = {}) {
  const trackId = randomUUID();
  let unknown = false;
  let sends = 0;
  for (let attempt = 1; attempt <= tries && !(unknown && giveUp()); attempt++) {
    if (unknown) {
      const looked = await api.call('GET', `/payments/attempts/${encodeURIComponent(trackId)}`);
      if (looked.status === 200) return { trackId, sends, answer: looked, via: 'lookup' };
      const notRecorded = looked.status === 404 && (looked.code === 'PAYMENT_NOT_FOUND' || looked.code === 'not_found');
      if (!notRecorded) {
        // The look-up itself failed: ask again after a pause, never send blindly.
        await sleep(pauseMs * attempt);
        continue;
      }
    }
    sends += 1;
    const answer = await send(trackId);
    if (!outcomeUnknown(answer)) return { trackId, sends, answer, via: 'send' };
    unknown = true;
    await sleep(pauseMs * Math.min(attempt, 4));
  }
  return { trackId, sends, answer: undefined, via: 'gave up' };
}
