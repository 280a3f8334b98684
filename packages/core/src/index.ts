export { WireFormatError, encodeBody, decodeBody } from './encoding';
export { EnvelopeSchema, wrapEnvelope, readEnvelopeData } from './envelope';
export type { Envelope } from './envelope';
export { PasarelaError, isPasarelaError, errorFromHeader, payerMessage, isCaptchaRefusal, isOutcomeUnknown, CARD_PAYMENTS_UNAVAILABLE, METHOD_PAYMENTS_UNAVAILABLE } from './errors';
export type { PayerMessage, SerializedError } from './errors';
export {
  VERSION,
  SPLASH_MS,
  AMOUNT_LIMIT_CHECK_DELAY_MS,
  CRYPTO_RATE_FROZEN_MS,
  YAPPY_PAY_WINDOW_MS,
  NEQUI_PAY_WINDOW_MS,
  SEARCH_PAGE_SIZE,
  SEARCH_OFFSET,
  FULL_USER_SERVICES_LIMIT,
  DEFAULT_CITY,
  DEFAULT_COUNTRY,
  CHANNEL,
  PAYMENT_METHOD_IDS,
  LANGUAGES,
  SANDBOX_CLIENT_KEY,
  SANDBOX_WIDGET_KEY,
  TRANSACTION_TYPES,
  SERVICE_CODES,
  GATEWAY_CODES,
  SUBSCRIPTION_PERIODS,
  DEFAULT_HOW_ARRIVE,
  SUPPORT_EMAIL,
} from './constants';
export type { PaymentMethodId, Language, WidgetPaymentType } from './constants';
export { duplicateCheckOf, duplicateStateOf, duplicateStateOfAnswer, DUPLICATE_COUNTED_STATUSES } from './duplicateRule';
export type { DuplicateCheck, DuplicateState } from './duplicateRule';
export { REOPEN_PARAM, splashMsFor } from './startSplash';
export { nextSubscriptionChargeDate, renewedSubscriptionChargeDate } from './subscriptionSchedule';
export { isOldVersionServiceCode } from './serviceCodes';
export type { ParentNotification, PaymentResult } from './notification';
export { isWidgetMessage, isRememberedAttempt, isWaitingPayment, WAITING_PARAM, MODAL_PARAM, PRELOAD_PATH } from './messages';
export type { WidgetMessage, LoaderMethods, WidgetMethods, RememberedAttempt, WaitingPayment, PaymentInFlight } from './messages';
export { CARD_BRANDS, digitsOnly, cardBrandOf, cvcLengthFor } from './cards';
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
  minorUnitsText,
  exceedsMerchantLimit,
  campaignDonation,
  amountToCents,
  balanceCovers,
  centsToAmount,
} from './money';
export { processorName } from './names';
export { maskedCardName, maskedPhoneName, spokenMaskedName } from './maskedNames';
export type { MaskedName } from './maskedNames';
export { paymentAmountRefusal, amountSizeRefusal, donationRefusal, moneySchema, hasCentsAsWritten } from './amountRules';
export { readTypedDollars, readTypedPesos, typedAmountSlip } from './typedAmount';
export type { AmountLimits, PaymentAmounts } from './amountRules';
export {
  TEXT_LIMITS,
  hasForbiddenCharacters,
  jsonHasForbiddenCharacters,
  unstorableTextIn,
  freeText,
  shownNameRefusal,
} from './freeText';
export { remainingMs, isLinkExpired } from './linkExpiry';
export { panamaParts, formatPanamaDate, formatPanamaTime, payerDateText } from './panamaTime';
export { receiptDateText } from './receiptDate';
export { isCardExpiryValid } from './cardExpiry';
export { isValidationKey, isHttpUrl } from './validationKeys';
export {
  required,
  email,
  payerEmail,
  nameLetters,
  positiveNumber,
  notBlank,
  cardFormSchema,
  fieldErrors,
} from './validation';
export { customFieldValue, parseCustomFields } from './customFields';
export type { CustomField } from './customFields';
export { CUSTOM_FIELD_LIMITS, CUSTOM_FIELD_TYPES, CustomFieldAnswersSchema, LinkCustomFieldsSchema, customFieldAnswersOf } from './customFieldRules';
export type { CustomFieldAnswer } from './customFieldRules';
export { NumberLike, RawPaymentInfoSchema, parseCardTypeList, cardBrandsOfList, parsePaymentInfo } from './paymentInfo';
export type { PaymentInfo } from './paymentInfo';
export { BRAND_COLOR, BRAND_NAME_MAX, RawMerchantSchema, parseMerchant, shopLogoOf, shopNameOf } from './merchant';
export type { Merchant } from './merchant';
export {
  PaymentMethodEntrySchema,
  PaymentMethodsResponseSchema,
  paymentMethodAvailability,
  LINK_METHOD_TOKENS,
  linkAllowsMethod,
  linkTokensNotTaken,
} from './methods';
export type { AvailableMethod, PaymentMethodEntry, MethodAvailability } from './methods';
export { buildCardPaymentPayload } from './cardPayment';
export type { VaultCard } from './cardPayment';
export { CARD_TOKEN_PATTERN, CARD_TOKEN_SOURCE, CampaignDonationEntries, CardNumberSchema, CardInformationSchema, CardPaymentPayloadSchema, CustomFieldValuesSchema } from './cardPaymentSchema';
export type { CardPaymentPayload } from './cardPaymentSchema';
export { RegisterCardSchema, cardCheckMessage } from './cardRegister';
export type { RegisterCardRequest } from './cardRegister';
export { CardAuthResponseSchema, cardOutcome } from './cardOutcome';
export { declineFieldOf, refusalAlertOf } from './cardDecline';
export { afterChallengeAbandon, calledOffElsewhere, isAbandonableBankPage, isAbandonableChallenge, pageGoneReason } from './challengeAbandon';
export type { PageGoneReason } from './challengeAbandon';
export { cancelledByPayer, cancelReasonOf, MERCHANT_CANCEL_REASONS, merchantCancelReasonOf } from './cancelReason';
export type { CancelReason, MerchantCancelReason } from './cancelReason';
export { cardCallEnded, cardOutcomeFinal } from './cardCvcDrop';
export { isNotStartedRefusal, VAULT_NOT_STARTED_HEADER } from './vaultRefusal';
export { unsentPaymentCall } from './unsentPaymentCall';
export type { DeclineField } from './cardDecline';
export type { CardAuthResponse } from './cardOutcome';
export {
  cardReceiptStatus,
  ReceiptSchema,
  PaidBySchema,
  receiptCardNumber,
  receiptStatusFamily,
  receiptDisplayStatus,
  receiptBadgeKey,
  receiptIsHold,
  receiptTitleKeyOfReceipt,
} from './receipt';
export type { Receipt } from './receipt';
export { CARD_AUTH_STATUS, CARD_RESULT_STATUS, cardResultMessage } from './cardMessages';
export type { CardResultKey } from './cardMessages';
export { receiptFields, receiptConcept } from './receiptFields';
export type { ReceiptField } from './receiptFields';
export { groupVoucherCode, voucherCodeDigits, voucherBarcodeValue } from './voucherCode';
export {
  displayStatusOf,
  paymentDisplayStatus,
  paymentOverallResult,
  recordedPaymentResult,
  CANCELLED_AUTH_STATUS,
  cancelledStatusOf,
  recordedOutcomeOf,
  recordedCardOutcomeOf,
  ENDED_UNPAID_AUTH_STATUSES,
  statusFamilyOf,
  cardDisplayStatus,
  overallResultOfDisplay,
} from './status';
export type { StatusFamily, OverallResult } from './status';
export { CAPTURE_METHODS, captureMethodOf, transactionsTypeOf, payerTypeDisagrees, captureCheck, voidCheck, holdRefundRefusal, holdLapsed, capturableCentsOf, capturedCentsOf, totalPaidCentsOf } from './paymentHolds';
export type { CaptureMethod, HoldState, Hold, CaptureRefusal, VoidRefusal, HoldRefundRefusal } from './paymentHolds';
export { refundPathOf, refundCheck, heldCentsOf, cryptoRefundCoins } from './refunds';
export type { RefundablePayment, RefundRefusal, RefundState } from './refunds';
export { disputeHoldsCents, disputeMove, disputeRetake, refundMove } from './paymentMoney';
export type { BookedDispute } from './paymentMoney';
export { evidenceInTime } from './disputeEvidence';
export { isStationId, isWalletLogin } from './accountIds';
export { PRICED_METHODS, priceOf, availabilityDelayDays, feeOf, refundedFeeCents, balanceOf } from './fees';
export type { MethodPrice } from './fees';
export { CURRENCIES, CURRENCY_RULES, MERCHANT_COUNTRIES, isCurrency, isWholeInCurrency, currencyOfCountry, methodTakesCurrency } from './currency';
export type { Currency } from './currency';
export { timeZoneOfCountry, localDateTimeOf, payoutPeriodOf, arrivalDateOf } from './payoutSchedule';
export { linesForOnePayout } from './payoutLines';
export { buildParentNotification, buildPaymentResult } from './paymentResult';
export { CATALOG_VERSION, catalogs, catalogFor } from './i18n/index';
export type { CatalogKey } from './i18n/index';
export { pageGoneWords } from './i18n/pageGone';
export { SPECIFIC_ERROR_CODES, errorEffect } from './errorCodes';
export { isFinalMessage } from './finalMessage';
export { processingFailureKey, isNothingRecordedFailure, cryptoFailure } from './paymentFailures';
export { passwordPolicyIssues, isStrongPassword, newPasswordSchema } from './passwords';
export { MAX_FAILED_LOGINS, LOGIN_LOCK_MS, LOGIN_TRIES_WINDOW_MS, loginTriesKey, loginRefusal } from './loginTries';
export { MAIL_LIMITS, isPastMailLimit, secondsUntil } from './mailLimits';
export type { CountedMail, MailLimit } from './mailLimits';
export { hostOfPage, isAllowedPage } from './allowedDomains';
export { rateLimitClientOf } from './rateLimitClient';
export { parentHasNoOrigin, parentOriginFrom } from './parentOrigin';
export { CampaignBridgeSchema, activeCampaign, donationAmountMessage } from './campaign';
export { merchantTextIn } from './merchantTexts';
export type { MerchantTranslations, TextPerLanguage } from './merchantTexts';
export type { CampaignBridge } from './campaign';
export { PaymentStationSchema } from './paymentLink';
export { qrCodeKind, searchActivityQuery, paymentCodeLookupResult } from './paymentCode';
export { SavedCardSchema, usableSavedCards } from './savedCards';
export type { SavedCard } from './savedCards';
export { UserServiceSchema, userServiceNumber, sortUserServices, buildPayActivityPayload } from './userService';
export type { UserService } from './userService';
export {
  DEFAULT_PROFILE_PHOTO,
  UserProfileSchema,
  SESSION_STORAGE_KEY,
  SessionSchema,
  readSession,
  buildRegistrationPayload,
  randomRegistrationLogin,
} from './profile';
export type { Session } from './profile';
export { authHeaders, initialLoginState, loginReducer, isEmployeeLoginRejected, shouldRefreshLogin } from './auth';
export type { LoginState, LoginAction } from './auth';
export {
  initialRegistrationState,
  registrationReducer,
  initialRecoveryState,
  recoveryReducer,
  recoveryBody,
} from './authFlows';
export {
  CashResultSchema,
  CASH_RESULT_STATUS,
  cashPointResult,
  payCashResultStatus,
  declinedCashRecord,
  cashVoucherExpiresAt,
} from './cash';
export {
  VALIDATION_TX_STATES, VALIDATION_CANCELED_CODE, VALIDATION_WRONG_AMOUNTS_ALLOWED, closedValidationCode, initialTransactionState, validationTxOutcome, validationCheckBody, validationChargeTexts, typedValidationCharge,
  validationCharge, validationChargeRange, isValidationChargeInRange,
} from './validationTx';
export type { TransactionState } from './validationTx';
export {
  NEQUI_STEPS,
  CLAVE_STEPS,
  YAPPY_STEPS,
  initialStepState,
  nequiReducer,
  claveReducer,
  yappyReducer,
  yappyRemainingMs,
} from './steps';
export type { StepState } from './steps';
export {
  CryptoNetworkSchema,
  CoinSchema,
  CRYPTO_PAYMENT_SUCCESS_STATUS,
  orderCoins,
  selectCryptoService,
  acceptCryptoPayment,
  rateFrozenRemainingMs,
  cryptoAmountText,
  cryptoAmountOwed,
  CryptoRefundSchema,
  CoinsReceivedSchema,
  cryptoRefundOnCancel,
  cryptoCancelNeedsConfirmation,
  cryptoCoinChangeRefusal,
  cryptoOverpaymentOf,
  nextOverpaymentSend,
  overpaymentSendKey,
  OverpaymentSendSchema,
} from './crypto';
export type { Coin, CoinsReceived, CryptoRefund, OverpaymentSend } from './crypto';
export { initialCryptoState, cryptoReducer } from './cryptoFlow';
export type { CryptoActionName, CryptoState, CryptoAction } from './cryptoFlow';
export {
  subscriptionActivatedBy,
  subscriptionReceiptRoute,
  activatesSubscription,
  isSubscriptionActive,
  isSubscriptionCancelled,
  subscriptionStatusName,
  SUBSCRIPTION_STATUS,
  activationChargeCents,
} from './subscription';
export type { SubscriptionStatusName } from './subscription';
export { buildSubscriptionProcessTx } from './subscriptionPayment';
export type { SubscriptionToActivate } from './subscriptionPayment';
export { ActivateSubscriptionSchema, SubscriptionProcessTxSchema, activatesSubscriptionBody } from './subscriptionPaymentSchema';
export {
  CaptchaCheckResponseSchema,
  captchaCheckBody,
  acceptedCaptchaScore,
  captchaErrorKey,
  captchaRefusalKey,
  captchaUseKeepMs,
} from './captcha';
export { receiptOverallResult, returnAddress } from './returnPage';
export { PaymentSecurityEntries, securityFields } from './paymentSecurity';
export type { PaymentSecurity } from './paymentSecurity';
export { APP_STORE_LINKS, appMarketOf, appMarketsFor } from './appMarket';
export type { AppMarket } from './appMarket';
export {
  emailPaymentState,
  EMAIL_PAYMENT_REFUSALS,
  emailPaymentRefusalPath,
  EmailPaymentRequestSchema,
} from './emailPayment';
export type { EmailPaymentRequest } from './emailPayment';
export type { CaptchaCheckResponse } from './captcha';
export {
  stationPaymentInfo,
  stationTakesPayerAmount,
  PendingSubscriptionSchema,
  subscriptionPeriodCode,
  subscriptionPaymentInfo,
} from './checkoutTargets';
export type { PendingSubscription } from './checkoutTargets';
export { paymentCodeEntrySchema, typedLinkTargets } from './paymentCodeEntry';
export {
  SEGMENT,
  isSlug,
  checkoutEntry,
  apiCallKey,
  CATALOG_VERSION_CALL,
  catalogCall,
  checkoutTargetCall,
  checkoutTargetInfo,
  merchantCall,
  paymentMethodsCall,
  campaignBridgesCall,
  merchantCalls,
  PrimedAnswersSchema,
  SECURITY_CONFIG_CALLS,
  waitingCalls,
  waitingOfParams,
  waitingPaymentCall,
  pendingAttemptCall,
} from './firstScreen';
export { pickLanguage, acceptLanguageTags, recordedLanguage } from './languageChoice';
export type { CheckoutType, ApiCall, PrimedAnswer } from './firstScreen';
export { challengeEndsOnForm, receiptCall, receiptOfAddress, refusedChallengeReturn, returnedPaymentResult, returnRefusalKey } from './returnScreen';
export { CHALLENGE_ENTRIES_PARAM, CHALLENGE_RETURN_PARAM, CHALLENGE_STAY_PARAM } from './returnMarks';
export { isTrackId, chargeIdentityText, trackIdRepeatOf, PaymentAttemptSchema, TrackIdSchema } from './chargeAttempt';
export type { ChargeIdentity, PaymentAttempt } from './chargeAttempt';
export { recordAsCardAnswer, pendingAttemptOf, waitingStateOf, waitingEndOf, WAITING_ENDS } from './attemptRecords';
export type { WaitingEnd } from './attemptRecords';
export { appearanceParam, appearanceProblem, bankPageColourCss, contrastWarning, readableShade, pageThemeOf, SERVED_FONT_WEIGHTS, SERVED_FONTS, servedFontPath, themePalette } from './appearance';
export type { PageTheme, ServedFont } from './appearance';
export type { Appearance, AppearanceVariables, FontFamily, Theme } from './appearance';
export { nequiPhoneRule } from './nequiPhone';
export { phoneCountryOf } from './phoneCountry';
export { escapeHtml } from './html';
export { BANK_PAGE_CLOSE_FIELD } from './bankPageClose';
export { PAYMENT_REQUEST_TO_SELF, requestsOwnAddress } from './paymentRequestRecipient';
export { WALLET_REQUEST_STATUS, walletRequestActionRefusal, walletRequestAmountRefusal, type WalletRequestAction, type WalletRequestActor } from './walletRequest';
export { cryptoDepositEnd, cryptoOwedToPayer, cryptoPaidInFull, cryptoQuoteHolds } from './crypto';
