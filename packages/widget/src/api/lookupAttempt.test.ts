import { describe, expect, it } from 'vitest';
import { answeringApi } from '../testing/answeringApi';
import { lookupAttempt } from './lookupAttempt';

const RECORD = {
  trackId: 't-1', codOper: 'OP1', method: 'card', status: 1, result: 'APPROVED',
  authStatus: '00', messageSys: 'Aprobada', redirectUrl: null, expiresAt: null,
};

describe('lookupAttempt', () => {
  it('asks for the attempt by its trackId and reads the record', async () => {
    const seen: string[] = [];
    await expect(lookupAttempt(answeringApi(200, RECORD, seen), 't 1')).resolves.toMatchObject({ codOper: 'OP1', result: 'APPROVED' });
    expect(seen).toEqual(['https://checkout.test/api/v1/payments/attempts/t%201']);
  });

  it('404 PAYMENT_NOT_FOUND: no such attempt (null)', async () => {
    await expect(lookupAttempt(answeringApi(404, { code: 'PAYMENT_NOT_FOUND', message: 'not found' }), 't-1')).resolves.toBeNull();
  });

  it('any other failure is thrown, not read as "none"', async () => {
    await expect(lookupAttempt(answeringApi(404, { code: 'receive_not_found', message: 'x' }), 't-1')).rejects.toMatchObject({ code: 'receive_not_found' });
    await expect(lookupAttempt(answeringApi(503, { code: 'SERVICE_UNAVAILABLE', message: 'x' }), 't-1')).rejects.toMatchObject({ status: 503 });
    await expect(lookupAttempt(answeringApi(200, { ...RECORD, result: 'MAYBE' }), 't-1')).rejects.toMatchObject({ code: 'happen_error_try_again' });
  });
});
