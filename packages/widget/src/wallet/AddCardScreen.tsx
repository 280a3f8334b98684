import type { CatalogKey } from '@pasarela/core';
import { useRef, useState } from 'react';
import * as v from 'valibot';
import { fieldErrors, isPasarelaError, required } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { useServices } from '../services/services';
import { Field } from '../ui/Field';
import { registerCard } from './api';
import { WalletPage } from './WalletPage';
import { walletMessageKey } from './walletMessage';
import { BusyButton } from '../ui/BusyButton';
import { VaultFields } from '../payments/VaultFields';
import { createVaultFrame, type FrameEvent } from '../payments/vaultFrame';

const NAME_SCHEMA = v.object({ name: required() });

/** The card's number, expiry and CVC in the card vault's fields (as the checkout's card form); the name here. */
export function AddCardScreen({ next }: { next: string | null }) {
  const services = useServices();
  const [frame] = useState(() => createVaultFrame(services.config.vaultUrl));
  const [name, setName] = useState('');
  const [makeDefault, setMakeDefault] = useState(false);
  const [nameError, setNameError] = useState<CatalogKey | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Kept while its check's answer is unknown, so saving the same card again is the same check (the
  // same token while the payer changes nothing in the card's fields).
  const pending = useRef<{ trackId: string; card: string } | null>(null);
  const token = useRef<{ token: string; expMonth: number; expYear: number } | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);

  const onFrameEvent = (event: FrameEvent) => {
    if (event.type === 'change') token.current = null;
    else if (event.type === 'submit') void submit();
  };

  const submit = async () => {
    if (busy) return;
    const nameCheck = fieldErrors(NAME_SCHEMA, { name }).name;
    setNameError(nameCheck);
    setBusy(true);
    setFailure(null);
    frame.busy(true);
    try {
      // The card's fields are checked with the name; a card goes to the vault only when all are right.
      const tokenized = token.current ? null : await frame.tokenize(name.trim(), { focus: false, ...(nameCheck ? { validate: true } : {}) });
      if (tokenized?.kind === 'failed') {
        setFailure(t(tokenized.alert ?? 'connection_error'));
        return;
      }
      if (tokenized?.kind === 'invalid') {
        const first = tokenized.fields[0];
        if (first) frame.focus(first);
        else nameInput.current?.focus();
        return;
      }
      if (nameCheck) {
        nameInput.current?.focus();
        return;
      }
      if (tokenized?.kind === 'token') token.current = tokenized.card;
      const saved = token.current;
      if (!saved) return;
      const card = {
        cardNumber: saved.token,
        expMonth: String(saved.expMonth).padStart(2, '0'),
        expYear: String(saved.expYear),
        nameOnCard: name.trim(),
        isDefault: makeDefault,
      };
      const sameCard = JSON.stringify(card);
      if (pending.current?.card !== sameCard) pending.current = { trackId: services.newTrackId(), card: sameCard };
      const { trackId } = pending.current;
      let reason: string;
      try {
        const answer = await registerCard(services.api, { ...card, trackId });
        pending.current = null;
        if (answer.status === 1) {
          services.navigate(next ?? '/pf/widget/home');
          return;
        }
        // SPEC 7 "status 0 means error, with messageSys": the gateway's reason, as text.
        reason = answer.messageSys ?? t('payment_declined');
        setFailure(reason);
      } catch (error) {
        // Refused for the request itself (4xx): that check is over. No answer or a 5xx: kept for the retry.
        if (isPasarelaError(error) && error.status !== undefined && error.status < 500) pending.current = null;
        reason = t(walletMessageKey(error));
        setFailure(reason);
        if (pending.current) return;
      }
      // Refused: the CVC, emptied (the vault dropped it with the outcome), is the field to type again, the reason tied to it.
      token.current = null;
      frame.clear('cvc');
      frame.decline('cvc', reason);
      frame.focus('cvc');
    } finally {
      frame.busy(false);
      setBusy(false);
    }
  };

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
        <VaultFields frame={frame} address={{ vaultUrl: services.config.vaultUrl, parentOrigin: services.address().origin, lang: services.lang, brands: [] }} onEvent={onFrameEvent} />
        <Field name="name" label={t('label_name')} value={name} onValue={setName} inputRef={nameInput} autoComplete="cc-name" error={nameError ? t(nameError) : undefined} live={false} disabled={busy} />
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
