import type { PaymentMethodId } from '@pasarela/core';
import { t } from '../i18n/i18n';
import type { MethodModule } from './methodModule';

interface MethodChoiceProps {
  methods: readonly MethodModule[];
  chosen: PaymentMethodId;
  /** While a payment is under way the payer cannot switch away from it. */
  locked: boolean;
  onChoose: (id: PaymentMethodId) => void;
}

/** PRODUCT.md "Method choice": one radio group "Método de pago", each radio named after its method. */
export function MethodChoice({ methods, chosen, locked, onChoose }: MethodChoiceProps) {
  return (
    <div className="methods" role="radiogroup" aria-labelledby="method-choice-label">
      <p id="method-choice-label" className="methods__label">
        {t('payment_method_label')}
      </p>
      <div className="methods__options">
        {methods.map((m) => (
          <label key={m.id} className={`method-option method-option--${m.id}${m.id === chosen ? ' method-option--chosen' : ''}`}>
            <input
              type="radio"
              name="payment-method"
              value={m.id}
              checked={m.id === chosen}
              disabled={locked && m.id !== chosen}
              onChange={() => onChoose(m.id)}
            />
            <span className="method-option__name">{t(m.labelKey)}</span>
          </label>
        ))}
      </div>
    </div>
  );
}
