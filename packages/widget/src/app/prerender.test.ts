import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../api/client';
import { fakeServices } from '../testing/fakeServices';
import { rendersAsServer, takeEarlyInput } from './prerender';

const api = {} as ApiClient;

describe('rendersAsServer: the browser takes the server\'s markup over only when its first render is the same', () => {
  const address = () => new URL('https://checkout.test/pf/widget?type=lk&code=LK1&parentOrigin=https%3A%2F%2Fshop.test');
  const memory = () => {
    const items = new Map<string, string>();
    return {
      get length() {
        return items.size;
      },
      key: (i: number) => [...items.keys()][i] ?? null,
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, value: string) => void items.set(k, value),
      removeItem: (k: string) => void items.delete(k),
      clear: () => items.clear(),
    } as Storage;
  };

  it('a guest with nothing kept in the tab, framed as the address says: yes', () => {
    const { services } = fakeServices(api, { address, storage: { local: null, session: memory() } });
    expect(rendersAsServer(services)).toBe(true);
  });

  it('a logged-in payer: no (the server renders for a guest)', () => {
    const { services } = fakeServices(api, { address, storage: { local: null, session: memory() } });
    services.session.getState().set({ session: { sessionId: 's', token: 't', user: { idUsr: 1 } }, expiresAt: null } as never);
    expect(rendersAsServer(services)).toBe(false);
  });

  it('a payment waiting in this tab: no (the checkout opens on it)', () => {
    const session = memory();
    session.setItem('pasarela.attempt.nequi.LK1', '{}');
    const { services } = fakeServices(api, { address, storage: { local: null, session } });
    expect(rendersAsServer(services)).toBe(false);
  });

  it('a method other than the card chosen on a link in this tab: no (a reload opens on it); the card kept: yes', () => {
    const session = memory();
    session.setItem('pasarela.method.LK1', 'card');
    const { services } = fakeServices(api, { address, storage: { local: null, session } });
    expect(rendersAsServer(services)).toBe(true);
    session.setItem('pasarela.method.LK1', 'yappy');
    expect(rendersAsServer(services)).toBe(false);
  });

  it('a card payment the address names at its challenge, which the tab keeps: yes (the checkout\'s prepared screen says whether it draws it); any other payment the address names: no', () => {
    const named = (method: string) => () => {
      const url = address();
      url.searchParams.set('pending', JSON.stringify({ method, codOper: 'OP1', deadline: null }));
      return url;
    };
    const session = memory();
    session.setItem('pasarela.attempt.card.LK1', '{"codOper":"OP1","deadline":null}');
    expect(rendersAsServer(fakeServices(api, { address: named('card'), storage: { local: null, session } }).services)).toBe(true);
    // A frame denied storage keeps nothing: the address alone names it.
    expect(rendersAsServer(fakeServices(api, { address: named('card'), storage: { local: null, session: null } }).services)).toBe(true);
    expect(rendersAsServer(fakeServices(api, { address: named('nequi'), storage: { local: null, session: memory() } }).services)).toBe(false);
    // A mark that is not a payment: the browser's.
    expect(rendersAsServer(fakeServices(api, { address: () => new URL(`${address().href}&pending=nonsense`), storage: { local: null, session: memory() } }).services)).toBe(false);
  });

  it('a page the address says is framed but is not (or the other way): no', () => {
    const { services } = fakeServices(api, { address, storage: { local: null, session: memory() }, bridge: { embedded: false, notify: () => {}, onCloseRequested: () => {} } });
    expect(rendersAsServer(services)).toBe(false);
  });
});

describe('takeEarlyInput: what the payer entered in the server\'s markup reaches the app\'s first render', () => {
  function markup() {
    const root = document.createElement('div');
    root.innerHTML = `
      <input name="cardnumber" value="">
      <input name="email" value="">
      <input type="radio" name="m" value="card" checked><input type="radio" name="m" value="nequi">
      <input type="checkbox" name="save">
      <select name="coin"><option value="btc" selected>BTC</option><option value="eth">ETH</option></select>`;
    document.body.append(root);
    const heard: string[] = [];
    for (const type of ['input', 'change']) root.addEventListener(type, (e) => heard.push(`${type}:${(e.target as HTMLInputElement).name}=${(e.target as HTMLInputElement).value}`));
    const field = (name: string) => root.querySelector<HTMLInputElement>(`[name="${name}"]`) as HTMLInputElement;
    return { root, heard, field };
  }

  it('tells the app of each field the payer changed, through the event its handlers listen to, and of no other', () => {
    const { root, heard, field } = markup();
    field('cardnumber').value = '4242424242424242';
    (root.querySelector('[value="nequi"]') as HTMLInputElement).checked = true;
    field('save').checked = true;
    (root.querySelector('select') as HTMLSelectElement).value = 'eth';
    const tell = takeEarlyInput(root);
    expect(heard).toEqual([]);
    tell();
    expect(heard).toEqual(['input:cardnumber=4242424242424242', 'change:m=nequi', 'change:save=on', 'change:coin=eth']);
    root.remove();
  });

  it('in a render that made its elements anew, finds each field by its name (a radio by its value too) and gives it what the payer entered', () => {
    const { root, heard, field } = markup();
    // The same markup as new elements, as a render that made them anew.
    const fresh = [...root.childNodes].map((node) => node.cloneNode(true));
    field('cardnumber').value = '4242424242424242';
    (root.querySelector('[value="nequi"]') as HTMLInputElement).checked = true;
    (root.querySelector('select') as HTMLSelectElement).value = 'eth';
    const tell = takeEarlyInput(root);
    root.replaceChildren(...fresh);
    tell();
    expect(heard).toEqual(['input:cardnumber=4242424242424242', 'change:m=nequi', 'change:coin=eth']);
    expect(field('cardnumber').value).toBe('4242424242424242');
    expect((root.querySelector('[value="nequi"]') as HTMLInputElement).checked).toBe(true);
    expect((root.querySelector('[value="card"]') as HTMLInputElement).checked).toBe(false);
    root.remove();
  });

  it('a field the new render does not have is left alone', () => {
    const { root, heard, field } = markup();
    field('email').value = 'ana@example.com';
    const tell = takeEarlyInput(root);
    root.replaceChildren(Object.assign(document.createElement('input'), { name: 'phone' }));
    tell();
    expect(heard).toEqual([]);
    expect(field('phone').value).toBe('');
    root.remove();
  });

  it('with nothing entered, tells nothing', () => {
    const { root, heard } = markup();
    takeEarlyInput(root)();
    expect(heard).toEqual([]);
    root.remove();
  });

  it('a form the payer sent before the script ran (kept by the page as its place among the forms) is sent once, after the values', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<form id="other"></form><form id="amount"><input name="amount" value=""><button>Continuar</button></form>';
    document.body.append(root);
    const heard: string[] = [];
    root.addEventListener('input', (e) => heard.push(`input:${(e.target as HTMLInputElement).value}`));
    root.addEventListener('submit', (e) => {
      e.preventDefault();
      heard.push(`submit:${(e.target as HTMLFormElement).id}`);
    });
    (root.querySelector('[name="amount"]') as HTMLInputElement).value = '12.5';
    document.documentElement.dataset['submitted'] = '1';
    takeEarlyInput(root)();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toEqual(['input:12.5', 'submit:amount']);
    expect(document.documentElement.dataset['submitted']).toBeUndefined();
    // Taken once: a later take sends nothing.
    takeEarlyInput(root)();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard.filter((h) => h.startsWith('submit'))).toEqual(['submit:amount']);
    root.remove();
  });
});
