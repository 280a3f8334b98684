import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { balanceCovers, formatAmount } from '@pasarela/core';
import { t } from '../../i18n/i18n';
import type { MethodScreenProps } from '../../payments/methodModule';
import { useStoreState } from '../../ui/useStoreState';
import { LoginForm } from '../../wallet/LoginForm';
import { hereOn } from '../../wallet/walletLink';
import { endLogin } from '../../wallet/endLogin';
import { createBalanceStore } from './store';
import { BusyButton } from '../../ui/BusyButton';
import { PayingStatus } from '../../ui/PayingStatus';
import { useArrivalFocus } from '../../ui/useArrivalFocus';
import { PaidElsewhere } from '../../payments/PaidElsewhere';
import { NextStep } from '../../ui/NextStep';

export function BalanceScreen({ payment }: MethodScreenProps) {
  const { services, total } = payment;
  const login = useStoreState(services.session).login;
  // Logged out here ("Cerrar sesión" gone with the balance): the focus on the login's first field, not the page's body.
  const loginArea = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!login && document.activeElement === document.body) loginArea.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [login]);
  return (
    <div className="method">
      <h2 className="method__title">{t('method_balance')}</h2>
      {login ? (
        <BalancePay payment={payment} key={login.session.sessionId} />
      ) : (
        <>
          {/* The amount in the sentence that asks for the login, not in a line after the form that reads like a button. */}
          <p className="method__text">{t('wallet_balance_login_intro', { amount: formatAmount(total, services.lang) })}</p>
          <div ref={loginArea}>
            {/* Signup and recovery open on top of this checkout: Back comes here again, on Saldo. */}
            <LoginForm idPrefix="balance-" next={hereOn('balance')} onTopOfNext onLoggedIn={() => undefined} />
          </div>
        </>
      )}
    </div>
  );
}

function BalancePay({ payment }: MethodScreenProps) {
  const { services, total } = payment;
  const [store] = useState(() => createBalanceStore(payment));
  const state = useStoreState(store);
  useEffect(() => void store.getState().load(), [store]);
  const paying = state.phase === 'paying';
  // Shown after a login in place: the focus moves on to Pay, not to the page's body.
  const payButton = useArrivalFocus<HTMLButtonElement>();
  const short = state.balance !== null && !balanceCovers(state.balance, total);
  // Too little balance is said beside Pay (its description) and with the balance as it comes, not as
  // an alert before the payer acts; Pay pressed then asks nothing of the server and announces it, the focus staying on Pay.
  const [shortPresses, setShortPresses] = useState(0);
  const paidElsewhere = state.phase === 'paidElsewhere';
  // Nothing is left to pay: the method choice and the captcha go too.
  useEffect(() => {
    if (paidElsewhere) payment.setEnded(true);
  }, [paidElsewhere, payment]);
  if (paidElsewhere) return <PaidElsewhere payment={payment} paidBy={state.paidBy} />;
  return (
    <form
      className="method-form wallet-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (short) setShortPresses((n) => n + 1);
        else void store.getState().pay();
      }}
    >
      {/* Read whole when the balance comes: "Saldo disponible $100.00", not the amount alone; too little, said with it (Pay, focused before it came, was read without). */}
      <div className="wallet-balance" aria-live="polite" aria-atomic="true">
        <p className="wallet-section__title">{t('wallet_balance')}</p>
        <p className="wallet-balance__amount">
          {state.balance === null ? t('loading') : formatAmount(state.balance, services.lang)}
        </p>
        {short ? <p className="visually-hidden">{t('wallet_insufficient_balance')}</p> : null}
      </div>
      {state.error ? (
        <div className="alert" role="alert">
          <p className="alert__text">{t(state.error)}</p>
          <NextStep messageKey={state.error} />
        </div>
      ) : short ? (
        // Said beside Pay until pressed; then a new alert at each press, so each is announced.
        <div className="alert" role={shortPresses > 0 ? 'alert' : undefined} id="balance-short" key={shortPresses}>
          <p className="alert__text">{t('wallet_insufficient_balance')}</p>
          {/* Pay pressed: what the payer can do instead, so the press shows something. */}
          {shortPresses > 0 ? <p className="alert__text">{t('wallet_short_choose_another')}</p> : null}
        </div>
      ) : null}
      <BusyButton type="submit" buttonRef={payButton} className="button button--primary button--pay" busy={paying || state.phase === 'loading'} aria-busy={paying} aria-describedby={short && !state.error ? 'balance-short' : undefined}>
        {paying ? t('processing_payment') : t('pay_with_balance', { amount: formatAmount(total, services.lang) })}
      </BusyButton>
      <PayingStatus paying={paying} />
      <BusyButton type="button" className="button button--link" busy={paying} onClick={() => endLogin(services)}>
        {t('logout_button')}
      </BusyButton>
    </form>
  );
}
