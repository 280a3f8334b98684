import type { CheckoutAppearance } from '@pasarela/checkout';

/** The coffee shop's look in the checkout: its coffee brown on every button and link. */
export const SHOP_APPEARANCE: CheckoutAppearance = { variables: { colorPrimary: '#6b3e26' } };
