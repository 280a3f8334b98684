import { useEffect, useState } from 'react';
import { afterFirstScreen } from '../services/afterFirstScreen';
import type { Services } from '../services/services';
import type { CheckoutSecurity } from './checkoutSecurity';
import { wholeTexts } from '../i18n/i18n';

/** A chunk of its own, fetched once the checkout is on screen: a payment waits for it, the card field does not. */
export function loadCheckoutSecurity(services: Services, merchantId: number | null): Promise<CheckoutSecurity> {
  return afterFirstScreen()
    .then(() => import('./checkoutSecurity'))
    .then((m) => m.createCheckoutSecurity(services, merchantId));
}

export function SecuritySlot({ security, disabled, hidden }: { security: Promise<CheckoutSecurity>; disabled: boolean; hidden?: boolean }) {
  const [handle, setHandle] = useState<CheckoutSecurity | null>(null);
  useEffect(() => {
    let live = true;
    // With the whole catalogue: the page's first-screen texts do not have the captcha's.
    Promise.all([security, wholeTexts()]).then(([h]) => live && setHandle(h), () => undefined);
    return () => {
      live = false;
    };
  }, [security]);
  // Until then its place is kept, so the page does not grow under the payer's finger.
  return handle ? <handle.View disabled={disabled} hidden={hidden} /> : <div className="security security--reserved" hidden={hidden} aria-hidden="true" />;
}
