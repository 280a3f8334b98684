import { useEffect, useRef, useState } from 'react';
import { t } from '../i18n/i18n';
import { frameLook, vaultFieldsUrl, type FrameEvent, type VaultFieldsAddress, type VaultFrame } from './vaultFrame';

// The fields' height before the frame says its own (number, then expiry and CVC with the CVC's hint).
const FIRST_HEIGHT = 196;
/**
 * A fields page that has not said it is ready by then is not coming (the card vault down or
 * unreachable): the frame shows only the browser's blank error page, so the payer is told and offered
 * to load it again. The page on a phone's slow network is ready well within it.
 */
export const FIELDS_LATE_MS = 10_000;

/**
 * A field the keyboard or the checkout focused inside the frame (`top`, `bottom`: its label's top and
 * its lines' bottom in the frame's page), which the browser scrolled into view as if the checkout had
 * no sticky header or Pay: under either, the page moves just enough to bring it 8px clear of them, as
 * the page's scroll margins do for its own controls; in sight, it stays.
 */
export function scrollClear(element: HTMLIFrameElement, top: number, bottom: number): void {
  if (document.activeElement !== element) return;
  const at = element.getBoundingClientRect().top + element.clientTop + (parseFloat(getComputedStyle(element).paddingTop) || 0);
  const header = document.querySelector('.page--checkout > .header')?.getBoundingClientRect().bottom ?? 0;
  const pay = element.closest('form')?.querySelector('.button--pay');
  // Pay's top less its 8px paper ring (styles.css); no Pay on screen, the window's bottom.
  const floor = (pay?.getClientRects().length ? pay.getBoundingClientRect().top : innerHeight + 8) - 8;
  const above = at + top - header;
  const below = at + bottom - floor;
  const by = below > 0 ? Math.min(below + 8, above - 8) : above < 0 ? above - 8 : 0;
  if (by) scrollBy(0, by);
}

interface VaultFieldsProps {
  frame: VaultFrame;
  address: Omit<VaultFieldsAddress, 'look'>;
  onEvent?: ((event: FrameEvent) => void) | undefined;
  /**
   * The form back in place of a step whose button had the focus (a 3DS challenge's wait): the card
   * number takes it once its page is ready, unless something took it meanwhile (a refused field, the
   * payer's click), so it is never left on the page's body.
   */
  takeFocus?: boolean | undefined;
}

/**
 * The card number, expiry and CVC: the card vault's page, on its origin, in a frame of the form.
 * Tab runs from the form's fields into the frame's and on out of it, as through one form.
 */
export function VaultFields({ frame, address, onEvent, takeFocus }: VaultFieldsProps) {
  const element = useRef<HTMLIFrameElement>(null);
  // Asked for once, with the checkout's look as it is now in the address's fragment (later changes go
  // by message). A frame drawn on the server (the first screen in the page) keeps the address it was
  // drawn with: its page is on its way.
  const [src] = useState(() => vaultFieldsUrl({ ...address, look: typeof document === 'undefined' || document.querySelector('[data-prerendered]') ? undefined : frameLook(document.documentElement) }));
  const [height, setHeight] = useState(FIRST_HEIGHT);
  const [late, setLate] = useState(false);
  const notice = useRef<HTMLDivElement>(null);
  const reload = useRef(() => {});
  const latest = useRef(onEvent);
  latest.current = onEvent;
  const focusOnReady = useRef(takeFocus === true);
  useEffect(() => {
    frame.attach(element.current);
    const root = document.documentElement;
    const restyle = () => frame.style(frameLook(root));
    let lateTimer = setTimeout(() => setLate(true), FIELDS_LATE_MS);
    const off = frame.subscribe((event) => {
      if (event.type === 'height') setHeight(event.height);
      else if (event.type === 'focused' && element.current) scrollClear(element.current, event.top, event.bottom);
      else if (event.type === 'ready') {
        clearTimeout(lateTimer);
        // The payer who pressed "try again" goes on in the card number, not on a button that goes away.
        const at = document.activeElement;
        const lost = document.hasFocus() && (at === null || at === document.body);
        if (notice.current?.contains(at) || (focusOnReady.current && lost)) frame.focus('cardnumber');
        // The frame focused before its page was there (a step's first field, as the page loaded): the
        // page, which had no focus to give, puts it on its first field, unless the payer is in one.
        else if (at === element.current) frame.focus();
        focusOnReady.current = false;
        setLate(false);
        restyle();
      }
      // Keys pressed in the frame stay in it: Escape goes on as if pressed on the frame (the checkout's close).
      else if (event.type === 'escape') element.current?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      latest.current?.(event);
    });
    // The theme painted later, or following the payer's dark scheme: the frame follows.
    const painted = new MutationObserver(restyle);
    painted.observe(root, { attributes: true, attributeFilter: ['style', 'class'] });
    const dark = window.matchMedia?.('(prefers-color-scheme: dark)');
    dark?.addEventListener?.('change', restyle);
    reload.current = () => {
      // The same page asked again; the frame says when it is there, as the first time (the notice stays till then).
      clearTimeout(lateTimer);
      lateTimer = setTimeout(() => setLate(true), FIELDS_LATE_MS);
      frame.attach(null);
      // Without the look's fragment: the same address with one would only move to the fragment, never
      // load the page again; the look follows by message once the page says it is ready.
      if (element.current) element.current.src = src.split('#')[0] ?? src;
      frame.attach(element.current);
    };
    return () => {
      clearTimeout(lateTimer);
      off();
      painted.disconnect();
      dark?.removeEventListener?.('change', restyle);
      frame.attach(null);
    };
  }, [frame, src]);
  return (
    <>
      {late ? (
        <div className="alert" role="alert" ref={notice}>
          <p className="alert__text">{t('card_fields_unavailable')}</p>
          <button type="button" className="button button--secondary" onClick={() => reload.current()}>
            {t('retry_button')}
          </button>
        </div>
      ) : null}
      <iframe
        ref={element}
        className="vault-fields"
        name="card-fields"
        src={src}
        title={t('card_fields_frame')}
        // An attribute, not a style: the page's policy takes no inline style.
        height={height}
        allow="payment"
        referrerPolicy="no-referrer"
      />
    </>
  );
}
