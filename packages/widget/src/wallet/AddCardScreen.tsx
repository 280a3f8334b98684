import type { CatalogKey } from '@pasarela/core';
import { useRef, useState } from 'react';
import * as v from 'valibot';
import { cardBrandHint, cardNumber, cvc, digitsOnly, expiry, fieldErrors, isPasarelaError, parseExpiry, required } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { useServices } from '../services/services';
import { Field } from '../ui/Field';
import { formatCardNumber, formatExpiry } from '../payments/cardFormat';
import { registerCard } from './api';
import { WalletPage } from './WalletPage';
import { walletMessageKey } from './walletMessage';
import { BusyButton } from '../ui/BusyButton';

type AddCardField = 'cardnumber' | 'expirationDate' | 'cvc' | 'name';
const EMPTY: Record<AddCardField, string> = { cardnumber: '', expirationDate: '', cvc: '', name: '' };

export function AddCardScreen({ next }: { next: string | null }) {
  const services = useServices();
  const [values, setValues] = useState(EMPTY);
  const [makeDefault, setMakeDefault] = useState(false);
  const [shown, setShown] = useState<Partial<Record<AddCardField, CatalogKey>>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Kept while its check's answer is unknown, so saving the same card again is the same check.
  const pending = useRef<{ trackId: string; card: string } | null>(null);
  const brand = cardBrandHint(values.cardnumber);
  const set = (field: AddCardField) => (value: string) =>
    setValues((old) => ({
      ...old,
      [field]: field === 'cardnumber' ? formatCardNumber(digitsOnly(value).slice(0, 19)) : field === 'expirationDate' ? formatExpiry(value, old.expirationDate) : field === 'cvc' ? digitsOnly(value).slice(0, 4) : value,
    }));

  const submit = async () => {
    if (busy) return;
    const schema = v.object({ cardnumber: cardNumber(), expirationDate: expiry(services.now()), cvc: cvc(brand), name: required() });
    const errors = fieldErrors(schema, values);
    setShown(errors);
    const firstBad = (Object.keys(EMPTY) as AddCardField[]).find((f) => errors[f]);
    if (firstBad) {
      document.getElementById(`field-${firstBad}`)?.focus();
      return;
    }
    const exp = parseExpiry(values.expirationDate);
    if (!exp) return;
    setBusy(true);
    setFailure(null);
    const card = {
      cardNumber: digitsOnly(values.cardnumber),
      expMonth: String(exp.month).padStart(2, '0'),
      expYear: String(exp.year),
      nameOnCard: values.name.trim(),
      isDefault: makeDefault,
    };
    const sameCard = JSON.stringify(card);
    if (pending.current?.card !== sameCard) pending.current = { trackId: services.newTrackId(), card: sameCard };
    const { trackId } = pending.current;
    try {
      const answer = await registerCard(services.api, { ...card, trackId });
      pending.current = null;
      if (answer.status === 1) {
        services.navigate(next ?? '/pf/widget/home');
        return;
      }
      // SPEC 7 "status 0 means error, with messageSys": the gateway's reason, as text.
      setFailure(answer.messageSys ?? t('payment_declined'));
    } catch (error) {
      // Refused for the request itself (4xx): that check is over. No answer or a 5xx: kept for the retry.
      if (isPasarelaError(error) && error.status !== undefined && error.status < 500) pending.current = null;
      setFailure(t(walletMessageKey(error)));
    } finally {
      setValues((old) => ({ ...old, cvc: '' }));
      setBusy(false);
    }
    // Refused: the CVC, emptied, is the field to type again, the reason tied to it.
    document.getElementById('field-cvc')?.focus();
  };

  const message = (f: AddCardField) => (shown[f] ? t(shown[f] ?? '') : undefined);
  return (
    <WalletPage title={t('add_card')}>
      <form
        className="method-form wallet-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {failure ? (
          <div className="alert" role="alert" id="add-card-failure">
            <p className="alert__text">{failure}</p>
          </div>
        ) : null}
        <Field name="cardnumber" label={t('label_cardnumber')} value={values.cardnumber} onValue={set('cardnumber')} autoComplete="cc-number" inputMode="numeric" error={message('cardnumber')} disabled={busy} />
        <div className="field-row">
          <Field name="expirationDate" label={t('label_expiry')} value={values.expirationDate} onValue={set('expirationDate')} autoComplete="cc-exp" inputMode="numeric" placeholder={t('placeholder_expiry')} error={message('expirationDate')} disabled={busy} />
          <Field name="cvc" label={t('label_cvc')} value={values.cvc} onValue={set('cvc')} autoComplete="cc-csc" inputMode="numeric" error={message('cvc')} invalid={failure !== null} describedBy={failure ? 'add-card-failure' : undefined} disabled={busy} />
        </div>
        <Field name="name" label={t('label_name')} value={values.name} onValue={set('name')} autoComplete="cc-name" error={message('name')} disabled={busy} />
        <label className="checkbox">
          <input type="checkbox" checked={makeDefault} onChange={(e) => setMakeDefault(e.currentTarget.checked)} disabled={busy} />
          <span>{t('set_default_card')}</span>
        </label>
        <BusyButton type="submit" className="button button--primary" busy={busy} aria-busy={busy}>
          {busy ? t('loading') : t('save_button')}
        </BusyButton>
      </form>
    </WalletPage>
  );
}
