/**
 * The dialog's accessible name until the checkout names it with the shop and the amount (a `name`
 * message), in the language the checkout itself picks (SPEC 1): `navigator.language` is the first
 * of `navigator.languages`.
 */
export function checkoutName(lang: 'es' | 'en' | undefined): string {
  return (lang ?? navigator.language).startsWith('en') ? 'Pasarela checkout' : 'Pago con Pasarela';
}
