import { afterEach, describe, expect, it } from 'vitest';
import { holdSplashInput } from './splashInput';

function screenWithForm() {
  const screen = document.createElement('div');
  screen.innerHTML = '<input name="email"><input name="cardnumber">';
  document.body.append(screen);
  return { screen, card: screen.querySelector<HTMLInputElement>('[name="cardnumber"]')!, email: screen.querySelector<HTMLInputElement>('[name="email"]')! };
}
const press = (key: string, init: KeyboardEventInit = {}) => {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  document.body.dispatchEvent(event);
  return event;
};

afterEach(() => document.body.replaceChildren());

// Issue: keys typed under SPEC 2's 3 s splash were lost; they go to the card field when it lifts.
describe('holdSplashInput', () => {
  it('types what was keyed under the splash into the card number field, with the input event its handler hears', () => {
    const { screen, card } = screenWithForm();
    const held = holdSplashInput(window);
    const heard: string[] = [];
    card.addEventListener('input', () => heard.push(card.value));
    expect(press('4').defaultPrevented).toBe(true);
    for (const key of ['2', '4', '9', 'Backspace', '2']) press(key);
    held.release(screen);
    expect(card.value).toBe('4242');
    expect(heard).toEqual(['4242']);
    expect(document.activeElement).toBe(card);
  });

  it.each<[string, string, KeyboardEventInit]>([
    ['a shortcut', 'r', { ctrlKey: true }],
    ['Tab (the splash keeps the focus from the form)', 'Tab', {}],
    ['Enter', 'Enter', {}],
  ])('leaves %s alone', (_case, key, init) => {
    const { screen, card } = screenWithForm();
    const held = holdSplashInput(window);
    expect(press(key, init).defaultPrevented).toBe(false);
    held.release(screen);
    expect(card.value).toBe('');
  });

  it('hears nothing after the splash lifted, nor after stop()', () => {
    const { screen, card } = screenWithForm();
    const held = holdSplashInput(window);
    press('1');
    held.release(screen);
    press('2');
    expect(card.value).toBe('1');
    const other = holdSplashInput(window);
    press('3');
    other.stop();
    other.release(screen);
    expect(card.value).toBe('1');
  });
});
