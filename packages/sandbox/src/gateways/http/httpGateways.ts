import { isCardToken, type CardAuthorization, type SaveCardRequest } from '@pasarela/gateways';
import type { BankOutcome, BankRedirect, CardDecision, Dispute, CardRefundAnswer, SavedCard, CardProcessor, CryptoCoin, CryptoDeposit, CryptoProcessor, CryptoQuote, GatewayEvent, Gateways, PayoutRail, PayoutTransfer, PushAnswer, PushWallet, Voucher, VoucherNetwork, BankPageShown, ChallengeShown, SandboxControls } from '@pasarela/gateways';
import { gatewayRead } from '../GatewayCall';
import { processorClient, type ProcessorClientOptions } from './processorClient';

/** The simulator's name in the vault's VAULT_FORWARD_<name>. */
export const SIMULATOR_FORWARD_NAME = 'simulator';

/**
 * The adapters for the simulator's HTTP API: the reference a provider copies for a real processor.
 * Each call is retried under its idempotency key until its deadline; then GatewayOutcomeUnknown. The
 * call that starts a payment (a card's authorization or saving, a push, a voucher, a bank page, a
 * crypto address, and the crypto reads before one) whose first connection the simulator, or the card
 * vault, refused (or a stopping vault refused twice as not started) is GatewayCallNotSent at once; look-ups and later calls keep their retries (a
 * look-up never says "not sent").
 */
export function httpGateways(
  baseUrl: string,
  options: ProcessorClientOptions & {
    /** Each port's calls name `<notifyBase>/<port>/notifications`; without it the server asks for the phones' answers. */
    notifyBase?: string | undefined;
    /**
     * The card vault (VAULT_URL, VAULT_API_SECRET): a typed card's calls go through its forwarding
     * (`/forward/simulator/...`), which puts the number in place of the token on the way to the
     * simulator; without it they go straight, and the simulator sees only the token.
     */
    vault?: { url: string; apiSecret: string } | undefined;
  },
): { gateways: Gateways; sandbox: SandboxControls } {
  const { post } = processorClient(baseUrl, options);
  const first = processorClient(baseUrl, { ...options, refusedIsNotSent: true, name: options.name ?? 'the simulator' }).post;
  const { notifyBase, vault } = options;
  const forwarded = vault
    ? processorClient(`${vault.url.replace(/\/+$/, '')}/forward/${SIMULATOR_FORWARD_NAME}`, { ...options, headers: { 'vault-authorization': `Bearer ${vault.apiSecret}` }, refusedIsNotSent: true, name: 'the card vault' }).post
    : first;
  const withNotify = (path: string, request: object) => ({ ...(request as Record<string, unknown>), ...(notifyBase ? { notifyUrl: `${notifyBase}/${path.split('/')[0]}/notifications` } : {}) });
  const call = <T>(path: string) => (request: object) => post<T>(`/v1/${path}`, withNotify(path, request));
  // A payment's first call: refused at its first try, it was never sent.
  const starts = <T>(path: string) => (request: object) => first<T>(`/v1/${path}`, withNotify(path, request));
  // The simulator takes a card as { number, expMonth, expYear, cvc?, holder }: the token stands in the
  // number's place and the vault's forwarding puts the number and the CVC there. The vault holds the CVC
  // until the server drops it with the outcome, so a resend under the same key carries it again.
  const typedCard = <T, R extends CardAuthorization | SaveCardRequest>(path: string) => (request: R) => {
    const { card } = request;
    if (!isCardToken(card)) return first<T>(`/v1/${path}`, withNotify(path, request));
    const cvc = vault ? { cvc: `{{vault:${card.token}:cvc}}` } : {};
    return forwarded<T>(`/v1/${path}`, withNotify(path, { ...request, card: { number: card.token, expMonth: card.expMonth, expYear: card.expYear, ...cvc, holder: card.holder } }));
  };

  const card: CardProcessor = {
    authorize: typedCard<CardDecision, CardAuthorization>('card/authorize'),
    lookup: call<CardDecision | null>('card/lookup'),
    capture: call<'captured' | 'refused'>('card/capture'),
    refund: call<CardRefundAnswer>('card/refund'),
    refundOutcome: call<'refunded' | 'failed' | 'pending' | null>('card/refund-outcome'),
    dispute: call<Dispute | null>('card/dispute'),
    submitDisputeEvidence: call<Dispute | null>('card/dispute-evidence'),
    acceptDispute: call<Dispute | null>('card/dispute-accept'),
    void: call<'voided' | 'refused'>('card/void'),
    saveCard: typedCard<SavedCard, SaveCardRequest>('card/save-card'),
  };
  const push: PushWallet = {
    request: starts<PushAnswer>('push/request'),
    status: call<PushAnswer | null>('push/status'),
    cancel: call<PushAnswer | null>('push/cancel'),
    refund: call<'refunded' | 'refused'>('push/refund'),
    refundOutcome: call<'refunded' | null>('push/refund-outcome'),
  };
  const voucher: VoucherNetwork = {
    issue: starts<Voucher>('voucher/issue'),
    status: call<Voucher | null>('voucher/status'),
    cancel: call<Voucher | null>('voucher/cancel'),
  };
  const crypto: CryptoProcessor = {
    // Reads before any attempt: refused, nothing was asked.
    coins: starts<readonly CryptoCoin[]>('crypto/coins'),
    quote: starts<CryptoQuote | null>('crypto/quote'),
    address: starts<{ address: string }>('crypto/address'),
    status: call<CryptoDeposit | null>('crypto/status'),
    refund: call<'refunded' | 'refused'>('crypto/refund'),
    refundOutcome: call<'refunded' | null>('crypto/refund-outcome'),
  };
  const bank: BankRedirect = {
    start: starts<{ redirectUrl: string }>('bank/start'),
    outcome: call<BankOutcome | null>('bank/outcome'),
    cancel: call<BankOutcome | null>('bank/cancel'),
    refund: call<'refunded' | 'refused'>('bank/refund'),
  };
  const payout: PayoutRail = {
    pay: call<PayoutTransfer>('payout/pay'),
    lookup: call<PayoutTransfer | null>('payout/lookup'),
  };

  const control = async <T>(name: string, body: Record<string, unknown>): Promise<T | undefined> =>
    (await post<T | null>(`/v1/controls/${name}`, { ...body, ...gatewayRead() })) ?? undefined;
  const sandbox: SandboxControls = {
    card: {
      challenge: (key) => control<ChallengeShown>('card-challenge', { key }),
      completeChallenge: (key, approved, lang) => control<CardDecision>('card-complete', { key, approved, lang }),
      decideDispute: (reference, disputeReference, outcome) => control<Dispute>('dispute-decide', { reference, disputeReference, outcome }),
    },
    push: { payerAnswers: (key, approved) => control<PushAnswer>('push-answer', { key, approved }) },
    voucher: { paidAtKiosk: (key) => control<Voucher>('voucher-pay', { key }) },
    crypto: { chainConfirms: (key, paidCrypto, senderAddress) => control<CryptoDeposit>('crypto-confirm', { key, paidCrypto, senderAddress }) },
    bank: {
      waiting: (key) => control<BankPageShown>('bank-waiting', { key }),
      payerDecides: (key, approved) => control<BankOutcome>('bank-decide', { key, approved }),
    },
    pages: {
      async withdrawn(key, gone) {
        await control<null>('page-withdrawn', { key, reason: gone.reason, paidWith: gone.paidWith });
      },
    },
    async answerDue(sink) {
      if (notifyBase) return 0;
      const events = (await control<GatewayEvent[]>('answers-due', {})) ?? [];
      for (const event of events) await sink(event);
      return events.length;
    },
  };
  return { gateways: { card, push, voucher, crypto, bank, payout }, sandbox };
}

