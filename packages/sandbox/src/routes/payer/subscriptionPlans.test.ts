import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, createTestApp, type TestApp } from '../../../test/testApp';

// docs/api.md "GET merchant plans (or by idPlan)": an idPlan that names no plan of the merchant
// answers none, whatever it looks like; never a 500, never every plan.

let t: TestApp;
let merchantId: number;
let idPlan: number;
beforeAll(async () => {
  t = await createTestApp();
  merchantId = (await createMerchant(t, { name: 'Planes' })).id;
  const made = await t.admin('POST', '/plans', { merchantId, name: 'Plan mensual', amount: 12.34, period: 'MO' });
  idPlan = Number(made.json['idPlan']);
  await t.admin('POST', '/plans', { merchantId, name: 'Plan anual', amount: 120, period: 'AN' });
});
afterAll(() => t.close());

const plansOf = async (query: string) => {
  const r = await t.get(`/merchants/${merchantId}/plans${query}`);
  return { status: r.status, ids: ((r.data['plans'] ?? []) as Array<{ idPlan: number }>).map((p) => p.idPlan) };
};

describe('GET /merchants/:idMerchant/plans?idPlan=', () => {
  it('without idPlan (or empty) answers every plan of the merchant; with its id, that plan', async () => {
    expect((await plansOf('')).ids).toHaveLength(2);
    expect((await plansOf('?idPlan=')).ids).toHaveLength(2);
    expect(await plansOf(`?idPlan=${idPlan}`)).toEqual({ status: 200, ids: [idPlan] });
  });

  it('an id past the database column is no plan (200, none), not a 500', async () => {
    for (const q of ['2147483648', '99999999999']) expect(await plansOf(`?idPlan=${q}`)).toEqual({ status: 200, ids: [] });
  });

  it('an idPlan that is no id names no plan: not every plan, not another one read as a number', async () => {
    for (const q of ['abc', '1.5', '-1', '0', `${idPlan}.0`, `0x${idPlan.toString(16)}`, `${idPlan}e0`]) {
      expect(await plansOf(`?idPlan=${encodeURIComponent(q)}`), q).toEqual({ status: 200, ids: [] });
    }
  });
});
