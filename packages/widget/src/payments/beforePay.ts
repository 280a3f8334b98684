import { createContext, type ReactNode } from 'react';

/** Between the card field and Pay, so the card field stays on a phone's first screen (issue 21). */
export const BeforePayContext = createContext<ReactNode>(null);
