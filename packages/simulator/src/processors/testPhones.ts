import type { PushWalletName } from '@pasarela/gateways';

export type PhoneBehaviour = 'approves' | 'declines' | 'never_answers';

const PHONES: Readonly<Record<PushWalletName, Readonly<Record<string, PhoneBehaviour>>>> = {
  // Colombian merchants' Nequi phones (PRODUCT.md), then a Panamanian merchant's: Yappy's numbers (docs/sandbox.md).
  nequi: {
    '3991111111': 'approves', '3992222222': 'declines', '3993333333': 'never_answers',
    '61111111': 'approves', '62222222': 'declines', '63333333': 'never_answers',
  },
  yappy: { '61111111': 'approves', '62222222': 'declines', '63333333': 'never_answers' },
};

export const phoneBehaviour = (wallet: PushWalletName, phone: string): PhoneBehaviour => PHONES[wallet][phone] ?? 'approves';
