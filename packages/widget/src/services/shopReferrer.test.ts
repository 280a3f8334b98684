import { describe, expect, it } from 'vitest';
import { rememberShopReferrer, shopReferrerOf, stepsBeforeForm } from './shopReferrer';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() { return items.size; },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('rememberShopReferrer and shopReferrerOf: a full page leads back to the shop that sent the payer to its checkout, not to the bank', () => {
  const shop = 'https://tienda.example/carrito';
  const bank = 'https://3ds.banco.example/';
  const form = new URL('https://checkout.example/pf/widget?type=lk&code=LK1');
  it.each([
    // [what happened in the tab, the checkout form's referrer, the later page's referrer, what the later page reads]
    ['the shop sent the payer; the issuer sends them back with its own address', shop, bank, shop],
    ['the shop sent the payer; the bank sends them back with no referrer', shop, '', shop],
    ['the form was opened alone (a link in an e-mail); a later page knows no shop either', '', bank, ''],
  ])('%s', (_case, atForm, later, read) => {
    const session = memoryStorage();
    rememberShopReferrer(atForm, session, form, form);
    expect(shopReferrerOf(later, session)).toBe(read);
  });
  it('a page of a tab that showed no checkout form reads its own referrer', () => {
    expect(shopReferrerOf(shop, memoryStorage())).toBe(shop);
    expect(shopReferrerOf(shop, null)).toBe(shop);
  });
  it('a second checkout form in the tab replaces what the first remembered', () => {
    const session = memoryStorage();
    rememberShopReferrer(shop, session, form, form);
    rememberShopReferrer('', session, form, form);
    expect(shopReferrerOf(bank, session)).toBe('');
  });
  it('storage that throws (blocked in a frame) leaves the page its own referrer', () => {
    const blocked = { ...memoryStorage(), getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } } as Storage;
    rememberShopReferrer(shop, blocked, form, form);
    expect(shopReferrerOf(bank, blocked)).toBe(bank);
  });
  it('a form a refused return leads to, in a page the bank sent the payer to, remembers nothing', () => {
    const session = memoryStorage();
    rememberShopReferrer(shop, session, form, form);
    rememberShopReferrer(bank, session, form, new URL('https://checkout.example/pf/default-receipt/PP1?challenge=1'));
    expect(shopReferrerOf(bank, session)).toBe(shop);
  });
});

describe("stepsBeforeForm: a full page with no shop's address steps back past the bank to the page before the checkout's form", () => {
  const form = new URL('https://checkout.example/pf/widget?type=lk&code=LK1');
  it.each([
    // [what happened in the tab, its history's length at the form, its length now, where "back" leads]
    ['a page, the form, the issuer\'s 3DS page, the receipt: back to the page before the form', 2, 4, -3],
    ['two pages, the form, the bank\'s page, the receipt', 3, 5, -3],
    ['the form itself, nothing after it: one step back', 3, 3, -1],
    ['the form was the tab\'s first page (a link opened alone), then the bank and the receipt: nowhere to go back to', 1, 3, null],
    ['the form alone in its tab', 1, 1, null],
  ])('%s', (_case, atForm, now, steps) => {
    const session = memoryStorage();
    rememberShopReferrer('', session, form, form, atForm);
    expect(stepsBeforeForm(session, now)).toBe(steps);
  });
  it('a tab that showed no checkout form, or storage that throws, leaves the page its own previous page', () => {
    expect(stepsBeforeForm(memoryStorage(), 3)).toBeUndefined();
    expect(stepsBeforeForm(null, 3)).toBeUndefined();
    const blocked = { ...memoryStorage(), getItem: () => { throw new Error('denied'); } } as Storage;
    expect(stepsBeforeForm(blocked, 3)).toBeUndefined();
  });
  it('a count the tab cannot have (longer than its history now) is not followed', () => {
    const session = memoryStorage();
    rememberShopReferrer('', session, form, form, 6);
    expect(stepsBeforeForm(session, 4)).toBeUndefined();
  });
});
