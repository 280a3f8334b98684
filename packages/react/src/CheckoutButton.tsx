import { useRef } from 'react';
import type { ButtonHTMLAttributes, MouseEvent, ReactElement } from 'react';
import type { CheckoutSettings } from '@pasarela/checkout';
import { splitProps } from './splitProps';
import type { CheckoutProps } from './splitProps';
import { useCheckout } from './useCheckout';

/** A target (`code`, `slug`, ...), the settings, and any <button> attribute. */
export type CheckoutButtonProps = CheckoutProps &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, keyof CheckoutSettings>;

/**
 * A button that opens the modal checkout. Its `onClick` runs first and may call
 * `event.preventDefault()` to keep the checkout closed. Unmounting it closes the checkout.
 */
export function CheckoutButton(props: CheckoutButtonProps): ReactElement {
  const [options, { onClick, type = 'button', ...buttonProps }] = splitProps(props);
  const checkout = useCheckout();
  // the callbacks of the latest render, even when they change while the checkout is open
  const latest = useRef(options);
  latest.current = options;

  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    onClick?.(event);
    if (event.defaultPrevented) return;
    checkout.open({
      ...options,
      onReady: (e) => latest.current.onReady?.(e),
      onResult: (result) => latest.current.onResult?.(result),
      onClose: (e) => latest.current.onClose?.(e),
      onError: (error) => latest.current.onError?.(error),
    });
  };

  return <button type={type} aria-haspopup="dialog" {...buttonProps} onClick={handleClick} />;
}
