// In the loader's modal dialog the frame is all the payer can reach: Tab from the last control goes
// to the first and Shift+Tab from the first to the last. Left to the browser, the focus would leave
// the frame for the shop's page, and the loader would bring it back to the frame itself: a stop on
// no control at each end of the loop.

const CANDIDATES = 'a[href],button,input,select,textarea,iframe,summary,[tabindex]';

/** A radio group is one stop: its checked radio, or its first when none is. */
function isGroupStop(radio: HTMLInputElement, doc: Document): boolean {
  if (!radio.name) return true;
  const group = [...doc.querySelectorAll<HTMLInputElement>('input[type="radio"]')].filter((r) => r.name === radio.name && r.form === radio.form);
  const checked = group.find((r) => r.checked);
  return checked ? checked === radio : group[0] === radio;
}

/** Inside a closed <details> only its summary is reached (the rest still has boxes in Chromium). */
function shutInDetails(el: HTMLElement): boolean {
  const details = el.parentElement?.closest('details');
  if (!details || details.open) return false;
  return !(el.tagName === 'SUMMARY' && el.parentElement === details);
}

/** The controls Tab stops on, in document order (no positive tabindex is used in the checkout). */
function tabStops(doc: Document): HTMLElement[] {
  return [...doc.querySelectorAll<HTMLElement>(CANDIDATES)].filter((el) => {
    if (el.tabIndex < 0 || el.closest('[hidden],[inert]') || (el as HTMLInputElement).disabled) return false;
    if (el instanceof HTMLInputElement && el.type === 'hidden') return false;
    if (el.getClientRects().length === 0 || shutInDetails(el)) return false;
    return !(el instanceof HTMLInputElement && el.type === 'radio') || isGroupStop(el, doc);
  });
}

/** Where Tab (or Shift+Tab) from the focused element goes instead of out of the frame, if it would leave. */
function wrapTarget(doc: Document, backwards: boolean): HTMLElement | null {
  const stops = tabStops(doc);
  const first = stops[0];
  const last = stops.at(-1);
  if (!first || !last) return null;
  const at = doc.activeElement;
  if (backwards) return at === first || at === doc.body || at === null ? last : null;
  return at === last ? first : null;
}

/** For as long as the document lives; the returned function lets go (tests). */
export function keepTabInside(doc: Document): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = wrapTarget(doc, event.shiftKey);
    if (!target) return;
    target.focus();
    // A control that would not take the focus leaves Tab to the browser.
    if (doc.activeElement === target) event.preventDefault();
  };
  doc.addEventListener('keydown', onKeyDown);
  return () => doc.removeEventListener('keydown', onKeyDown);
}
