import type { ReactElement } from 'react';
import type { CardBrand, PaymentMethodId } from '@pasarela/core';

// The marks' drawings, a lazy chunk of their own (useMarkSvgs.ts): the first screen paints without
// them, its tiles and chips already in place and coloured. Sources and licences in NOTICE.

/**
 * Each method's pictogram, drawn in the tile mark's currentColor (styles.css .method-mark svg sets
 * the stroke). Lucide 1.62.0 (ISC): credit-card, wallet, banknote, bitcoin, key-round. Drawn here,
 * no icon set having them: Nequi's and Yappy's, a phone with the method's initial.
 */
export const METHOD_GLYPHS: Record<PaymentMethodId, () => ReactElement> = {
  card: () => (
    <svg viewBox="0 0 24 24" focusable="false">
      <rect width="20" height="14" x="2" y="5" rx="2" />
      <path d="M2 10h20M6 14h2" />
    </svg>
  ),
  nequi: () => (
    <svg viewBox="0 0 24 24" focusable="false">
      <rect width="12" height="20" x="6" y="2" rx="2" />
      <path d="M9.5 15V9l5 6V9" />
    </svg>
  ),
  yappy: () => (
    <svg viewBox="0 0 24 24" focusable="false">
      <rect width="12" height="20" x="6" y="2" rx="2" />
      <path d="M9.5 8.5 12 12l2.5-3.5M12 12v4" />
    </svg>
  ),
  clave: () => (
    <svg viewBox="0 0 24 24" focusable="false">
      <path d="M2.586 17.414A2 2 0 0 0 2 18.828V21a1 1 0 0 0 1 1h3a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h1a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h.172a2 2 0 0 0 1.414-.586l.814-.814a6.5 6.5 0 1 0-4-4z" />
      <circle cx="16.5" cy="7.5" r=".5" fill="currentColor" />
    </svg>
  ),
  cash: () => (
    <svg viewBox="0 0 24 24" focusable="false">
      <rect width="20" height="12" x="2" y="6" rx="2" />
      <circle cx="12" cy="12" r="2" />
      <path d="M6 12h.01M18 12h.01" />
    </svg>
  ),
  crypto: () => (
    <svg viewBox="0 0 24 24" focusable="false">
      <path d="M11.767 19.089c4.924.868 6.14-6.025 1.216-6.894m-1.216 6.894L5.86 18.047m5.908 1.042-.347 1.97m1.563-8.864c4.924.869 6.14-6.025 1.215-6.893m-1.215 6.893-3.94-.694m5.155-6.2L8.29 4.26m5.908 1.042.348-1.97M7.48 20.364l3.126-17.727" />
    </svg>
  ),
  balance: () => (
    <svg viewBox="0 0 24 24" focusable="false">
      <path d="M19 7V4a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v4h-3a2 2 0 0 0 0 4h3a1 1 0 0 0 1-1v-2a1 1 0 0 0-1-1" />
      <path d="M3 5v14a2 2 0 0 0 2 2h15a1 1 0 0 0 1-1v-4" />
    </svg>
  ),
};

// Simple Icons 16.37.0 (CC0-1.0): visa, mastercard, americanexpress, coordinates to two decimals.
// Mastercard is its one-colour path split into its three parts, each in the brand's colour.

/** Each accepted card brand's mark, in its own colours, on the white chip of styles.css .card-mark (a new element each call). */
export const CARD_BRAND_SVGS: Record<CardBrand, () => ReactElement> = {
  VISA: () => (
    <svg viewBox="0 0 24 24" focusable="false">
      <path fill="#1a1f71" d="m9.11 8.26-3.14 7.5H3.92L2.37 9.78c-.09-.37-.17-.5-.46-.66A8 8 0 0 0 0 8.48l.05-.22h3.3a.9.9 0 0 1 .89.77l.82 4.33 2.01-5.1zm8.04 5.05c0-1.98-2.74-2.09-2.72-2.97 0-.27.26-.56.82-.63a3.7 3.7 0 0 1 1.91.34l.34-1.6a5 5 0 0 0-1.81-.33c-1.92 0-3.27 1.02-3.28 2.48-.01 1.08.96 1.68 1.7 2.04.75.37 1 .6 1 .93 0 .5-.6.73-1.16.74-.97.01-1.54-.26-1.99-.47l-.35 1.64c.45.2 1.3.39 2.16.4 2.03 0 3.37-1.01 3.37-2.57m5.07 2.45H24l-1.56-7.5h-1.66a.9.9 0 0 0-.83.55l-2.9 6.95h2.03l.4-1.12h2.5zm-2.17-2.66 1.02-2.81.6 2.81zm-8.16-4.84-1.6 7.5H8.34l1.6-7.5z" />
    </svg>
  ),
  MC: () => (
    <svg viewBox="0 0 24 24" focusable="false">
      <path fill="#eb001b" d="m11.34 18.03.18.15a7.41 7.41 0 1 1 0-12.35q-.1.06-.16.14a7.96 7.96 0 0 0-.02 12.06" />
      <path fill="#f79e1b" d="M16.58 4.58c-1.52 0-2.93.46-4.1 1.24l.16.15a7.96 7.96 0 0 1-.16 12.2 7.41 7.41 0 1 0 4.1-13.6" />
      <path fill="#ff5f00" d="m12 6.17-.28.24A7.4 7.4 0 0 0 12 17.83l.28-.24A7.4 7.4 0 0 0 12 6.17" />
    </svg>
  ),
  AMEX: () => (
    <svg viewBox="0 0 24 24" focusable="false">
      <path fill="#2e77bc" d="M16.02 14.38q-.02-.46-.35-.62-.3-.16-.8-.14h-1.55v2.82h.67v-1.03h.72q.36-.01.48.13c.12.13.1.38.1.55v.35h.67v-.56c0-.25-.02-.37-.11-.51a1 1 0 0 0-.33-.24h.02a.8.8 0 0 0 .48-.75m-.87.4h-.03q-.14.07-.33.06h-.81v-.63h.82q.19-.01.33.05.16.09.15.26 0 .18-.13.27zm5.15 1.06H19v.6h1.3q1.04.01 1.05-.89c0-.28-.06-.44-.18-.58q-.24-.2-.73-.2l-.38-.02q-.15 0-.25-.03a.2.2 0 0 1-.15-.21q-.01-.15.09-.21l.27-.06h1.23v-.6H19.9c-.7 0-.96.43-.96.84 0 .9.78.85 1.4.87q.17 0 .23.06.08.05.08.18 0 .12-.08.18-.09.07-.27.07M0 0v10.1l.81-1.88h1.75l.23.46v-.46h2.04l.45 1.02.44-1.01h6.5q.46-.02.75.23v-.23h1.79v.23q.46-.24 1.12-.23h2.6l.25.47v-.47h1.91l.26.47v-.47h1.86v3.95h-1.89l-.36-.6v.59h-2.35l-.26-.63h-.58l-.27.6h-1.21q-.72-.02-1.08-.23v.24h-2.9v-.88c0-.12-.02-.12-.1-.14h-.1v1.04h-5.6v-.48l-.2.48H4.69l-.2-.48v.46H2.23l-.25-.62H1.4l-.26.62H0V24h23.79v-7.1q-.42.18-.98.17H21.1v-.25a1.6 1.6 0 0 1-.91.25H14.7v-.9c0-.12-.02-.12-.12-.12h-.07v1.02h-1.8v-1.06c-.3.13-.65.15-.93.13h-.22v.92H9.4l-.54-.62-.57.6H4.74v-3.93h3.61l.52.6.55-.6h2.42c.28 0 .74.03.94.23v-.24h2.18c.2 0 .64.04.9.22v-.24h3.26v.24c.17-.16.51-.24.8-.24h1.9v.24q.28-.23.84-.24h1.17V0zm21.16 14.96.04.02zm2.67-1.88h.06v.56h-.06zm.04 1.95-.08-.08q-.22-.22-.76-.22l-.36-.01q-.17 0-.27-.03a.2.2 0 0 1-.15-.21q0-.14.09-.2.1-.07.27-.06h1.22v-.58h-1.28c-.7 0-.96.43-.96.84 0 .9.78.85 1.4.87q.17 0 .23.06.08.05.08.18 0 .1-.1.18-.06.07-.26.07h-1.3v.6h1.3q.63 0 .9-.36h.02a1 1 0 0 0 .14-.52 1 1 0 0 0-.13-.53m-5.27-.82v-.59h-2.24v2.84h2.24v-.59h-1.57v-.57h1.53v-.58h-1.53v-.51M13.5 8.79h.69v2.81h-.69zm-.38.75q-.01-.45-.34-.61c-.22-.13-.47-.14-.81-.14h-1.54v2.82h.67v-1.03h.72q.36 0 .5.12c.11.13.1.37.1.54v.36h.67v-.56c0-.25-.01-.37-.1-.51a1 1 0 0 0-.34-.24.8.8 0 0 0 .48-.75m-.86.4q-.14.07-.33.06h-.83v-.63h.83q.18-.01.32.05.15.07.15.25c0 .18-.04.22-.13.27m3.65-.57h.63v-.6h-.64q-.7 0-1.02.33c-.29.3-.36.7-.36 1.11 0 .51.12.84.36 1.08.23.23.64.3.97.3h.78l.25-.62h1.4l.25.63h1.36V9.49l1.28 2.1h.94V8.8h-.68v1.96l-1.2-1.96h-1.02v2.61L18.1 8.75h-1l-.95 2.22h-.3c-.17 0-.36-.03-.47-.13q-.18-.22-.18-.66.01-.44.2-.63c.13-.14.26-.17.5-.17zm1.67-.1.46 1.11h-.93zm-15.21 1.7.25.63H4V9.4l.97 2.2h.59l.97-2.2.01 2.2h.7V8.79H6.11l-.8 1.9-.89-1.9H3.35v2.66L2.21 8.79h-1L0 11.59h.72l.26-.62zm-.69-1.7.46 1.11h-.92zm10.17 4.35H9.7l-.85.92-.82-.92h-2.7v2.82H8l.86-.93.82.93h1.3v-.94h.84c.6 0 1.17-.16 1.17-.95s-.6-.93-1.14-.93m-4.19 2.23H6.02v-.56h1.47v-.57H6.02v-.51H7.7l.73.82zm2.64.33-1.03-1.14 1.03-1.11zm1.55-1.25h-.88v-.72h.88c.24 0 .42.1.42.34q0 .37-.42.37zm-1.9-5.56V8.8H7.74v2.81h2.24v-.58H8.4v-.56h1.53v-.58H8.4v-.5" />
    </svg>
  ),
};
