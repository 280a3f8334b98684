import { useEffect, useRef, type FormEvent } from 'react';
import { VALIDATION_TX_STATES, validationChargeTexts } from '@pasarela/core';
import { currentLanguage, t } from '../../i18n/i18n';
import { Field } from '../../ui/Field';
import { WayOut } from '../../ui/WayOut';
import { useShopOf } from '../../ui/useShopOf';
import { useStoreState } from '../../ui/useStoreState';
import type { ValidateTxStore } from './store';
import { BusyButton } from '../../ui/BusyButton';

export function ValidateTxScreen({ store }: { store: ValidateTxStore }) {
  const state = useStoreState(store);
  const { shop, returnUrl } = useShopOf(state.code);
  const heading = useRef<HTMLHeadingElement>(null);
  const result = useRef<HTMLDivElement>(null);
  const confirmed = state.tx.stateOfValid === VALIDATION_TX_STATES.confirmed;
  // The charge's range in its currency: "$1.00" or "$ 1.000" said, "1.00" or "1.000" typed.
  const range = validationChargeTexts(currentLanguage(), state.currency);
  useEffect(() => {
    document.title = t('validate_tx_title');
    heading.current?.focus();
  }, []);
  // The end (confirmed, canceled, expired) takes the focus once the form is gone, in the box its answer drew.
  useEffect(() => {
    if (state.finished) result.current?.focus();
  }, [state.finished]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await store.getState().submit();
    if (store.getState().amountError) document.getElementById('field-amount')?.focus();
  };

  return (
    <main className="page page--validate">
      <WayOut shop={shop} returnUrl={returnUrl} />
      <h1 className="page__title" tabIndex={-1} ref={heading}>
        {t('validate_tx_title')}
      </h1>
      {state.nothing ? (
        // No validation with this code (none was made, or the code names nothing): nothing to type, no charge to look for.
        <p className="notice" role="status">
          {t('validate_tx_nothing', { code: state.code })}
        </p>
      ) : (
        <p className="page__text">{t('validate_tx_help', { min: range.min, max: range.max })}</p>
      )}
      {state.nothing ? null : <p className="page__hint">{t('validate_tx_operation', { code: state.code })}</p>}
      {!state.nothing && (state.tx.errorMessage || confirmed) ? (
        <div
          ref={result}
          tabIndex={-1}
          // Drawn anew for each answer of the check, so each is heard once; a refusal in the form draws none.
          key={state.answers}
          className={confirmed ? 'notice notice--ok' : 'alert'}
          // Read once: the focus reads the end, so it is no live region too (as GOV.UK's focused error summary).
          role={state.finished ? undefined : 'alert'}
        >
          <p className="alert__text">{confirmed ? t('validate_tx_success') : t(state.tx.errorMessage ?? 'try_again_validation_tx')}</p>
          {!confirmed && !state.finished ? <p className="alert__text">{t('validate_tx_tries_left', { count: state.triesLeft })}</p> : null}
        </div>
      ) : null}
      {state.finished ? null : (
        <form className="method-form" noValidate onSubmit={(e) => void submit(e)} aria-label={t('validate_tx_title')}>
          <Field
            name="amount"
            label={t('validate_tx_amount_label')}
            value={state.amount}
            inputMode="decimal"
            autoComplete="transaction-amount"
            hint={t('validate_tx_amount_hint', { min: range.typedMin, max: range.typedMax, example: range.example })}
            error={state.amountError === 'invalid_amount_validation_tx' ? t('validate_tx_amount_range', { min: range.min, max: range.max }) : state.amountError ? t(state.amountError) : undefined}
            onValue={(value) => store.getState().setAmount(value)}
          />
          <BusyButton type="submit" className="button button--primary" busy={state.checking} aria-busy={state.checking}>
            {t('validate_tx_button')}
          </BusyButton>
        </form>
      )}
    </main>
  );
}
