import { useEffect, useRef, useState, type ComponentType } from 'react';
import { t } from '../i18n/i18n';
import { AttemptAlert } from './AttemptAlert';
import type { MethodModule, MethodScreenProps } from './methodModule';
import type { PaymentContext } from './paymentContext';
import { LoadingNote } from '../ui/Loading';

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
  // The first field takes the focus once the splash lifts `inert`, and only while the payer has focused nothing.
  // The card vault's frame counts as one: focused, its page puts the focus on the card number.
  const section = useRef<HTMLElement>(null);
  // Found when the focus is given, not when the screen shows: a part of the screen may have gone
  // meanwhile (the card form, with its vault frame, replaced by a wallet user's saved cards).
  const firstField = () => [...(section.current?.querySelectorAll<HTMLElement>('input,select,iframe') ?? [])].find((el) => !el.closest('[hidden]'));
  useEffect(() => {
    const field = firstField();
    if (!Screen || hidden || !field) return undefined;
    const settled = () => {
      // The splash's bar holds the focus only while it shows: that is no field the payer chose.
      const at = document.activeElement;
      if (at !== document.body && at !== null && !at.closest('.splash')) return true;
      if (field.closest('[inert]')) return false;
      (firstField() ?? field).focus();
      return true;
    };
    const cover = field.closest('[inert]');
    if (settled() || !cover) return undefined;
    const lifted = new MutationObserver(() => settled() && lifted.disconnect());
    lifted.observe(cover, { attributes: true, attributeFilter: ['inert'] });
    return () => lifted.disconnect();
  // Once, when the method's screen first shows.
  }, [Screen]);
  return (
    <section ref={section} className="method-panel" id={`method-panel-${module.id}`} hidden={hidden} aria-label={t(module.labelKey)}>
      {Screen ? <Screen payment={payment} /> : null}
      {!Screen && failed ? <AttemptAlert message={{ key: 'connection_error' }} onRetry={() => setAttempt((n) => n + 1)} /> : null}
      {!Screen && !failed ? (
        <LoadingNote />
      ) : null}
    </section>
  );
}
