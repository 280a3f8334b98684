/** The dialog's accessible name, in the language the checkout itself picks (SPEC 1). */
export function checkoutName(lang: 'es' | 'en' | undefined): string {
  const picked = lang ?? (navigator.languages?.[0] ?? navigator.language ?? '').toLowerCase();
  return picked.startsWith('en') ? 'Pasarela checkout' : 'Pago con Pasarela';
}
