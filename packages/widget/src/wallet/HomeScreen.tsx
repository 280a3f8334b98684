import { useEffect, useRef } from 'react';
import { formatAmount, maskedCardName, maskedPhoneName, paymentDisplayStatus, payerDateText, statusFamilyOf, type MaskedName } from '@pasarela/core';
import { MaskedNumber } from '../ui/MaskedNumber';
import { hasText, t } from '../i18n/i18n';
import { useServices } from '../services/services';
import { AttemptAlert } from '../payments/AttemptAlert';
import { LoadingNote } from '../ui/Loading';
import { useStoreState } from '../ui/useStoreState';
import { endLogin } from './endLogin';
import type { AccountStore } from './accountStore';
import type { WalletTransaction } from './api';
import { go } from './LoginForm';
import { DebtLookup } from './DebtLookup';
import { SavedCardList } from './SavedCardList';
import { WalletPage } from './WalletPage';
import { here, walletLink } from './walletLink';

function methodName(method: string): string {
  const key = `method_${method}`;
  return hasText(key) ? t(key) : method;
}

/** The card (or the wallet phone) a payment used, named as everywhere else. */
function numberOf(tx: WalletTransaction): MaskedName | null {
  if (!tx.displayNum) return null;
  return tx.method === 'card' ? maskedCardName(tx.cardType, tx.displayNum) : maskedPhoneName(tx.displayNum);
}

export const LOGIN_PATH = '/pf/widget/login';

export function HomeScreen({ store }: { store: AccountStore }) {
  const services = useServices();
  const state = useStoreState(store);
  const login = useStoreState(services.session).login;
  const { lang } = services;
  const cardsHeading = useRef<HTMLHeadingElement>(null);

  // A session-type answer ended the login (SPEC 8): back to the login, which says so, and back here after.
  useEffect(() => {
    if (!login) services.navigate(walletLink(LOGIN_PATH, here()));
  }, [login]);

  const logout = () => endLogin(services);

  // Loading is a status, not a failure; a failure keeps the wallet's title and offers a retry.
  if (!state.account) {
    return (
      <WalletPage title={t('wallet_home_title')}>
        {state.status === 'failed' ? (
          <AttemptAlert message={{ key: 'happen_error_try_again', text: t(state.error ?? 'happen_error_try_again') }} onRetry={() => void store.getState().load()} />
        ) : (
          <LoadingNote />
        )}
      </WalletPage>
    );
  }
  const { profile, balance, cards, transactions } = state.account;
  const fullName = `${profile.name} ${profile.lastname}`.trim();
  return (
    <WalletPage title={t('wallet_home_title')}>
      <section className="wallet-profile" aria-label={t('wallet_profile')}>
        <img className="wallet-profile__photo" src={profile.photo} alt="" width={56} height={56} />
        <div>
          <p className="wallet-profile__name">{fullName || profile.login}</p>
          <p className="wallet-profile__email">{profile.email}</p>
        </div>
        <button type="button" className="button button--secondary button--small" onClick={logout}>
          {t('logout_button')}
        </button>
      </section>
      <section className="wallet-balance" aria-labelledby="wallet-balance-label">
        <h2 id="wallet-balance-label" className="wallet-section__title">{t('wallet_balance')}</h2>
        <p className="wallet-balance__amount">{formatAmount(balance, lang)}</p>
      </section>
      <section aria-labelledby="saved-cards-label">
        <h2 id="saved-cards-label" className="wallet-section__title" tabIndex={-1} ref={cardsHeading}>{t('saved_cards')}</h2>
        {state.error ? (
          <div className="alert" role="alert">
            <p className="alert__text">{t(state.error)}</p>
          </div>
        ) : null}
        <SavedCardList cards={cards} busyCard={state.busyCard} onDefault={(id) => void store.getState().makeDefault(id)} onRemove={(id) => void store.getState().remove(id)} afterRemoveFocus={() => cardsHeading.current?.focus()} />
        <a className="button button--secondary" href={walletLink('/pf/widget/addcard', '/pf/widget/home')} onClick={(e) => go(e, services.navigate)}>
          {t('add_card')}
        </a>
      </section>
      <DebtLookup balance={balance} onPaid={() => void store.getState().load()} />
      <section aria-labelledby="recent-label">
        <h2 id="recent-label" className="wallet-section__title">{t('wallet_recent')}</h2>
        {transactions.length === 0 ? <p className="page__text">{t('wallet_no_transactions')}</p> : null}
        <ul className="wallet-list">
          {transactions.map((tx) => {
            const number = numberOf(tx);
            return (
            <li key={tx.codOper} className="wallet-list__item">
              <span>
                {payerDateText(new Date(tx.createdAt), lang, { time: false })} · {tx.merchantName ? `${tx.merchantName} · ` : ''}{methodName(tx.method)}
                {number ? ' ' : ''}
                {number ? <MaskedNumber name={number} /> : null}
              </span>
              <span>
                {formatAmount(tx.amount + tx.taxAmount, lang, tx.currency)} · {t(`status_${paymentDisplayStatus(statusFamilyOf(tx.method), tx.status, tx.authStatus)}`)}
                {/* A refund given back: so the list and the balance add up. */}
                {tx.refundedAmount > 0 ? ` · ${t('wallet_refunded', { amount: formatAmount(tx.refundedAmount, lang, tx.currency) })}` : ''}
              </span>
            </li>
            );
          })}
        </ul>
      </section>
    </WalletPage>
  );
}
