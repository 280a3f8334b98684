import { describe, expect, it } from 'vitest';
import { useMerchantApi } from '../../../test/merchantApiSetup';
import { loggedInWalletUser } from '../../../test/walletUser';

// The wallet's balance as its payer reads it.

const setup = useMerchantApi({ webhooks: false });

const wallet = (balance: number) => loggedInWalletUser(setup.t, balance);

describe('GET /users/me/balance', () => {
  it('of a session whose account is gone is 401 session_expired, as GET /users/me is, never a balance of 0', async () => {
    const { auth, id } = await wallet(12);
    expect((await setup.t.get('/users/me/balance', auth)).data).toMatchObject({ balance: [{ disponible: 12 }] });
    // The account's row removed under its live session (its other rows kept: no trigger or key checked).
    await setup.t.db.transaction(async (tx) => {
      await tx.exec('set local session_replication_role = replica');
      await tx.query('delete from users where id = $1', [id]);
    });
    expect(await setup.t.get('/users/me', auth)).toMatchObject({ status: 401, data: { code: 'session_expired' } });
    expect(await setup.t.get('/users/me/balance', auth)).toMatchObject({ status: 401, data: { code: 'session_expired' } });
    // Its payment requests too: no address is left to list those sent to it by.
    for (const path of ['/activity', '/activity/pending']) expect(await setup.t.get(path, auth)).toMatchObject({ status: 401, data: { code: 'session_expired' } });
  });
});
