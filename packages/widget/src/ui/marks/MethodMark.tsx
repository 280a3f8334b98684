import type { PaymentMethodId } from '@pasarela/core';
import { useMarkSvgs } from './useMarkSvgs';

/** Fixed colours, so it reads the same in every theme. Decorative: the tile's text names the method. */
export function MethodMark({ id }: { id: PaymentMethodId }) {
  const svgs = useMarkSvgs();
  return (
    <span className={`method-mark method-mark--${id}`} aria-hidden="true">
      {svgs && svgs !== 'failed' ? svgs.METHOD_GLYPHS[id]() : null}
    </span>
  );
}
