import * as v from 'valibot';
import { DEFAULT_HOW_ARRIVE, RANDOM_LOGIN_MAX_EXCLUSIVE, RANDOM_LOGIN_PREFIX } from './constants';
import { optionalText } from './schemaParts';

export const DEFAULT_PROFILE_PHOTO = '/images/users/default.svg';

export const UserProfileSchema = v.object({
  photo: v.pipe(
    v.optional(v.nullable(v.string()), null),
    v.transform((p) => (p && p.trim() !== '' ? p : DEFAULT_PROFILE_PHOTO)),
  ),
  name: optionalText(),
  lastname: optionalText(),
  phone: optionalText(),
  email: optionalText(),
  address1: optionalText(),
  country: optionalText(),
});

// storedSession.ts is apart: the first screen reads the session, the wallet the rest.
export { SESSION_STORAGE_KEY, SessionSchema, readSession } from './storedSession';
export type { Session } from './storedSession';

export function randomRegistrationLogin(random: () => number = Math.random): string {
  return `${RANDOM_LOGIN_PREFIX}${Math.floor(random() * RANDOM_LOGIN_MAX_EXCLUSIVE)}`;
}

const RegistrationPayloadSchema = v.object({
  email: v.pipe(v.string(), v.email()),
  login: v.pipe(v.string(), v.minLength(1)),
  name: v.pipe(v.string(), v.minLength(1)),
  lastname: v.pipe(v.string(), v.minLength(1)),
  phone: v.string(),
  pwd: v.pipe(v.string(), v.minLength(1)),
  country: v.string(),
  address1: v.string(),
  city: v.optional(v.string()),
  returnType: v.optional(v.string()),
  howArrive: v.string(),
  emailCode: v.optional(v.string()),
});
type RegistrationPayload = v.InferOutput<typeof RegistrationPayloadSchema>;

export function buildRegistrationPayload(input: {
  email: string;
  login?: string;
  name: string;
  lastname: string;
  phone: string;
  password: string;
  country: string;
  address1: string;
  city?: string;
  returnType?: string;
  howArrive?: string;
  emailCode?: string;
  random?: () => number;
}): RegistrationPayload {
  const { password, random, login, howArrive, ...rest } = input;
  return {
    ...rest,
    email: input.email.trim(),
    login: login && login.trim() !== '' ? login.trim() : randomRegistrationLogin(random),
    pwd: password,
    howArrive: howArrive ?? DEFAULT_HOW_ARRIVE,
  };
}
