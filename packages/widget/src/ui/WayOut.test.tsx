import { beforeAll, describe, expect, it } from 'vitest';
import { renderToString } from 'preact-render-to-string';
import { catalogs } from '@pasarela/core';
import { keysUsedBy, startI18n } from '../i18n/i18n';
import { ServicesContext } from '../services/services';
import { fakeServices } from '../testing/fakeServices';
import { scriptedApi } from '../testing/fakePaymentContext';
import { WayOut } from './WayOut';

describe('WayOut in a full page with no address of the shop', () => {
  beforeAll(async () => {
    await startI18n('es', catalogs.es);
  });

  it("the first render asks for both labels of the page's own way back, so the prerendered page carries them (no raw key while the catalogue loads; issue 92)", () => {
    const { services } = fakeServices(scriptedApi({}).api, { bridge: { embedded: false, notify: () => {}, onCloseRequested: () => {} }, referrer: '' });
    const keys = keysUsedBy(() => {
      renderToString((<ServicesContext.Provider value={services}><WayOut /></ServicesContext.Provider>) as never);
    });
    expect(keys).toContain('go_back_page');
    expect(keys).toContain('close_this_page');
  });

  it('draws its way back in the first render, with its words: nothing arrives late to push the page down (issue 92)', () => {
    const { services } = fakeServices(scriptedApi({}).api, { bridge: { embedded: false, notify: () => {}, onCloseRequested: () => {} }, referrer: '' });
    const html = renderToString((<ServicesContext.Provider value={services}><WayOut /></ServicesContext.Provider>) as never);
    expect(html).toContain(`<button type="button" class="way-out__back">${catalogs.es.go_back_page}</button>`);
  });
});
