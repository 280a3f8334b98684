import { useEffect, useState, type ComponentType } from 'react';
import { t } from '../i18n/i18n';
import { AttemptAlert } from './AttemptAlert';
import type { MethodModule, MethodScreenProps } from './methodModule';
import type { PaymentContext } from './paymentContext';

/** Loads a method's screen chunk and shows it; a chunk that fails to load offers a retry. */
export function MethodPanel({ module, payment, hidden }: { module: MethodModule; payment: PaymentContext; hidden: boolean }) {
  // A screen in the first load shows at once: the card field is on screen with the checkout.
  const [Screen, setScreen] = useState<ComponentType<MethodScreenProps> | null>(() => module.screen ?? null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (module.screen) return;
    let live = true;
    setFailed(false);
    module.loadScreen().then(
      (loaded) => live && setScreen(() => loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [module, attempt]);
  return (
    <section className="method-panel" id={`method-panel-${module.id}`} hidden={hidden} aria-label={t(module.labelKey)}>
      {Screen ? <Screen payment={payment} /> : null}
      {!Screen && failed ? <AttemptAlert message={{ key: 'connection_error' }} onRetry={() => setAttempt((n) => n + 1)} /> : null}
      {!Screen && !failed ? (
        <p className="page__text" aria-busy="true">
          {t('loading')}
        </p>
      ) : null}
    </section>
  );
}
