// Nequi runs in Colombia and in Panama. The field speaks of the merchant's country (its hint, example
// and error); a mobile of the other Nequi country is taken too, so a payer whose account is there can pay
// and PRODUCT.md's sandbox test phones (Colombian) work at every shop.
// Kept free of the phone-number library (phone.ts holds the check) so the widget's first load can read it.

/** The countries Nequi takes phones from (ISO 3166-1 alpha-2). */
type NequiCountry = 'CO' | 'PA';

interface NequiPhoneRule {
  country: NequiCountry;
  /** The national number's length: a Colombian mobile has 10 digits, a Panamanian one 8. */
  digits: number;
  /** What every mobile of the country starts with. */
  leading: string;
  /** An example as the payer would write it, for the field's placeholder. */
  example: string;
}

const RULES: Readonly<Record<NequiCountry, NequiPhoneRule>> = {
  CO: { country: 'CO', digits: 10, leading: '3', example: '300 123 4567' },
  PA: { country: 'PA', digits: 8, leading: '6', example: '6123 4567' },
};

/**
 * The Nequi phone rule of a merchant's country: a Colombian merchant's payers use Nequi Colombia, every
 * other merchant's Nequi Panamá (SPEC 5 "Defaults when missing: ... country Panama").
 */
export function nequiPhoneRule(merchantCountry: string | null | undefined): NequiPhoneRule {
  return (merchantCountry ?? '').trim().toUpperCase() === 'CO' ? RULES.CO : RULES.PA;
}

/** Both Nequi countries' rules, the merchant's first: the order a phone is read in. */
export function nequiPhoneRules(merchantCountry: string | null | undefined): readonly [NequiPhoneRule, NequiPhoneRule] {
  const first = nequiPhoneRule(merchantCountry);
  return [first, first.country === 'CO' ? RULES.PA : RULES.CO];
}
