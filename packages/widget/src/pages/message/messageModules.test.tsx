import { beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '@pasarela/core';
import { startI18n } from '../../i18n/i18n';
import { scriptedApi } from '../../testing/fakePaymentContext';
import { fakeServices } from '../../testing/fakeServices';
import { render } from '../../testing/render';
import { ServicesContext } from '../../services/services';
import { responseMessageModule } from './messageModules';

beforeAll(async () => {
  await startI18n('es', catalogs.es);
});

async function pageText(code: string, embedded = true) {
  const fake = fakeServices(scriptedApi({}).api);
  const services = { ...fake.services, bridge: { ...fake.services.bridge, embedded } };
  const { View } = responseMessageModule.prepare({ name: 'responseMessage', code }, services);
  const view = await render(
    <ServicesContext.Provider value={services}>
      <View />
    </ServicesContext.Provider>,
  );
  const text = { title: view.container.querySelector('h1')?.textContent ?? '', body: view.container.textContent ?? '', wayOut: view.container.querySelector('.way-out')?.textContent ?? '', close: view.container.querySelector('.way-out button')?.getAttribute('aria-label') ?? null };
  await view.unmount();
  return text;
}

describe('SPEC 2 /pf/responseMessage?code=', () => {
  it('SPEC 8 "3001 payment station not found (message result_not_found ...)"', async () => {
    const { title, body } = await pageText('3001');
    expect(title).toBe(catalogs.es['link_not_found']);
    expect(body).toContain(catalogs.es['result_not_found']);
  });

  it('3001 prepared before the whole catalogue came (a fresh page): its text once it comes, never the key', async () => {
    await startI18n('es', {});
    const fake = fakeServices(scriptedApi({}).api);
    const { View } = responseMessageModule.prepare({ name: 'responseMessage', code: '3001' }, fake.services);
    await startI18n('es', catalogs.es);
    const view = await render(
      <ServicesContext.Provider value={fake.services}>
        <View />
      </ServicesContext.Provider>,
    );
    expect(view.container.textContent).toContain(catalogs.es['result_not_found']);
    expect(view.container.textContent).not.toContain('result_not_found');
    await view.unmount();
  });

  it('3000 is the expired link, with no station text', async () => {
    const { title, body } = await pageText('3000');
    expect(title).toBe(catalogs.es['expired_link']);
    expect(body).not.toContain(catalogs.es['result_not_found']);
  });

  it('has its way out (issue 21): a full page that knows no shop closes a tab opened on it alone (a link in an e-mail), never the checkout\'s start', async () => {
    expect(window.history.length).toBe(1);
    const { wayOut, close } = await pageText('3000', false);
    expect(wayOut).toBe(catalogs.es['close_this_page']);
    expect(close).toBeNull();
  });

  it('a full page that knows no shop leads back the way the tab came', async () => {
    window.history.pushState(null, '', '/pf/responseMessage?code=3000');
    const { wayOut } = await pageText('3000', false);
    expect(wayOut).toBe(catalogs.es['go_back_page']);
  });

  it('embedded, its way out is the loader\'s close', async () => {
    const { wayOut, close } = await pageText('3000');
    expect(close).toBe(catalogs.es['close']);
    expect(wayOut).toBe('');
  });
});
