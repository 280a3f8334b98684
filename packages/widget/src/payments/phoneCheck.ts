// libphonenumber-js is ~30 KB gzip: loaded on a phone field's first focus or on submit.
import type { PhoneErrorKey } from '@pasarela/core/phone';

let loading: Promise<typeof import('@pasarela/core/phone')> | null = null;

export function preparePhoneRules(): Promise<typeof import('@pasarela/core/phone')> {
  loading ??= import('@pasarela/core/phone').catch((error: unknown) => {
    loading = null; // a retry loads again
    throw error;
  });
  return loading;
}

export const phoneHintKey = (country: 'CO' | 'PA') => (country === 'CO' ? 'phone_hint_co' : 'phone_hint');

let last: { phone: string; country: string; key: PhoneErrorKey | null } | undefined;

export async function checkPhone(phone: string, country = 'PA'): Promise<PhoneErrorKey | null> {
  if (last?.phone === phone && last.country === country) return last.key;
  const { phoneErrorKey } = await preparePhoneRules();
  const key = phoneErrorKey(phone, country);
  last = { phone, country, key };
  return key;
}
