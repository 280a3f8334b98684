import { useEffect, useState } from 'react';
import type { ReactElement } from 'react';
import { CheckoutButton } from '@pasarela/react';
import { SHOP_APPEARANCE } from './appearance';
import { orderLink, shop } from './shop';
import type { Text } from './text';

const GIFT_CARD_AMOUNT = 25;
/** In the shop's default language, and in each its payers may read. */
const GIFT_CARD_DESCRIPTION = 'Tarjeta de regalo de Tostadores del Casco';
const GIFT_CARD_DESCRIPTIONS = { es: GIFT_CARD_DESCRIPTION, en: 'Tostadores del Casco gift card' };

/** A fixed-price item whose payment link exists before the click, so <CheckoutButton> can carry it. */
export function GiftCard({ checkoutOrigin, lang, text }: { checkoutOrigin: string; lang: 'es' | 'en'; text: Text }): ReactElement {
  const [code, setCode] = useState<string>();
  useEffect(() => {
    let current = true;
    // An order of its own beside the cart's: it neither takes the page's order number nor becomes it.
    orderLink({ amount: GIFT_CARD_AMOUNT, description: GIFT_CARD_DESCRIPTION, descriptions: GIFT_CARD_DESCRIPTIONS }, { apart: true }).then(
      (created) => current && setCode(created),
      (error: Error) => shop().setState('failed', error.message),
    );
    return () => {
      current = false;
    };
  }, []);

  return (
    <section className="gift" aria-labelledby="gift-title">
      <h2 id="gift-title">{text.giftTitle}</h2>
      <p className="note">{text.giftNote}</p>
      {code ? (
        <CheckoutButton
          id="gift-button"
          className="secondary"
          code={code}
          lang={lang}
          baseUrl={checkoutOrigin}
          appearance={SHOP_APPEARANCE}
          onResult={(result) => shop().showResult(result)}
        >
          {text.giftPay}
        </CheckoutButton>
      ) : (
        <button className="secondary" type="button" disabled>
          {text.giftPay}
        </button>
      )}
    </section>
  );
}
