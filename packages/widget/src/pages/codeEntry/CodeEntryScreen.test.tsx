import { describe, expect, it } from 'vitest';
import { act } from 'preact/test-utils';
import { PasarelaError, catalogs } from '@pasarela/core';
import { startI18n } from '../../i18n/i18n';
import { scriptedApi } from '../../testing/fakePaymentContext';
import { fakeServices } from '../../testing/fakeServices';
import { ServicesContext } from '../../services/services';
import { render, settle, type, viewPerTest } from '../../testing/render';
import { codeEntryModule } from './module';

const notFound = () => new PasarelaError({ code: 'link_not_found', category: 'api', status: 404 });

/** The server's answers for LKDEMO0001, whose slug is tienda-demo, as a phone's keyboard types them. */
const links: Record<string, { type: string; code: string }> = {
  LKDEMO0001: { type: 'lk', code: 'LKDEMO0001' },
  'TIENDA-DEMO': { type: 'slug', code: 'tienda-demo' },
};
function linkAddress(query: unknown) {
  const link = links[(query as { code: string }).code];
  if (link) return link;
  throw notFound();
}

async function showCodeEntry(embedded = true) {
  const { api, calls } = scriptedApi({ 'payment-info/address': linkAddress });
  const { services, departures, messages } = fakeServices(api, embedded ? {} : { bridge: { embedded: false, notify: () => {}, onCloseRequested: () => {} } });
  const { View } = codeEntryModule.prepare({ name: 'codeEntry' }, services);
  const view = await render(<ServicesContext.Provider value={services}><View /></ServicesContext.Provider>);
  const send = async (typed: string) => {
    await type(view.input('paymentCode'), typed);
    await act(() => view.container.querySelector('form')?.requestSubmit());
    await settle();
  };
  return { view, send, calls, departures, messages };
}

// The main page "/" without a code (docs/spec-decisions.md): what the payer types names a link by its code or its slug.
describe('CodeEntryScreen (/ without a code)', () => {
  const keep = viewPerTest();

  it('keeps the payer on the page with a code that names no link: the field says so, holds what they typed and takes the focus', async () => {
    await startI18n('en', catalogs.en);
    const { view, send, departures } = await showCodeEntry();
    keep(view);
    await send('LKNOEXISTE99');
    const field = view.input('paymentCode');
    expect(departures).toEqual([]);
    expect(field.value).toBe('LKNOEXISTE99');
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const error = view.container.querySelector('#field-paymentCode-error');
    expect(error?.textContent).toBe(catalogs.en.code_entry_not_found);
    expect(field.getAttribute('aria-describedby')?.split(' ')).toContain('field-paymentCode-error');
  });

  it('opens a link by its code, and by its slug as its own address does, each asked of the server once', async () => {
    await startI18n('es', catalogs.es);
    const { view, send, calls, departures } = await showCodeEntry();
    keep(view);
    await send(' LKDEMO0001 ');
    await send('TIENDA-DEMO');
    expect(calls).toEqual([
      { method: 'get', path: 'payment-info/address', body: { code: 'LKDEMO0001' } },
      { method: 'get', path: 'payment-info/address', body: { code: 'TIENDA-DEMO' } },
    ]);
    expect(departures).toEqual(['/?code=LKDEMO0001', '/tienda-demo']);
  });

  it('refuses what no link address can hold before asking the server', async () => {
    await startI18n('es', catalogs.es);
    const { view, send, calls, departures } = await showCodeEntry();
    keep(view);
    await send('tienda demo');
    expect(view.container.querySelector('#field-paymentCode-error')?.textContent).toBe(catalogs.es.only_alphanumeric_characters);
    expect(document.activeElement).toBe(view.input('paymentCode'));
    expect(calls).toEqual([]);
    expect(departures).toEqual([]);
  });

  it.each(['es', 'en'] as const)('%s: in a shop\'s frame it has the checkout\'s close, named as on the other pages, which closes the checkout; a full page has none', async (lang) => {
    await startI18n(lang, catalogs[lang]);
    const framed = await showCodeEntry();
    keep(framed.view);
    const close = [...framed.view.container.querySelectorAll('header button')];
    expect(close.map((button) => button.getAttribute('aria-label'))).toEqual([catalogs[lang].close]);
    // Above the heading, first in Tab order.
    expect(close[0]?.compareDocumentPosition(framed.view.container.querySelector('h1') as Node)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    await act(() => (close[0] as HTMLButtonElement).click());
    expect(framed.messages).toEqual([{ type: 'close' }]);
    framed.view.unmount();

    const full = await showCodeEntry(false);
    keep(full.view);
    expect(full.view.container.querySelectorAll('button')).toHaveLength(1);
    expect(full.view.container.querySelector('button')?.textContent).toBe(catalogs[lang].continue_button);
  });
});
