import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import {
  PasarelaError, parseMerchant, parsePaymentInfo, type WidgetMessage,
} from '@pasarela/core';
import type { ApiClient } from '../../api/client';
import { createCardPay } from './pay';
import type { CardValues } from './store';

const info = parsePaymentInfo({
  idMerchant: 7, code: 'LINK1', description: 'Café | Dos cafés', amount: 10, discount: 0, type: 'LK', email: '',
  othersValues: {}, taxAmount: 0.7, serviceCode: 'LK', transactionsType: 'AUTH_CAPTURE', lang: 'es',
  returnUrlString: 'https://shop.test/back', additionalParamsUrlString: '', customFieldValues: [], additionalData: {},
  txChannel: 'PWW', idSubscription: null,
});
const merchant = parseMerchant({ idMerchant: 7, merchantName: 'Café Ñandú', webCode: 'CCLW7', logo: '/m.svg' }, '');
const values: CardValues = {
  cardnumber: '4242424242424242', expirationDate: '12/34', cvc: '123', name: 'Ana Maria Perez', email: 'ana@example.com', phone: '61234567',
};

function setup(answer: () => Promise<unknown>) {
  const sent: unknown[] = [];
  const api: ApiClient = {
    get: () => Promise.reject(new Error('no GET expected')),
    put: () => Promise.reject(new Error('no PUT expected')),
    post: async <S extends v.GenericSchema>(path: string, schema: S, body: unknown) => {
      sent.push({ path, body });
      return v.parse(schema, await answer());
    },
  };
  const messages: WidgetMessage[] = [];
  const beforeChallenge = vi.fn();
  const pay = createCardPay({
    api, info, merchant, lang: 'es', domainRequested: 'https://shop.test',
    notify: (m) => messages.push(m), now: () => new Date('2026-11-21T17:30:00Z'), beforeChallenge,
  });
  return { pay, sent, messages, beforeChallenge };
}

describe('createCardPay', () => {
  it('sends core\'s payload with the click\'s trackId and reports an approval as success', async () => {
    const { pay, sent, messages } = setup(async () => ({ status: 1, codOper: 'OP1', messageSys: 'Aprobada', authStatus: '00', cardType: 'VISA', displayNum: '•••• 4242' }));
    expect(await pay(values, 'track-1')).toEqual({ kind: 'receipt', codOper: 'OP1' });
    const body = (sent[0] as { path: string; body: Record<string, unknown> }).body;
    expect((sent[0] as { path: string }).path).toBe('cards/auth-capture');
    expect(body).toMatchObject({ cclw: 'CCLW7', code: 'LINK1', amount: 10, taxAmount: 0.7, email: 'ana@example.com' });
    expect(body.additionalData).toMatchObject({ trackId: 'track-1', domainRequested: 'https://shop.test' });
    expect(body.cardInformation).toMatchObject({ firstName: 'Ana', lastName: 'Maria Perez', cardType: 'VISA', expMonth: '12', expYear: '34' });
    expect(messages).toHaveLength(1);
    const result = messages[0]?.type === 'result' ? messages[0].result : null;
    expect(result).toMatchObject({ status: 'success', method: 'card' });
    expect(result?.notification).toMatchObject({ TotalPagado: '10.70', Oper: 'OP1', Estado: 'APPROVED', Tipo: 'VISA', Usuario: 'ana@example.com', returnUrl: 'https://shop.test/back', isReturn: true });
  });

  it('reports a decline as error and hands back the server text', async () => {
    const { pay, messages } = setup(async () => ({ status: 0, codOper: 'OP2', messageSys: 'Fondos insuficientes', cardType: 'VISA' }));
    expect(await pay(values, 't')).toEqual({ kind: 'declined', message: { key: 'payment_declined', text: 'Fondos insuficientes' } });
    expect(messages[0]).toMatchObject({ type: 'result', result: { status: 'error', notification: { Estado: 'DECLINED', Razon: 'Fondos insuficientes' } } });
  });

  it('PENDING without a redirect goes to the receipt and is a success for the parent (SPEC 4)', async () => {
    const { pay, messages } = setup(async () => ({ status: -1, codOper: 'OP3', messageSys: '', cardType: 'VISA' }));
    expect(await pay(values, 't')).toEqual({ kind: 'receipt', codOper: 'OP3' });
    expect(messages[0]).toMatchObject({ result: { status: 'success', notification: { Estado: 'PENDING' } } });
  });

  it('follows a 3DS redirect without reporting yet', async () => {
    const { pay, messages, beforeChallenge } = setup(async () => ({ status: -1, codOper: 'OP4', redirectUrl: 'https://checkout.test/sandbox/3ds/OP4' }));
    expect(await pay(values, 't')).toEqual({ kind: 'redirect', url: 'https://checkout.test/sandbox/3ds/OP4', codOper: 'OP4' });
    expect(beforeChallenge).toHaveBeenCalledWith(values);
    expect(messages).toEqual([]);
  });

  it('reports a refusal by the server as error, but not a lost connection', async () => {
    const refused = setup(() => Promise.reject(new PasarelaError({ code: 'possible_duplicated_tx', category: 'api', status: 409 })));
    await expect(refused.pay(values, 't')).rejects.toMatchObject({ code: 'possible_duplicated_tx' });
    expect(refused.messages[0]).toMatchObject({ result: { status: 'error', notification: { Estado: 'ERROR' } } });

    const offline = setup(() => Promise.reject(new PasarelaError({ code: 'connection_error', category: 'network' })));
    await expect(offline.pay(values, 't')).rejects.toMatchObject({ code: 'connection_error' });
    expect(offline.messages).toEqual([]);
  });
});
