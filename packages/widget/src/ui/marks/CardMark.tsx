import { CARD_BRANDS, type CardBrand } from '@pasarela/core';
import { useMarkSvgs } from './useMarkSvgs';

export function knownCardBrand(cardType: string | null | undefined): CardBrand | null {
  return CARD_BRANDS.find((brand) => brand === cardType) ?? null;
}

/** Decorative: the text beside it names the brand. */
export function CardMark({ brand }: { brand: CardBrand }) {
  const svgs = useMarkSvgs();
  return (
    <span className={`card-mark card-mark--${brand.toLowerCase()}`} aria-hidden="true">
      {svgs === 'failed' ? brand : svgs ? svgs.CARD_BRAND_SVGS[brand]() : null}
    </span>
  );
}
