import { describe, expect, it } from 'vitest';
import { isGatewayOutcomeUnknown } from '@pasarela/gateways';
import { withinDeadline } from './stripeCall';

const conflict = Object.assign(new Error('The card\'s CVC was dropped after its authorization'), { statusCode: 409 });

describe('withinDeadline', () => {
  it('sends again after a 409 and, when the deadline cuts a later try short, names what the last answered try said', async () => {
    let tries = 0;
    const error = await withinDeadline(new Date(Date.now() + 300), 'key-1', () => {
      tries += 1;
      return tries === 1 ? Promise.reject(conflict) : new Promise<never>(() => {});
    }).catch((e: unknown) => e);
    expect(isGatewayOutcomeUnknown(error)).toBe(true);
    expect(tries).toBe(2);
    expect((error as Error).message).toBe('Stripe gave no answer by the deadline (last try: The card\'s CVC was dropped after its authorization)');
  });

  it('says only that no answer came when the first try is cut short', async () => {
    const error = await withinDeadline(new Date(Date.now() + 50), undefined, () => new Promise<never>(() => {})).catch((e: unknown) => e);
    expect((error as Error).message).toBe('Stripe gave no answer by the deadline');
  });

  it('passes on at once an error that sending again cannot mend', async () => {
    const refused = Object.assign(new Error('No such token'), { statusCode: 400 });
    let tries = 0;
    await expect(withinDeadline(new Date(Date.now() + 5_000), 'key-2', () => { tries += 1; return Promise.reject(refused); })).rejects.toBe(refused);
    expect(tries).toBe(1);
  });
});
