import { beforeEach, describe, expect, it } from 'vitest';
import { phoneMemory } from '../payments/keptPhone';
import {
  chosenMethodMemory, formEntriesMemory, keptMethods, launchMemory, returnMemory, shopReferrerMemory,
} from './tabMemory';

const throwing = {
  get length(): number { throw new Error('denied'); },
  key: () => { throw new Error('denied'); },
  getItem: () => { throw new Error('denied'); },
  setItem: () => { throw new Error('denied'); },
  removeItem: () => { throw new Error('denied'); },
  clear: () => { throw new Error('denied'); },
} as Storage;

const pending = { formPath: '/pf/widget?type=lk&code=LINK1', email: 'ana@example.com', returnUrl: 'https://tienda.example/gracias' };

// [entry, the key a page of any version reads and writes, a value to keep, how the tab holds it]
const entries = [
  ['launch parameters', launchMemory, 'pasarela.launch', 'parentOrigin=https%3A%2F%2Fshop.test&lang=en', 'parentOrigin=https%3A%2F%2Fshop.test&lang=en'],
  ['shop referrer', shopReferrerMemory, 'pasarela.shopReferrer', 'https://tienda.example/carrito', 'https://tienda.example/carrito'],
  ['no shop referrer', shopReferrerMemory, 'pasarela.shopReferrer', '', ''],
  ['history entries at the form', formEntriesMemory, 'pasarela.formEntries', 3, '3'],
  ['Yappy phone', phoneMemory('yappy', 'LINK1'), 'pasarela.phone.yappy.LINK1', '6123-4567', '6123-4567'],
  ['Nequi phone', phoneMemory('nequi', 'LINK1'), 'pasarela.phone.nequi.LINK1', '63333333', '63333333'],
  ['method last used', chosenMethodMemory('LINK1'), 'pasarela.method.LINK1', 'yappy', 'yappy'],
  ['return from the bank', returnMemory('clave'), 'pasarela.return.clave', pending, JSON.stringify(pending)],
  ['return from a 3DS page', returnMemory('card'), 'pasarela.return.card', pending, JSON.stringify(pending)],
] as const;

type Entry = { get(tab: Storage | null): unknown; set(tab: Storage | null, value: never): void; forget(tab: Storage | null): void };

describe('tabMemory: what the checkout keeps per tab, under the names earlier pages used', () => {
  beforeEach(() => sessionStorage.clear());

  it.each(entries)('%s: kept, read back and forgotten', (_name, entry: Entry, key, value, stored) => {
    entry.set(sessionStorage, value as never);
    expect(sessionStorage.getItem(key)).toBe(stored);
    expect(entry.get(sessionStorage)).toEqual(value);
    entry.forget(sessionStorage);
    expect(sessionStorage.getItem(key)).toBeNull();
    expect(entry.get(sessionStorage)).toBeNull();
  });

  it.each(entries)('%s: what an earlier page kept is read as it is', (_name, entry: Entry, key, value, stored) => {
    sessionStorage.setItem(key, stored);
    expect(entry.get(sessionStorage)).toEqual(value);
  });

  it.each(entries)('%s: no storage (a cross-site frame) keeps nothing and reads nothing', (_name, entry: Entry, _key, value) => {
    expect(() => entry.set(null, value as never)).not.toThrow();
    expect(entry.get(null)).toBeNull();
    expect(() => entry.forget(null)).not.toThrow();
  });

  it.each(entries)('%s: storage that throws (Safari private mode, a blocked frame) never crashes', (_name, entry: Entry, _key, value) => {
    expect(() => entry.set(throwing, value as never)).not.toThrow();
    expect(entry.get(throwing)).toBeNull();
    expect(() => entry.forget(throwing)).not.toThrow();
  });

  it.each([
    // [entry, key, a tampered or older value, which is none]
    ['history entries that are not a count', formEntriesMemory, 'pasarela.formEntries', 'tres'],
    ['history entries of none', formEntriesMemory, 'pasarela.formEntries', '0'],
    ['negative history entries', formEntriesMemory, 'pasarela.formEntries', '-2'],
    ['a fraction of a history entry', formEntriesMemory, 'pasarela.formEntries', '1.5'],
    ['empty history entries', formEntriesMemory, 'pasarela.formEntries', ''],
    ['an empty Yappy phone', phoneMemory('yappy', 'LINK1'), 'pasarela.phone.yappy.LINK1', ''],
    ['a method the checkout does not have', chosenMethodMemory('LINK1'), 'pasarela.method.LINK1', 'paypal'],
    ['a method in other letters', chosenMethodMemory('LINK1'), 'pasarela.method.LINK1', 'Yappy'],
    ['a return that is not JSON', returnMemory('clave'), 'pasarela.return.clave', '{"formPath":'],
    ['a return of null', returnMemory('clave'), 'pasarela.return.clave', 'null'],
    ['a return that is a list', returnMemory('clave'), 'pasarela.return.clave', '["/pf/widget"]'],
    ['a return without the form', returnMemory('clave'), 'pasarela.return.clave', '{"email":"ana@example.com"}'],
    ['a return whose form is not text', returnMemory('card'), 'pasarela.return.card', '{"formPath":7}'],
  ] as const)('%s is ignored', (_name, entry: Entry, key, stored) => {
    sessionStorage.setItem(key, stored);
    expect(entry.get(sessionStorage)).toBeNull();
  });

  it.each([
    // [what was kept, what is read]
    [{ formPath: '/pf/widget' }, { formPath: '/pf/widget', email: '', returnUrl: '' }],
    [{ formPath: '/pf/widget', email: 5, returnUrl: null }, { formPath: '/pf/widget', email: '', returnUrl: '' }],
  ])('a return missing its e-mail or shop address still leads back to the form: %j', (stored, read) => {
    sessionStorage.setItem('pasarela.return.clave', JSON.stringify(stored));
    expect(returnMemory('clave').get(sessionStorage)).toEqual(read);
  });

  it('each link and each method keeps its own', () => {
    phoneMemory('yappy', 'LINK1').set(sessionStorage, '61234567');
    chosenMethodMemory('LINK1').set(sessionStorage, 'yappy');
    returnMemory('clave').set(sessionStorage, pending);
    expect(phoneMemory('yappy', 'LINK2').get(sessionStorage)).toBeNull();
    expect(chosenMethodMemory('LINK2').get(sessionStorage)).toBeNull();
    expect(returnMemory('card').get(sessionStorage)).toBeNull();
  });

  it.each([
    // [what the tab holds, the methods kept on its links]
    [{}, []],
    [{ 'pasarela.method.LINK1': 'yappy', 'pasarela.method.LINK2': 'card' }, ['yappy', 'card']],
    [{ 'pasarela.method.LINK1': 'paypal', 'pasarela.method.LINK2': 'nequi' }, ['nequi']],
    [{ 'pasarela.phone.yappy.LINK1': '61234567', 'pasarela.attempt.yappy.LINK1': '{}' }, []],
  ])('keptMethods reads every link\'s method and only those: %j', (held, methods) => {
    for (const [key, value] of Object.entries(held)) sessionStorage.setItem(key, value);
    expect(keptMethods(sessionStorage).sort()).toEqual([...methods].sort());
  });

  it('keptMethods without storage, or with storage that throws, is none', () => {
    expect(keptMethods(null)).toEqual([]);
    expect(keptMethods(throwing)).toEqual([]);
  });
});
