import type { PaymentMethodId } from '@pasarela/core';

/**
 * A payment method's pictogram on its tile: a white drawing on the method's own colour, both fixed
 * so it reads the same in every theme (styles.css .method-mark--*, with the sources in NOTICE).
 * Decorative: the tile's text names the method.
 */
export function MethodMark({ id }: { id: PaymentMethodId }) {
  return <span className={`method-mark method-mark--${id}`} aria-hidden="true" />;
}
