import { t } from '../i18n/i18n';
import type { CaptchaProvider, CaptchaRefusal } from './types';

const CHECK_DELAY_MS = 400;

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

// `@<merchantId>` is what the sandbox verifier reads as the merchant the token was made for.
const personToken = (siteKey: string, madeFor: string | null) =>
  `sandbox.${siteKey}.${crypto.getRandomValues(new Uint32Array(2)).join('')}${madeFor === null ? '' : `@${madeFor}`}`;

/** Test answers (docs/sandbox.md): a person, `fail` (error_captcha) or `fail-score` (invalid_score_captcha). */
export const sandboxCaptcha: CaptchaProvider = {
  render(container, options) {
    const box = el('div', 'captcha');
    const row = el('label', 'captcha__row');
    const tick = el('input', 'captcha__tick');
    tick.type = 'checkbox';
    tick.name = 'captcha';
    const label = el('span', 'captcha__label', t('captcha_label'));
    const status = el('span', 'captcha__status');
    status.setAttribute('aria-live', 'polite');
    row.append(tick, label, status);

    const test = el('details', 'captcha__test');
    test.append(el('summary', 'captcha__test-title', t('captcha_sandbox_title')));
    const answerId = `captcha-answer-${Math.random().toString(36).slice(2, 8)}`;
    const answerLabel = el('label', 'captcha__test-label', t('captcha_sandbox_answer'));
    answerLabel.htmlFor = answerId;
    const answer = el('select', 'field__input field__input--select captcha__answer');
    answer.id = answerId;
    for (const [value, key] of [['person', 'captcha_sandbox_person'], ['fail', 'captcha_sandbox_bot'], ['fail-score', 'captcha_sandbox_low']] as const) {
      const option = el('option', '', t(key));
      option.value = value;
      answer.append(option);
    }
    test.append(answerLabel, answer);
    // The service's refusal, with what to do, below the tick it describes: said when it comes (politely,
    // as the status beside the tick: the form's own alert is the payment's).
    const refusal = el('div', 'captcha__refusal');
    refusal.id = `${answerId}-refusal`;
    refusal.setAttribute('aria-live', 'polite');
    box.append(row, refusal, test);
    container.append(box);

    let timer: ReturnType<typeof setTimeout> | undefined;
    // Each tick's own: a check answered after an untick or another tick says nothing.
    let ticks = 0;
    const refused = (key: CaptchaRefusal | null) => {
      refusal.replaceChildren(...(key ? [el('p', 'field__error', t(key)), el('p', 'field__error', t('captcha_required'))] : []));
      if (key) tick.setAttribute('aria-describedby', refusal.id);
      else tick.removeAttribute('aria-describedby');
    };
    const reset = () => {
      clearTimeout(timer);
      ticks += 1;
      if (tick.checked || status.textContent || refusal.hasChildNodes()) options.onExpired();
      tick.checked = false;
      status.textContent = '';
      refused(null);
    };
    tick.addEventListener('change', () => {
      clearTimeout(timer);
      const mine = (ticks += 1);
      refused(null);
      if (!tick.checked) {
        status.textContent = '';
        options.onExpired();
        return;
      }
      status.textContent = t('captcha_checking');
      timer = setTimeout(() => {
        const chosen = answer.value;
        void options.onToken(chosen === 'person' ? personToken(options.siteKey, options.madeFor) : chosen).then((key) => {
          if (mine !== ticks) return;
          // Refused: not verified, and unticked for another try; the refused token stays until then, so a
          // payment carrying it meets the server's refusal (docs/sandbox.md "Captcha").
          status.textContent = key ? '' : t('captcha_done');
          if (key) tick.checked = false;
          refused(key);
        });
      }, CHECK_DELAY_MS);
    });
    // A new answer needs a new tick, as a lapsed token does.
    answer.addEventListener('change', reset);
    return () => {
      clearTimeout(timer);
      box.remove();
    };
  },
  // The sandbox has no signals to score: always a person.
  execute: async (siteKey, madeFor) => personToken(siteKey, madeFor),
};
