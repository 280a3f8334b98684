// Compile-time checks (`npm run typecheck`; an unused @ts-expect-error is itself an error) of what a
// page in TypeScript that loads /sdk/checkout.js with a <script> tag writes: the global `Checkout`
// and the result's `Estado`. e2e/script-tag-types.e2e.ts compiles such a page against the built
// package. Nothing here imports `Checkout`: every use below is the global one.
import { describe, expectTypeOf, it } from 'vitest';
import type { CheckoutApi, ParentNotification, PaymentResult } from './index';

// only compiled, never run: open() needs a browser and a widget
function scriptTagPage() {
  expectTypeOf(Checkout).toEqualTypeOf<CheckoutApi>();
  expectTypeOf(globalThis.Checkout).toEqualTypeOf<CheckoutApi>();
  const handle = Checkout.open({
    code: 'LK4F7Q2ZP9',
    lang: 'es',
    onResult: (result) => {
      // the outcome the page could not hear: its server looks the payment up
      if (result.status === 'unknown') return result.lookup.trackId;
      // SPEC 4's overall results, APPROVED and PENDING being a success
      if (result.notification.Estado === 'PENDING') return 'voucher';
      // @ts-expect-error not an overall result of SPEC 4
      if (result.notification.Estado === 'APROBADO') return 'never';
      return result.status;
    },
  });
  // @ts-expect-error the global is the loader's API, not a constructor
  new Checkout();
  return handle;
}

describe('the global Checkout of script-tag pages', () => {
  it('is typed as the loader API, with Estado as SPEC 4 overall results', () => {
    expectTypeOf(scriptTagPage).returns.toEqualTypeOf<ReturnType<CheckoutApi['open']>>();
    expectTypeOf<ParentNotification['Estado']>().toEqualTypeOf<'APPROVED' | 'PENDING' | 'DECLINED' | 'ERROR'>();
    expectTypeOf<PaymentResult['notification']['Estado']>().not.toEqualTypeOf<string>();
  });
});
