import type { GatewayEventSink, Gateways, PushAnswer } from '@pasarela/gateways';
import { simulatedBankRedirect } from './simulatedBankRedirect';
import { simulatedCardProcessor } from './simulatedCardProcessor';
import { simulatedCryptoProcessor } from './simulatedCryptoProcessor';
import { simulatedPayoutRail } from './simulatedPayoutRail';
import { simulatedPushWallet, type PushBookRequest } from './simulatedPushWallet';
import { simulatedVoucherNetwork } from './simulatedVoucherNetwork';
import type { SimulatorBooks } from './simulatorBook';
import type { SandboxControls } from '@pasarela/gateways';

/** How many simulated answers one sweep delivers at most; the next sweep takes the rest. */
const ANSWER_BATCH = 100;

/**
 * The sandbox's gateways: one adapter of every port, with PRODUCT.md's test inputs, over the
 * simulator's books (memoryBooks.ts; shared by every node that reaches it), and the controls the
 * sandbox's pages and settle calls use to play the payer's part (a phone, a kiosk, the chain, the
 * issuer's and the bank's pages).
 */
export function simulatedGateways(books: SimulatorBooks, options: { pagesUrl: string }): SimulatedGateways {
  const card = simulatedCardProcessor(books, options);
  const push = simulatedPushWallet(books);
  const voucher = simulatedVoucherNetwork(books);
  const crypto = simulatedCryptoProcessor(books);
  const bank = simulatedBankRedirect(books, options);
  const gateways: Gateways = { card: card.processor, push: push.wallet, voucher: voucher.network, crypto: crypto.processor, bank: bank.bank, payout: simulatedPayoutRail(books) };

  /** The test phones that answer on their own, a moment after the push: their answers, as events. */
  async function answerDue(sink: GatewayEventSink): Promise<number> {
    const due = await books.takeDueAnswers<PushBookRequest, PushAnswer>(ANSWER_BATCH);
    for (const entry of due) await sink({ id: `sim:push:${entry.key}:${entry.state.state}`, key: entry.key, kind: 'push', answer: entry.state });
    return due.length;
  }

  const controls: SandboxControls = {
    card: { challenge: card.challenge, completeChallenge: card.completeChallenge },
    push: { payerAnswers: push.payerAnswers },
    voucher: { paidAtKiosk: voucher.paidAtKiosk },
    crypto: { chainConfirms: crypto.chainConfirms },
    bank: { waiting: bank.waiting, payerDecides: bank.payerDecides },
    answerDue,
  };
  return { gateways, controls, pages: { challenge: card.challengePage, bank: bank.bankPage } };
}

/** The simulated gateways: the ports, the payer's parts the sandbox plays, and what the simulator's own pages read. */
export interface SimulatedGateways {
  gateways: Gateways;
  controls: SandboxControls;
  pages: {
    challenge: ReturnType<typeof simulatedCardProcessor>['challengePage'];
    bank: ReturnType<typeof simulatedBankRedirect>['bankPage'];
  };
}

export type { SandboxControls };
