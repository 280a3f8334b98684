// A phone of the other Nequi country is taken too, so PRODUCT.md's Colombian test phones work at
// every shop. Free of the phone library (phone.ts) so the widget's first load can read it.

import { phoneCountryOf } from './phoneCountry';

type NequiCountry = 'CO' | 'PA';

interface NequiPhoneRule {
  country: NequiCountry;
  digits: number;
  leading: string;
  example: string;
}

const RULES: Readonly<Record<NequiCountry, NequiPhoneRule>> = {
  CO: { country: 'CO', digits: 10, leading: '3', example: '300 123 4567' },
  PA: { country: 'PA', digits: 8, leading: '6', example: '6123 4567' },
};

export function nequiPhoneRule(merchantCountry: string | null | undefined): NequiPhoneRule {
  return RULES[phoneCountryOf(merchantCountry)];
}

export function nequiPhoneRules(merchantCountry: string | null | undefined): readonly [NequiPhoneRule, NequiPhoneRule] {
  const first = nequiPhoneRule(merchantCountry);
  return [first, first.country === 'CO' ? RULES.PA : RULES.CO];
}
