import { useEffect, useRef, useState } from 'react';
import type { ReactElement } from 'react';
import { CheckoutFrame, useCheckout } from '@pasarela/react';
import type { CheckoutResult } from '@pasarela/react';
import { SHOP_APPEARANCE } from './appearance';
import { orderLink, shop } from './shop';
import type { Text } from './text';

interface Props {
  checkoutOrigin: string;
  lang: 'es' | 'en';
  text: Text;
}

/** The order's two ways to pay: the modal through useCheckout(), or inline with <CheckoutFrame>. */
export function PayPanel({ checkoutOrigin, lang, text }: Props): ReactElement {
  const checkout = useCheckout();
  const [inlineCode, setInlineCode] = useState<string>();
  // a flag, not `disabled`: a disabled button loses focus, and the checkout returns focus to it
  const [opening, setOpening] = useState(false);

  async function newPaymentLink(): Promise<string | undefined> {
    setOpening(true);
    shop().setState('opening');
    try {
      return await orderLink(shop().order());
    } catch (error) {
      // paid already (in another browser): the page shows it paid, with nothing to pay
      shop().setState((error as { code?: string }).code === 'order_paid' ? 'idle' : 'failed', (error as Error).message);
      return undefined;
    } finally {
      setOpening(false);
    }
  }

  // the operation of the approved payment, shown when the checkout closes
  const paidOper = useRef('');
  const callbacks = {
    onReady: () => shop().setState('open'),
    onResult: (result: CheckoutResult) => {
      shop().showResult(result); // every attempt, declines too
      // success is APPROVED or PENDING: only an approved payment is paid (ship on the webhook)
      if (result.status === 'success') {
        paidOper.current = result.notification.Oper;
        shop().setState(result.notification.Estado === 'APPROVED' ? 'paid' : 'pending', paidOper.current);
      }
    },
    onError: (error: { message: string }) => shop().setState('error', error.message),
  };

  async function payInModal() {
    if (opening || checkout.isOpen) return;
    setInlineCode(undefined);
    paidOper.current = '';
    const code = await newPaymentLink();
    // the packages are bundled here, so the loader cannot tell the checkout origin: pass baseUrl
    if (code) checkout.open({ code, lang, baseUrl: checkoutOrigin, appearance: SHOP_APPEARANCE, ...callbacks, onClose: () => shop().setState('closed', paidOper.current) });
  }

  async function payInline() {
    if (opening || inlineCode) return;
    paidOper.current = '';
    const code = await newPaymentLink();
    if (code) setInlineCode(code);
  }

  // The inline checkout closed (its close, Escape) or called off (Cancel): the shop says so, and the
  // focus, which was in the checkout or on Cancel, goes to "Pay on this page", shown again.
  const payInlineButton = useRef<HTMLButtonElement>(null);
  const focusPayInline = useRef(false);
  function closeInline() {
    focusPayInline.current = true;
    setInlineCode(undefined);
    shop().setState('closed', paidOper.current);
  }
  useEffect(() => {
    if (inlineCode || !focusPayInline.current) return;
    focusPayInline.current = false;
    payInlineButton.current?.focus();
  }, [inlineCode]);

  const last = checkout.lastResult;
  return (
    <>
      <button id="pay-button" className="pay" type="button" aria-busy={opening} onClick={payInModal}>
        {text.pay}
      </button>
      <button id="pay-inline" ref={payInlineButton} className="secondary" type="button" onClick={payInline} hidden={!!inlineCode}>
        {text.payHere}
      </button>
      {inlineCode && (
        <>
          <CheckoutFrame id="checkout" className="inline-checkout" code={inlineCode} lang={lang} baseUrl={checkoutOrigin} appearance={SHOP_APPEARANCE} {...callbacks} onClose={closeInline} />
          <button id="cancel-button" className="secondary" type="button" onClick={closeInline}>
            {text.cancel}
          </button>
        </>
      )}
      {last && (
        <p id="last-result" className="state" data-status={last.status}>
          {text.lastAttempt}{' '}
          {last.status === 'unknown'
            ? `${text.unknown} · ${last.lookup.trackId}`
            : `${last.status !== 'success' ? text.declined : last.notification.Estado === 'APPROVED' ? text.approved : text.pending} · ${last.notification.Oper}`}
        </p>
      )}
    </>
  );
}
