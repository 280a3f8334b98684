import { catalogs } from '@pasarela/core';
import { describe, expect, it } from 'vitest';
import { useMerchantApi } from '../../../test/merchantApiSetup';
import { disputeAtProcessor, disputeFacts } from '../../../test/cardNetwork';
import { englishWordsIn, spanishWordsIn } from '../../../test/languageWords';

// Issue 93: "every error message of the merchant API in es has no English sentence, and the
// reverse". Each answer's message is wholly in the language asked (`?lang=` or Accept-Language,
// Spanish when neither), from the catalogue: the code's text and its detail (docs/merchant-api.md "Errors").

const setup = useMerchantApi();

interface BadRequest { name: string; method: string; path: string; body?: unknown; raw?: string; headers?: Record<string, string>; key?: boolean; status: number }

async function ask(r: BadRequest, key: string, language: Record<string, string>): Promise<{ status: number; code: unknown; message: string }> {
  const headers: Record<string, string> = { ...(r.key === false ? {} : { authorization: `Bearer ${key}` }), ...language, ...r.headers };
  if (r.method === 'POST' || r.method === 'PATCH') headers['idempotency-key'] ??= crypto.randomUUID();
  const body = r.raw ?? (r.body === undefined ? undefined : JSON.stringify(r.body));
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const res = await setup.t.app.request(r.path, { method: r.method, headers, ...(body === undefined ? {} : { body }) });
  const json = (await res.json()) as { code?: unknown; message?: unknown };
  return { status: res.status, code: json.code, message: String(json.message) };
}

describe('every message of the server in one language', () => {
  it('the catalogue: no Spanish text holds an English word, no English text a Spanish one', () => {
    const mixed = Object.entries(catalogs.es).flatMap(([key, es]) => {
      const en = catalogs.en[key] ?? '';
      const wrong = [...englishWordsIn(es).map((w) => `es has "${w}"`), ...spanishWordsIn(en).map((w) => `en has "${w}"`)];
      return wrong.length ? [`${key}: ${wrong.join(', ')}`] : [];
    });
    expect(mixed).toEqual([]);
  });

  it('answers each route\'s bad requests wholly in Spanish or wholly in English, never the same words in both', async () => {
    const { key, id: merchantId } = await setup.newMerchant('Idiomas S.A.');
    const paid = await setup.paidCard(key, 4);
    const disputedPayment = await setup.paidCard(key, 40);
    await disputeAtProcessor(setup.t, disputedPayment, disputeFacts(`dp_${disputedPayment}`, 'needs_response', 4000));
    const [dispute] = (await setup.api.call('GET', `/disputes?codOper=${disputedPayment}`, { key })).json['data'] as Array<{ id: string }>;
    const disputeId = dispute?.id ?? '';
    await setup.api.call('POST', `/disputes/${disputeId}/evidence`, { key, body: { evidence: 'Entregado' } });
    const closedPayment = await setup.paidCard(key, 40);
    await disputeAtProcessor(setup.t, closedPayment, disputeFacts(`dp_${closedPayment}`, 'needs_response', 4000));
    const [closed] = (await setup.api.call('GET', `/disputes?codOper=${closedPayment}`, { key })).json['data'] as Array<{ id: string }>;
    await setup.api.call('POST', `/disputes/${closed?.id ?? ''}/accept`, { key, body: {} });
    const link = await setup.api.call('POST', '/payment-links', { key, body: { amount: 5, description: 'Pedido', orderReference: 'idioma-1' } });
    const endpoint = await setup.api.call('POST', '/webhook-endpoints', { key, body: { url: 'https://shop.example/hooks', events: ['*'] } });
    const m = '/api/v1/merchant';
    const requests: BadRequest[] = [
      { name: 'no key', method: 'GET', path: `${m}/transactions`, key: false, status: 401 },
      { name: 'a key of nobody', method: 'GET', path: `${m}/transactions`, headers: { authorization: 'Bearer sk_test_nobody' }, status: 401 },
      { name: 'no such call', method: 'GET', path: `${m}/nothing-here`, status: 404 },
      { name: 'an unknown version', method: 'GET', path: `${m}/transactions`, headers: { 'pasarela-version': '1999-01-01' }, status: 400 },
      { name: 'not JSON', method: 'POST', path: `${m}/payment-links`, raw: '{"amount":', status: 400 },
      { name: 'text/plain', method: 'POST', path: `${m}/payment-links`, raw: '{}', headers: { 'content-type': 'text/plain' }, status: 415 },
      { name: 'no Idempotency-Key', method: 'POST', path: `${m}/payment-links`, body: { amount: 5, description: 'x' }, headers: { 'idempotency-key': '' }, status: 400 },
      { name: 'amount not a number', method: 'POST', path: `${m}/payment-links`, body: { amount: 'diez', description: 'x' }, status: 400 },
      { name: 'three decimals', method: 'POST', path: `${m}/payment-links`, body: { amount: 1.234, description: 'x' }, status: 400 },
      { name: 'no description', method: 'POST', path: `${m}/payment-links`, body: { amount: 5 }, status: 400 },
      { name: 'an unknown field', method: 'POST', path: `${m}/payment-links`, body: { amount: 5, description: 'x', colour: 'red' }, status: 400 },
      { name: 'expiresAt not a date', method: 'POST', path: `${m}/payment-links`, body: { amount: 5, description: 'x', expiresAt: 'mañana' }, status: 400 },
      { name: 'expiresAt past', method: 'POST', path: `${m}/payment-links`, body: { amount: 5, description: 'x', expiresAt: '2020-01-01T00:00:00Z' }, status: 400 },
      { name: 'a method not offered', method: 'POST', path: `${m}/payment-links`, body: { amount: 5, description: 'x', methods: ['BITCOIN'] }, status: 400 },
      { name: 'a capture method', method: 'POST', path: `${m}/payment-links`, body: { amount: 5, description: 'x', captureMethod: 'later' }, status: 400 },
      { name: 'a metadata key', method: 'POST', path: `${m}/payment-links`, body: { amount: 5, description: 'x', metadata: { 'a b': 'c' } }, status: 400 },
      { name: 'a return URL', method: 'POST', path: `${m}/payment-links`, body: { amount: 5, description: 'x', returnUrl: 'ftp://shop.example' }, status: 400 },
      { name: 'an order reference taken', method: 'POST', path: `${m}/payment-links`, body: { amount: 5, description: 'x', orderReference: 'idioma-1' }, status: 409 },
      { name: 'a list limit', method: 'GET', path: `${m}/payment-links?limit=0`, status: 400 },
      { name: 'a list state', method: 'GET', path: `${m}/payment-links?state=closed`, status: 400 },
      { name: 'a list parameter', method: 'GET', path: `${m}/payment-links?colour=red`, status: 400 },
      { name: 'no such link', method: 'GET', path: `${m}/payment-links/LKNOPENOPE00`, status: 404 },
      { name: 'expire no such link', method: 'POST', path: `${m}/payment-links/LKNOPENOPE00/expire`, body: {}, status: 404 },
      { name: 'a cursor', method: 'GET', path: `${m}/transactions?cursor=nope`, status: 400 },
      { name: 'a date', method: 'GET', path: `${m}/transactions?createdFrom=ayer`, status: 400 },
      { name: 'a result', method: 'GET', path: `${m}/transactions?result=MAYBE`, status: 400 },
      { name: 'no such transaction', method: 'GET', path: `${m}/transactions/PP000000000000`, status: 404 },
      { name: 'refund of no transaction', method: 'POST', path: `${m}/transactions/PP000000000000/refunds`, body: {}, status: 404 },
      { name: 'refund below 0', method: 'POST', path: `${m}/transactions/${paid}/refunds`, body: { amount: -1 }, status: 400 },
      { name: 'refund above what remains', method: 'POST', path: `${m}/transactions/${paid}/refunds`, body: { amount: 9 }, status: 422 },
      { name: 'refund while disputed', method: 'POST', path: `${m}/transactions/${disputedPayment}/refunds`, body: {}, status: 409 },
      { name: 'capture of a captured payment', method: 'POST', path: `${m}/transactions/${paid}/capture`, body: {}, status: 409 },
      { name: 'void of an approved payment', method: 'POST', path: `${m}/transactions/${paid}/void`, body: {}, status: 409 },
      { name: 'a line type', method: 'GET', path: `${m}/balance-transactions?type=gift`, status: 400 },
      { name: 'a payout status', method: 'GET', path: `${m}/payouts?status=lost`, status: 400 },
      { name: 'no such payout', method: 'GET', path: `${m}/payouts/po_nope`, status: 404 },
      { name: 'a dispute status', method: 'GET', path: `${m}/disputes?status=open`, status: 400 },
      { name: 'no such dispute', method: 'GET', path: `${m}/disputes/dp_nope`, status: 404 },
      { name: 'evidence to no dispute', method: 'POST', path: `${m}/disputes/dp_nope/evidence`, body: { evidence: 'x' }, status: 404 },
      { name: 'empty evidence', method: 'POST', path: `${m}/disputes/${disputeId}/evidence`, body: { evidence: ' ' }, status: 400 },
      { name: 'evidence twice', method: 'POST', path: `${m}/disputes/${disputeId}/evidence`, body: { evidence: 'otra' }, status: 409 },
      { name: 'evidence to a closed dispute', method: 'POST', path: `${m}/disputes/${closed?.id ?? ''}/evidence`, body: { evidence: 'otra' }, status: 409 },
      { name: 'accept with a body', method: 'POST', path: `${m}/disputes/${disputeId}/accept`, body: { why: 'x' }, status: 400 },
      { name: 'an event type', method: 'GET', path: `${m}/events?type=order.shipped`, status: 400 },
      { name: 'no such event', method: 'GET', path: `${m}/events/evt_nope`, status: 404 },
      { name: 'an endpoint URL', method: 'POST', path: `${m}/webhook-endpoints`, body: { url: 'ftp://shop.example', events: ['*'] }, status: 400 },
      { name: 'no such endpoint', method: 'GET', path: `${m}/webhook-endpoints/we_nope`, status: 404 },
      { name: 'no such delivery', method: 'POST', path: `${m}/webhook-endpoints/${String(endpoint.json['id'])}/deliveries/whd_nope/redeliver`, body: {}, status: 404 },
      { name: 'a key roll window', method: 'POST', path: `${m}/keys/roll`, body: { expiresInSeconds: -1 }, status: 400 },
      { name: 'a brand colour', method: 'POST', path: `${m}/brand`, body: { colorPrimary: 'red' }, status: 400 },
      { name: 'an empty logo', method: 'POST', path: `${m}/brand/logo`, raw: '', headers: { 'content-type': 'image/png' }, status: 400 },
      { name: 'a body too large', method: 'POST', path: `${m}/payment-links`, raw: JSON.stringify({ amount: 5, description: 'x'.repeat(70_000) }), status: 413 },
      { name: 'decide no dispute', method: 'POST', path: '/sandbox/disputes/dp_nope/decide', body: { outcome: 'won' }, status: 404 },
      { name: 'decide an outcome', method: 'POST', path: `/sandbox/disputes/${disputeId}/decide`, body: { outcome: 'maybe' }, status: 400 },
      { name: 'decide a closed dispute', method: 'POST', path: `/sandbox/disputes/${closed?.id ?? ''}/decide`, body: { outcome: 'won' }, status: 409 },
      { name: 'a payout schedule', method: 'POST', path: `/sandbox/merchants/${merchantId}/books`, body: { payoutSchedule: 'hourly' }, status: 400 },
      { name: 'the sandbox\'s refund of no payment', method: 'POST', path: '/sandbox/transactions/PP000000000000/refunds', body: {}, status: 404 },
    ];
    expect(link.status).toBe(201);
    // A detail is said in both languages or in neither: an English answer says no more than the Spanish
    // one, nor repeats its code's text in other words ("(No such dispute for this merchant)").
    const unequal: string[] = [];
    for (const r of requests) {
      const es = await ask(r, key, {});
      const esAsked = await ask(r, key, { 'accept-language': 'es-PA,es;q=0.9' });
      const en = await ask(r, key, { 'accept-language': 'en-US,en;q=0.9' });
      const enByQuery = await ask({ ...r, path: `${r.path}${r.path.includes('?') ? '&' : '?'}lang=en` }, key, { 'accept-language': 'es' });
      expect([r.name, es.status, en.status], JSON.stringify(es)).toEqual([r.name, r.status, r.status]);
      expect([r.name, esAsked.message, enByQuery.message]).toEqual([r.name, es.message, en.message]);
      expect([r.name, englishWordsIn(es.message)], es.message).toEqual([r.name, []]);
      expect([r.name, spanishWordsIn(en.message)], en.message).toEqual([r.name, []]);
      expect([r.name, es.message === en.message], es.message).toEqual([r.name, false]);
      if (es.message.includes(' (') !== en.message.includes(' (')) unequal.push(`${r.name}: ${es.message} / ${en.message}`);
    }
    expect(unequal).toEqual([]);
  });
});
