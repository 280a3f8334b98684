import { useEffect, useRef } from 'react';
import type { HTMLAttributes, ReactElement } from 'react';
import { open } from '@pasarela/checkout';
import type { CheckoutSettings } from '@pasarela/checkout';
import { splitProps } from './splitProps';
import type { CheckoutProps } from './splitProps';

/** A target, the settings, and any <div> attribute; the checkout fills the div, so no children. */
export type CheckoutFrameProps = CheckoutProps &
  Omit<HTMLAttributes<HTMLDivElement>, keyof CheckoutSettings | 'children' | 'dangerouslySetInnerHTML'>;

/**
 * The checkout inline, in a <div> this component renders: reopened when the target, `lang`, `baseUrl`
 * or `appearance` (by value) change. Its own closes do not call `onClose` (strict mode mounts twice).
 */
export function CheckoutFrame(props: CheckoutFrameProps): ReactElement {
  const [options, divProps] = splitProps(props);
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef(options);
  latest.current = options;
  const { code, slug, subscriptionKey, stationId, lang, baseUrl } = options;
  // a new object with the same look each render must not reopen the checkout
  const appearance = JSON.stringify(options.appearance);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let active = true;
    const handle = open({
      ...latest.current,
      container: element,
      onReady: (e) => active && latest.current.onReady?.(e),
      onResult: (result) => active && latest.current.onResult?.(result),
      onClose: (e) => active && latest.current.onClose?.(e),
      onError: (error) => active && latest.current.onError?.(error),
    });
    return () => {
      active = false;
      handle.close();
    };
  }, [code, slug, subscriptionKey, stationId, lang, baseUrl, appearance]);

  return <div {...divProps} ref={container} />;
}
