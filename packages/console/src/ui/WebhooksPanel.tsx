import type { Webhook } from '../api/schemas';
import { instantText, t, textOr } from '../i18n/i18n';
import type { ConsoleStore } from '../store/consoleStore';
import { useStoreState } from './useStoreState';

export function WebhooksPanel({ store }: { store: ConsoleStore }) {
  const { webhooks, busy, redeliver, refreshWebhooks } = useStoreState(store);
  return (
    <section aria-labelledby="panel-webhooks">
      <h2 id="panel-webhooks">{t('webhooksTitle')}</h2>
      <p><button type="button" onClick={() => void refreshWebhooks()}>{t('refresh')}</button></p>
      {webhooks.length === 0 ? <p>{t('noWebhooks')}</p> : (
        <ul className="list">
          {webhooks.map((w) => (
            <li key={w.id} className="webhook" data-codoper={w.codOper ?? undefined}>
              <div className="tx-head">
                <strong>{w.type}</strong>
                <span className={`badge ${w.state}`}>{textOr(`deliveryState.${w.state}`, w.state)}</span>
              </div>
              <dl className="facts">
                <div><dt>codOper</dt><dd>{w.codOper ?? t('none')}</dd></div>
                <div><dt>{t('statusCode')}</dt><dd className="status-code">{w.lastStatusCode ?? w.lastError ?? t('none')}</dd></div>
                <div><dt>{t('attempts')}</dt><dd className="attempts">{w.attempts}</dd></div>
                <div><dt>URL</dt><dd>{w.url ?? t('none')}</dd></div>
              </dl>
              <AttemptHistory webhook={w} />
              <details>
                <summary>{t('body')} <span className="sr-only">{w.id}</span></summary>
                <pre tabIndex={0}>{JSON.stringify(w.body, null, 2)}</pre>
              </details>
              <button type="button" aria-disabled={Boolean(busy[`redeliver:${w.id}`])} onClick={() => void redeliver(w.id)} aria-label={t('redeliverEvent', { id: w.id })}>
                {t('redeliver')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A delivery's last attempts, kept across redeliveries: what each got (its HTTP status or why none), when, how long it took. */
function AttemptHistory({ webhook }: { webhook: Webhook }) {
  const attempts = webhook.recentAttempts ?? [];
  if (attempts.length === 0) return null;
  return (
    <details className="attempt-history">
      <summary>{t('attemptHistory', { count: webhook.attemptsRecorded ?? attempts.length })} <span className="sr-only">{webhook.id}</span></summary>
      <table>
        <caption className="sr-only">{t('attemptHistoryCaption', { id: webhook.id })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('attemptNumber')}</th>
            <th scope="col">{t('attemptAt')}</th>
            <th scope="col">{t('attemptResult')}</th>
            <th scope="col">{t('attemptDuration')}</th>
          </tr>
        </thead>
        <tbody>
          {attempts.map((a) => (
            <tr key={a.number} data-attempt={a.number}>
              <th scope="row">{a.number}</th>
              <td><time dateTime={a.attemptedAt}>{instantText(a.attemptedAt)}</time></td>
              <td>{a.statusCode ?? a.error ?? t('none')}</td>
              <td>{t('milliseconds', { ms: a.durationMs })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
