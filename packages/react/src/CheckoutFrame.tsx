import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { HTMLAttributes, ReactElement } from 'react';
import { open } from '@pasarela/checkout';
import type { CheckoutSettings } from '@pasarela/checkout';
import { keepWaitingAlive } from './keepWaitingAlive';
import { splitProps } from './splitProps';
import type { CheckoutProps } from './splitProps';

/** A target, the settings, and any <div> attribute; the checkout fills the div, so no children. */
export type CheckoutFrameProps = CheckoutProps &
  Omit<HTMLAttributes<HTMLDivElement>, keyof CheckoutSettings | 'children' | 'dangerouslySetInnerHTML'>;

/** Its cleanup runs before React removes the div (a layout effect); on the server, where it never runs, no warning. */
const useEffectBeforeRemoval = typeof document == 'undefined' ? useEffect : useLayoutEffect;

/**
 * The checkout inline, in a <div> this component renders: reopened when the target, `lang`, `baseUrl`
 * or `appearance` (by value) change, and when a checkout opened in its place (a `<CheckoutButton>`'s
 * modal, or the page's own `open()`) closes. Its own closes do not call `onClose` (strict mode mounts
 * twice); a payment whose answer is on its way as it closes still reaches `onResult`.
 */
export function CheckoutFrame(props: CheckoutFrameProps): ReactElement {
  const [options, divProps] = splitProps(props);
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef(options);
  latest.current = options;
  const { code, slug, subscriptionKey, stationId, lang, baseUrl } = options;
  // a new object with the same look each render must not reopen the checkout
  const appearance = JSON.stringify(options.appearance);

  // counts the checkouts that replaced this one and have closed: each opens it again
  const [reopened, setReopened] = useState(0);

  useEffectBeforeRemoval(() => {
    const element = container.current;
    if (!element) return;
    let active = true;
    const handle = open({
      ...latest.current,
      container: element,
      onReady: (e) => active && latest.current.onReady?.(e),
      // a payment's answer is heard after the component is gone too
      onResult: (result) => latest.current.onResult?.(result),
      onClose: (e) => active && latest.current.onClose?.(e),
      onError: (error) => active && latest.current.onError?.(error),
    });
    // replaced by a checkout opened in its place (by this package or the page): back once that one has closed
    handle.on('close', (event) => {
      if (event.reason == 'replaced') void event.replacementClosed.then(() => active && setReopened((n) => n + 1));
    });
    return () => {
      active = false;
      handle.close();
      keepWaitingAlive(element);
    };
  }, [code, slug, subscriptionKey, stationId, lang, baseUrl, appearance, reopened]);

  return <div {...divProps} ref={container} />;
}
