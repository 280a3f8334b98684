import type { CatalogKey } from '@pasarela/core';
import { useEffect, useRef, useState } from 'react';
import { balanceCovers, buildPayActivityPayload, formatAmount, isPasarelaError, paymentCodeLookupResult, searchActivityQuery, securityFields, totalWithTax, userServiceNumber, type UserService } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { useServices } from '../services/services';
import { Field } from '../ui/Field';
import { loadCheckoutSecurity, SecuritySlot } from '../security/loadCheckoutSecurity';
import type { CheckoutSecurity } from '../security/checkoutSecurity';
import { loadServices, payActivity, searchActivity, type FoundActivity } from './api';
import { walletMessageKey } from './walletMessage';
import { BusyButton } from '../ui/BusyButton';
import { NextStep } from '../ui/NextStep';

/** The polite status after a search: how many bills it found, or none. */
function searchOutcome(message: CatalogKey | null, found: FoundActivity[] | null): string {
  if (message === 'no_results' || found?.length === 0) return t('no_results');
  if (!found) return '';
  return found.length === 1 ? t('debt_found_one_bill') : t('debt_found_bills', { count: found.length });
}

/** `balance`: the wallet's, which pays a bill only when it covers it whole (core balanceCovers). */
export function DebtLookup({ balance, onPaid }: { balance: number; onPaid: () => void }) {
  const services = useServices();
  const [saved, setSaved] = useState<UserService[]>([]);
  const [number, setNumber] = useState('');
  const [found, setFound] = useState<FoundActivity[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<CatalogKey | null>(null);
  const [paid, setPaid] = useState<string | null>(null);
  const paidNote = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (paid) paidNote.current?.focus();
  }, [paid]);
  // A payment carries the captcha's token and the fingerprint, as the checkout's do (its chunk,
  // fetched once a debt is found).
  const security = useRef<Promise<CheckoutSecurity> | null>(null);
  // A debt found by code names no merchant, so its captcha token names none either.
  const securityOf = () => (security.current ??= loadCheckoutSecurity(services, null));

  useEffect(() => {
    void loadServices(services.api).then(setSaved, () => undefined);
  }, []);

  const search = async (value: string) => {
    const digits = value.replace(/\D/g, '');
    setNumber(value);
    setFound(null);
    setPaid(null);
    if (digits === '') return setMessage('field_required');
    setBusy(true);
    setMessage(null);
    try {
      setFound(await searchActivity(services.api, searchActivityQuery({ code: digits })));
    } catch (error) {
      setMessage(isPasarelaError(error) && error.code === 'PAYMENT_NOT_FOUND' ? 'no_results' : walletMessageKey(error));
    } finally {
      setBusy(false);
    }
  };
  const billTotal = (debt: FoundActivity) => totalWithTax(debt.amount, debt.taxes);
  const payable = (debt: FoundActivity) => balanceCovers(balance, billTotal(debt));
  const serviceFor = (digits: string) => saved.find((s) => userServiceNumber(s) === digits);
  const pay = async (debt: FoundActivity) => {
    setBusy(true);
    setMessage(null);
    try {
      const payload = buildPayActivityPayload({
        sourceSearch: debt,
        idUsrCard: null,
        idUsrService: serviceFor(number.replace(/\D/g, ''))?.idUsrService ?? 0,
        useFunds: true,
      });
      const checks = await securityOf().then((s) => s.forPayment());
      const answer = await payActivity(services.api, { ...payload, ...securityFields(checks), trackId: services.newTrackId() });
      // SPEC 4 "PAYMENT_NOT_FOUND, PAYMENT_SUCCESS (activityResult.status 1) or PAYMENT_REJECTED".
      if (paymentCodeLookupResult(answer) !== 'PAYMENT_SUCCESS') {
        setMessage('payment_rejected');
        return;
      }
      setFound(null);
      setPaid(answer.activityResult.codOper);
      onPaid();
    } catch (error) {
      setMessage(walletMessageKey(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="debt-title">
      <h2 id="debt-title" className="wallet-section__title">{t('debt_search_title')}</h2>
      <form className="method-form wallet-form" noValidate onSubmit={(e) => (e.preventDefault(), void search(number))}>
        {saved.length > 0 ? (
          <p className="wallet-links">
            {saved.map((s) => (
              <button key={s.idUsrService} type="button" className="button button--link" onClick={() => void search(userServiceNumber(s) ?? '')}>
                {s.nameOrAlias} {userServiceNumber(s)}
              </button>
            ))}
          </p>
        ) : null}
        <Field name="serviceNumber" label={t('debt_search_label')} type="tel" value={number} onValue={setNumber} autoComplete="tel" inputMode="numeric" disabled={busy} />
        <BusyButton type="submit" className="button button--secondary" busy={busy} aria-busy={busy}>
          {t('search_button')}
        </BusyButton>
      </form>
      <div>
        {/* What a search found is announced, as a miss is, the focus staying in the field; never the captcha or the bills themselves. */}
        <p className="page__text" role="status" aria-live="polite">{searchOutcome(message, found)}</p>
        {message && message !== 'no_results' ? (
          <div className="alert" role="alert">
            <p className="alert__text">{t(message)}</p>
            <NextStep messageKey={message} />
          </div>
        ) : null}
        {/* Paid, its button gone: the focus on what happened, never the page's body. */}
        {paid ? <p className="page__text" tabIndex={-1} ref={paidNote}>{t('payment_successfull')} · {paid}</p> : null}
        {found?.some(payable) ? <SecuritySlot security={securityOf()} disabled={busy} /> : null}
        {found?.map((debt) =>
          payable(debt) ? (
            <div key={debt.paymentCode} className="wallet-list__item">
              <span>{debt.description}</span>
              <BusyButton type="button" className="button button--primary button--small" busy={busy} onClick={() => void pay(debt)}>
                {t('pay_with_balance', { amount: formatAmount(billTotal(debt), services.lang) })}
              </BusyButton>
            </div>
          ) : (
            // A balance short of the bill is said with the bill, as the Saldo method says it beside Pay: no
            // payment offered that cannot happen. Read in order with the bill, never announced.
            <div key={debt.paymentCode} className="wallet-list__item">
              <span>{debt.description}</span>
              <span>{formatAmount(billTotal(debt), services.lang)}</span>
              <div className="alert wallet-list__note">
                <p className="alert__text">{t('wallet_insufficient_balance')}</p>
              </div>
            </div>
          ),
        )}
      </div>
    </section>
  );
}
