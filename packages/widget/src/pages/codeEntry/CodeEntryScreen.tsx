import { useEffect, useRef, useState } from 'react';
import { fieldErrors, paymentCodeEntrySchema, type ValidationKey } from '@pasarela/core';
import { t } from '../../i18n/i18n';
import { Field } from '../../ui/Field';

export function CodeEntryScreen({ open }: { open: (code: string) => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<ValidationKey | undefined>(undefined);
  useEffect(() => {
    document.title = t('code_entry_title');
    heading.current?.focus();
  }, []);
  const submit = () => {
    const found = fieldErrors(paymentCodeEntrySchema, { code }).code;
    setError(found);
    if (found === undefined) open(code.trim());
  };
  return (
    <main className="page code-entry">
      <h1 className="page__title" tabIndex={-1} ref={heading}>
        {t('code_entry_title')}
      </h1>
      <form className="method-form" noValidate onSubmit={(e) => (e.preventDefault(), submit())}>
        <Field
          name="paymentCode"
          label={t('label_payment_code')}
          hint={t('code_entry_hint')}
          value={code}
          onValue={setCode}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          error={error ? t(error) : undefined}
        />
        <button type="submit" className="button button--primary">
          {t('continue_button')}
        </button>
      </form>
    </main>
  );
}
