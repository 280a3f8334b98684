import type { PaymentMethodId } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { optionTileClass } from '../ui/optionTile';
import { MethodMark } from '../ui/marks/MethodMark';
import type { MethodModule } from './methodModule';

interface MethodChoiceProps {
  methods: readonly MethodModule[];
  chosen: PaymentMethodId;
  locked: boolean;
  onChoose: (id: PaymentMethodId) => void;
}

export function MethodChoice({ methods, chosen, locked, onChoose }: MethodChoiceProps) {
  return (
    <div className="methods" role="radiogroup" aria-labelledby="method-choice-label">
      <p id="method-choice-label" className="methods__label">
        {t('payment_method_label')}
      </p>
      <div className="methods__options">
        {methods.map((m) => {
          const isChosen = m.id === chosen;
          // While a payment is under way the others cannot be chosen: the radio is disabled, the tile says so.
          const isDisabled = locked && !isChosen;
          return (
            <label
              key={m.id}
              className={optionTileClass({ chosen: isChosen, disabled: isDisabled }, m.id)}
            >
              <input type="radio" name="payment-method" value={m.id} checked={isChosen} disabled={isDisabled} onChange={() => onChoose(m.id)} />
              <MethodMark id={m.id} />
              <span className="method-option__name">{t(m.labelKey)}</span>
            </label>
          );
        })}
      </div>
    </div>
  );
}
