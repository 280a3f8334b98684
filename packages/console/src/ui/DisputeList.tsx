import { useId, useRef, useState } from 'react';
import { instantText, moneyText, t, textOr } from '../i18n/i18n';
import type { AdminApi } from '../api/adminApi';
import type { Dispute } from '../api/schemas';
import { useOneAtATime } from './useSubmit';

/** A dispute still needing a response: its evidence sent, or it accepted (docs/merchant-api.md "Disputes"). */
/** What became of an answer: sent (evidence) or accepted, or the error that stopped it. */
export type DisputeAnswered = { done: 'sent' | 'accepted'; error?: undefined } | { done?: undefined; error: { cause: unknown } };

function AnswerForm({ dispute, merchantId, api, onDone }: { dispute: Dispute; merchantId: number; api: AdminApi; onDone: (answered: DisputeAnswered) => Promise<void> }) {
  const id = useId();
  const [evidence, setEvidence] = useState('');
  const [empty, setEmpty] = useState(false);
  // aria-disabled while it runs, so the focus stays on the button.
  const { busy, run: once } = useOneAtATime();
  const run = (done: 'sent' | 'accepted', work: () => Promise<unknown>) => once(async () => {
    try {
      await work();
      await onDone({ done });
    } catch (e) {
      await onDone({ error: { cause: e } });
    }
  });
  const send = (event: { preventDefault(): void; currentTarget: HTMLFormElement }) => {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('evidence');
    const text = (field instanceof HTMLTextAreaElement ? field.value : evidence).trim();
    setEmpty(text === '');
    if (text !== '') void run('sent', () => api.answerDispute(merchantId, dispute.id, text));
  };
  return (
    <form className="dispute-answer" aria-label={t('disputeOf', { id: dispute.id, codOper: dispute.codOper })} onSubmit={send} noValidate>
      <div className="field">
        <label htmlFor={`${id}-evidence`}>{t('disputeEvidence')}</label>
        <textarea
          id={`${id}-evidence`} name="evidence" rows={3} maxLength={5000} autoComplete="off" value={evidence}
          aria-invalid={empty ? 'true' : 'false'} aria-describedby={`${id}-hint${empty ? ` ${id}-error` : ''}`}
          onInput={(e) => setEvidence((e.target as HTMLTextAreaElement).value)}
        />
      </div>
      <p className="hint" id={`${id}-hint`}>{t('disputeEvidenceHint')}</p>
      {empty && <p className="field-error" id={`${id}-error`} role="alert">{t('disputeEvidenceEmpty')}</p>}
      <p>
        <button type="submit" aria-disabled={busy}>{t('disputeSend')}</button>{' '}
        <button type="button" aria-disabled={busy} aria-describedby={`${id}-accept`} onClick={() => void run('accepted', () => api.acceptDispute(merchantId, dispute.id))}>{t('disputeAccept')}</button>
      </p>
      <p className="hint" id={`${id}-accept`}>{t('disputeAcceptHint')}</p>
    </form>
  );
}

/** The merchant's disputes: status, the amount claimed, its stage and what it took, reason, deadline; one needing a response can be answered or accepted. */
export function DisputeList({ disputes, merchantId, api, onDone }: { disputes: readonly Dispute[]; merchantId: number; api: AdminApi; onDone: (answered: DisputeAnswered) => Promise<void> }) {
  const list = useRef<HTMLUListElement>(null);
  if (disputes.length === 0) return <p>{t('noDisputes')}</p>;
  // Answered, its form is gone: the focus goes to the dispute itself, whose new status is read there.
  const answered = (d: Dispute) => async (answer: DisputeAnswered) => {
    await onDone(answer);
    // Its form went with the button pressed: never left on the page's body, the list's heading if the row went too.
    if (!answer.done) return;
    const row = list.current?.querySelector<HTMLElement>(`[data-dispute="${d.id}"]`) ?? document.getElementById('books-disputes');
    row?.focus();
  };
  return (
    <ul className="list" ref={list}>
      {disputes.map((d) => (
        <li key={d.id} className="dispute" data-dispute={d.id} tabIndex={-1}>
          <div className="tx-head">
            <strong>{moneyText(d.amount, d.currency)}</strong>
            <span className={`badge ${d.status === 'lost' ? 'failed' : d.status === 'won' ? 'approved' : 'pending'}`}>{textOr(`disputeStatus.${d.status}`, d.status)}</span>
          </div>
          <dl className="facts">
            <div><dt>{t('disputeStage')}</dt><dd>{t(`disputeStages.${d.stage}`)}</dd></div>
            {/* The claim above; what the books moved from the balance (0 for an inquiry, the rest of a payment refunded in part). */}
            <div><dt>{t('disputeTaken')}</dt><dd>{moneyText(d.takenAmount, d.currency)}</dd></div>
            <div><dt>{t('disputeReason')}</dt><dd>{textOr(`disputeReasons.${d.reason}`, d.reason)}</dd></div>
            {/* The deadline matters while it is open; a decided dispute takes no more answers. */}
            {(d.status === 'needs_response' || d.status === 'under_review') && (
              <div><dt>{t('disputeDeadline')}</dt><dd>{d.evidenceDueBy ? <time dateTime={d.evidenceDueBy}>{instantText(d.evidenceDueBy)}</time> : t('disputeNoDeadline')}</dd></div>
            )}
            {d.evidence !== null && <div><dt>{t('disputeSent')}</dt><dd className="dispute-evidence">{d.evidence}</dd></div>}
          </dl>
          <p className="tx-meta"><span>{d.id}</span><span>{d.codOper}</span></p>
          {d.status === 'needs_response' && <AnswerForm dispute={d} merchantId={merchantId} api={api} onDone={answered(d)} />}
        </li>
      ))}
    </ul>
  );
}
