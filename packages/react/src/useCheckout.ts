import { useCallback, useEffect, useRef, useState } from 'react';
import { open as openCheckout } from '@pasarela/checkout';
import type { CheckoutHandle, CheckoutOptions, CheckoutResult } from '@pasarela/checkout';

export interface UseCheckout {
  /**
   * Opens the checkout (closing one that is open) and returns its handle. Throws the loader's
   * TypeError for bad options. Call it from an event handler or an effect, never while rendering.
   */
  open: (options: CheckoutOptions) => CheckoutHandle;
  /** Closes the checkout this hook opened, if it is still open. */
  close: () => void;
  /** True from open() until that checkout closes. */
  isOpen: boolean;
  /** The last payment attempt of the current checkout (approved, pending, declined, or `unknown` when its answer could not come). */
  lastResult: CheckoutResult | undefined;
}

interface State {
  isOpen: boolean;
  lastResult: CheckoutResult | undefined;
}

/**
 * The loader's `open()` as a hook; unmounting closes the checkout without calling `onClose` (nobody is
 * left to hear it), but a payment whose answer is on its way as it closes still reaches `onResult`.
 */
export function useCheckout(): UseCheckout {
  const handleRef = useRef<CheckoutHandle | undefined>(undefined);
  const mountedRef = useRef(false);
  const [state, setState] = useState<State>({ isOpen: false, lastResult: undefined });

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
      const handle = handleRef.current;
      handleRef.current = undefined;
      handle?.close();
    };
  }, []);

  const open = useCallback((options: CheckoutOptions): CheckoutHandle => {
    // the callbacks become listeners that fall silent once the component is gone, but for a payment's answer
    const { onReady, onResult, onClose, onError, ...rest } = options;
    for (const [name, callback] of Object.entries({ onReady, onResult, onClose, onError })) {
      // the loader checks this too, but only for the options it is given
      if (callback !== undefined && typeof callback != 'function') {
        throw new TypeError(`[pasarela] useCheckout().open(): ${name} must be a function`);
      }
    }
    // only callbacks were taken out: the target and settings still make a CheckoutOptions
    const handle = openCheckout(rest as CheckoutOptions);
    handleRef.current = handle;
    const live = () => mountedRef.current;
    const current = () => live() && handleRef.current === handle;
    if (onReady) handle.on('ready', (event) => live() && onReady(event));
    if (onResult) handle.on('result', onResult);
    if (onClose) handle.on('close', (event) => live() && onClose(event));
    if (onError) handle.on('error', (error) => live() && onError(error));
    handle.on('result', (result) => {
      if (current()) setState((previous) => ({ ...previous, lastResult: result }));
    });
    handle.on('close', () => {
      if (!current()) return;
      handleRef.current = undefined;
      setState((previous) => ({ ...previous, isOpen: false }));
    });
    setState({ isOpen: true, lastResult: undefined });
    return handle;
  }, []);

  const close = useCallback(() => handleRef.current?.close(), []);

  return { open, close, isOpen: state.isOpen, lastResult: state.lastResult };
}
