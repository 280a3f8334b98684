import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { json, serverAnswering } from '../test/answeringServer';
import { Pasarela } from './client';
import { PasarelaError } from './http';

// docs/merchant-api.md "Books": the balance transactions as CSV, `Accept: text/csv`, every matching
// line and no pages, so the CSV refuses `limit` and `cursor` (400 naming the one given).

const csv = 'id,type,amount,fee,net,currency,created,available_on,payout_id,cod_oper,refund_id,dispute_id,source_payout_id,order_reference\r\n'
  + 'txn_1,payment,26.75,1.08,25.67,USD,2026-11-26T10:04:05.123-05:00,2026-11-28T10:04:05.123-05:00,po_1,PP1,,,,order-1042\r\n';
const csvAnswer = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="balance-transactions.csv"' }).end(csv);

describe('balanceTransactions.csv', () => {
  it('asks GET /balance-transactions with Accept: text/csv and the filters, and answers the file\'s text as it came', async () => {
    const s = await serverAnswering(csvAnswer);
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    const text = await pasarela.balanceTransactions.csv({ payout: `po_${'a'.repeat(32)}`, type: 'payment', codOper: 'PP1', createdFrom: new Date('2026-11-01T00:00:00Z'), createdTo: '2026-12-01T00:00:00Z' });
    expect(text).toBe(csv);
    expect(s.seen).toHaveLength(1);
    expect(s.seen[0]?.method).toBe('GET');
    expect(s.seen[0]?.headers['accept']).toBe('text/csv');
    expect(s.seen[0]?.headers['idempotency-key']).toBeUndefined();
    const url = new URL(s.seen[0]?.url ?? '', s.url);
    expect(url.pathname).toBe('/api/v1/merchant/balance-transactions');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      payout: `po_${'a'.repeat(32)}`, type: 'payment', codOper: 'PP1', createdFrom: '2026-11-01T00:00:00.000Z', createdTo: '2026-12-01T00:00:00Z',
    });
    // Every line, no filter: no query at all.
    await pasarela.balanceTransactions.csv();
    expect(s.seen[1]?.url).toBe('/api/v1/merchant/balance-transactions');
  });

  it('never sends limit or cursor, which the CSV refuses: a JavaScript caller passing one gets a TypeError naming it, nothing sent', async () => {
    const s = await serverAnswering(csvAnswer);
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    const untyped = pasarela.balanceTransactions.csv as (params: object) => Promise<string>;
    await expect(untyped({ limit: 100 })).rejects.toThrow(/limit.*JSON list/);
    await expect(untyped({ cursor: 'abc', payout: 'po_1' })).rejects.toThrow(/cursor.*JSON list/);
    expect(s.seen).toHaveLength(0);
  });

  it('throws an error answer (report_too_large) as PasarelaError with its code, message, status and requestId', async () => {
    const s = await serverAnswering(json(400, { code: 'report_too_large', message: 'A value sent is not valid (more than 10000 lines)', requestId: 'req_csv' }));
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    const error = await pasarela.balanceTransactions.csv().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PasarelaError);
    expect(error).toMatchObject({ status: 400, code: 'report_too_large', message: expect.stringContaining('10000'), requestId: 'req_csv' });
  });

  it('retries a 503 like any GET, then answers the file', async () => {
    const s = await serverAnswering(json(503, { code: 'happen_error_try_again', message: 'x' }), csvAnswer);
    const pasarela = new Pasarela({ secretKey: 'sk_test_1', baseUrl: s.url });
    expect(await pasarela.balanceTransactions.csv({ type: 'refund' })).toBe(csv);
    expect(s.seen.map((r) => r.url)).toEqual(['/api/v1/merchant/balance-transactions?type=refund', '/api/v1/merchant/balance-transactions?type=refund']);
  });
});
