/** Taps and typing under the splash (the form beneath is inert) are replayed when it lifts (docs/spec-decisions.md). */
export interface SplashInput {
  release(screen: Element): void;
  stop(): void;
}

const TEXT_FIELD = '[name="cardnumber"]';
const TAPPABLE = 'button, a[href], label, input, select, textarea, [role="radio"], [role="button"], [tabindex]';

export function holdSplashInput(win: Window = window): SplashInput {
  let text = '';
  let tap: { x: number; y: number } | null = null;

  const onKey = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.isComposing) return;
    if (e.key.length === 1) text += e.key;
    else if (e.key === 'Backspace') text = text.slice(0, -1);
    else return;
    e.preventDefault();
  };
  const onTap = (e: MouseEvent) => {
    tap = { x: e.clientX, y: e.clientY };
  };
  win.addEventListener('keydown', onKey, true);
  win.addEventListener('click', onTap, true);

  const end = () => {
    win.removeEventListener('keydown', onKey, true);
    win.removeEventListener('click', onTap, true);
  };

  return {
    stop() {
      end();
      text = '';
      tap = null;
    },
    release(screen) {
      end();
      const doc = screen.ownerDocument;
      if (tap) {
        const hit = doc.elementFromPoint(tap.x, tap.y);
        const target = hit && screen.contains(hit) ? (hit.closest(TAPPABLE) ?? hit) : null;
        if (target instanceof HTMLElement) {
          target.focus();
          // A field takes the focus (and then the text); anything else is clicked, as the tap meant.
          if (!isTextField(target)) target.click();
        }
      }
      if (!text) return;
      const active = doc.activeElement;
      const field = active instanceof HTMLInputElement && screen.contains(active) && isTextField(active) ? active : screen.querySelector(TEXT_FIELD);
      if (!(field instanceof HTMLInputElement) || field.disabled || field.readOnly) return;
      field.focus();
      typeInto(field, field.value + text);
    },
  };
}

function isTextField(el: Element): el is HTMLInputElement | HTMLTextAreaElement {
  if (el instanceof HTMLTextAreaElement) return true;
  return el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset', 'hidden', 'file', 'range', 'color'].includes(el.type);
}

/** Through the element's own setter and an input event, which React's onChange hears. */
function typeInto(field: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
