import { useEffect, useRef, useState } from 'react';
import { fieldErrors, payerMessage, paymentCodeEntrySchema, type CatalogKey } from '@pasarela/core';
import { t } from '../../i18n/i18n';
import { BusyButton } from '../../ui/BusyButton';
import { Field } from '../../ui/Field';
import { WayOut } from '../../ui/WayOut';
import { useServices } from '../../services/services';

/** `find`: the address of the link a code names, or null when it names none. */
export function CodeEntryScreen({ find, open }: { find: (code: string) => Promise<string | null>; open: (address: string) => void }) {
  const { bridge } = useServices();
  const heading = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<CatalogKey | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    document.title = t('code_entry_title');
    heading.current?.focus();
  }, []);
  // The payer keeps what they typed, and the field, told why, takes the focus to correct it.
  const refuse = (key: CatalogKey) => {
    setError(key);
    input.current?.focus();
  };
  const submit = async () => {
    const found = fieldErrors(paymentCodeEntrySchema, { code }).code;
    if (found !== undefined) return refuse(found);
    setError(undefined);
    setBusy(true);
    try {
      const address = await find(code.trim());
      if (address === null) refuse('code_entry_not_found');
      else open(address);
    } catch (failure) {
      refuse(payerMessage(failure).key);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="page code-entry">
      {/* In a shop's frame, the checkout's close, as on every other page; a full page has no way out to offer. */}
      {bridge.embedded ? <WayOut /> : null}
      <h1 className="page__title" tabIndex={-1} ref={heading}>
        {t('code_entry_title')}
      </h1>
      <form className="method-form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
        <Field
          name="paymentCode"
          label={t('label_payment_code')}
          hint={t('code_entry_hint')}
          value={code}
          onValue={setCode}
          inputRef={input}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          error={error ? t(error) : undefined}
        />
        <BusyButton type="submit" className="button button--primary" busy={busy}>
          {t('continue_button')}
        </BusyButton>
      </form>
    </main>
  );
}
