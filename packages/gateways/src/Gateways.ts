import type { BankRedirect } from './BankRedirect';
import type { CardProcessor } from './CardProcessor';
import type { CryptoProcessor } from './CryptoProcessor';
import type { PayoutRail } from './PayoutRail';
import type { PushWallet } from './PushWallet';
import type { VoucherNetwork } from './VoucherNetwork';

export interface Gateways {
  card: CardProcessor;
  push: PushWallet;
  voucher: VoucherNetwork;
  crypto: CryptoProcessor;
  bank: BankRedirect;
  /** The bank transfers that pay merchants out (payouts). */
  payout: PayoutRail;
}
