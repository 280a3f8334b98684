// Compile-time checks of the public types: `npm run typecheck` fails when one of these breaks
// (an unused @ts-expect-error is itself an error). The runtime part only keeps vitest honest.
import { describe, expectTypeOf, it } from 'vitest';
import { Checkout, open, version } from './index';
import { loadCheckout } from './pure';
import type * as Main from './index';
import type * as Pure from './pure';
import type * as Declared from './types';
import type {
  CheckoutApi,
  CheckoutClosedError,
  CheckoutEvent,
  CheckoutHandle,
  CheckoutOptions,
  CheckoutResult,
  ParentNotification,
  PaymentResult,
  UnknownPaymentResult,
} from './index';

// Every public type as each entry exports it (a type an entry lacks fails the typecheck).
type MainTypes = [
  Main.CheckoutApi,
  Main.CheckoutAppearance,
  Main.CheckoutAppearanceVariables,
  Main.CheckoutClosedError,
  Main.CheckoutCloseReason,
  Main.CheckoutError,
  Main.CheckoutEvent,
  Main.CheckoutEventName,
  Main.CheckoutFontFamily,
  Main.CheckoutHandle,
  Main.CheckoutLanguage,
  Main.CheckoutOptions,
  Main.CheckoutPreloadOptions,
  Main.CheckoutSettings,
  Main.CheckoutTarget,
  Main.CheckoutTheme,
  Main.ParentNotification,
  Main.PaymentFailureReason,
  Main.PaymentResult,
  Main.CheckoutResult,
  Main.UnknownPaymentResult,
  Main.PaymentLookup,
];
type PureTypes = [
  Pure.CheckoutApi,
  Pure.CheckoutAppearance,
  Pure.CheckoutAppearanceVariables,
  Pure.CheckoutClosedError,
  Pure.CheckoutCloseReason,
  Pure.CheckoutError,
  Pure.CheckoutEvent,
  Pure.CheckoutEventName,
  Pure.CheckoutFontFamily,
  Pure.CheckoutHandle,
  Pure.CheckoutLanguage,
  Pure.CheckoutOptions,
  Pure.CheckoutPreloadOptions,
  Pure.CheckoutSettings,
  Pure.CheckoutTarget,
  Pure.CheckoutTheme,
  Pure.ParentNotification,
  Pure.PaymentFailureReason,
  Pure.PaymentResult,
  Pure.CheckoutResult,
  Pure.UnknownPaymentResult,
  Pure.PaymentLookup,
];
type DeclaredTypes = [
  Declared.CheckoutApi,
  Declared.CheckoutAppearance,
  Declared.CheckoutAppearanceVariables,
  Declared.CheckoutClosedError,
  Declared.CheckoutCloseReason,
  Declared.CheckoutError,
  Declared.CheckoutEvent,
  Declared.CheckoutEventName,
  Declared.CheckoutFontFamily,
  Declared.CheckoutHandle,
  Declared.CheckoutLanguage,
  Declared.CheckoutOptions,
  Declared.CheckoutPreloadOptions,
  Declared.CheckoutSettings,
  Declared.CheckoutTarget,
  Declared.CheckoutTheme,
  Declared.ParentNotification,
  Declared.PaymentFailureReason,
  Declared.PaymentResult,
  Declared.CheckoutResult,
  Declared.UnknownPaymentResult,
  Declared.PaymentLookup,
];

describe('public types', () => {
  it('accepts exactly one target', () => {
    expectTypeOf<{ code: string }>().toExtend<CheckoutOptions>();
    expectTypeOf<{ slug: string }>().toExtend<CheckoutOptions>();
    expectTypeOf<{ slug: string; code: string }>().toExtend<CheckoutOptions>();
    expectTypeOf<{ subscriptionKey: string }>().toExtend<CheckoutOptions>();
    expectTypeOf<{ stationId: string; lang: 'en'; container: string; baseUrl: string }>().toExtend<CheckoutOptions>();

    expectTypeOf<{ lang: 'es' }>().not.toExtend<CheckoutOptions>();
    expectTypeOf<{ code: string; subscriptionKey: string }>().not.toExtend<CheckoutOptions>();
    expectTypeOf<{ code: string; stationId: string }>().not.toExtend<CheckoutOptions>();
    expectTypeOf<{ slug: string; stationId: string }>().not.toExtend<CheckoutOptions>();
    expectTypeOf<{ subscriptionKey: string; stationId: string }>().not.toExtend<CheckoutOptions>();
    expectTypeOf<{ code: string; lang: 'fr' }>().not.toExtend<CheckoutOptions>();
    expectTypeOf<{ code: number }>().not.toExtend<CheckoutOptions>();
  });

  it('types appearance with Stripe\'s names (PRODUCT.md "SDK beyond open()")', () => {
    expectTypeOf<{ code: string; appearance: { theme: 'auto'; variables: { colorPrimary: string; borderRadius: string; fontFamily: 'lora' } } }>().toExtend<CheckoutOptions>();
    expectTypeOf<{ code: string; appearance: { theme: 'dim' } }>().not.toExtend<CheckoutOptions>();
    expectTypeOf<{ code: string; appearance: { variables: { fontFamily: 'Comic Sans MS' } } }>().not.toExtend<CheckoutOptions>();
    expectTypeOf<{ code: string; appearance: { variables: { colorBorder: string } } }>().not.toExtend<CheckoutOptions>();
  });

  it('rejects bad literal options at the call site', () => {
    const call = (run: () => unknown) => run;
    // @ts-expect-error no target
    call(() => open({}));
    // @ts-expect-error two targets
    call(() => open({ code: 'A', stationId: 'B' }));
    // @ts-expect-error unknown language
    call(() => open({ code: 'A', lang: 'fr' }));
    // @ts-expect-error container must be an element or a selector
    call(() => open({ code: 'A', container: 42 }));
    // @ts-expect-error onResult receives a CheckoutResult, not a string
    call(() => open({ code: 'A', onResult: (r: string) => r }));
    // @ts-expect-error an `unknown` result has no notification: the page narrows on status first
    call(() => open({ code: 'A', onResult: (r) => r.notification.Oper }));
    call(() => open({ slug: 'tienda', code: 'A', lang: 'en', onResult: (r) => (r.status === 'unknown' ? r.lookup.trackId : r.notification.Oper) }));
  });

  // only compiled, never run: a handle needs a browser and a widget
  function handleTypes(handle: CheckoutHandle) {
    expectTypeOf(open).returns.toEqualTypeOf<CheckoutHandle>();
    expectTypeOf(Checkout.open).toEqualTypeOf(open);
    expectTypeOf(version).toEqualTypeOf<string>();
    expectTypeOf(handle.result).toEqualTypeOf<Promise<PaymentResult>>();
    expectTypeOf(handle.close).toEqualTypeOf<() => void>();
    expectTypeOf(handle.on('result', () => {})).toEqualTypeOf<() => void>();

    handle.on('ready', (e) => expectTypeOf(e).toEqualTypeOf<{ version: string }>());
    handle.on('result', (e) => expectTypeOf(e).toEqualTypeOf<CheckoutResult>());
    handle.on('result', (e) => {
      if (e.status === 'unknown') expectTypeOf(e.lookup).toEqualTypeOf<{ linkCode: string; trackId: string }>();
      else expectTypeOf(e.notification.Oper).toEqualTypeOf<string>();
    });
    handle.on('close', (e) => expectTypeOf(e.reason).toEqualTypeOf<'merchant' | 'payer' | 'replaced'>());
    handle.on('close', (e) => {
      // only a replaced checkout hears when the one in its place closes
      if (e.reason === 'replaced') expectTypeOf(e.replacementClosed).toEqualTypeOf<Promise<void>>();
      else expectTypeOf(e.replacementClosed).toEqualTypeOf<undefined>();
    });
    handle.on('error', (e) => expectTypeOf(e).toExtend<{ code: string; message: string }>());
    handle.on('resize', (e) => expectTypeOf(e).toEqualTypeOf<{ height: number }>());
    expectTypeOf<keyof CheckoutEvent>().toEqualTypeOf<'ready' | 'result' | 'close' | 'error' | 'resize'>();
    // @ts-expect-error unknown event
    handle.on('success', () => {});
    // @ts-expect-error a resize payload has no status
    handle.on('resize', (e) => e.status);
  }

  it('types the handle and every event payload', () => {
    expectTypeOf(handleTypes).toBeFunction();
  });

  it('types the result and its notification', () => {
    expectTypeOf<PaymentResult['status']>().toEqualTypeOf<'success' | 'error'>();
    expectTypeOf<ParentNotification>().toHaveProperty('TotalPagado').toEqualTypeOf<string>();
    expectTypeOf<ParentNotification>().toHaveProperty('Oper').toEqualTypeOf<string>();
    expectTypeOf<ParentNotification>().toHaveProperty('isReturn').toEqualTypeOf<boolean>();
    expectTypeOf<CheckoutClosedError['code']>().toEqualTypeOf<'closed'>();
    expectTypeOf<CheckoutClosedError['lastResult']>().toEqualTypeOf<CheckoutResult | undefined>();
    expectTypeOf<CheckoutResult>().toEqualTypeOf<PaymentResult | UnknownPaymentResult>();
    expectTypeOf<UnknownPaymentResult['status']>().toEqualTypeOf<'unknown'>();
    expectTypeOf<UnknownPaymentResult['method']>().toEqualTypeOf<PaymentResult['method']>();
  });

  it('exports every public type from both entries (@pasarela/checkout and @pasarela/checkout/pure)', () => {
    expectTypeOf<MainTypes>().toEqualTypeOf<DeclaredTypes>();
    expectTypeOf<PureTypes>().toEqualTypeOf<DeclaredTypes>();
  });

  it('narrows an error result to one with its reason, as docs/events.md reads it under strict TypeScript', () => {
    const explain = (result: Main.CheckoutResult): string | undefined => (result.status === 'error' ? result.reason.text : undefined);
    expectTypeOf(explain).returns.toEqualTypeOf<string | undefined>();
    expectTypeOf<Extract<Main.PaymentResult, { status: 'error' }>['reason']>().toEqualTypeOf<Main.PaymentFailureReason>();
    // docs/integration.md's catch: the last result of a closed checkout, whatever it was.
    const lastReason = (error: Main.CheckoutClosedError) => error.lastResult?.reason?.text;
    expectTypeOf(lastReason).returns.toEqualTypeOf<string | undefined>();
  });

  it('types the global Checkout and the pure entry', () => {
    expectTypeOf(Checkout).toEqualTypeOf<CheckoutApi>();
    expectTypeOf<CheckoutApi['open']>().toEqualTypeOf(open);
    expectTypeOf(loadCheckout).parameters.toEqualTypeOf<[baseUrl: string]>();
    expectTypeOf(loadCheckout).returns.toEqualTypeOf<Promise<CheckoutApi | null>>();
    expectTypeOf<Pure.CheckoutOptions>().toEqualTypeOf<CheckoutOptions>();
    const call = (run: () => unknown) => run;
    // @ts-expect-error the checkout origin is required
    call(() => loadCheckout());
    // @ts-expect-error a URL string, not an options object
    call(() => loadCheckout({ baseUrl: 'https://checkout.example.com' }));
    call(async () => (await loadCheckout('https://checkout.example.com'))?.open({ code: 'A' }).result);
  });
});
