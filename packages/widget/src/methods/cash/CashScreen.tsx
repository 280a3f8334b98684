import { useEffect, useLayoutEffect, useState } from 'react';
import { t } from '../../i18n/i18n';
import type { MethodScreenProps } from '../../payments/methodModule';
import { useAttempt } from '../../payments/useAttempt';
import { loadReceipts } from '../../receipts/loadReceipts';
import { useStoreState } from '../../ui/useStoreState';
import { CashForm } from './CashForm';
import { cashDeps } from './cashDeps';
import { CASH_FIELDS, createCashStore, networkOf } from './store';
import { linkPayerDetails } from '../../payments/linkPayerDetails';
import { VoucherPanel } from './VoucherPanel';
import { LoadingNote } from '../../ui/Loading';
import { PAID_ELSEWHERE } from '../../payments/paidElsewhere';
import { PaidElsewhere } from '../../payments/PaidElsewhere';
import { linkEnded } from '../../payments/linkEnded';
import { focusMethodChoiceAfter } from '../../payments/methodChoiceFocus';

export function CashScreen({ payment }: MethodScreenProps) {
  const [{ state, attempt }] = useState(() => createCashStore(cashDeps(payment)));
  const cash = useStoreState(state);
  const current = useAttempt(attempt, payment);
  // Before the form is painted: it opens with what the payer typed in another method's form.
  useLayoutEffect(
    () =>
      linkPayerDetails(payment.payerDetails, {
        fields: CASH_FIELDS,
        read: () => state.getState().values,
        write: (field, value) => state.getState().setValue(field, value),
        subscribe: (listener) => state.subscribe(listener),
      }),
    [payment, state],
  );
  const open = current.phase === 'waiting' || current.phase === 'approved';
  // The receipt screens load while the voucher waits, so the paid receipt shows at once.
  useEffect(() => {
    if (open) void loadReceipts().catch(() => undefined);
  }, [open]);

  if (open && current.answer && current.phase === 'waiting') {
    return (
      <div className="cash">
        <VoucherPanel
          voucher={current.answer}
          network={networkOf(current.answer, cash.network)}
          total={payment.total}
          lang={payment.services.lang}
          onOtherMethod={() => void focusMethodChoiceAfter(attempt.getState().retry())}
        />
      </div>
    );
  }
  if (open) {
    return (
      <LoadingNote />
    );
  }
  // Another payment paid the order while the voucher waited here: said so, neutrally, never as a lapse.
  if (current.phase === 'failed' && current.message?.key === PAID_ELSEWHERE) {
    return (
      <div className="cash">
        <PaidElsewhere payment={payment} paidBy={current.paidBy} />
      </div>
    );
  }
  const ended = linkEnded(current, 'cash', t('cash_title'));
  if (ended) return ended;
  return (
    <div className="cash">
      <h2 className="method__title">{t('cash_title')}</h2>
      <p className="method__text">{t('cash_expires_note')}</p>
      <CashForm store={state} sending={current.phase === 'sending'} message={current.phase === 'failed' ? current.message : null} />
    </div>
  );
}
