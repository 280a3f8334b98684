import * as v from 'valibot';
import { CURRENCIES, SavedCardSchema, SessionSchema, UserProfileSchema, UserServiceSchema, NumberLike, type RegisterCardRequest } from '@pasarela/core';
import type { ApiClient } from '../api/client';
import type { StoredLogin } from '../services/session';

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

export async function logIn(api: ApiClient, login: string, password: string): Promise<StoredLogin> {
  return storedLogin(await api.post('users/login', LoginAnswerSchema, { login: login.trim(), password }));
}

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
/** Its trackId keys the card check: sent again after no answer, it is the same check. */
export function registerCard(api: ApiClient, card: RegisterCardRequest) {
  return api.post('users/me/cards', RegisterCardAnswerSchema, card);
}

export const WalletTransactionSchema = v.object({
  codOper: v.string(),
  method: v.string(),
  amount: v.number(),
  taxAmount: v.optional(v.number(), 0),
  status: v.number(),
  authStatus: v.optional(v.nullable(v.string()), null),
  createdAt: v.string(),
  cardType: v.optional(v.nullable(v.string()), null),
  merchantName: v.optional(v.nullable(v.string()), null),
  displayNum: v.optional(v.nullable(v.string()), null),
  /** What the shop refunded of it so far. */
  refundedAmount: v.optional(v.number(), 0),
  /** The shop's: a Colombian shop's payment is in pesos. */
  currency: v.optional(v.picklist(CURRENCIES), 'USD'),
});
export type WalletTransaction = v.InferOutput<typeof WalletTransactionSchema>;

export function loadTransactions(api: ApiClient, limit: number): Promise<WalletTransaction[]> {
  return api.get('users/me/transactions', v.object({ transactions: v.array(WalletTransactionSchema) }), { limit }).then((a) => a.transactions);
}

export const ActivityPayAnswerSchema = v.object({
  activityResult: v.object({ status: v.number(), codOper: v.string() }),
  method: v.string(),
});

export function payActivity(api: ApiClient, payload: object & { trackId: string }) {
  return api.post('activity/pay', ActivityPayAnswerSchema, payload);
}

export { storedLogin, LoginAnswerSchema };

const RegisterAnswerSchema = v.union([
  // registrationId: the waiting registration's handle (docs/api.md "POST register").
  v.object({ step: v.literal(2), registrationId: v.optional(v.string()) }),
  v.object({ ...LoginAnswerSchema.entries, step: v.literal(3) }),
]);
export function register(api: ApiClient, payload: object) {
  return api.post('users/register', RegisterAnswerSchema, payload);
}

const RecoveryAnswerSchema = v.union([
  v.object({ step: v.literal(2), idUsr: NumberLike }),
  v.object({ step: v.literal(3) }),
  v.object({ ...LoginAnswerSchema.entries, step: v.literal(4) }),
]);
export function recoverPassword(api: ApiClient, body: object) {
  return api.post('users/recovery-password', RecoveryAnswerSchema, body);
}

const SearchResultSchema = v.object({
  results: v.array(v.looseObject({ paymentCode: v.optional(v.string()), amount: v.optional(v.number(), 0), taxes: v.optional(v.number(), 0), description: v.optional(v.string(), '') })),
});
export type FoundActivity = v.InferOutput<typeof SearchResultSchema>['results'][number];

export function searchActivity(api: ApiClient, query: Record<string, string | number>) {
  return api.get('activity/search', SearchResultSchema, query).then((a) => a.results);
}

const ServicesSchema = v.object({ services: v.array(UserServiceSchema) });
export function loadServices(api: ApiClient) {
  return api.get('users/me/services', ServicesSchema).then((a) => a.services);
}
