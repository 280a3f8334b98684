import { describe, expect, it } from 'vitest';
import type { Receipt } from '@pasarela/core';
import { rememberPaidReceipt, takePaidReceipt } from './paidReceipt';

const receipt = (codOper: string) => ({ codOper, status: 1 }) as unknown as Receipt;

// The receipt an approved card answer carried is shown once, by the receipt screen of its codOper.
describe('the receipt handed over by the payment', () => {
  it('is taken once, by its own codOper only', () => {
    rememberPaidReceipt(receipt('PP1'));
    expect(takePaidReceipt('PP2')).toBeUndefined();
    expect(takePaidReceipt('PP1')?.codOper).toBe('PP1');
    // a later visit to the address reads the server again
    expect(takePaidReceipt('PP1')).toBeUndefined();
  });

  it('is the last payment\'s', () => {
    rememberPaidReceipt(receipt('PP1'));
    rememberPaidReceipt(receipt('PP3'));
    expect(takePaidReceipt('PP1')).toBeUndefined();
    expect(takePaidReceipt('PP3')?.codOper).toBe('PP3');
  });
});
