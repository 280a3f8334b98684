import type { BankOutcome, BankRedirect, CardDecision, Dispute, CardRefundAnswer, SavedCard, CardProcessor, CryptoCoin, CryptoDeposit, CryptoProcessor, CryptoQuote, GatewayEvent, Gateways, PayoutRail, PayoutTransfer, PushAnswer, PushWallet, Voucher, VoucherNetwork, BankPageShown, ChallengeShown, SandboxControls } from '@pasarela/gateways';
import { gatewayRead } from '../GatewayCall';
import { processorClient, type ProcessorClientOptions } from './processorClient';

/**
 * The adapters for the simulator's HTTP API: the reference a provider copies for a real processor.
 * Each call is retried under its idempotency key until its deadline; then GatewayOutcomeUnknown.
 */
export function httpGateways(
  baseUrl: string,
  options: ProcessorClientOptions & {
    /** Each port's calls name `<notifyBase>/<port>/notifications`; without it the server asks for the phones' answers. */
    notifyBase?: string | undefined;
  },
): { gateways: Gateways; sandbox: SandboxControls } {
  const { post } = processorClient(baseUrl, options);
  const { notifyBase } = options;
  const call = <T>(path: string) => (request: object) =>
    post<T>(`/v1/${path}`, { ...(request as Record<string, unknown>), ...(notifyBase ? { notifyUrl: `${notifyBase}/${path.split('/')[0]}/notifications` } : {}) });

  const card: CardProcessor = {
    authorize: call<CardDecision>('card/authorize'),
    lookup: call<CardDecision | null>('card/lookup'),
    capture: call<'captured' | 'refused'>('card/capture'),
    refund: call<CardRefundAnswer>('card/refund'),
    refundOutcome: call<'refunded' | 'failed' | 'pending' | null>('card/refund-outcome'),
    dispute: call<Dispute | null>('card/dispute'),
    void: call<'voided' | 'refused'>('card/void'),
    saveCard: call<SavedCard>('card/save-card'),
  };
  const push: PushWallet = {
    request: call<PushAnswer>('push/request'),
    status: call<PushAnswer | null>('push/status'),
    cancel: call<PushAnswer | null>('push/cancel'),
    refund: call<'refunded' | 'refused'>('push/refund'),
    refundOutcome: call<'refunded' | null>('push/refund-outcome'),
  };
  const voucher: VoucherNetwork = {
    issue: call<Voucher>('voucher/issue'),
    status: call<Voucher | null>('voucher/status'),
    cancel: call<Voucher | null>('voucher/cancel'),
  };
  const crypto: CryptoProcessor = {
    coins: call<readonly CryptoCoin[]>('crypto/coins'),
    quote: call<CryptoQuote | null>('crypto/quote'),
    address: call<{ address: string }>('crypto/address'),
    status: call<CryptoDeposit | null>('crypto/status'),
    refund: call<'refunded' | 'refused'>('crypto/refund'),
    refundOutcome: call<'refunded' | null>('crypto/refund-outcome'),
  };
  const bank: BankRedirect = {
    start: call<{ redirectUrl: string }>('bank/start'),
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
    },
    push: { payerAnswers: (key, approved) => control<PushAnswer>('push-answer', { key, approved }) },
    voucher: { paidAtKiosk: (key) => control<Voucher>('voucher-pay', { key }) },
    crypto: { chainConfirms: (key, paidCrypto, senderAddress) => control<CryptoDeposit>('crypto-confirm', { key, paidCrypto, senderAddress }) },
    bank: {
      waiting: (key) => control<BankPageShown>('bank-waiting', { key }),
      payerDecides: (key, approved) => control<BankOutcome>('bank-decide', { key, approved }),
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

