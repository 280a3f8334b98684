import type { Gateways } from '@pasarela/gateways';
import { describe, expect, it } from 'vitest';
import { useMerchantApi } from '../../../test/merchantApiSetup';
import { disputeAtProcessor, disputeFacts } from '../../../test/cardNetwork';

// docs/merchant-api.md "Disputes": takenAmount "is what it took: at most what was paid and not
// refunded". A refund waiting on its processor holds its part; a dispute booked meanwhile takes the
// rest. When the processor then refuses the refund (502 refund_refused), nothing was refunded: the
// open dispute takes that part too, one more dispute line and dispute.updated.

/** While a refund's processor call is out, `meanwhile` runs; then the processor refuses it. */
let meanwhile: (() => Promise<void>) | undefined;
const refusingAfter = (inner: Gateways): Gateways => ({
  ...inner,
  card: new Proxy(inner.card, {
    get(obj, name, receiver) {
      const value = Reflect.get(obj, name, receiver) as unknown;
      if (typeof value !== 'function') return value;
      if (name !== 'refund' || !meanwhile) return (value as (...a: unknown[]) => unknown).bind(obj);
      return async () => {
        const run = meanwhile;
        meanwhile = undefined;
        await run?.();
        return { status: 'refused' };
      };
    },
  }),
});

const setup = useMerchantApi({ wrapGateways: refusingAfter });

describe('a refund the processor refuses after a dispute was booked beside it', () => {
  it('30 of 50 refused: the dispute booked with 20 taken takes all 50', async () => {
    const { key } = await setup.newMerchant('Reembolso Rechazado S.A.');
    const codOper = await setup.paidCard(key, 50);
    meanwhile = () => disputeAtProcessor(setup.t, codOper, disputeFacts(`dp_${codOper}`, 'needs_response', 5000));
    const refused = await setup.api.call('POST', `/transactions/${codOper}/refunds`, { key, body: { amount: 30 } });
    expect([refused.status, refused.json['code']]).toEqual([502, 'refund_refused']);
    const [dispute] = (await setup.api.call('GET', '/disputes', { key })).json['data'] as Array<Record<string, unknown>>;
    expect(dispute).toMatchObject({ codOper, amount: 50, takenAmount: 50 });
    expect(await setup.t.db.query("select amount_cents, fee_cents from balance_transactions where cod_oper = $1 and type = 'dispute' order by seq", [codOper]))
      .toEqual([{ amount_cents: -2000, fee_cents: 1500 }, { amount_cents: -3000, fee_cents: 0 }]);
    const updated = (await setup.api.call('GET', '/events?type=dispute.updated', { key })).json['data'] as Array<{ data: Record<string, unknown> }>;
    expect(updated.map((e) => e.data['takenAmount'])).toEqual([50]);
  });
});
