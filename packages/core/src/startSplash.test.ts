import { describe, expect, it } from 'vitest';
import { splashMsFor } from './startSplash';

// SPEC 2 "A splash screen with a logo and a progress bar shows for 3 seconds at start"; SPEC 9
// "Splash 3000 ms". Read as the app's start: once per page visit of the loader, and on a full
// page's cold start; never on a reopen or a return from a bank or 3DS page.
const at = (path: string) => new URL(`https://checkout.test${path}`);

describe('splashMsFor: the splash is the app\'s start, not every open', () => {
  it.each<[string, string, number]>([
    ['the loader\'s first open in a page visit', '/pf/widget?type=lk&code=A&parentOrigin=https%3A%2F%2Fshop.test', 3000],
    ['a full page\'s cold start', '/pf/widget?type=lk&code=A', 3000],
    ['a slug page\'s cold start', '/tienda-demo', 3000],
    ['the loader opening it again in the same page visit', '/pf/widget?type=lk&code=A&parentOrigin=x&reopen=1', 0],
    ['the receipt after a 3DS challenge (marked with the form it left)', '/pf/default-receipt/PP1?challenge=1&from=%2Fpf%2Fwidget', 0],
    ['Back from the bank\'s page (the address carries the waiting payment)', '/pf/widget?type=lk&code=A&pending=%7B%7D', 0],
    ['the bank\'s return to the widget', '/pf/widget/returnclave?Oper=PP1', 0],
    ['the bank\'s return to an embedded checkout', '/pf/widget/returnclavesdk?Oper=PP1', 0],
    ['the 3DS challenge\'s return (SPEC 2 processing)', '/pf/default-receipt/processing?Oper=PP1', 0],
  ])('%s -> %i ms', (_case, path, ms) => {
    expect(splashMsFor(at(path), 3000)).toBe(ms);
  });

  it('keeps a configured length of 0 (no splash at all) everywhere', () => {
    expect(splashMsFor(at('/pf/widget?type=lk&code=A'), 0)).toBe(0);
  });
});
