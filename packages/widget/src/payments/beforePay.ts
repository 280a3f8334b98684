import { createContext, type ReactNode } from 'react';

/**
 * What the checkout asks to show right above the card form's Pay button (the donation, the
 * merchant's custom fields): the card field comes first on a phone's first screen and these stay
 * between it and Pay (issue 21 "The first phone screen"). Null: nothing there.
 */
export const BeforePayContext = createContext<ReactNode>(null);
