/**
 * A tap under the splash (the form beneath is inert) is made again when it lifts (docs/spec-decisions.md).
 * Typing is not held: the first field is the card vault's number, which the checkout's own code never
 * reads (issue 90), so keys typed under the splash are left to go nowhere.
 */
export interface SplashInput {
  release(screen: Element): void;
  stop(): void;
}

const TAPPABLE = 'button, a[href], label, input, select, textarea, [role="radio"], [role="button"], [tabindex]';

export function holdSplashInput(win: Window = window): SplashInput {
  let tap: { x: number; y: number } | null = null;

  const onTap = (e: MouseEvent) => {
    tap = { x: e.clientX, y: e.clientY };
  };
  win.addEventListener('click', onTap, true);
  const end = () => win.removeEventListener('click', onTap, true);

  return {
    stop() {
      end();
      tap = null;
    },
    release(screen) {
      end();
      if (!tap) return;
      const hit = screen.ownerDocument.elementFromPoint(tap.x, tap.y);
      const target = hit && screen.contains(hit) ? (hit.closest(TAPPABLE) ?? hit) : null;
      if (!(target instanceof HTMLElement)) return;
      target.focus();
      // A field takes the focus; anything else is clicked, as the tap meant.
      if (!isTextField(target)) target.click();
    },
  };
}

function isTextField(el: Element): el is HTMLInputElement | HTMLTextAreaElement {
  if (el instanceof HTMLTextAreaElement) return true;
  return el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset', 'hidden', 'file', 'range', 'color'].includes(el.type);
}
