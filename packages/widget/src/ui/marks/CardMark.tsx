import { useEffect, useState } from 'react';
import { CARD_BRANDS, type CardBrand } from '@pasarela/core';
import { afterFirstScreen } from '../../services/afterFirstScreen';

type BrandSvgs = typeof import('./cardBrandSvgs');

// The marks' paths stay out of the first load: the chip keeps its size while they arrive. They are
// decoration, so they wait for the browser's second idle moment, after the work the payment needs
// (the captcha, the messaging code: afterFirstScreen) has started.
let loaded: BrandSvgs | null = null;
let loading: Promise<BrandSvgs> | null = null;

function loadBrandSvgs(): Promise<BrandSvgs> {
  loading ??= afterFirstScreen()
    .then(afterFirstScreen)
    .then(() => import('./cardBrandSvgs'))
    .then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = null; // a later mark tries again
        throw error;
      },
    );
  return loading;
}

/** A brand the widget has a mark for, from a saved card's or a receipt's card type ("VISA", "MC", "AMEX"). */
export function knownCardBrand(cardType: string | null | undefined): CardBrand | null {
  return CARD_BRANDS.find((brand) => brand === cardType) ?? null;
}

/**
 * A card brand's mark on a small white chip (styles.css .card-mark). Decorative: the text beside it
 * names the brand. Shows the brand's short name if its mark cannot be loaded.
 */
export function CardMark({ brand }: { brand: CardBrand }) {
  const [svgs, setSvgs] = useState<BrandSvgs | 'failed' | null>(loaded);
  useEffect(() => {
    if (svgs !== null) return;
    let live = true;
    loadBrandSvgs().then(
      (module) => live && setSvgs(module),
      () => live && setSvgs('failed'),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <span className={`card-mark card-mark--${brand.toLowerCase()}`} aria-hidden="true">
      {svgs === 'failed' ? brand : svgs ? svgs.CARD_BRAND_SVGS[brand]() : null}
    </span>
  );
}
