// Compile-time checks of @pasarela/react's public types: `npm run typecheck` fails when one breaks
// (an unused @ts-expect-error is itself an error). The runtime part only keeps vitest honest.
import type { ComponentProps } from 'react';
import { describe, expectTypeOf, it } from 'vitest';
import type { CheckoutHandle, CheckoutOptions, CheckoutResult } from '@pasarela/checkout';
import { CheckoutButton, CheckoutFrame, useCheckout } from './index';
import type { CheckoutButtonProps, CheckoutFrameProps, UseCheckout } from './index';

// only compiled, never rendered
function buttonProps() {
  return [
    <CheckoutButton code="LK1" />,
    <CheckoutButton slug="tienda" code="LK1" lang="en" baseUrl="https://checkout.example.com" />,
    <CheckoutButton subscriptionKey="SUB" className="pay" disabled onClick={(e) => e.preventDefault()} />,
    <CheckoutButton stationId="42" onResult={(r) => (r.status === 'unknown' ? r.lookup.trackId : r.notification.Oper)} onClose={(e) => e.reason} onError={(e) => e.code} />,
    <CheckoutButton code="LK1" appearance={{ theme: 'dark', variables: { colorPrimary: '#6b3e26', spacingUnit: '0.25rem' } }} />,
    // @ts-expect-error an unknown theme
    <CheckoutButton code="A" appearance={{ theme: 'dim' }} />,
    // @ts-expect-error no target
    <CheckoutButton lang="es" />,
    // @ts-expect-error two targets
    <CheckoutButton code="A" stationId="B" />,
    // @ts-expect-error unknown language
    <CheckoutButton code="A" lang="fr" />,
    // @ts-expect-error the button opens a modal: no container
    <CheckoutButton code="A" container="#inline" />,
    // @ts-expect-error onResult receives a CheckoutResult
    <CheckoutButton code="A" onResult={(r: string) => r} />,
    // @ts-expect-error onError is the checkout's error, not the DOM's error event
    <CheckoutButton code="A" onError={(e: Event) => e} />,
  ];
}

function frameProps() {
  return [
    <CheckoutFrame code="LK1" className="checkout" style={{ maxWidth: 480 }} />,
    <CheckoutFrame slug="tienda" onResult={(r) => r.status} />,
    // @ts-expect-error no target
    <CheckoutFrame />,
    // @ts-expect-error two targets
    <CheckoutFrame subscriptionKey="A" slug="B" />,
    // @ts-expect-error the checkout fills the frame: no children
    <CheckoutFrame code="A">text</CheckoutFrame>,
    // @ts-expect-error the frame is the container
    <CheckoutFrame code="A" container="#inline" />,
  ];
}

describe('@pasarela/react public types', () => {
  it('takes exactly one target and the loader settings on both components', () => {
    expectTypeOf(buttonProps).toBeFunction();
    expectTypeOf(frameProps).toBeFunction();
    expectTypeOf<CheckoutButtonProps['onResult']>().toEqualTypeOf<((result: CheckoutResult) => void) | undefined>();
    expectTypeOf<CheckoutFrameProps['lang']>().toEqualTypeOf<'es' | 'en' | undefined>();
    expectTypeOf<ComponentProps<typeof CheckoutButton>>().toEqualTypeOf<CheckoutButtonProps>();
    expectTypeOf<{ code: string }>().toExtend<CheckoutButtonProps>();
    expectTypeOf<{ code: string; subscriptionKey: string }>().not.toExtend<CheckoutButtonProps>();
  });

  it('types useCheckout from the loader types', () => {
    expectTypeOf(useCheckout).returns.toEqualTypeOf<UseCheckout>();
    expectTypeOf<UseCheckout['open']>().parameters.toEqualTypeOf<[CheckoutOptions]>();
    expectTypeOf<UseCheckout['open']>().returns.toEqualTypeOf<CheckoutHandle>();
    expectTypeOf<UseCheckout['close']>().toEqualTypeOf<() => void>();
    expectTypeOf<UseCheckout['isOpen']>().toEqualTypeOf<boolean>();
    expectTypeOf<UseCheckout['lastResult']>().toEqualTypeOf<CheckoutResult | undefined>();
  });

  // only compiled: a hook needs a component
  function hookCalls(checkout: UseCheckout) {
    checkout.open({ code: 'A', container: '#inline' });
    // @ts-expect-error no target
    checkout.open({ lang: 'es' });
    // @ts-expect-error two targets
    checkout.open({ code: 'A', stationId: 'B' });
  }

  it('rejects bad options to open()', () => {
    expectTypeOf(hookCalls).toBeFunction();
  });
});
