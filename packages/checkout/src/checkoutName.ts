/**
 * The checkout dialog's and frame's accessible name, in the payer's language (SPEC 1: Spanish by
 * default, English available): the `lang` option, else the browser's first language, as the
 * checkout itself picks it.
 */
export function checkoutName(lang: 'es' | 'en' | undefined): string {
  const picked = lang ?? (navigator.languages?.[0] ?? navigator.language ?? '').toLowerCase();
  return picked.startsWith('en') ? 'Pasarela checkout' : 'Pago con Pasarela';
}
