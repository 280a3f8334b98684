import { describe, expectTypeOf, it } from 'vitest';
import type { cardOutcome } from './cardOutcome';
import type { CardPaymentPayload } from './cardPaymentSchema';
import type { CardBrand } from './cards';
import type { PayerMessageKey } from './errorCodes';
import type { PaymentInfo } from './paymentInfo';
import type { OverallResult } from './status';
import { cardFormSchema, fieldErrors } from './validation';
import type { ValidationKey } from './validationKeys';

type CardOutcome = ReturnType<typeof cardOutcome>;

// Checked by the typecheck (tsc covers test files); the runtime part only keeps vitest happy.
describe('public types', () => {
  it('fieldErrors is keyed by the form fields and holds message keys', () => {
    const errors = fieldErrors(cardFormSchema({ now: 0 }), {});
    expectTypeOf(errors.cardnumber).toEqualTypeOf<ValidationKey | undefined>();
    // @ts-expect-error phone is not a field of the card form (phone.ts checks it)
    void errors.phone;
  });

  it('the card outcome is a union narrowed by kind', () => {
    const outcome = { kind: 'redirect', url: 'https://x.test' } as CardOutcome;
    if (outcome.kind === 'redirect') expectTypeOf(outcome.url).toBeString();
    // @ts-expect-error an unknown kind is not an outcome
    const bad: CardOutcome = { kind: 'maybe' };
    void bad;
  });

  it('payload, payment info and results use the SPEC unions', () => {
    expectTypeOf<CardPaymentPayload['cardInformation']['cardType']>().toEqualTypeOf<CardBrand>();
    expectTypeOf<PaymentInfo['cardTypes']>().toEqualTypeOf<CardBrand[]>();
    expectTypeOf<OverallResult>().toEqualTypeOf<'APPROVED' | 'PENDING' | 'DECLINED' | 'ERROR'>();
    expectTypeOf<'expired_link'>().toMatchTypeOf<PayerMessageKey>();
    expectTypeOf<'merchant_not_found'>().toMatchTypeOf<PayerMessageKey>();
  });
});
