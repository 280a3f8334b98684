/** The widest phone layout; above it the modal checkout is a centred card instead of full screen. */
const PHONE_MAX_WIDTH_PX = 480;
const CARD_MAX_HEIGHT_PX = 760;

/**
 * Styles go through the CSSOM, not a <style> tag, so a strict CSP allows them. `scrollBack` gives
 * the page its scroll again, once the checkout is out of the payer's sight.
 */
export function mountOverlay(iframe: HTMLIFrameElement, name: string): { overlay: HTMLElement; scrollBack: () => void } {
  const body = document.body ?? document.documentElement;
  const overlay = document.createElement('div');
  overlay.setAttribute('role', 'dialog');
  overlay.setAttribute('aria-modal', 'true');
  overlay.setAttribute('aria-label', name);
  overlay.style.cssText =
    'position:fixed;inset:0;z-index:2147483647;display:grid;place-items:center;background:#0f172a99';
  if (window.innerWidth > PHONE_MAX_WIDTH_PX) {
    iframe.style.cssText += `;max-height:${CARD_MAX_HEIGHT_PX}px;border-radius:12px;box-shadow:0 8px 40px #0006`;
  }
  overlay.appendChild(iframe);
  const previousOverflow = body.style.overflow;
  body.style.overflow = 'hidden';
  body.appendChild(overlay);
  return { overlay, scrollBack: () => (body.style.overflow = previousOverflow) };
}

/**
 * Out of sight (off screen, its own size), out of reach and silent to assistive technology (inert
 * takes it out of both: no aria-hidden needed), yet laid out: a frame that is display:none may be
 * slowed, and its document must finish a payment.
 */
export function hideAway(element: HTMLElement): void {
  element.inert = true;
  element.style.cssText = 'position:fixed;left:-9999px';
}
