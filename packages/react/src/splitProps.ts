import type { CheckoutOptions, CheckoutSettings, CheckoutTarget } from '@pasarela/checkout';

/** The props of a component that opens the checkout: a target and the settings except `container`. */
export type CheckoutProps = CheckoutTarget & Omit<CheckoutSettings, 'container'>;

export function splitProps<P extends CheckoutProps>(props: P) {
  const { code, slug, subscriptionKey, stationId, lang, baseUrl, appearance, onReady, onResult, onClose, onError, ...element } = props;
  // the props were type-checked as a CheckoutTarget; open() checks them again at run time
  const options = { code, slug, subscriptionKey, stationId, lang, baseUrl, appearance, onReady, onResult, onClose, onError } as CheckoutOptions;
  return [options, element] as const;
}
