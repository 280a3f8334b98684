import { useState } from 'react';
import { changeLanguage, t, type ConsoleLanguage } from '../i18n/i18n';
import type { ConsoleKey } from '../i18n/messages';
import type { AdminApi } from '../api/adminApi';
import { TABS, type ConsoleStore, type Notice, type Tab } from '../store/consoleStore';
import { BooksPanel } from './BooksPanel';
import { CreatePanel } from './CreatePanel';
import { MailboxPanel } from './MailboxPanel';
import { SubscriptionsPanel } from './SubscriptionsPanel';
import { TransactionsPanel } from './TransactionsPanel';
import { WebhooksPanel } from './WebhooksPanel';
import { useStoreState } from './useStoreState';
import { failureText } from './failureText';

const TAB_LABEL: Readonly<Record<Tab, ConsoleKey>> = { create: 'tabCreate', watch: 'tabWatch', mailbox: 'tabMailbox', webhooks: 'tabWebhooks', books: 'tabBooks', subscriptions: 'tabSubscriptions' };

function noticeText(notice: Notice): string {
  if (notice.kind === 'error') return t('error', { message: failureText(notice.cause) });
  if (notice.kind === 'redelivered') {
    const status = typeof notice.status === 'number' ? `HTTP ${notice.status}` : (notice.status ?? t('none'));
    return t(notice.delivered ? 'redeliveredNotice' : 'redeliveryFailedNotice', { id: notice.id, status });
  }
  const said = t(notice.kind === 'refundPending' ? 'refundPendingNotice' : 'done', { what: `${t(`action.${notice.action}`)} (${notice.codOper})` });
  return notice.outcome ? `${said}. ${t('leftList', { outcome: t(`outcome.${notice.outcome}`) })}` : said;
}

export function App({ store, api, initialLang, saveLang }: { store: ConsoleStore; api: AdminApi; initialLang: ConsoleLanguage; saveLang(lang: ConsoleLanguage): void }) {
  const [lang, setLang] = useState<ConsoleLanguage>(initialLang);
  const { tab, live, notice, noticeCount, setTab } = useStoreState(store);
  const switchLanguage = async () => {
    const next = lang === 'es' ? 'en' : 'es';
    await changeLanguage(next);
    saveLang(next);
    setLang(next);
  };
  return (
    <>
      <header className="top">
        <div>
          <h1>{t('title')}</h1>
          <p className="hint">{t('subtitle')}</p>
        </div>
        <div className="top-side">
          <p className={`live ${live ? 'on' : 'off'}`} role="status">{live ? t('liveOn') : t('liveOff')}</p>
          <button type="button" lang={lang === 'es' ? 'en' : 'es'} onClick={() => void switchLanguage()}>{t('language')}</button>
        </div>
      </header>
      <nav aria-label={t('nav')}>
        <ul className="tabs">
          {TABS.map((id) => (
            <li key={id}>
              <button type="button" aria-current={tab === id ? 'page' : undefined} onClick={() => setTab(id)}>{t(TAB_LABEL[id])}</button>
            </li>
          ))}
        </ul>
      </nav>
      {/* A new paragraph for every notice (its count as key): the same words said again are heard again. */}
      <div className="notice" aria-live="polite">{notice && <p key={noticeCount} className={notice.kind === 'error' ? 'error' : 'ok'}>{noticeText(notice)}</p>}</div>
      <main>
        {tab === 'create' && <CreatePanel store={store} api={api} lang={lang} />}
        {tab === 'watch' && <TransactionsPanel store={store} />}
        {tab === 'mailbox' && <MailboxPanel store={store} />}
        {tab === 'webhooks' && <WebhooksPanel store={store} />}
        {tab === 'books' && <BooksPanel store={store} api={api} />}
        {tab === 'subscriptions' && <SubscriptionsPanel store={store} api={api} />}
      </main>
    </>
  );
}
