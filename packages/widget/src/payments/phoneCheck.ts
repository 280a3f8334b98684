// libphonenumber-js is ~30 KB gzip: loaded on a phone field's first focus or on submit, never
// with the first screen.
import type { PhoneErrorKey } from '@pasarela/core/phone';

let loading: Promise<typeof import('@pasarela/core/phone')> | null = null;

export function preparePhoneRules(): Promise<typeof import('@pasarela/core/phone')> {
  loading ??= import('@pasarela/core/phone').catch((error: unknown) => {
    loading = null; // a retry loads again
    throw error;
  });
  return loading;
}

/** SPEC 5 invalid_phone_number through core's phoneErrorKey; `country` is where a national number is read. */
export async function checkPhone(phone: string, country = 'PA'): Promise<PhoneErrorKey | null> {
  const { phoneErrorKey } = await preparePhoneRules();
  return phoneErrorKey(phone, country);
}
