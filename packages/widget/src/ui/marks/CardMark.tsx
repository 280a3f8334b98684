import { CARD_BRANDS, type CardBrand } from '@pasarela/core';
import { useMarkSvgs } from './useMarkSvgs';

/** A brand the widget has a mark for, from a saved card's or a receipt's card type ("VISA", "MC", "AMEX"). */
export function knownCardBrand(cardType: string | null | undefined): CardBrand | null {
  return CARD_BRANDS.find((brand) => brand === cardType) ?? null;
}

/**
 * A card brand's mark on a small white chip of a fixed size (styles.css .card-mark). Decorative: the
 * text beside it names the brand. Shows the brand's short name if its drawing cannot be loaded.
 */
export function CardMark({ brand }: { brand: CardBrand }) {
  const svgs = useMarkSvgs();
  return (
    <span className={`card-mark card-mark--${brand.toLowerCase()}`} aria-hidden="true">
      {svgs === 'failed' ? brand : svgs ? svgs.CARD_BRAND_SVGS[brand]() : null}
    </span>
  );
}
