import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useMerchantApi } from '../../test/merchantApiSetup';
import { loggedInWalletUser } from '../../test/walletUser';

// A refund of a balance payment goes back to the wallet in the refund's own transaction; a wallet
// holds at most 2,147,483,647 cents (store/balanceMovements WALLET_BALANCE_MAX_CENTS, its column's).

const setup = useMerchantApi({ webhooks: false });

const wallet = (balance: number) => loggedInWalletUser(setup.t, balance);

const balanceCents = async (userId: number) => (await setup.t.db.query<{ balance_cents: number }>('select balance_cents from users where id = $1', [userId]))[0]?.balance_cents;

describe('a refund of a balance payment', () => {
  it('that the balance cannot hold (past 2,147,483,647 cents) is refused with 409 wallet_balance_full: nothing moves, and the payment stays refundable', async () => {
    const m = await setup.newMerchant('Saldo Lleno S.A.');
    const { auth, id } = await wallet(30);
    const link = await setup.api.call('POST', '/payment-links', { key: m.key, body: { amount: 25, description: 'Pedido' } });
    const paid = await setup.t.post('/activity/pay', { sourceSearch: { paymentCode: String(link.json['code']) }, useFunds: true, trackId: randomUUID() }, auth);
    const codOper = String(paid.data['codOper']);
    // The balance grew meanwhile to 10.00 short of what it holds at most.
    await setup.t.db.query('update users set balance_cents = 2147483647 - 1000 where id = $1', [id]);
    const refused = await setup.api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, body: { amount: 20 } });
    expect(refused).toMatchObject({ status: 409, json: { code: 'wallet_balance_full' } });
    expect(refused.json['message']).toBe('El saldo de la billetera que pagó no puede recibir este reembolso: superaría el máximo de un saldo ($21,474,836.47). No se movió dinero; el pago se puede reembolsar por un monto que quepa');
    expect(await balanceCents(id)).toBe(2147483647 - 1000);
    expect(await setup.t.db.query('select id from refunds where cod_oper = $1', [codOper])).toEqual([]);
    // What fits is given back.
    expect(await setup.api.call('POST', `/transactions/${codOper}/refunds`, { key: m.key, body: { amount: 10 } })).toMatchObject({ status: 201 });
    expect(await balanceCents(id)).toBe(2147483647);
    expect((await setup.api.call('GET', `/transactions/${codOper}`, { key: m.key })).json).toMatchObject({ refundableAmount: 15 });
  });
});
