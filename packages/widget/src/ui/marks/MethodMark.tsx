import type { PaymentMethodId } from '@pasarela/core';
import { useMarkSvgs } from './useMarkSvgs';

/**
 * A payment method's mark on its tile: a white pictogram on the method's own colour, both fixed so
 * it reads the same in every theme (styles.css .method-mark--*). The colour is there at once, the
 * pictogram once the marks' chunk is. Decorative: the tile's text names the method.
 */
export function MethodMark({ id }: { id: PaymentMethodId }) {
  const svgs = useMarkSvgs();
  return (
    <span className={`method-mark method-mark--${id}`} aria-hidden="true">
      {svgs && svgs !== 'failed' ? svgs.METHOD_GLYPHS[id]() : null}
    </span>
  );
}
