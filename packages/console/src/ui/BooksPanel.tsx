import { useEffect, useRef, useState } from 'react';
import { localDateTimeOf, timeZoneOfCountry, type Currency } from '@pasarela/core';
import { dayText, moneyText, t, textOr } from '../i18n/i18n';
import type { AdminApi } from '../api/adminApi';
import type { Balance, Dispute, Page, Payout } from '../api/schemas';
import type { ConsoleStore } from '../store/consoleStore';
import { MerchantPicker } from './create/MerchantPicker';
import { DisputeList } from './DisputeList';
import { pagesUpTo } from './pagesUpTo';
import { useStoreState } from './useStoreState';
import { useOneAtATime } from './useSubmit';
import { failureText } from './failureText';
import type { Wording } from './create/FieldError';

/**
 * A payout the bank took says it arrived only once its arrival day has come (a sandbox payout is paid
 * at once, arriving days later): the merchant's calendar day, which its arrival date is written in
 * (core arrivalDateOf), not UTC's, a day ahead every evening in Panama and Colombia.
 */
function hasArrived(payout: { status: string; arrivalDate: string }, currency: Currency): boolean {
  const today = localDateTimeOf(new Date(), timeZoneOfCountry(currency === 'COP' ? 'CO' : 'PA')).slice(0, 10);
  return payout.status === 'paid' && payout.arrivalDate <= today;
}

/** Saves text as a file the browser downloads. */
function download(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** A merchant's balance, payouts and disputes (docs/merchant-api.md "Books"), the sandbox's payout run, and the CSV report. */
export function BooksPanel({ store, api }: { store: ConsoleStore; api: AdminApi }) {
  const { merchantId } = useStoreState(store);
  const [balance, setBalance] = useState<Balance | null>(null);
  const [payouts, setPayouts] = useState<Page<Payout>>({ data: [], nextCursor: null });
  const [disputes, setDisputes] = useState<Page<Dispute>>({ data: [], nextCursor: null });
  // What stopped the last call, worded when shown (failureText), so in the language on screen.
  const [error, setError] = useState<{ cause: unknown } | null>(null);
  // In the merchant's currency: dollars in one format in both languages, pesos as Colombia writes them (core formatAmount).
  const money = (amount: number, currency: Currency = balance?.currency ?? 'USD') => moneyText(amount, currency);

  // The merchant last asked for: an answer about one picked before it (slower, on a busy server) is dropped.
  const asked = useRef<number | null>(null);
  // How many rows of each list are shown: a reload after an action (a dispute answered, the payout
  // run) reads as many again, so a row on page 2 or later stays on screen with the focus on it.
  const shown = useRef({ payouts: 0, disputes: 0 });
  // Which page of each list came last (1 the first), said when the next one comes.
  const pages = useRef({ payouts: 1, disputes: 1 });
  const load = async () => {
    if (merchantId === null) return;
    asked.current = merchantId;
    try {
      const [b, p, d] = await Promise.all([
        api.balanceOf(merchantId),
        pagesUpTo(shown.current.payouts, (cursor) => api.payoutsOf(merchantId, cursor)),
        pagesUpTo(shown.current.disputes, (cursor) => api.disputesOf(merchantId, cursor)),
      ]);
      if (asked.current !== merchantId) return;
      setBalance(b);
      setPayouts({ data: p.data, nextCursor: p.nextCursor });
      setDisputes({ data: d.data, nextCursor: d.nextCursor });
      shown.current = { payouts: p.data.length, disputes: d.data.length };
      pages.current = { payouts: p.pages, disputes: d.pages };
      setError(null);
    } catch (e) {
      if (asked.current === merchantId) setError({ cause: e });
    }
  };
  useEffect(() => {
    // Another merchant's books start at their first page.
    shown.current = { payouts: 0, disputes: 0 };
    void load();
  }, [merchantId]);

  const guard = (work: () => Promise<void>) => async () => {
    try {
      await work();
    } catch (e) {
      setError({ cause: e });
    }
  };
  // The next page after the ones shown, appended; dropped if another merchant was picked meanwhile.
  // The focus stays on the button pressed while it is there (more pages to come); gone with the last
  // page, it goes to the first row loaded, where a keyboard reader goes on. Either way the status says
  // which page came, so the change is heard.
  const section = useRef<HTMLElement>(null);
  const [focusTo, setFocusTo] = useState<{ selector: string } | null>(null);
  useEffect(() => {
    if (focusTo !== null) section.current?.querySelector<HTMLElement>(focusTo.selector)?.focus();
  }, [focusTo]);
  const more = <T extends { id: string },>(list: 'payouts' | 'disputes', page: Page<T>, read: (merchantId: number, cursor: string) => Promise<Page<T>>, set: (page: Page<T>) => void, attribute: 'data-payout' | 'data-dispute') => guard(async () => {
    if (merchantId === null || page.nextCursor === null) return;
    const next = await read(merchantId, page.nextCursor);
    if (asked.current !== merchantId) return;
    const rows = [...page.data, ...next.data];
    set({ data: rows, nextCursor: next.nextCursor });
    shown.current = { ...shown.current, [list]: rows.length };
    pages.current = { ...pages.current, [list]: pages.current[list] + 1 };
    setNotice({ key: list === 'payouts' ? 'payoutsPageShown' : 'disputesPageShown', values: { page: pages.current[list], count: next.data.length } });
    // The button gone with the last page: the first row loaded, or the list's heading when the page came empty.
    if (next.nextCursor === null) setFocusTo({ selector: next.data[0] ? `[${attribute}="${next.data[0].id}"]` : `#books-${list}` });
  });
  // One run at a time (a second click while one runs does nothing), its outcome said in a status, as a dispute's answer's.
  const payoutRun = useOneAtATime();
  // Its key and values, worded at each render, so in the language on screen.
  const [notice, setNotice] = useState<Wording | null>(null);
  const runPayouts = guard(() => payoutRun.run(async () => {
    setNotice(null);
    const made = await api.runPayouts();
    setNotice(made.length === 0 ? { key: 'booksRanNone' } : { key: 'booksRan', values: { count: made.length } });
    await load();
  }));
  const csv = (payoutId?: string) => guard(async () => {
    if (merchantId === null) return;
    download(await api.balanceCsv(merchantId, payoutId), `${payoutId ?? `balance-transactions-${merchantId}`}.csv`);
  });

  return (
    <section ref={section} aria-labelledby="panel-books">
      <h2 id="panel-books">{t('booksTitle')}</h2>
      <MerchantPicker store={store} />
      {error && <p className="error" role="alert">{t('error', { message: failureText(error.cause) })}</p>}
      {balance && (
        <dl className="facts books-balance">
          <div><dt>{t('booksAvailable')}</dt><dd data-balance="available">{money(balance.available)}</dd></div>
          <div><dt>{t('booksPending')}</dt><dd data-balance="pending">{money(balance.pending)}</dd></div>
        </dl>
      )}
      <p>
        {/* aria-disabled, not disabled: the focus stays on the button while it runs. */}
        <button type="button" aria-disabled={payoutRun.busy} onClick={() => void runPayouts()}>{t('booksRun')}</button>{' '}
        <button type="button" onClick={() => void csv()()}>{t('csvAll')}</button>{' '}
        <button type="button" onClick={() => {
          // The merchants too: one created since the page loaded is offered by the picker.
          void store.getState().refreshCatalog();
          void load();
        }}>{t('refresh')}</button>
      </p>
      <p className="hint">{t('booksRunHint')}</p>
      <p role="status">{notice && t(notice.key, notice.values)}</p>
      <h3 id="books-payouts" tabIndex={-1}>{t('booksPayouts')}</h3>
      {payouts.data.length === 0 ? <p>{t('noPayouts')}</p> : (
        <ul className="list">
          {payouts.data.map((p) => (
            <li key={p.id} className="payout" data-payout={p.id} tabIndex={-1}>
              <div className="tx-head">
                <strong>{money(p.amount, p.currency)}</strong>
                <span className={`badge ${p.status}`}>{textOr(`payoutStatus.${p.status}`, p.status)}</span>
              </div>
              {/* A payout the bank sent back never arrives: its money is back in the balance. */}
              <p className="tx-meta"><span>{p.id}</span>{p.status !== 'failed' && <span>{t(hasArrived(p, p.currency ?? balance?.currency ?? 'USD') ? 'booksArrived' : 'booksArrival')} {dayText(p.arrivalDate)}</span>}</p>
              <button type="button" onClick={() => void csv(p.id)()}>{t('csvPayout', { id: p.id })}</button>
            </li>
          ))}
        </ul>
      )}
      {payouts.nextCursor !== null && <button type="button" onClick={() => void more('payouts', payouts, api.payoutsOf, setPayouts, 'data-payout')()}>{t('morePayouts')}</button>}
      <h3 id="books-disputes" tabIndex={-1}>{t('booksDisputes')}</h3>
      {merchantId !== null && (
        <DisputeList disputes={disputes.data} merchantId={merchantId} api={api} onDone={async (answer) => {
          await load();
          if (answer.error !== undefined) setError(answer.error);
          else setNotice({ key: answer.done === 'sent' ? 'disputeSentDone' : 'disputeAcceptedDone' });
        }} />
      )}
      {disputes.nextCursor !== null && <button type="button" onClick={() => void more('disputes', disputes, api.disputesOf, setDisputes, 'data-dispute')()}>{t('moreDisputes')}</button>}
    </section>
  );
}
