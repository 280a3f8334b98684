import { instantText, t, textOr } from '../i18n/i18n';
import { mailedCodeOf } from '../logic/snippets';
import type { ConsoleStore } from '../store/consoleStore';
import { CopyButton } from './CopyButton';
import { TextField } from './create/fields';
import { useStoreState } from './useStoreState';

const CODE_KINDS = new Set(['registration_code', 'recovery_code']);

export function MailboxPanel({ store }: { store: ConsoleStore }) {
  const { mail, mailTo, setMailTo, refreshMail } = useStoreState(store);
  return (
    <section aria-labelledby="panel-mailbox">
      <h2 id="panel-mailbox">{t('mailboxTitle')}</h2>
      <form className="filters" onSubmit={(e) => { e.preventDefault(); void refreshMail(); }}>
        <TextField label={t('mailboxFilter')} name="to" value={mailTo} onChange={setMailTo} type="email" inputMode="email" />
        <button type="submit">{t('refresh')}</button>
      </form>
      {mail.length === 0 ? <p>{t('noMail')}</p> : (
        <ul className="list">
          {mail.map((m) => {
            const code = CODE_KINDS.has(m.kind) ? mailedCodeOf(m.body) : null;
            return (
              <li key={m.id} className="mail">
                <div className="tx-head">
                  <strong>{m.subject}</strong>
                  <time dateTime={m.date}>{instantText(m.date)}</time>
                </div>
                <p className="tx-meta"><span>{t('to')}: {m.to}</span><span>{textOr(`mailKind.${m.kind}`, m.kind)}</span></p>
                {code && (
                  <p className="code-line">
                    <span>{t('code')}: </span><strong className="code" data-code={code}>{code}</strong>
                    <CopyButton text={code} what={t('copyCode', { code })} />
                  </p>
                )}
                <pre className="mail-body">{m.body}</pre>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
