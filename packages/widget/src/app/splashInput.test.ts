import { afterEach, describe, expect, it } from 'vitest';
import { holdSplashInput } from './splashInput';

function screenWithForm() {
  const screen = document.createElement('div');
  screen.innerHTML = '<input name="email"><button type="button">Nequi</button>';
  document.body.append(screen);
  return { screen, email: screen.querySelector<HTMLInputElement>('[name="email"]')!, tile: screen.querySelector<HTMLButtonElement>('button')! };
}
const press = (key: string) => {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  document.body.dispatchEvent(event);
  return event;
};
const tapAt = (x: number, y: number) => document.body.dispatchEvent(new MouseEvent('click', { clientX: x, clientY: y, bubbles: true }));

afterEach(() => document.body.replaceChildren());

describe('holdSplashInput', () => {
  // Issue 90: the card number is typed in the vault's frame; the checkout's code holds no keys typed
  // under the splash (they could be a card number), and types nothing anywhere when it lifts.
  it('holds no typing: a key under the splash is neither taken nor typed into a field when it lifts', () => {
    const { screen, email } = screenWithForm();
    const held = holdSplashInput(window);
    expect(press('4').defaultPrevented).toBe(false);
    held.release(screen);
    expect(email.value).toBe('');
    expect(document.activeElement).toBe(document.body);
  });

  it('makes the last tap again where it landed when the splash lifts: a field takes the focus, a tile is pressed', () => {
    const { screen, email, tile } = screenWithForm();
    let pressed = 0;
    tile.addEventListener('click', () => pressed++);
    const at = (el: Element) => (document.elementFromPoint = () => el);
    const held = holdSplashInput(window);
    tapAt(5, 5);
    at(tile);
    held.release(screen);
    expect(pressed).toBe(1);
    const again = holdSplashInput(window);
    tapAt(5, 5);
    at(email);
    again.release(screen);
    expect(document.activeElement).toBe(email);
  });

  it('hears nothing after stop()', () => {
    const { screen, tile } = screenWithForm();
    let pressed = 0;
    tile.addEventListener('click', () => pressed++);
    document.elementFromPoint = () => tile;
    const held = holdSplashInput(window);
    held.stop();
    tapAt(5, 5);
    held.release(screen);
    expect(pressed).toBe(0);
  });
});
