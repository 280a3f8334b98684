import type { Language } from './constants';
import { DEFAULT_LANGUAGE } from './constants';
import { initialCryptoState } from './cryptoFlow';
import type { CryptoState } from './cryptoFlow';
import type { Catalog } from './i18n/index';
import type { Merchant } from './merchant';
import type { MethodAvailability } from './methods';
import type { PaymentInfo } from './paymentInfo';
import { initialTransactionState } from './validationTx';
import type { TransactionState } from './validationTx';

// SPEC 3 "Application state areas: payment; config (catalog, lang, captcha, fingerprint session and
// request ids); crypto (step, product, coins, network, currency, payment, tx); widget; transaction
// (stateOfValid, errorMessage)." Shapes only: each widget store starts from these.

export interface PaymentArea {
  info: PaymentInfo | null;
  merchant: Merchant | null;
  methods: MethodAvailability | null;
}

export interface ConfigArea {
  catalog: Catalog | null;
  catalogVersion: number | null;
  lang: Language;
  captchaSiteKey: string | null;
  captchaScore: number | null;
  fingerprintSessionId: string | null;
  fingerprintRequestId: string | null;
}

export interface WidgetArea {
  /** SPEC 2 "Widget payment types". */
  type: string | null;
  code: string | null;
  parentOrigin: string | null;
  /** SPEC 2 "a header-logo toggle". */
  showHeaderLogo: boolean;
}

export interface AppState {
  payment: PaymentArea;
  config: ConfigArea;
  crypto: CryptoState;
  widget: WidgetArea;
  transaction: TransactionState;
}

export function initialAppState(lang: Language = DEFAULT_LANGUAGE): AppState {
  return {
    payment: { info: null, merchant: null, methods: null },
    config: { catalog: null, catalogVersion: null, lang, captchaSiteKey: null, captchaScore: null, fingerprintSessionId: null, fingerprintRequestId: null },
    crypto: initialCryptoState,
    widget: { type: null, code: null, parentOrigin: null, showHeaderLogo: true },
    transaction: initialTransactionState,
  };
}
