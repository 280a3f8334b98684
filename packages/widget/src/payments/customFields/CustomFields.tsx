import { useEffect } from 'react';
import type { CustomField } from '@pasarela/core';
import { t } from '../../i18n/i18n';
import { Field } from '../../ui/Field';
import { useStoreState } from '../../ui/useStoreState';
import { visibleFields, type CustomFieldsStore } from './customFieldsStore';

const INPUT_TYPES: Readonly<Record<string, { type: string; inputMode?: 'decimal' | 'email' | 'tel'; autoComplete: string }>> = {
  number: { type: 'text', inputMode: 'decimal', autoComplete: 'off' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
};

export function CustomFields({ fields, store, disabled }: { fields: readonly CustomField[]; store: CustomFieldsStore; disabled: boolean }) {
  const state = useStoreState(store);
  const shown = visibleFields(fields);
  // On Pay, the first required field left empty takes the focus (its error says why).
  useEffect(() => {
    if (state.focusField) document.getElementById(`field-custom-${state.focusField.id}`)?.focus();
  }, [state.focusField]);
  if (shown.length === 0) return null;
  return (
    <fieldset className="custom-fields" disabled={disabled}>
      <legend className="custom-fields__title">{t('custom_fields_title')}</legend>
      {shown.map((f) => {
        const label = `${f.nameOrLabel || f.description || f.id}${f.required ? '' : ` ${t('optional_suffix')}`}`;
        const errorKey = state.errors[f.id];
        const error = errorKey ? t(errorKey) : undefined;
        const name = `custom-${f.id}`;
        if (f.type === 'options') {
          return (
            <div className={`field${error ? ' field--invalid' : ''}`} key={f.id}>
              <label className="field__label" htmlFor={`field-${name}`}>{label}</label>
              <select
                id={`field-${name}`}
                name={name}
                className="field__input field__input--select"
                value={state.values[f.id] ?? ''}
                required={f.required}
                aria-invalid={error ? 'true' : 'false'}
                aria-describedby={`field-${name}-error`}
                autoComplete="off"
                onChange={(e) => store.getState().setValue(f.id, e.currentTarget.value)}
              >
                <option value="">{t('choose_option')}</option>
                {f.options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
              </select>
              <p id={`field-${name}-error`} className="field__error" aria-live="polite">{error ?? ''}</p>
            </div>
          );
        }
        const input = INPUT_TYPES[f.type] ?? { type: 'text', autoComplete: 'off' };
        return (
          <Field
            key={f.id}
            name={name}
            label={label}
            value={state.values[f.id] ?? ''}
            type={input.type}
            inputMode={input.inputMode}
            autoComplete={input.autoComplete}
            required={f.required}
            hint={f.description && f.description !== f.nameOrLabel ? f.description : undefined}
            error={error}
            onValue={(value) => store.getState().setValue(f.id, value)}
          />
        );
      })}
    </fieldset>
  );
}
