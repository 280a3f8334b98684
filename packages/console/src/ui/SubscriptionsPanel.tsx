import { useEffect, useId, useRef, useState } from 'react';
import { instantText, moneyText, t, textOr } from '../i18n/i18n';
import type { AdminApi } from '../api/adminApi';
import type { Page, Subscription } from '../api/schemas';
import type { ConsoleStore } from '../store/consoleStore';
import { MerchantPicker } from './create/MerchantPicker';
import { pagesUpTo } from './pagesUpTo';
import { useStoreState } from './useStoreState';
import { useOneAtATime } from './useSubmit';
import { failureText } from './failureText';
import type { Wording } from './create/FieldError';

/** A subscription its merchant may still cancel (docs/merchant-api.md "Subscriptions"): not cancelled yet. */
const cancellable = (s: Subscription) => s.status === 'active' || s.status === 'pending';

const priceOf = (s: Subscription) => `${moneyText(s.plan.amount, s.plan.currency)} · ${textOr(`periods.${s.plan.period}`, s.plan.period)}`;

/**
 * Asks before a subscription is cancelled: a modal dialog, the focus on "keep it" as it opens (the
 * choice that changes nothing). Escape or "keep it" closes it having done nothing; the row's button
 * takes the focus back (onClose).
 */
function ConfirmCancel({ subscription, busy, onConfirm, onClose }: { subscription: Subscription; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const open = dialog.current;
    if (open && !open.open) open.showModal();
    keep.current?.focus();
    return () => open?.close();
  }, []);
  return (
    <dialog
      ref={dialog} className="confirm" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}
      // Escape: the browser's cancel, closed here so the focus goes back where it came from.
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <h3 id={`${id}-title`}>{t('subscriptionConfirmTitle', { email: subscription.email })}</h3>
      <p id={`${id}-text`}>{t('subscriptionConfirmText', { plan: subscription.plan.name, amount: priceOf(subscription) })}</p>
      <p>
        <button type="button" ref={keep} aria-disabled={busy} onClick={() => !busy && onClose()}>{t('subscriptionKeep')}</button>{' '}
        <button type="button" aria-disabled={busy} onClick={onConfirm}>{t('subscriptionConfirm')}</button>
      </p>
    </dialog>
  );
}

/** The picked merchant's subscriptions, 20 at a time, newest first; one not cancelled yet can be cancelled, after asking. */
export function SubscriptionsPanel({ store, api }: { store: ConsoleStore; api: AdminApi }) {
  const { merchantId } = useStoreState(store);
  const [page, setPage] = useState<Page<Subscription>>({ data: [], nextCursor: null });
  // What stopped the last call, worded when shown (failureText), so in the language on screen.
  const [error, setError] = useState<{ cause: unknown } | null>(null);
  // Its key and values, worded at each render, so in the language on screen.
  const [notice, setNotice] = useState<Wording | null>(null);
  // The merchant last asked for: an answer about one picked before it is dropped.
  const asked = useRef<number | null>(null);
  // As many rows as were shown are read again on a reload; which page came last, said when the next one comes.
  const shown = useRef(0);
  const pages = useRef(1);
  const load = async () => {
    if (merchantId === null) return;
    asked.current = merchantId;
    try {
      const read = await pagesUpTo(shown.current, (cursor) => api.subscriptionsOf(merchantId, cursor));
      if (asked.current !== merchantId) return;
      setPage({ data: read.data, nextCursor: read.nextCursor });
      shown.current = read.data.length;
      pages.current = read.pages;
      setError(null);
    } catch (e) {
      if (asked.current === merchantId) setError({ cause: e });
    }
  };
  useEffect(() => {
    shown.current = 0;
    setNotice(null);
    void load();
  }, [merchantId]);

  const section = useRef<HTMLElement>(null);
  const focusOn = (selector: string) => section.current?.querySelector<HTMLElement>(selector)?.focus();
  const [focusTo, setFocusTo] = useState<{ selector: string } | null>(null);
  useEffect(() => {
    if (focusTo !== null) focusOn(focusTo.selector);
  }, [focusTo]);

  // The next page, appended: the focus stays on the button while pages remain, then goes to the last page's first row.
  const more = async () => {
    if (merchantId === null || page.nextCursor === null) return;
    try {
      const next = await api.subscriptionsOf(merchantId, page.nextCursor);
      if (asked.current !== merchantId) return;
      const rows = [...page.data, ...next.data];
      setPage({ data: rows, nextCursor: next.nextCursor });
      shown.current = rows.length;
      pages.current += 1;
      setNotice({ key: 'subscriptionsPageShown', values: { page: pages.current, count: next.data.length } });
      if (next.nextCursor === null) setFocusTo({ selector: next.data[0] ? `[data-subscription="${next.data[0].subscriptionKey}"]` : '#panel-subscriptions' });
    } catch (e) {
      setError({ cause: e });
    }
  };

  // The subscription being asked about, and the button that asked (the focus goes back to it).
  const [asking, setAsking] = useState<Subscription | null>(null);
  const askedFrom = useRef<HTMLElement | null>(null);
  const cancelling = useOneAtATime();
  const closeDialog = () => {
    setAsking(null);
    const from = askedFrom.current;
    askedFrom.current = null;
    // After the dialog has gone (its close gives the focus back as it can): the row's button.
    setTimeout(() => from?.isConnected && from.focus(), 0);
  };
  const confirm = (s: Subscription) => cancelling.run(async () => {
    if (merchantId === null) return;
    try {
      const cancelled = await api.cancelSubscription(merchantId, s.subscriptionKey);
      setPage((now) => ({ ...now, data: now.data.map((row) => (row.subscriptionKey === cancelled.subscriptionKey ? cancelled : row)) }));
      setError(null);
      setNotice({ key: 'subscriptionCancelledDone', values: { email: cancelled.email, key: cancelled.subscriptionKey } });
      setAsking(null);
      askedFrom.current = null;
      // Its button went with the cancellation: the focus goes to the row, whose new status is read there.
      setFocusTo({ selector: `[data-subscription="${cancelled.subscriptionKey}"]` });
    } catch (e) {
      setError({ cause: e });
      closeDialog();
    }
  });

  return (
    <section ref={section} aria-labelledby="panel-subscriptions">
      <h2 id="panel-subscriptions" tabIndex={-1}>{t('subscriptionsTitle')}</h2>
      <MerchantPicker store={store} />
      <p className="hint">{t('subscriptionsHint')}</p>
      {error && <p className="error" role="alert">{t('error', { message: failureText(error.cause) })}</p>}
      <p role="status">{notice && t(notice.key, notice.values)}</p>
      {page.data.length === 0 ? <p>{t('noSubscriptions')}</p> : (
        <ul className="list">
          {page.data.map((s) => (
            <li key={s.subscriptionKey} className="subscription" data-subscription={s.subscriptionKey} tabIndex={-1} aria-labelledby={`sub-${s.subscriptionKey}`}>
              <div className="tx-head">
                <strong id={`sub-${s.subscriptionKey}`}>{s.plan.name} · {s.email}</strong>
                <span className={`badge ${s.status === 'active' ? 'approved' : s.status === 'cancelled' ? 'declined' : 'pending'}`} data-subscription-status>{textOr(`subscriptionStatus.${s.status}`, s.status)}</span>
              </div>
              <dl className="facts">
                <div><dt>{t('subscriptionPrice')}</dt><dd>{priceOf(s)}</dd></div>
                <div><dt>{t('subscriptionCreated')}</dt><dd><time dateTime={s.createdAt}>{instantText(s.createdAt)}</time></dd></div>
                {s.nextChargeAt && <div><dt>{t('subscriptionNextCharge')}</dt><dd><time dateTime={s.nextChargeAt}>{instantText(s.nextChargeAt)}</time></dd></div>}
                {s.cancelledAt && <div><dt>{t('subscriptionCancelledAt')}</dt><dd><time dateTime={s.cancelledAt}>{instantText(s.cancelledAt)}</time></dd></div>}
              </dl>
              <p className="tx-meta"><span>{s.subscriptionKey}</span></p>
              {cancellable(s) && (
                <button type="button" aria-describedby={`sub-${s.subscriptionKey}`} onClick={(event) => {
                  askedFrom.current = event.currentTarget;
                  setAsking(s);
                }}>{t('subscriptionCancel')}</button>
              )}
            </li>
          ))}
        </ul>
      )}
      {page.nextCursor !== null && <button type="button" onClick={() => void more()}>{t('moreSubscriptions')}</button>}
      {asking && <ConfirmCancel subscription={asking} busy={cancelling.busy} onConfirm={() => void confirm(asking)} onClose={closeDialog} />}
    </section>
  );
}
