import * as v from 'valibot';
import { CARD_BRANDS, CARD_TOKEN_PATTERN } from '@pasarela/core';

/**
 * The card vault (packages/vault) as the server reaches it: a card's facts by its token, never its
 * number or CVC, and the drop of a typed card's CVC once its authorization's outcome is recorded. The
 * duplicate rule's fingerprint is the vault's, under a key only the vault holds.
 */
const VaultCardSchema = v.object({
  token: v.pipe(v.string(), v.regex(CARD_TOKEN_PATTERN)),
  brand: v.picklist(CARD_BRANDS),
  bin: v.pipe(v.string(), v.regex(/^\d{6}$/)),
  last4: v.pipe(v.string(), v.regex(/^\d{4}$/)),
  expMonth: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
  expYear: v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2099)),
  fingerprint: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  /** The vault still holds its CVC: an authorization can carry it. */
  cvcHeld: v.boolean(),
});
export type VaultCardFacts = v.InferOutput<typeof VaultCardSchema>;

/** No answer from the vault, or one it should not give: nothing was charged, the payer may retry. */
export class CardVaultUnavailable extends Error {
  override readonly name = 'CardVaultUnavailable';
}

export interface CardVault {
  /** null when the vault holds no card under this token. */
  card(token: string): Promise<VaultCardFacts | null>;
  /** PCI DSS 3.3.1.2: the card's CVC deleted at the vault, whether or not it still held one. */
  dropCvc(token: string): Promise<void>;
  /** VAULT_URL and VAULT_API_SECRET, for the adapters that send card calls through the vault's forwarding. */
  readonly url: string;
  readonly apiSecret: string;
}

export interface CardVaultOptions {
  /** VAULT_URL: the vault's API as this server reaches it. */
  url: string;
  /** VAULT_API_SECRET, sent as `Authorization: Bearer`. */
  apiSecret: string;
  timeoutMs?: number | undefined;
  fetch?: typeof fetch | undefined;
}

const DEFAULT_TIMEOUT_MS = 5_000;

export function httpCardVault(options: CardVaultOptions): CardVault {
  const base = options.url.replace(/\/+$/, '');
  // Read at each call: a test harness may wrap the global fetch after this client is made.
  const send = options.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));
  return {
    url: base,
    apiSecret: options.apiSecret,
    async card(token) {
      // Never sent on: a number typed where a token goes stays out of the vault's URL and logs.
      if (!CARD_TOKEN_PATTERN.test(token)) return null;
      let answer: Response;
      try {
        answer = await send(`${base}/v1/cards/${token}`, {
          headers: { authorization: `Bearer ${options.apiSecret}`, accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
        });
      } catch (error) {
        throw new CardVaultUnavailable(`The card vault did not answer (${error instanceof Error ? error.message : String(error)})`);
      }
      if (answer.status === 404) {
        await answer.body?.cancel();
        return null;
      }
      if (!answer.ok) {
        await answer.body?.cancel();
        throw new CardVaultUnavailable(`The card vault answered ${answer.status}`);
      }
      const parsed = v.safeParse(VaultCardSchema, await answer.json().catch(() => undefined));
      if (!parsed.success || parsed.output.token !== token) throw new CardVaultUnavailable('The card vault answered something other than a card');
      return parsed.output;
    },
    async dropCvc(token) {
      // Only a vault token was ever typed into it; anything else (a processor's saved card) has no CVC there.
      if (!CARD_TOKEN_PATTERN.test(token)) return;
      let answer: Response;
      try {
        answer = await send(`${base}/v1/cards/${token}/cvc`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${options.apiSecret}` },
          signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
        });
      } catch (error) {
        throw new CardVaultUnavailable(`The card vault did not answer (${error instanceof Error ? error.message : String(error)})`);
      }
      await answer.body?.cancel();
      if (answer.status !== 204) throw new CardVaultUnavailable(`The card vault answered ${answer.status} to the CVC's drop`);
    },
  };
}

/** A server started without VAULT_URL: it takes no typed card (a 503 naming the setting), every other method works. */
export const noCardVault: CardVault = {
  url: '',
  apiSecret: '',
  card: () => Promise.reject(new CardVaultUnavailable('VAULT_URL is not set: this server reaches no card vault')),
  // It took no typed card, so it holds no CVC.
  dropCvc: () => Promise.resolve(),
};
