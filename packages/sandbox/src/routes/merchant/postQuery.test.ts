import { describe, expect, it } from 'vitest';
import { useMerchantApi } from '../../../test/merchantApiSetup';

// A POST's fields are its JSON body: one sent in the query string instead (`requests.post(url,
// params={'amount': 5})`) would be dropped, and a refund meant for 5 would give back everything.
// Such a parameter is a 400 naming it, and nothing is done; `?lang=` stays every call's.

const setup = useMerchantApi();

describe('a POST with a parameter in its query string', () => {
  it('a refund with ?amount= is a 400 naming amount, and refunds nothing', async () => {
    const { key } = await setup.newMerchant('Consultas S.A.');
    const codOper = await setup.paidCard(key, 20);
    const res = await setup.api.call('POST', `/transactions/${codOper}/refunds?amount=5`, { key, headers: { 'accept-language': 'en' } });
    expect([res.status, res.json['code']]).toEqual([400, 'invalid_arguments']);
    expect(String(res.json['message'])).toContain('(amount is not a parameter this call takes)');
    const after = await setup.api.call('GET', `/transactions/${codOper}`, { key });
    expect([after.json['refundedAmount'], after.json['refunds']]).toEqual([0, []]);
    const refunded = await setup.api.call('POST', `/transactions/${codOper}/refunds?lang=en`, { key, body: { amount: 5 } });
    expect([refunded.status, refunded.json['amount']]).toEqual([201, 5]);
  });

  it('a capture, a link and an expiry are refused alike', async () => {
    const { key } = await setup.newMerchant('Consultas Dos S.A.');
    const link = await setup.api.call('POST', '/payment-links?amount=5', { key, body: { amount: 5, description: 'Pedido' } });
    expect([link.status, link.json['code']]).toEqual([400, 'invalid_arguments']);
    expect((await setup.api.call('GET', '/payment-links', { key })).json['data']).toEqual([]);
    const made = await setup.api.call('POST', '/payment-links', { key, body: { amount: 5, description: 'Pedido' } });
    const code = String(made.json['code']);
    const expired = await setup.api.call('POST', `/payment-links/${code}/expire?at=2030-01-01T00:00:00Z`, { key });
    expect([expired.status, expired.json['code']]).toEqual([400, 'invalid_arguments']);
    expect((await setup.api.call('GET', `/payment-links/${code}`, { key })).json['state']).toBe('open');
    const capture = await setup.api.call('POST', '/transactions/PP0000000000/capture?amount=1', { key });
    expect([capture.status, capture.json['code']]).toEqual([400, 'invalid_arguments']);
  });
});
