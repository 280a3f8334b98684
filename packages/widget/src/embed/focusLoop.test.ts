import { afterEach, describe, expect, it } from 'vitest';
import { keepTabInside } from './focusLoop';

// The modal checkout's loop of Tab stops has no empty stop: from the last control to the first.
describe('keepTabInside', () => {
  let letGo = () => {};
  afterEach(() => {
    letGo();
    letGo = () => {};
    document.body.innerHTML = '';
  });

  function page() {
    document.body.innerHTML = `
      <button id="close">Cerrar</button>
      <fieldset><input type="radio" name="m" id="card" checked><input type="radio" name="m" id="nequi"></fieldset>
      <input id="number" name="cardnumber">
      <button id="hidden-one" hidden>Oculto</button>
      <button id="busy" disabled>Nada</button>
      <button id="pay" type="submit">Pagar</button>
      <details id="tools"><summary id="tools-summary" tabindex="0">Pruebas</summary><select id="inside"><option>Una</option></select></details>`;
    // happy-dom lays nothing out (every element shown has a box here) and knows no summary as focusable (its tabindex).
    for (const el of document.querySelectorAll<HTMLElement>('*')) el.getClientRects = () => ({ length: el.closest('[hidden]') ? 0 : 1 }) as DOMRectList;
  }

  const tab = (shiftKey = false) => {
    const event = new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true });
    (document.activeElement ?? document.body).dispatchEvent(event);
    return event.defaultPrevented;
  };

  it('Tab on the last control goes to the first; Shift+Tab on the first to the last', () => {
    page();
    letGo = keepTabInside(document);
    document.getElementById('tools-summary')?.focus();
    expect(tab()).toBe(true);
    expect(document.activeElement?.id).toBe('close');
    expect(tab(true)).toBe(true);
    expect(document.activeElement?.id).toBe('tools-summary');
  });

  it('an open <details> has its controls in the loop: the last of them goes to the first', () => {
    page();
    letGo = keepTabInside(document);
    (document.getElementById('tools') as HTMLDetailsElement).open = true;
    document.getElementById('tools-summary')?.focus();
    expect(tab()).toBe(false);
    document.getElementById('inside')?.focus();
    expect(tab()).toBe(true);
    expect(document.activeElement?.id).toBe('close');
  });

  it('Tab between two controls is the browser\'s own', () => {
    page();
    letGo = keepTabInside(document);
    document.getElementById('number')?.focus();
    expect(tab()).toBe(false);
    expect(tab(true)).toBe(false);
    expect(document.activeElement?.id).toBe('number');
  });

  it('without it, nothing is held back (the inline checkout lets Tab go on to the page)', () => {
    page();
    document.getElementById('pay')?.focus();
    expect(tab()).toBe(false);
  });
});
