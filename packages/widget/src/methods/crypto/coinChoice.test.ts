import { describe, expect, it } from 'vitest';
import { PasarelaError } from '@pasarela/core';
import { COINS, setup } from './testing/cryptoStoreSetup';

describe('crypto store: coins and networks (SPEC 3 coin ordering, SPEC 7 calls)', () => {
  it('loads the coins in core\'s order, BUSD at the position of XRP', async () => {
    const t = setup();
    await t.crypto().start();
    expect(t.crypto().flow.coins.map((c) => c.value)).toEqual(['USDT', 'BTC', 'BUSD', 'XRP']);
  });

  it('loads the networks of the chosen coin and picks a coin\'s only network itself', async () => {
    const t = setup();
    await t.crypto().start();
    await t.choose('USDT');
    expect(t.crypto()).toMatchObject({ networksFor: 'USDT', flow: { currency: 'USDT', network: null } });
    expect(t.crypto().flow.networks.map((n) => n.network)).toEqual(['TRX', 'ETH']);
    await t.choose('BTC');
    expect(t.crypto().flow).toMatchObject({ currency: 'BTC', network: 'BTC' });
  });

  it('ignores the networks of a coin the payer already moved away from', async () => {
    const t = setup();
    const first = t.crypto().chooseCoin('USDT');
    const second = t.crypto().chooseCoin('BTC');
    await Promise.all([first, second]);
    expect(t.crypto()).toMatchObject({ networksFor: 'BTC', flow: { currency: 'BTC', network: 'BTC' } });
  });

  it('SERVICE_UNAVAILABLE on the coins shows the catalogue message; trying again loads them', async () => {
    let down = true;
    const t = setup({
      routes: {
        'GET crypto/coins': () => {
          if (down) throw new PasarelaError({ code: 'SERVICE_UNAVAILABLE', category: 'api', status: 404 });
          return { coins: COINS };
        },
      },
    });
    await t.crypto().start();
    expect(t.crypto().failure).toEqual({ key: 'service_unavailable' });
    expect(t.crypto().flow.error).toEqual({ codeError: 'SERVICE_UNAVAILABLE', message: 'Error on load' });
    down = false;
    await t.crypto().tryAgain();
    expect(t.crypto().failure).toBeNull();
    expect(t.crypto().flow.coins).toHaveLength(4);
  });
});
