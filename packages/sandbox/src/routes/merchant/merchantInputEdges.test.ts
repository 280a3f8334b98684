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

describe('a list range that holds nothing (From after To; equal date-times, To being exclusive)', () => {
  const created = 'createdFrom=2026-03-02T00:00:00Z&createdTo=2026-03-01T00:00:00Z';
  const updated = 'updatedFrom=2026-03-02T00:00:00Z&updatedTo=2026-03-01T00:00:00Z';
  // Compared as instants, not as text: 00:00 at -05:00 is 05:00 UTC, after 04:00 UTC.
  const createdOffset = 'createdFrom=2026-03-01T00:00:00-05:00&createdTo=2026-03-01T04:00:00Z';
  // The same instant written two ways: from inclusive, to exclusive, nothing between.
  const createdEqual = 'createdFrom=2026-02-28T19:00:00-05:00&createdTo=2026-03-01T00:00:00Z';
  const updatedEqual = 'updatedFrom=2026-03-01T00:00:00Z&updatedTo=2026-03-01T00:00:00Z';
  const arrival = 'arrivalFrom=2026-03-02&arrivalTo=2026-03-01';
  const before = (from: string, to: string) => [`${from} debe ser anterior a ${to}`, `${from} must be before ${to}`];
  const notExceed = (from: string, to: string) => [`${from} no puede superar ${to}`, `${from} must not exceed ${to}`];

  it.each([
    ['/payment-links', created, before('createdFrom', 'createdTo')],
    ['/payment-links', updated, before('updatedFrom', 'updatedTo')],
    ['/payment-links', updatedEqual, before('updatedFrom', 'updatedTo')],
    ['/transactions', created, before('createdFrom', 'createdTo')],
    ['/transactions', createdOffset, before('createdFrom', 'createdTo')],
    ['/transactions', createdEqual, before('createdFrom', 'createdTo')],
    ['/transactions', updated, before('updatedFrom', 'updatedTo')],
    ['/events', created, before('createdFrom', 'createdTo')],
    ['/events', createdEqual, before('createdFrom', 'createdTo')],
    ['/balance-transactions', created, before('createdFrom', 'createdTo')],
    ['/payouts', created, before('createdFrom', 'createdTo')],
    ['/payouts', arrival, notExceed('arrivalFrom', 'arrivalTo')],
    ['/disputes', created, before('createdFrom', 'createdTo')],
    ['/subscriptions', created, before('createdFrom', 'createdTo')],
    ['/subscriptions', createdEqual, before('createdFrom', 'createdTo')],
  ])('GET %s?%s is a 400 naming both bounds, not an empty page', async (path, query, [spanish, english]) => {
    const { key } = await setup.newMerchant('Rangos S.A.');
    const es = await setup.api.call('GET', `${path}?${query}`, { key });
    expect([es.status, es.json['code'], es.json['message']]).toEqual([400, 'invalid_arguments', `Un valor enviado no es válido (${spanish})`]);
    const en = await setup.api.call('GET', `${path}?${query}&lang=en`, { key });
    expect([en.status, en.json['code'], en.json['message']]).toEqual([400, 'invalid_arguments', `A value sent is not valid (${english})`]);
  });

  it('is a 400 on the CSV export of balance transactions as well', async () => {
    const { key } = await setup.newMerchant('Rangos CSV S.A.');
    const answer = await setup.t.app.request(`/api/v1/merchant/balance-transactions?${created}&lang=en`, { headers: { authorization: `Bearer ${key}`, accept: 'text/csv' } });
    expect(answer.status).toBe(400);
    const body = await answer.json() as Record<string, unknown>;
    expect([body['code'], String(body['message'])]).toEqual(['invalid_arguments', 'A value sent is not valid (createdFrom must be before createdTo)']);
  });

  it.each([
    ['/payment-links', 'createdFrom=2026-03-01T00:00:00Z&createdTo=2026-03-01T00:00:00.001Z&updatedFrom=2026-03-01T00:00:00Z&updatedTo=2026-03-01T00:00:00.001Z'],
    ['/transactions', 'createdFrom=2026-02-28T19:00:00-05:00&createdTo=2026-03-01T00:00:01Z&updatedFrom=2026-03-01T00:00:00Z&updatedTo=2026-03-02T00:00:00Z'],
    ['/events', 'createdFrom=2026-03-01T00:00:00Z&createdTo=2026-03-02T00:00:00Z'],
    ['/balance-transactions', 'createdFrom=2026-03-01T00:00:00Z&createdTo=2026-03-02T00:00:00Z'],
    // Days hold both ends: one day is a range.
    ['/payouts', 'createdFrom=2026-03-01T00:00:00Z&createdTo=2026-03-02T00:00:00Z&arrivalFrom=2026-03-01&arrivalTo=2026-03-01'],
    ['/disputes', 'createdFrom=2026-03-01T00:00:00Z&createdTo=2026-03-02T00:00:00Z'],
    ['/subscriptions', 'createdFrom=2026-03-01T00:00:00Z&createdTo=2026-03-02T00:00:00Z'],
  ])('GET %s with a range that holds something (%s) is a 200', async (path, query) => {
    const { key } = await setup.newMerchant('Iguales S.A.');
    const answer = await setup.api.call('GET', `${path}?${query}`, { key });
    expect(answer.status).toBe(200);
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
