import * as v from 'valibot';
import { SavedCardSchema, SessionSchema, UserProfileSchema, UserServiceSchema, NumberLike, type RegisterCardRequest } from '@pasarela/core';
import type { ApiClient } from '../api/client';
import type { StoredLogin } from '../services/session';

// One function per wallet call of SPEC 7 "User" (paths in docs/api.md).

const LoginAnswerSchema = v.object({
  ...SessionSchema.entries,
  expiresAt: v.optional(v.nullable(v.string()), null),
  user: v.looseObject({ idUsr: NumberLike }),
});

function storedLogin(answer: v.InferOutput<typeof LoginAnswerSchema>): StoredLogin {
  const expiresAt = answer.expiresAt ? Date.parse(answer.expiresAt) : Number.NaN;
  return {
    session: { sessionId: answer.sessionId, token: answer.token, user: { idUsr: answer.user.idUsr } },
    expiresAt: Number.isNaN(expiresAt) ? null : expiresAt,
  };
}

/** SPEC 7 "POST login (user and password; response sessionId, token, user)". */
export async function logIn(api: ApiClient, login: string, password: string): Promise<StoredLogin> {
  return storedLogin(await api.post('users/login', LoginAnswerSchema, { login: login.trim(), password }));
}

/** SPEC 7 "GET refresh login": a new token; the old one ends. */
export async function refreshLogin(api: ApiClient): Promise<StoredLogin> {
  return storedLogin(await api.get('users/refresh-login', LoginAnswerSchema));
}

export function logOut(api: ApiClient): Promise<unknown> {
  return api.post('users/logout', v.unknown(), {});
}

export const ProfileSchema = v.object({ ...UserProfileSchema.entries, login: v.optional(v.nullable(v.string()), null) });
export type Profile = v.InferOutput<typeof ProfileSchema>;

export function loadProfile(api: ApiClient): Promise<Profile> {
  return api.get('users/me', ProfileSchema);
}

const BalanceSchema = v.object({ balance: v.array(v.object({ disponible: v.number(), currency: v.optional(v.string(), 'USD') })) });

/** SPEC 7 "GET balance (reads balance[0].disponible)". */
export async function loadBalance(api: ApiClient): Promise<number> {
  const answer = await api.get('users/me/balance', BalanceSchema);
  return answer.balance[0]?.disponible ?? 0;
}

export const CardsSchema = v.object({ cards: v.array(SavedCardSchema) });
export function loadCards(api: ApiClient) {
  return api.get('users/me/cards', CardsSchema).then((a) => a.cards);
}

export function setDefaultCard(api: ApiClient, idRelCard: number): Promise<unknown> {
  return api.put(`users/me/cards/${idRelCard}/default`, v.unknown(), {});
}

export function removeCard(api: ApiClient, idRelCard: number): Promise<unknown> {
  return api.post(`users/me/cards/${idRelCard}/remove`, v.unknown(), {});
}

const RegisterCardAnswerSchema = v.object({
  status: v.number(),
  messageSys: v.optional(v.nullable(v.string()), null),
  card: v.optional(v.nullable(SavedCardSchema), null),
});
/**
 * SPEC 7 "POST card register (status 0 means error, with messageSys)", core's request schema. Its
 * trackId keys the card check: sent again (a retry after no answer), it is the same check.
 */
export function registerCard(api: ApiClient, card: RegisterCardRequest) {
  return api.post('users/me/cards', RegisterCardAnswerSchema, card);
}

export const WalletTransactionSchema = v.object({
  codOper: v.string(),
  method: v.string(),
  amount: v.number(),
  taxAmount: v.optional(v.number(), 0),
  status: v.number(),
  /** Read with the status (core's paymentDisplayStatus): a Nequi or Yappy payment refused shows declined. */
  authStatus: v.optional(v.nullable(v.string()), null),
  createdAt: v.string(),
  displayNum: v.optional(v.nullable(v.string()), null),
});
export type WalletTransaction = v.InferOutput<typeof WalletTransactionSchema>;

export function loadTransactions(api: ApiClient, limit: number): Promise<WalletTransaction[]> {
  return api.get('users/me/transactions', v.object({ transactions: v.array(WalletTransactionSchema) }), { limit }).then((a) => a.transactions);
}

export const ActivityPayAnswerSchema = v.object({
  activityResult: v.object({ status: v.number(), codOper: v.string() }),
  method: v.string(),
});

/** SPEC 7 "POST activity pay" with core's payload (balance: useFunds; saved card: idUsrCard). */
export function payActivity(api: ApiClient, payload: object & { trackId: string }) {
  return api.post('activity/pay', ActivityPayAnswerSchema, payload);
}

export { storedLogin, LoginAnswerSchema };

const RegisterAnswerSchema = v.union([
  v.object({ step: v.literal(2) }),
  v.object({ ...LoginAnswerSchema.entries, step: v.literal(3) }),
]);
/** SPEC 7 "POST register": without emailCode a code is mailed (step 2); with it, logged in (step 3). */
export function register(api: ApiClient, payload: object) {
  return api.post('users/register', RegisterAnswerSchema, payload);
}

const RecoveryAnswerSchema = v.union([
  v.object({ step: v.literal(2), idUsr: NumberLike }),
  v.object({ step: v.literal(3) }),
  v.object({ ...LoginAnswerSchema.entries, step: v.literal(4) }),
]);
/** SPEC 7 "POST recovery password", one call per step. */
export function recoverPassword(api: ApiClient, body: object) {
  return api.post('users/recovery-password', RecoveryAnswerSchema, body);
}

const SearchResultSchema = v.object({
  results: v.array(v.looseObject({ paymentCode: v.optional(v.string()), amount: v.optional(v.number(), 0), taxes: v.optional(v.number(), 0), description: v.optional(v.string(), '') })),
});
export type FoundActivity = v.InferOutput<typeof SearchResultSchema>['results'][number];

/** SPEC 7 "GET search activity" for a phone or service number (core searchActivityQuery). */
export function searchActivity(api: ApiClient, query: Record<string, string | number>) {
  return api.get('activity/search', SearchResultSchema, query).then((a) => a.results);
}

const ServicesSchema = v.object({ services: v.array(UserServiceSchema) });
/** SPEC 7 "wallet services": the numbers the user keeps (SPEC 3 "User service"). */
export function loadServices(api: ApiClient) {
  return api.get('users/me/services', ServicesSchema).then((a) => a.services);
}
