export type { BankOutcome, BankPaymentRequest, BankRedirect } from './BankRedirect';
export type {
  CardAuthorization,
  CardDecision,
  CardLookup,
  CardDeclineReason,
  CardProcessor,
  DisputeCall,
  DisputeEvidenceCall,
  CardToken,
  CardRefundAnswer,
  CardRefundRequest,
  ChargeCall,
  MerchantDescriptor,
  PayerLanguage,
  SaveCardRequest,
  SavedCard,
  SavedCardRef,
} from './CardProcessor';
export { isCardToken, vaultCardKey } from './CardProcessor';
export type { CaptchaVerdict, CaptchaVerifier, CaptchaVerifyRequest } from './CaptchaVerifier';
export type { CoinNetwork, CryptoAddressRequest, CryptoCoin, CryptoDeposit, CryptoProcessor, CryptoQuote } from './CryptoProcessor';
export { GatewayCallNotSent, GatewayOutcomeUnknown, isGatewayCallNotSent, isGatewayOutcomeUnknown, type GatewayCall, type GatewayRead } from './GatewayCall';
export type { Dispute, DisputeStage, DisputeStatus, GatewayEvent, GatewayEventSink } from './GatewayEvent';
export type { GatewayNotifications, InboundNotification, NotificationHandler } from './GatewayNotifications';
export type { Gateways } from './Gateways';
export { importGatewaysModule, loadGatewaysModule, PORTS, type GatewaysModuleContext, type GatewaysModuleExport, type ImportedGatewaysModule, type ProvidedGateways } from './gatewaysModule';
export type { PayoutRail, PayoutRequest, PayoutTransfer } from './PayoutRail';
export type { BankPageShown, ChallengeShown, PageGone, SandboxControls } from './SandboxControls';
export type { PushAnswer, PushRequest, PushState, PushWallet, PushWalletName } from './PushWallet';
export { NOTIFICATION_SIGNATURE_HEADER, NOTIFICATION_TOLERANCE_S, signNotification, verifyNotificationSignature } from './signedNotifications';
export type { ContractInputs } from './kit/ContractInputs';
export { formatResults, runContract, type RuleResult } from './kit/runContract';
export type { CashNetwork, Voucher, VoucherNetwork, VoucherRequest, VoucherState } from './VoucherNetwork';
