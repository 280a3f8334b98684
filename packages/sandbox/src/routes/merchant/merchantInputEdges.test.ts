import { describe, expect, it } from 'vitest';
import { useMerchantApi } from '../../../test/merchantApiSetup';
import { disputeAtProcessor, disputeFacts } from '../../../test/cardNetwork';

// What a merchant's server sends that no call takes: each a 400 naming the parameter or field,
// never one of its values kept silently. Every answer is checked against the OpenAPI document.

const setup = useMerchantApi();

describe('a list parameter given twice', () => {
  it.each([
    ['/transactions?method=card&method=nequi', 'method'],
    ['/transactions?limit=5&limit=50', 'limit'],
    ['/transactions?result=APPROVED&result=DECLINED', 'result'],
    ['/transactions?linkCode=LKAAAA&linkCode=LKBBBB', 'linkCode'],
    ['/transactions?createdFrom=2026-01-01T00:00:00Z&createdFrom=2026-02-01T00:00:00Z', 'createdFrom'],
    ['/payment-links?state=open&state=paid', 'state'],
    ['/payment-links?orderReference=a-1&orderReference=a-2', 'orderReference'],
    ['/disputes?status=won&status=lost', 'status'],
    ['/disputes?codOper=PP1&codOper=PP2', 'codOper'],
    ['/disputes?limit=1&limit=2', 'limit'],
    ['/balance-transactions?type=charge&type=refund', 'type'],
    ['/payouts?limit=1&limit=2', 'limit'],
    ['/events?limit=1&limit=2', 'limit'],
    ['/subscriptions?email=a@example.com&email=b@example.com', 'email'],
  ])('GET %s is a 400 naming %s, in either language', async (path, name) => {
    const { key } = await setup.newMerchant('Repetidos S.A.');
    const es = await setup.api.call('GET', path, { key });
    expect([es.status, es.json['code']]).toEqual([400, 'invalid_arguments']);
    expect(String(es.json['message'])).toContain(`(${name} `);
    const en = await setup.api.call('GET', `${path}&lang=en`, { key });
    expect([en.status, en.json['code']]).toEqual([400, 'invalid_arguments']);
    expect(String(en.json['message'])).toContain(`(${name} `);
  });

  it('still takes each parameter once, and lang beside them', async () => {
    const { key } = await setup.newMerchant('Una vez S.A.');
    const codOper = await setup.paidCard(key, 4);
    const listed = await setup.api.call('GET', '/transactions?method=card&limit=5&lang=en', { key });
    expect(listed.status).toBe(200);
    expect((listed.json['data'] as Array<{ codOper: string }>).map((t) => t.codOper)).toEqual([codOper]);
  });
});

describe('dispute evidence', () => {
  async function openDispute() {
    const { key } = await setup.newMerchant('Evidencias S.A.');
    const codOper = await setup.paidCard(key, 40);
    await disputeAtProcessor(setup.t, codOper, disputeFacts(`dp_${codOper}`, 'needs_response', 4000));
    const [dispute] = (await setup.api.call('GET', `/disputes?codOper=${codOper}`, { key })).json['data'] as Array<{ id: string }>;
    return { key, id: dispute?.id ?? '' };
  }

  it.each([
    ['a bidi override', 'Entregado el 1 de mayo \u202eodagertne on'],
    ['a bell', 'Entregado\u0007'],
    ['an escape sequence', 'Entregado \u001b[31mrojo'],
  ])('with %s is a 400 naming evidence, and the dispute still takes evidence', async (_, evidence) => {
    const { key, id } = await openDispute();
    const refused = await setup.api.call('POST', `/disputes/${id}/evidence`, { key, body: { evidence } });
    expect([refused.status, refused.json['code'], refused.json['message']]).toEqual([400, 'invalid_arguments', expect.stringContaining('evidence')]);
    expect((await setup.api.call('GET', `/disputes/${id}`, { key })).json['status']).toBe('needs_response');
  });

  it('keeps its lines and tabs', async () => {
    const { key, id } = await openDispute();
    const evidence = 'Entregado el 1 de mayo.\n\tGuía: 123\r\nFirmado por el cliente.';
    const answered = await setup.api.call('POST', `/disputes/${id}/evidence`, { key, body: { evidence } });
    expect([answered.status, answered.json['status']]).toEqual([200, 'under_review']);
    expect((await setup.api.call('GET', `/disputes/${id}`, { key })).json['evidence']).toBe(evidence);
  });
});
