import * as v from 'valibot';
import { CARD_TOKEN_PATTERN } from '@pasarela/core';
import { CARD_FACTS_ENTRIES, cardFactsKey, openCardToken, splitCardToken } from '@pasarela/vault/card-facts';
import { connectionRefused } from './http/processorClient';
import { httpSend, serviceHealth, SERVICE_HEALTH_TIMEOUT_MS, type ServiceHealth } from './http/httpTransport';

/**
 * The card vault (packages/vault) as the server reaches it: a card's facts by its token, never its
 * number or CVC, and the drop of a typed card's CVC once its authorization's outcome is recorded. The
 * duplicate rule's fingerprint is the vault's, under a key only the vault holds.
 */
const VaultCardSchema = v.object({
  token: v.pipe(v.string(), v.regex(CARD_TOKEN_PATTERN)),
  ...CARD_FACTS_ENTRIES,
  /** The vault still holds its CVC: an authorization can carry it. */
  cvcHeld: v.boolean(),
});
export type VaultCardFacts = v.InferOutput<typeof VaultCardSchema>;

/** No answer from the vault, or one it should not give: nothing was charged, the payer may retry. */
export class CardVaultUnavailable extends Error {
  override readonly name = 'CardVaultUnavailable';
}

/** Why a call failed, in a log's words: a given fetch's "fetch failed" says nothing without its cause. */
function fetchFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

export interface CardVault {
  /** null when the vault holds no card under this token (asked by the token's key; a seal it carries is left aside). */
  card(token: string): Promise<VaultCardFacts | null>;
  /**
   * The facts sealed in the token, read with no call, while the vault will hold its CVC and keep its
   * card a while yet (SEALED_FACTS_MARGIN_MS); else null, and the vault is asked (card). Only for a
   * use that spends the token in the statement that records it (card_token_uses: a payment's attempt,
   * a subscription's first payment's, the wallet's card check): no earlier use's drop of the CVC goes
   * unseen.
   */
  sealed(token: string): VaultCardFacts | null;
  /**
   * PCI DSS 3.3.1.2: the card's CVC deleted at the vault, whether or not it still held one; settled
   * once the vault answered the call that carried it (drops asked within DROP_GATHER_MS go in one).
   */
  dropCvc(token: string): Promise<void>;
  /** The drops asked and not yet sent go now; settled once the vault answered them (a node's stop). */
  close(): Promise<void>;
  /** Its GET /v1/health within SERVICE_HEALTH_TIMEOUT_MS, for the node's /health; never throws. */
  health(): Promise<CardVaultHealth>;
  /** VAULT_URL and VAULT_API_SECRET, for the adapters that send card calls through the vault's forwarding. */
  readonly url: string;
  readonly apiSecret: string;
}

/**
 * 'not_set': no VAULT_URL, typed cards are refused by setting, not by an outage. 'secret_refused': the
 * vault answers but not to this node's VAULT_API_SECRET, so it takes none of its cards.
 */
export type CardVaultHealth = ServiceHealth | 'not_set';


export interface CardVaultOptions {
  /** VAULT_URL: the vault's API as this server reaches it. */
  url: string;
  /** VAULT_API_SECRET, sent as `Authorization: Bearer`. */
  apiSecret: string;
  timeoutMs?: number | undefined;
  /** A test's, to inject faults; Node's HTTP client (httpSend) by default. */
  fetch?: typeof fetch | undefined;
}

const DEFAULT_TIMEOUT_MS = 5_000;
/**
 * A sealed token's facts are taken only while the vault will hold its CVC and its card this much longer
 * (the seal's times are the vault's clock; an authorization reaches the vault's forwarding well within
 * it); after that the vault is asked.
 */
export const SEALED_FACTS_MARGIN_MS = 60_000;
/**
 * A CVC's drop waits this long for others to go with it in one call (the vault takes DROP_BATCH_MAX a
 * call): a node's payments cost the vault one call for their drops instead of one each. The vault's own
 * time (VAULT_CVC_TTL_SECONDS) drops what a node stopped without warning never sent.
 */
export const DROP_GATHER_MS = 100;
const DROP_BATCH_MAX = 100;

/** Drops asked within DROP_GATHER_MS sent in one call; each settles with the call that carried it. */
function gatheredDrops(sendDrops: (tokens: string[]) => Promise<void>) {
  let waiting: Array<{ token: string; settled: { resolve: () => void; reject: (error: unknown) => void } }> = [];
  const unanswered = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Sent and not yet answered, by this flush or an earlier one: a node's stop waits for them all.
  const batches = new Set<Promise<void>>();
  const flush = async (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    while (waiting.length > 0) {
      const batch = waiting.slice(0, DROP_BATCH_MAX);
      waiting = waiting.slice(DROP_BATCH_MAX);
      const tokens = [...new Set(batch.map((d) => d.token))];
      const sent: Promise<void> = sendDrops(tokens).then(
        () => batch.forEach((d) => d.settled.resolve()),
        (error: unknown) => batch.forEach((d) => d.settled.reject(error)),
      ).finally(() => {
        batches.delete(sent);
        for (const d of batch) {
          const left = (unanswered.get(d.token) ?? 1) - 1;
          if (left > 0) unanswered.set(d.token, left);
          else unanswered.delete(d.token);
        }
      });
      batches.add(sent);
    }
    await Promise.allSettled([...batches]);
  };
  return {
    ask(token: string): Promise<void> {
      unanswered.set(token, (unanswered.get(token) ?? 0) + 1);
      return new Promise<void>((resolve, reject) => {
        waiting.push({ token, settled: { resolve, reject } });
        if (waiting.length >= DROP_BATCH_MAX) void flush();
        // Unref'd: a node with nothing else to do stops without waiting for it (close sends it).
        else timer ??= setTimeout(() => void flush(), DROP_GATHER_MS).unref();
      });
    },
    asked: (token: string) => unanswered.has(token),
    flush,
  };
}

export function httpCardVault(options: CardVaultOptions): CardVault {
  const base = options.url.replace(/\/+$/, '');
  const send = options.fetch ?? httpSend;
  const drops = gatheredDrops(async (tokens) => {
    let answer: Response;
    try {
      answer = await send(`${base}/v1/cards/cvc-drops`, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.apiSecret}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tokens }),
        signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
    } catch (error) {
      throw new CardVaultUnavailable(`The card vault did not answer (${error instanceof Error ? error.message : String(error)})`);
    }
    await answer.body?.cancel();
    if (answer.status !== 204) throw new CardVaultUnavailable(`The card vault answered ${answer.status} to the CVCs' drop`);
  });
  const factsKey = cardFactsKey(options.apiSecret);
  return {
    url: base,
    apiSecret: options.apiSecret,
    sealed(token) {
      // Anything not of the token's form opens to null (openCardToken tests it first).
      const sealed = openCardToken(factsKey, token);
      const until = Date.now() + SEALED_FACTS_MARGIN_MS;
      if (!sealed || sealed.cvcUntil <= until || sealed.unusedUntil <= until) return null;
      const { cvcUntil: _cvc, unusedUntil: _unused, ...facts } = sealed;
      // Its drop asked here: spent already, as it will be at the vault.
      return { ...facts, cvcHeld: !drops.asked(sealed.token) };
    },
    async card(token) {
      // Never sent on: a number typed where a token goes stays out of the vault's URL and logs.
      if (!CARD_TOKEN_PATTERN.test(token)) return null;
      const { key } = splitCardToken(token);
      let answer: Response;
      try {
        answer = await send(`${base}/v1/cards/${key}`, {
          headers: { authorization: `Bearer ${options.apiSecret}`, accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
        });
      } catch (error) {
        if (connectionRefused(error)) throw new CardVaultUnavailable(`The card vault refused the connection at ${base}`);
        throw new CardVaultUnavailable(`The card vault at ${base} did not answer (${fetchFailure(error)})`);
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
      if (!parsed.success || parsed.output.token !== key) throw new CardVaultUnavailable('The card vault answered something other than a card');
      // Its drop asked here and not yet answered: spent already, as it will be at the vault.
      return drops.asked(key) ? { ...parsed.output, cvcHeld: false } : parsed.output;
    },
    dropCvc(token) {
      // Only a vault token was ever typed into it; anything else (a processor's saved card) has no CVC there.
      if (!CARD_TOKEN_PATTERN.test(token)) return Promise.resolve();
      return drops.ask(splitCardToken(token).key);
    },
    close: () => drops.flush(),
    health: () => serviceHealth(`${base}/v1/health`, options.apiSecret, Math.min(options.timeoutMs ?? SERVICE_HEALTH_TIMEOUT_MS, SERVICE_HEALTH_TIMEOUT_MS), send),
  };
}

/** A server started without VAULT_URL: it takes no typed card (a 503 naming the setting), every other method works. */
export const noCardVault: CardVault = {
  url: '',
  apiSecret: '',
  card: () => Promise.reject(new CardVaultUnavailable('VAULT_URL is not set: this server reaches no card vault')),
  // Its key is no server's: nothing opens, and card says why.
  sealed: () => null,
  // It took no typed card, so it holds no CVC.
  dropCvc: () => Promise.resolve(),
  close: () => Promise.resolve(),
  health: () => Promise.resolve('not_set'),
};
