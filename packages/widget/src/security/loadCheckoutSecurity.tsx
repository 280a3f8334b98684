import { useEffect, useState } from 'react';
import type { Services } from '../app/services';
import type { CheckoutSecurity } from './checkoutSecurity';

/** The checkout's captcha and fingerprint, a chunk of their own fetched as the checkout shows. */
export function loadCheckoutSecurity(services: Services): Promise<CheckoutSecurity> {
  return import('./checkoutSecurity').then((m) => m.createCheckoutSecurity(services));
}

/** The captcha's place in the checkout, filled once its chunk is there. */
export function SecuritySlot({ security, disabled }: { security: Promise<CheckoutSecurity>; disabled: boolean }) {
  const [handle, setHandle] = useState<CheckoutSecurity | null>(null);
  useEffect(() => {
    let live = true;
    security.then((h) => live && setHandle(h), () => undefined);
    return () => {
      live = false;
    };
  }, [security]);
  return handle ? <handle.View disabled={disabled} /> : null;
}
