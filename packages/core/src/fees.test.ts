import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { balanceOf, feeOf, priceOf, refundedFeeCents } from './fees';

// "The percentage part is gross × basis points / 10 000 rounded to the cent, half up (0.5 cent
// becomes 1 cent), in integer arithmetic; the fee is that plus the fixed part, never more than the
// gross; net = gross − fee." (fees.ts feeOf)

describe('feeOf: the rounding rule', () => {
  it.each<[string, number, number, number, number]>([
    // what, gross, bps, fixed, fee
    ['2.90 % + 0.30 of 100.00', 10_000, 290, 30, 320],
    ['2.90 % of 0.50 is 1.45 cents: down to 1', 50, 290, 0, 1],
    ['2.50 % of 0.30 is 0.75 cents: up to 1', 30, 250, 0, 1],
    ['a tie, 0.5 cent, goes up', 20, 250, 0, 1], // 20 × 0.025 = 0.5
    ['1.50 % of 1.00 is exactly 1.5 cents: up to 2', 100, 150, 0, 2],
    ['nothing of nothing', 0, 290, 30, 0],
    ['never more than the gross', 20, 290, 30, 20],
    ['a fixed part only', 1_000, 0, 25, 25],
    ['the whole amount at 100 %', 1_234, 10_000, 0, 1_234],
    ['a large payment stays exact', 2_147_483_647, 290, 30, 62_277_056],
  ])('%s', (_what, gross, percentBps, fixedCents, fee) => {
    expect(feeOf({ percentBps, fixedCents }, gross)).toEqual({ feeCents: fee, netCents: gross - fee });
  });

  it('gross = fee + net to the cent, the fee within 0..gross, for any price and gross', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2_147_483_647 }), fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), (gross, percentBps, fixedCents) => {
      const { feeCents, netCents } = feeOf({ percentBps, fixedCents }, gross);
      return Number.isInteger(feeCents) && feeCents + netCents === gross && feeCents >= 0 && feeCents <= gross;
    }));
  });

  it('is never below the exact percentage less half a cent, nor above it plus half a cent (before the fixed part and the cap)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 0, max: 10_000 }), (gross, percentBps) => {
      const { feeCents } = feeOf({ percentBps, fixedCents: 0 }, gross);
      const exact = (gross * percentBps) / 10_000;
      return feeCents >= exact - 0.5 && feeCents <= exact + 0.5;
    }));
  });

  it('prices a method from the merchant\'s own prices, else the sandbox default', () => {
    expect(priceOf('nequi', { nequi: { percentBps: 99, fixedCents: 1 } })).toEqual({ percentBps: 99, fixedCents: 1 });
    expect(priceOf('nequi', {})).toEqual({ percentBps: 150, fixedCents: 0 });
    expect(priceOf('some-later-method', {})).toEqual({ percentBps: 290, fixedCents: 30 });
    // A merchant in pesos: the card's fixed part is 900 whole pesos.
    expect(priceOf('card', {}, 'COP')).toEqual({ percentBps: 290, fixedCents: 90_000 });
  });
});

describe('refundedFeeCents: a refund gives back its share of the fee', () => {
  it.each<[string, number, number, number, number, number, number]>([
    // what, gross, fee, refunded before, fee given back before, refund, fee back
    ['a full refund gives back the whole fee', 10_000, 320, 0, 0, 10_000, 320],
    ['half gives back half', 10_000, 320, 0, 0, 5_000, 160],
    ['the second half gives back the rest', 10_000, 320, 5_000, 160, 5_000, 160],
    ['a third: 106.67 rounds to 107', 9_000, 320, 0, 0, 3_000, 107],
    ['no fee, nothing back', 1_000, 0, 0, 0, 500, 0],
    // A full refund that failed later took back its amount and its fee: the next full refund is a first one.
    ['a full refund after one that failed later gives back the whole fee', 4_000, 146, 0, 0, 4_000, 146],
    // 30 of 50 failed after 20 succeeded: 20 refunded, 58 of the fee back; the last 30 gives back the 88 left.
    ['the rest after a part that failed later gives back the fee left', 5_000, 146, 2_000, 58, 3_000, 88],
    ['never more than the fee left', 5_000, 146, 2_000, 146, 3_000, 0],
  ])('%s', (_what, grossCents, feeCents, refundedBeforeCents, feeBackBeforeCents, refund, back) => {
    expect(refundedFeeCents({ grossCents, feeCents, refundedBeforeCents, feeBackBeforeCents }, refund)).toBe(back);
  });

  it('refunds adding up to the payment give back exactly its fee, some failing later between them, each share within 0..fee left', () => {
    const payment = fc.integer({ min: 1, max: 2_147_483_647 }).chain((gross) => fc.tuple(
      fc.constant(gross), fc.integer({ min: 0, max: gross }),
      // Each part a refund; one marked true fails later, after the next refund.
      fc.array(fc.tuple(fc.integer({ min: 1, max: gross }), fc.boolean()), { minLength: 1, maxLength: 8 }),
    ));
    fc.assert(fc.property(payment, ([grossCents, feeCents, parts]) => {
      let refunded = 0;
      let back = 0;
      let failing: { cents: number; share: number } | undefined;
      const refund = (cents: number) => {
        const share = refundedFeeCents({ grossCents, feeCents, refundedBeforeCents: refunded, feeBackBeforeCents: back }, cents);
        refunded += cents;
        back += share;
        return share >= 0 && back <= feeCents ? share : undefined;
      };
      for (const [part, failsLater] of parts) {
        const cents = Math.min(part, grossCents - refunded);
        if (cents <= 0) break;
        const share = refund(cents);
        if (share === undefined) return false;
        if (failing) {
          refunded -= failing.cents;
          back -= failing.share;
        }
        failing = failsLater ? { cents, share } : undefined;
      }
      if (failing) {
        refunded -= failing.cents;
        back -= failing.share;
      }
      if (refund(grossCents - refunded) === undefined) return false;
      return back === feeCents;
    }));
  });
});

describe('balanceOf', () => {
  it('splits the nets by their date: available once it has come, pending before', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const lines = [
      { netCents: 1_000, availableOn: new Date('2026-11-25T00:00:00Z') },
      { netCents: 2_000, availableOn: now },
      { netCents: 500, availableOn: new Date('2026-11-28T00:00:00Z') },
      { netCents: -300, availableOn: new Date('2026-11-26T11:00:00Z') },
    ];
    expect(balanceOf(lines, now)).toEqual({ availableCents: 2_700, pendingCents: 500 });
  });
});
