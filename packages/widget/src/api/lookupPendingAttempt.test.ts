import { describe, expect, it } from 'vitest';
import { answeringApi } from '../testing/answeringApi';
import { lookupPendingAttempt } from './lookupPendingAttempt';

const PENDING = { method: 'nequi', codOper: 'OP7', expiresAt: '2026-11-25T10:00:00.000Z' };

describe('lookupPendingAttempt', () => {
  it("asks for the link's pending payment by its code and reads the method, operation and deadline", async () => {
    const seen: string[] = [];
    await expect(lookupPendingAttempt(answeringApi(200, PENDING, seen), 'LINK 1')).resolves.toEqual({ ...PENDING, phone: null });
    expect(seen).toEqual(['https://checkout.test/api/v1/payments/pending?code=LINK+1']);
  });

  it("reads a wallet phone's last four digits when the server gives them", async () => {
    await expect(lookupPendingAttempt(answeringApi(200, { ...PENDING, method: 'yappy', phone: '****3333' }), 'LINK1')).resolves.toMatchObject({ phone: '****3333' });
  });

  it('an answer with no data is "nothing pending" (null)', async () => {
    await expect(lookupPendingAttempt(answeringApi(200, null), 'LINK1')).resolves.toBeNull();
  });

  it('404 PAYMENT_NOT_FOUND, as a node from before answers "none", is null too', async () => {
    await expect(lookupPendingAttempt(answeringApi(404, { code: 'PAYMENT_NOT_FOUND', message: 'not found' }), 'LINK1')).resolves.toBeNull();
  });

  it('any other failure or shape is thrown, not read as "none"', async () => {
    await expect(lookupPendingAttempt(answeringApi(503, { code: 'SERVICE_UNAVAILABLE', message: 'x' }), 'LINK1')).rejects.toMatchObject({ status: 503 });
    await expect(lookupPendingAttempt(answeringApi(200, { ...PENDING, method: 'cheque' }), 'LINK1')).rejects.toMatchObject({ code: 'happen_error_try_again' });
  });
});
