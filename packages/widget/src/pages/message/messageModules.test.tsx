import { beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '@pasarela/core';
import { startI18n } from '../../i18n/i18n';
import { scriptedApi } from '../../testing/fakePaymentContext';
import { fakeServices } from '../../testing/fakeServices';
import { render } from '../../testing/render';
import { responseMessageModule } from './messageModules';

beforeAll(async () => {
  await startI18n('es', catalogs.es);
});

async function pageText(code: string) {
  const { services } = fakeServices(scriptedApi({}).api);
  const { View } = responseMessageModule.prepare({ name: 'responseMessage', code }, services);
  const view = await render(<View />);
  const text = { title: view.container.querySelector('h1')?.textContent ?? '', body: view.container.textContent ?? '' };
  await view.unmount();
  return text;
}

describe('SPEC 2 /pf/responseMessage?code=', () => {
  it('SPEC 8 "3001 payment station not found (message result_not_found ...)"', async () => {
    const { title, body } = await pageText('3001');
    expect(title).toBe(catalogs.es['link_not_found']);
    expect(body).toContain(catalogs.es['result_not_found']);
  });

  it('3000 is the expired link, with no station text', async () => {
    const { title, body } = await pageText('3000');
    expect(title).toBe(catalogs.es['expired_link']);
    expect(body).not.toContain(catalogs.es['result_not_found']);
  });
});
