export { WireFormatError, encodeBody, decodeBody } from './encoding';
export { EnvelopeSchema, wrapEnvelope, readEnvelopeData } from './envelope';
export type { Envelope } from './envelope';
export {
  FRONTEND_ERROR_KEYS,
  SESSION_EXPIRED_HEADER_CODES,
  ErrorCategory,
  PasarelaError,
  isPasarelaError,
  errorFromHeader,
  payerMessage,
  isOutcomeUnknown,
  serializeError,
  deserializeError,
} from './errors';
export type { FrontendErrorKey, PasarelaErrorInit, PayerMessage, SerializedError } from './errors';
export * from './constants';
export { duplicateCheckOf, isPossibleDuplicate } from './duplicateRule';
export { REOPEN_PARAM, splashMsFor } from './startSplash';
export type { ChargeToCheck, DuplicateCheck, EarlierCharge } from './duplicateRule';
export type { ParentNotification, PaymentResult } from './notification';
export {
  isWidgetMessage,
  isReadyMessage,
  isResultMessage,
  isCloseMessage,
  isErrorMessage,
  isResizeMessage,
  isPendingMessage,
  isRememberedAttempt,
  PRELOAD_PATH,
} from './messages';
export type { WidgetMessage, WidgetMessageType, LoaderMethods, WidgetMethods, RememberedAttempt } from './messages';
export { CARD_BRANDS, digitsOnly, passesLuhn, cardBrandOf, cardBrandHint, cvcLengthFor, lastFour } from './cards';
export type { CardBrand } from './cards';
export {
  ENVIRONMENTS,
  ANONYMOUS_USER_SERVICE_ID,
  environmentOfHost,
  isConsoleSilenced,
  captchaAlwaysAccepted,
} from './environment';
export type { Environment } from './environment';
export {
  roundAmount,
  totalWithTax,
  formatAmount,
  amountText,
  exceedsMerchantLimit,
  isValidationChargeInRange,
  campaignDonation,
  amountToCents,
  centsToAmount,
} from './money';
export { splitFullName, withoutAccents } from './names';
export { MAX_AMOUNT, MAX_AMOUNT_CENTS, isMoney, paymentAmountRefusal, donationRefusal, moneySchema } from './amountRules';
export type { AmountField, AmountRefusal, AmountLimits, PaymentAmounts } from './amountRules';
export { TEXT_LIMITS, hasForbiddenCharacters, hasUnstorableCharacters, jsonHasForbiddenCharacters, unstorableTextIn, freeText } from './freeText';
export type { FreeTextOptions, JsonTextPlace } from './freeText';
export type { SplitName } from './names';
export {
  PANAMA_UTC_OFFSET_MS,
  parseExpiresAt,
  remainingMs,
  isLinkExpired,
  panamaParts,
  formatPanamaDate,
  formatPanamaTime,
} from './linkExpiry';
export { parseExpiry, isExpiryValid, isCardExpiryValid } from './cardExpiry';
export {
  VALIDATION_KEYS,
  isValidationKey,
  DECIMAL_PATTERN,
  DIGITS_PATTERN,
  LETTERS_PATTERN,
  ALPHANUMERIC_PATTERN,
  isHttpUrl,
} from './validationKeys';
export type { ValidationKey } from './validationKeys';
export {
  required,
  cardNumber,
  expiry,
  cvc,
  email,
  lettersOnly,
  nameSpaceCount,
  fullName,
  numberText,
  positiveNumber,
  amount,
  validationCharge,
  longerThanThree,
  notBlank,
  alphanumeric,
  minChars,
  maxChars,
  cardFormSchema,
  paymentCodeEntrySchema,
  fieldErrors,
} from './validation';
export type { CardFormOptions, CardFormValues } from './validation';
export { customFieldValue, parseCustomField, parseCustomFields } from './customFields';
export type { CustomField, CustomFieldOption, CustomFieldSource } from './customFields';
export { decodeSubscription } from './subscription';
export type { LinkSubscription } from './subscription';
export {
  NumberLike,
  OthersValuesSchema,
  RawPaymentInfoSchema,
  parseCardTypeList,
  cardBrandsOfList,
  aliasAndDetail,
  parsePaymentInfo,
} from './paymentInfo';
export type { RawPaymentInfo, PaymentInfo } from './paymentInfo';
export { RawMerchantSchema, imageUrl, parseMerchant } from './merchant';
export type { RawMerchant, Merchant } from './merchant';
export {
  AVAILABLE_METHODS,
  LINK_TYPES,
  PaymentMethodEntrySchema,
  PaymentMethodsResponseSchema,
  groupPaymentMethods,
  cardValidationBrands,
  paymentMethodAvailability,
  LINK_METHOD_TOKENS,
  linkAllowsMethod,
} from './methods';
export type { AvailableMethod, LinkType, PaymentMethodEntry, GroupedPaymentMethods, MethodAvailability } from './methods';
export { buildCardPaymentPayload } from './cardPayment';
export { CardNumberSchema, CardInformationSchema, CardPaymentPayloadSchema, CustomFieldValuesSchema } from './cardPaymentSchema';
export type { CardPaymentFormValues, CardPaymentInput } from './cardPayment';
export type { CardPaymentPayload } from './cardPaymentSchema';
export { CardAuthResponseSchema, CARD_STATUS, cardOutcome } from './cardOutcome';
export { declineFieldOf } from './cardDecline';
export type { DeclineField } from './cardDecline';
export type { CardAuthResponse, CardOutcome } from './cardOutcome';
export {
  ReceiptSchema, RECEIPT_TITLE_KEYS, RECURRENT_TYPE, receiptTitleKey, receiptTitleKeyOf, receiptCardNumber, receiptStatusFamily, receiptDisplayStatus,
  receiptTitleKeyOfReceipt,
} from './receipt';
export type { Receipt, ReceiptTitleKey, ReceiptStatusFacts } from './receipt';
export { CARD_RESULT_KEYS, CARD_AUTH_STATUS, CARD_RESULT_STATUS, cardResultMessage, isCardResultKey } from './cardMessages';
export type { CardResultKey } from './cardMessages';
export { receiptFields, receiptConcept, isAuthorizationCode } from './receiptFields';
export type { ReceiptField } from './receiptFields';
export { groupVoucherCode, voucherCodeDigits, voucherBarcodeValue, VOUCHER_CODE_DIGITS, VOUCHER_CODE_GROUP } from './voucherCode';
export {
  displayStatusOf,
  paymentDisplayStatus,
  paymentOverallResult,
  recordedPaymentResult,
  CANCELLED_AUTH_STATUS,
  cancelledStatusOf,
  recordedOutcomeOf,
  recordedCardOutcomeOf,
  cryptoDepositEnd,
  ENDED_UNPAID_AUTH_STATUSES,
  isCardType,
  statusFamilyOf,
  cardDisplayStatus,
  overallResultOfDisplay,
  notificationStatusOf,
  cashNotificationStatus,
  buildParentNotification,
  buildPaymentResult,
} from './status';
export type { DisplayStatus, StatusFamily, OverallResult, PaymentOutcomeSummary } from './status';
export { CATALOG_VERSION, catalogs, catalogFor } from './i18n/index';
export type { CatalogKey, Catalog, RemoteCatalog } from './i18n/index';
export { SPECIFIC_ERROR_CODES, SERVER_ERROR_KEYS, SERVER_CODE_KEYS, isCardMessageCode, errorEffect, processingFailureKey, cryptoFailure } from './errorCodes';
export type { ServerErrorKey, PayerMessageKey, ErrorEffect } from './errorCodes';
export { passwordPolicyIssues, isStrongPassword, password, passwordPolicies, newPasswordSchema } from './passwords';
export type { PasswordPolicyKey } from './passwords';
export { CampaignBridgeSchema, isCampaignActive, activeCampaign, campaignAmountError } from './campaign';
export type { CampaignBridge } from './campaign';
export {
  PaymentLinkSchema,
  PaymentStationSchema,
  MerchantUserSchema,
  RawMerchantServiceSchema,
  parseMerchantService,
  findMerchantService,
} from './paymentLink';
export type { PaymentLink, PaymentStation, MerchantUser, MerchantService } from './paymentLink';
export {
  QR_CODE_KIND,
  QrDataSchema,
  qrCodeKind,
  SEARCH_TYPES,
  SEARCH_SERVICE_CODES,
  SearchDescriptorSchema,
  searchActivityQuery,
  PAYMENT_CODE_RESULTS,
  paymentCodeLookupResult,
} from './paymentCode';
export type { QrData, SearchDescriptor, PaymentCodeResult } from './paymentCode';
export { SavedCardSchema, usableSavedCards, LATEST_CARD_QUERY } from './savedCards';
export type { SavedCard } from './savedCards';
export {
  UserServiceSchema,
  userServiceNumber,
  FULL_USER_SERVICES_TYPE,
  sortUserServices,
  PayActivityPayloadSchema,
  buildPayActivityPayload,
} from './userService';
export type { UserService, PayActivityPayload } from './userService';
export {
  DEFAULT_PROFILE_PHOTO,
  UserProfileSchema,
  SESSION_STORAGE_KEY,
  SessionSchema,
  readSession,
  RegistrationPayloadSchema,
  buildRegistrationPayload,
} from './profile';
export type { UserProfile, Session, RegistrationPayload } from './profile';
export { authHeaders, initialLoginState, loginReducer, isEmployeeLoginRejected, shouldRefreshLogin, LOGIN_REFRESH_BEFORE_MS, PAYER_ACTIVE_WITHIN_MS } from './auth';
export type { ApiKeys, LoginState, LoginAction } from './auth';
export {
  initialRegistrationState,
  registrationReducer,
  initialRecoveryState,
  recoveryReducer,
  recoveryBody,
} from './authFlows';
export type { StepStatus, RegistrationState, RegistrationAction, RecoveryState, RecoveryAction } from './authFlows';
export {
  CashResultSchema,
  CASH_RESULT_STATUS,
  cashPointResult,
  payCashResultStatus,
  receiptStatusOnLoad,
  declinedCashRecord,
} from './cash';
export type { CashResult } from './cash';
export {
  VALIDATION_TX_STATES,
  VALIDATION_TX_FLAGS,
  initialTransactionState,
  validationTxOutcome,
  validationCheckBody,
} from './validationTx';
export type { ValidationTxState, TransactionState } from './validationTx';
export {
  NEQUI_STEPS,
  CLAVE_STEPS,
  YAPPY_STEPS,
  initialStepState,
  stepReducer,
  nequiReducer,
  claveReducer,
  yappyReducer,
  yappyRemainingMs,
} from './steps';
export type { StepState, StepAction } from './steps';
export {
  CryptoRequestSchema,
  CryptoProductSchema,
  CryptoNetworkSchema,
  CryptoPaymentSchema,
  CoinSchema,
  CRYPTO_PAYMENT_SUCCESS_STATUS,
  CRYPTO_GATEWAY_CODE,
  orderCoins,
  selectCryptoService,
  acceptCryptoPayment,
  rateFrozenRemainingMs,
  CRYPTO_DECIMALS,
  cryptoAmountText,
  cryptoAmountOwed,
  CRYPTO_REFUND_STATUSES,
  CryptoRefundSchema,
  cryptoRefundOnCancel,
  cryptoCancelNeedsConfirmation,
} from './crypto';
export type { CryptoRequest, CryptoProduct, CryptoPayment, Coin, CryptoRefund, CryptoRefundStatus, CryptoReceived } from './crypto';
export { CRYPTO_STEPS, initialCryptoState, cryptoReducer } from './cryptoFlow';
export type { CryptoActionName, CryptoState, CryptoAction } from './cryptoFlow';
export { subscriptionPasses, subscriptionReceiptRoute, activatesSubscription, isSubscriptionActive, activationChargeCents } from './subscription';
export { buildSubscriptionProcessTx } from './subscriptionPayment';
export type { SubscriptionProcessTx, SubscriptionToActivate } from './subscriptionPayment';
export { ActivateSubscriptionSchema, SubscriptionProcessTxSchema, activatesSubscriptionBody } from './subscriptionPaymentSchema';
export type { SubscriptionProcessTxInput } from './subscriptionPaymentSchema';
export { CaptchaCheckResponseSchema, CAPTCHA_MIN_SCORE, captchaCheckBody, acceptedCaptchaScore, captchaErrorKey, captchaRefusalKey } from './captcha';
export { receiptOverallResult, returnAddress } from './returnPage';
export { FingerprintIdSchema, CaptchaTokenSchema, PaymentSecurityEntries, fingerprintFields, securityFields } from './paymentSecurity';
export type { PaymentSecurity } from './paymentSecurity';
export { APP_STORE_LINKS, appMarketOf, appMarketsFor } from './appMarket';
export type { AppMarket } from './appMarket';
export { emailPaymentState, EMAIL_PAYMENT_REFUSALS, emailPaymentRefusalPath, EmailPaymentRequestSchema } from './emailPayment';
export type { EmailPaymentState, EmailPaymentRequest } from './emailPayment';
export type { CaptchaCheckResponse } from './captcha';
export {
  stationPaymentInfo, stationTakesPayerAmount, PendingSubscriptionSchema, subscriptionPeriodCode, subscriptionPaymentInfo,
} from './checkoutTargets';
export type { PendingSubscription } from './checkoutTargets';
export {
  SEGMENT, isSlug, checkoutEntry, apiCallKey, CATALOG_VERSION_CALL, catalogCall, checkoutTargetCall, checkoutTargetInfo,
  merchantCall, paymentMethodsCall, campaignBridgesCall, merchantCalls, PrimedAnswerSchema, PrimedAnswersSchema,
  pickLanguage, acceptLanguageTags, SECURITY_CONFIG_CALLS,
} from './firstScreen';
export type { CheckoutType, ApiCall, PrimedAnswer } from './firstScreen';
export { TRACK_ID_PATTERN, isTrackId, chargeIdentityText, trackIdRepeatOf, PaymentAttemptSchema } from './chargeAttempt';
export type { ChargeIdentity, PaymentAttempt } from './chargeAttempt';
export { recordAsCardAnswer, pendingAttemptOf, RESUMABLE_METHODS } from './attemptRecords';
export type { LinkAttempt, PendingAttempt } from './attemptRecords';
