import { describe, expect, it } from 'vitest';
import { memoryBooks } from '../memoryBooks';
import { simulatedCardProcessor } from './simulatedCardProcessor';

// docs/api.md, card register: "declined, 3D Secure or pending: no card kept". A saved card is charged
// later with nobody there to answer a challenge, so the simulated processor saves only a card its issuer
// confirms now, unless a charge follows at once (a subscription's first payment) to confirm it.

const card = (number: string) => ({ number, expMonth: '12', expYear: '2030', cvc: '123', holder: 'ANA DIAZ' });
let keys = 0;
const save = (number: string, chargeFollows?: boolean) =>
  simulatedCardProcessor(memoryBooks(), { pagesUrl: 'http://simulator.test' }).processor.saveCard({
    idempotencyKey: `save-${++keys}`, deadline: new Date(Date.now() + 10_000), card: card(number), customer: null, currency: 'USD',
    ...(chargeFollows === undefined ? {} : { chargeFollows }),
  });

describe('saveCard of the simulated card processor', () => {
  it.each([
    ['4000000000003220', '3D Secure challenge', { status: 'unconfirmed', outcome: 'challenge' }],
    ['4000000000000259', 'pending at its issuer', { status: 'unconfirmed', outcome: 'pending' }],
    ['4000000000000002', 'declined', { status: 'declined', reason: 'generic' }],
    ['4242424242424242', 'approved', { status: 'saved', brand: 'VISA', last4: '4242' }],
  ])('%s (%s) alone answers %o', async (number, _what, answer) => {
    expect(await save(number)).toMatchObject(answer);
  });

  it.each(['4000000000003220', '4000000000000259'])('%s is saved when a charge follows to confirm it', async (number) => {
    expect(await save(number, true)).toMatchObject({ status: 'saved', token: expect.stringMatching(/^simtok_/) });
  });
});
