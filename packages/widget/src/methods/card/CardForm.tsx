import { useContext, useEffect, useRef, type FocusEvent, type ReactNode } from 'react';
import { useStoreState } from '../../ui/useStoreState';
import { formatAmount, type CardBrand, type Currency, type Language } from '@pasarela/core';
import { t } from '../../i18n/i18n';
import { Field } from '../../ui/Field';
import { CardMark } from '../../ui/marks/CardMark';
import { visibleErrors, type CardField, type CardStore, type PayerField } from './store';
import { VaultFields } from '../../payments/VaultFields';
import type { FrameCardField, FrameEvent, VaultFieldsAddress, VaultFrame } from '../../payments/vaultFrame';
import { BeforePayContext } from '../../payments/beforePay';
import { BusyButton } from '../../ui/BusyButton';
import { NextStep } from '../../ui/NextStep';
import { phoneHintKey } from '../../payments/phoneCheck';
import { PayingStatus } from '../../ui/PayingStatus';

const DECLINE_ID = 'card-decline';

interface CardFormProps {
  store: CardStore;
  /** The card vault's fields: number, expiry and CVC, on its origin. */
  frame: VaultFrame;
  fieldsAddress: Omit<VaultFieldsAddress, 'look'>;
  /** The payer typed in the vault's fields (the payment's code can load meanwhile). */
  onCardInput?: (() => void) | undefined;
  total: number;
  /** The merchant's: the Pay button says the total in it (issue 93). */
  currency?: Currency;
  /** The country a phone without a code is read in (the merchant's), named by the phone's hint. */
  phoneCountry?: 'CO' | 'PA';
  lang: Language;
  acceptedBrands: readonly CardBrand[];
  preparePhone: () => void;
  beforeSubmit?: ReactNode;
  payTerms?: string | undefined;
  /** The submit button's words when it does not pay now (a plan that charges first when due); else "Pagar $X". */
  submitLabel?: string | undefined;
  /** Back from the challenge's wait: the card number takes the focus its button had (VaultFields). */
  takeFocus?: boolean | undefined;
}

/** Each input's name is SPEC's form value name. */
export function CardForm({ store, frame, fieldsAddress, onCardInput, total, currency = 'USD', phoneCountry = 'PA', lang, acceptedBrands, preparePhone, beforeSubmit, payTerms, submitLabel, takeFocus }: CardFormProps) {
  // The checkout's extras for this payment (donation, custom fields), between the fields and Pay.
  const beforePay = useContext(BeforePayContext);
  const state = useStoreState(store);
  const inputs = useRef<Partial<Record<PayerField, HTMLInputElement | null>>>({});
  const isFrameField = (field: CardField): field is FrameCardField => field === 'cardnumber' || field === 'expirationDate' || field === 'cvc';
  const focusField = (field: CardField, options?: FocusOptions) => (isFrameField(field) ? frame.focus(field) : inputs.current[field]?.focus(options));
  const alertBox = useRef<HTMLDivElement>(null);
  const declineBox = useRef<HTMLDivElement>(null);
  const duplicateNo = useRef<HTMLButtonElement>(null);
  const payButton = useRef<HTMLButtonElement>(null);
  // The question answered (it leaves the page with its buttons): the focus back on Pay, its opener.
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current && !state.duplicate && (document.activeElement === null || document.activeElement === document.body)) payButton.current?.focus();
    asked.current = state.duplicate;
  }, [state.duplicate]);
  const shown = visibleErrors(state);
  const message = (field: PayerField) => (shown[field] ? t(shown[field]) : undefined);
  const brand = state.brand;
  const paying = state.phase !== 'editing';
  useEffect(() => frame.busy(paying), [frame, paying]);
  // A decline: focus the field that can fix it. Otherwise the CVC, or (a lost answer) the message above.
  useEffect(() => {
    if (!state.alert || state.phase !== 'editing') return;
    const field = state.alertField;
    // A question: the focus on its answer that charges nothing, so a second press of Enter (a payer who
    // thought the first did nothing) never pays twice.
    if (state.duplicate) duplicateNo.current?.focus();
    else if (field) {
      // The bank's reason describes the field in the frame too (the alert above announces it).
      frame.decline(field, alertText);
      focusField(field, { preventScroll: true });
      declineBox.current?.scrollIntoView?.({ block: 'nearest' });
    } else if (state.cvcCleared) {
      // The message first, then the CVC below it: focused alone, the CVC scrolled the message (why
      // it was emptied, and that nothing was charged) under the sticky header.
      alertBox.current?.scrollIntoView?.({ block: 'nearest' });
      focusField('cvc');
    } else alertBox.current?.scrollIntoView?.({ block: 'nearest' });
  }, [state.alert, state.phase]);
  const onFrameEvent = (event: FrameEvent) => {
    if (event.type === 'change') {
      store.getState().cardChanged(event.field, event.brand, event.complete);
      onCardInput?.();
    } else if (event.type === 'submit') void onSubmit({ preventDefault: () => undefined });
  };
  const bind = (field: PayerField) => ({
    name: field,
    inputRef: (el: HTMLInputElement | null) => {
      inputs.current[field] = el;
    },
    error: message(field),
    // After Pay the errors are the submit's, said by the focus on the first of them (Field's `live`).
    live: !state.submitted,
    onValue: (value: string) => store.getState().setValue(field, value),
    // Leaving the form for another method (its radio) is no attempt at this one: nothing is checked.
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !event.currentTarget.form?.contains(next)) return;
      store.getState().blur(field);
    },
    disabled: paying,
  });

  const onSubmit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const firstInvalid = await store.getState().submit();
    if (firstInvalid) focusField(firstInvalid);
  };
  // Tab from the vault's fields into the form's: those typed into there say what is wrong, as a field
  // left does here (another method chosen is no attempt at this one: the focus is then outside the form).
  const leftFrame = (event: FocusEvent<HTMLFormElement>) => {
    if (event.relatedTarget === null && event.target instanceof HTMLInputElement) frame.check();
  };

  // A processor that failed before deciding (the server dropped the attempt): nothing was charged, and the payer may retry.
  const processingFailed = state.alert && !state.alert.text && (state.alert.key === 'payment_error_try_again' || state.alert.key === 'error_processing_request');
  const alertText = state.alert ? (processingFailed ? t('card_processing_failed') : state.alert.text ?? t(state.alert.key)) : '';
  // The bank's reason, right above the field it points to; the field is described by it.
  const declineNote = (field: FrameCardField) =>
    state.alert && state.alertField === field ? (
      <div className="alert alert--field" role="alert" id={DECLINE_ID}>
        <p className="alert__title">{t('declined_title')}</p>
        {alertText !== t('declined_title') ? <p className="alert__text">{alertText}</p> : null}
      </div>
    ) : null;

  return (
    <form
      className="card-form"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="card-form-title"
      // Pay stays in view at the bottom (styles.css): a field focused behind it comes up clear of it.
      onFocus={(event) => {
        (event.target as HTMLElement).scrollIntoView?.({ block: 'nearest' });
        leftFrame(event);
      }}
    >
      <h2 id="card-form-title" className="card-form__title">
        {t('card_form_title')}
      </h2>
      {state.alert && !state.alertField ? (
        <div className={`alert${state.duplicate || state.alert.key === 'payment_cancelled' ? ' alert--info' : ''}`} ref={alertBox}>
          {/* What is announced is the message alone: the question's answers are buttons after it, not read with it. */}
          <div role="alert">
            {/* "Declined" only heads a bank's decline; a refusal or a failure speaks for itself. */}
            {state.alert.key === 'payment_declined' ? <p className="alert__title">{t('declined_title')}</p> : null}
            {state.duplicate ? (
              <p className="alert__text">{t(state.duplicateState === 'waiting' ? 'duplicate_question_waiting' : 'duplicate_question')}</p>
            ) : alertText !== t('declined_title') ? <p className="alert__text">{alertText}</p> : null}
            <NextStep messageKey={state.alert.key} />
          </div>
          {state.duplicate ? (
            <>
              <button type="button" className="button button--secondary" onClick={() => void store.getState().confirmSecondPurchase()}>
                {t('duplicate_confirm_button')}
              </button>
              <button type="button" ref={duplicateNo} className="button button--link" onClick={() => store.getState().declineSecondPurchase()}>
                {t('duplicate_decline_button')}
              </button>
            </>
          ) : null}
        </div>
      ) : null}
      {state.secondDeclined ? (
        <p className="alert alert--info" role="status">
          {t('duplicate_declined')}
        </p>
      ) : null}
      {/* Once a brand is recognised the others step back (styles.css .brands--known). */}
      <ul className={`brands${brand ? ' brands--known' : ''}`} aria-label={t('accepted_cards')}>
        {acceptedBrands.map((b) => (
          <li key={b} className={`brand${brand === b ? ' brand--active' : ''}`}>
            <CardMark brand={b} />
            <span className="visually-hidden">{t(`brand_${b}`)}</span>
          </li>
        ))}
      </ul>

      <div className="decline-group" ref={state.alertField ? declineBox : undefined}>
        {declineNote('cardnumber') ?? declineNote('expirationDate') ?? declineNote('cvc')}
        <VaultFields frame={frame} address={fieldsAddress} onEvent={onFrameEvent} takeFocus={takeFocus} />
      </div>
      <Field
        {...bind('name')}
        label={t('label_name')}
        value={state.values.name}
        autoComplete="cc-name"
        autoCapitalize="words"
        spellCheck={false}
        placeholder={t('placeholder_name')}
      />
      <Field
        {...bind('email')}
        label={t('label_email')}
        value={state.values.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        placeholder={t('placeholder_email')}
      />
      <Field
        {...bind('phone')}
        label={t('label_phone')}
        value={state.values.phone}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        hint={t(phoneHintKey(phoneCountry))}
        onFocus={preparePhone}
      />
      {beforePay}
      {beforeSubmit}
      {/* Under the duplicate question only its answers go on: Pay waits for one. */}
      <BusyButton type="submit" buttonRef={payButton} className="button button--primary button--pay" busy={paying || state.duplicate} aria-busy={state.phase === 'paying'} aria-describedby={payTerms ? 'pay-terms' : undefined}>
        {state.phase === 'paying' ? t('processing_payment') : (submitLabel ?? t('pay_button', { amount: formatAmount(total, lang, currency) }))}
      </BusyButton>
      {payTerms ? <p id="pay-terms" className="card-form__terms">{payTerms}</p> : null}
      <p className="card-form__secure">{t('secure_payment')}</p>
      <PayingStatus paying={state.phase === 'paying'} />
    </form>
  );
}
