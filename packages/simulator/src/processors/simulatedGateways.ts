import type { GatewayEventSink, Gateways, PageGone, PushAnswer } from '@pasarela/gateways';
import { simulatedBankRedirect } from './simulatedBankRedirect';
import { simulatedCardProcessor } from './simulatedCardProcessor';
import { simulatedCryptoProcessor } from './simulatedCryptoProcessor';
import { simulatedPayoutRail } from './simulatedPayoutRail';
import { simulatedPushWallet, type PushBookRequest } from './simulatedPushWallet';
import { simulatedVoucherNetwork } from './simulatedVoucherNetwork';
import type { SimulatorBooks } from './simulatorBook';
import type { SandboxControls } from '@pasarela/gateways';

const ANSWER_BATCH = 100;

/** Over the simulator's books, shared by every node that reaches it; the controls play the payer's part. */
export function simulatedGateways(books: SimulatorBooks, options: { pagesUrl: string }): SimulatedGateways {
  const card = simulatedCardProcessor(books, options);
  const push = simulatedPushWallet(books);
  const voucher = simulatedVoucherNetwork(books);
  const crypto = simulatedCryptoProcessor(books);
  const bank = simulatedBankRedirect(books, options);
  const gateways: Gateways = { card: card.processor, push: push.wallet, voucher: voucher.network, crypto: crypto.processor, bank: bank.bank, payout: simulatedPayoutRail(books) };

  async function answerDue(sink: GatewayEventSink): Promise<number> {
    const due = await books.takeDueAnswers<PushBookRequest, PushAnswer>(ANSWER_BATCH);
    for (const entry of due) await sink({ id: `sim:push:${entry.key}:${entry.state.state}`, key: entry.key, kind: 'push', answer: entry.state });
    return due.length;
  }

  // Why the server withdrew a page, kept apart from the processor's books of the payment: told again, the newest word stands.
  const goneKey = (key: string) => `gone:${key}`;
  async function withdrawn(key: string, gone: PageGone): Promise<void> {
    const told = { reason: gone.reason, paidWith: gone.paidWith };
    await books.recordOnce('gone', goneKey(key), {}, told);
    await books.move<object, PageGone>('gone', goneKey(key), () => told);
  }
  const whyGone = async (key: string): Promise<PageGone | undefined> => (await books.read<object, PageGone>('gone', goneKey(key)))?.state;

  const controls: SandboxControls = {
    card: { challenge: card.challenge, completeChallenge: card.completeChallenge, decideDispute: card.decideDispute },
    push: { payerAnswers: push.payerAnswers },
    voucher: { paidAtKiosk: voucher.paidAtKiosk },
    crypto: { chainConfirms: crypto.chainConfirms },
    bank: { waiting: bank.waiting, payerDecides: bank.payerDecides },
    pages: { withdrawn },
    answerDue,
  };
  return { gateways, controls, pages: { challenge: card.challengePage, bank: bank.bankPage, whyGone } };
}

export interface SimulatedGateways {
  gateways: Gateways;
  controls: SandboxControls;
  pages: {
    challenge: ReturnType<typeof simulatedCardProcessor>['challengePage'];
    bank: ReturnType<typeof simulatedBankRedirect>['bankPage'];
    /** Why the server withdrew the page under the key, as it told (undefined: it told nothing). */
    whyGone(key: string): Promise<PageGone | undefined>;
  };
}

export type { SandboxControls };
