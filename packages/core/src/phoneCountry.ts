// Free of the phone library (phone.ts) so the widget's first load can read it.

/**
 * SPEC 5: a payer's phone written without its country code is read as the merchant's country's,
 * Colombia's, else Panama's (the default country).
 */
export function phoneCountryOf(merchantCountry: string | null | undefined): 'CO' | 'PA' {
  return merchantCountry?.trim().toUpperCase() === 'CO' ? 'CO' : 'PA';
}
