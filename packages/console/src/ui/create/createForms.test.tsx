import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminError, type AdminApi } from '../../api/adminApi';
import { changeLanguage } from '../../i18n/i18n';
import { createConsoleStore } from '../../store/consoleStore';
import { renderInPage } from '../renderInPage';
import { CampaignForm } from './CampaignForm';
import { PlanForm } from './PlanForm';
import { StationForm } from './StationForm';
import { UserForm } from './UserForm';

// STYLE.md "Errors after an attempt, focus where the fix is": a refused save takes the focus to the
// field to fix (marked invalid, described by the error) or, when it names none, to the error itself,
// an alert; and the admin API's own rules for a field are checked before the save, worded in the
// console's language.

const render = renderInPage();
afterEach(() => changeLanguage('es'));

function type(form: HTMLFormElement, name: string, text: string) {
  const input = form.elements.namedItem(name) as HTMLInputElement;
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/** After the render that takes what was typed, as a person's click always is. */
async function press(form: HTMLFormElement) {
  await new Promise((resolve) => setTimeout(resolve, 0));
  const button = form.querySelector('button[type="submit"]') as HTMLButtonElement;
  button.focus();
  button.click();
}

const stationApi = (createStation: AdminApi['createStation']) => ({ createStation }) as unknown as AdminApi;

async function stationForm(api: AdminApi) {
  const store = createConsoleStore(api);
  const el = await render(<StationForm store={store} api={api} lang="es" />);
  const form = el.querySelector('form') as HTMLFormElement;
  type(form, 'stationId', 'caja-1');
  type(form, 'description', 'Caja uno');
  return { el, form };
}

describe('a create form refused at save', () => {
  it('takes the focus to the error, an alert with the server\'s words, when they name no field', async () => {
    const createStation = vi.fn(async () => {
      throw new AdminError('merchant_not_found', 'El comercio no existe', 400);
    });
    const { el, form } = await stationForm(stationApi(createStation));
    await press(form);
    await vi.waitFor(() => expect(el.querySelector('[role="alert"]')?.textContent).toBe('Error: El comercio no existe'));
    await vi.waitFor(() => expect(document.activeElement).toBe(el.querySelector('[role="alert"]')));
  });

  it('takes the focus to the field the server names, marked invalid and described by the error', async () => {
    const createStation = vi.fn(async () => {
      throw new AdminError('invalid_request', 'description: demasiado larga', 400);
    });
    const { el, form } = await stationForm(stationApi(createStation));
    await press(form);
    const field = form.elements.namedItem('description') as HTMLInputElement;
    await vi.waitFor(() => expect(document.activeElement).toBe(field));
    const alert = el.querySelector('[role="alert"]');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(alert?.id);
    expect(alert?.textContent).toBe('Error: description: demasiado larga');
  });

  it('refuses a station id the admin API refuses, before the save, on its field', async () => {
    const createStation = vi.fn();
    const { el, form } = await stationForm(stationApi(createStation));
    type(form, 'stationId', 'ca');
    await press(form);
    const field = form.elements.namedItem('stationId') as HTMLInputElement;
    await vi.waitFor(() => expect(document.activeElement).toBe(field));
    expect(el.querySelector('[role="alert"]')?.textContent).toBe('Error: El id de la estación lleva de 3 a 40 letras sin tilde, dígitos o guiones');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(createStation).not.toHaveBeenCalled();
  });

  it('refuses a weak password and a username the admin API refuses, before the save, on their fields', async () => {
    const createUser = vi.fn();
    const el = await render(<UserForm api={{ createUser } as unknown as AdminApi} />);
    const form = el.querySelector('form') as HTMLFormElement;
    type(form, 'email', 'ana@example.com');
    type(form, 'password', 'corta');
    await press(form);
    const password = form.elements.namedItem('password') as HTMLInputElement;
    await vi.waitFor(() => expect(document.activeElement).toBe(password));
    expect(el.querySelector('[role="alert"]')?.textContent).toBe('Error: La contraseña necesita al menos 8 caracteres, con una mayúscula, una minúscula, un dígito y un símbolo');
    type(form, 'password', 'Segura#2026');
    type(form, 'login', 'ana maría');
    await press(form);
    const login = form.elements.namedItem('login') as HTMLInputElement;
    await vi.waitFor(() => expect(document.activeElement).toBe(login));
    expect(password.hasAttribute('aria-invalid')).toBe(false);
    expect(login.getAttribute('aria-invalid')).toBe('true');
    expect(createUser).not.toHaveBeenCalled();
  });

  it('makes a plan once when its subscription failed and the save is tried again', async () => {
    const createPlan = vi.fn(async () => ({ idPlan: createPlan.mock.calls.length }));
    const subscribe = vi.fn()
      .mockRejectedValueOnce(new AdminError('connection_error', 'Failed to fetch', 0))
      .mockResolvedValue({ subscriptionKey: 'SUB123' });
    const api = { createPlan, subscribe } as unknown as AdminApi;
    const el = await render(<PlanForm store={createConsoleStore(api)} api={api} lang="es" />);
    const form = el.querySelector('form') as HTMLFormElement;
    type(form, 'name', 'Café del mes');
    await press(form);
    await vi.waitFor(() => expect(el.querySelector('[role="alert"]')?.textContent).toBe('Error: Error de conexión. Revisa tu internet e intenta de nuevo'));
    await press(form);
    await vi.waitFor(() => expect(el.querySelector('[role="status"]')).not.toBeNull());
    expect(createPlan).toHaveBeenCalledTimes(1);
    expect(subscribe.mock.calls).toEqual([[1], [1]]);
    // Saved whole, the same values again are another plan.
    await press(form);
    await vi.waitFor(() => expect(createPlan).toHaveBeenCalledTimes(2));
  });

  it('makes a campaign once when its link failed and the save is tried again', async () => {
    const createCampaign = vi.fn(async () => ({ idBridge: 7, offeredBridgeId: 7 }));
    const createLink = vi.fn()
      .mockRejectedValueOnce(new AdminError('connection_error', 'Failed to fetch', 0))
      .mockResolvedValue({ code: 'LKABCDEFGHJK', slug: 'lkabcdefghjk', url: 'http://checkout.test/lkabcdefghjk' });
    const api = { createCampaign, createLink, listMerchants: async () => [], listLinks: async () => [] } as unknown as AdminApi;
    const el = await render(<CampaignForm store={createConsoleStore(api)} api={api} lang="es" />);
    const form = el.querySelector('form') as HTMLFormElement;
    type(form, 'title', 'Árboles para Darién');
    await press(form);
    await vi.waitFor(() => expect(el.querySelector('[role="alert"]')?.textContent).toBe('Error: Error de conexión. Revisa tu internet e intenta de nuevo'));
    await press(form);
    await vi.waitFor(() => expect(el.querySelector('[role="status"]')).not.toBeNull());
    expect(createCampaign).toHaveBeenCalledTimes(1);
    expect(createLink).toHaveBeenCalledTimes(2);
  });

  it('rewords a refusal in the language switched to after it, its own and the server\'s', async () => {
    const createStation = vi.fn(async () => {
      throw new AdminError('merchant_not_found', 'No encontramos el comercio (merchantId no es ningún comercio)', 400, 'es');
    });
    const api = stationApi(createStation);
    const store = createConsoleStore(api);
    let show: (lang: 'es' | 'en') => void = () => {};
    function Switching() {
      const [lang, setLang] = useState<'es' | 'en'>('es');
      show = setLang;
      return <StationForm store={store} api={api} lang={lang} />;
    }
    const el = await render(<Switching />);
    const form = el.querySelector('form') as HTMLFormElement;
    const alertText = () => el.querySelector('[role="alert"]')?.textContent;
    const switchTo = async (lang: 'es' | 'en') => {
      await changeLanguage(lang);
      show(lang);
    };
    type(form, 'stationId', 'ca');
    type(form, 'description', 'Caja uno');
    await press(form);
    await vi.waitFor(() => expect(alertText()).toBe('Error: El id de la estación lleva de 3 a 40 letras sin tilde, dígitos o guiones'));
    await switchTo('en');
    await vi.waitFor(() => expect(alertText()).toBe('Error: A station id is 3 to 40 unaccented letters, digits or dashes'));
    // An amount's own refusal, made through the field it is about.
    type(form, 'stationId', 'caja-1');
    type(form, 'amount', '-5');
    await press(form);
    await vi.waitFor(() => expect(alertText()).toBe('Error: The amount cannot be negative'));
    await switchTo('es');
    await vi.waitFor(() => expect(alertText()).toBe('Error: El importe no puede ser negativo'));
    // The server's, asked in Spanish: as it answered while Spanish is on screen, its code's words in English after.
    type(form, 'amount', '5');
    await press(form);
    await vi.waitFor(() => expect(alertText()).toBe('Error: No encontramos el comercio (merchantId no es ningún comercio)'));
    await switchTo('en');
    await vi.waitFor(() => expect(alertText()).toBe('Error: We could not find the merchant'));
  });

  it('makes a campaign\'s link of the price typed, in the merchant\'s currency, never 10 whatever the currency', async () => {
    const createCampaign = vi.fn(async () => ({ idBridge: 7, offeredBridgeId: 7 }));
    const createLink = vi.fn(async () => ({ code: 'LKABCDEFGHJK', slug: 'lkabcdefghjk', url: 'http://checkout.test/lkabcdefghjk' }));
    const merchants = [{ id: 3, name: 'Bogotá Verde', webhookUrl: null, currency: 'COP' as const }];
    const api = { createCampaign, createLink, listMerchants: async () => merchants, listLinks: async () => [] } as unknown as AdminApi;
    const store = createConsoleStore(api);
    store.setState({ merchants, merchantId: 3 });
    const el = await render(<CampaignForm store={store} api={api} lang="es" />);
    const form = el.querySelector('form') as HTMLFormElement;
    type(form, 'title', 'Árboles para el Chocó');
    // Untouched, the field offers a price in pesos.
    expect((form.elements.namedItem('amount') as HTMLInputElement).value).toBe('50.000');
    await press(form);
    await vi.waitFor(() => expect(createLink).toHaveBeenCalledTimes(1));
    expect(createLink.mock.calls[0]).toEqual([expect.objectContaining({ amount: 50_000, description: 'Árboles para el Chocó', merchantId: 3 })]);
    type(form, 'amount', '80.000');
    await press(form);
    await vi.waitFor(() => expect(createLink).toHaveBeenCalledTimes(2));
    expect(createLink.mock.calls[1]).toEqual([expect.objectContaining({ amount: 80_000 })]);
    // Centavos are refused on the field, and nothing is made.
    type(form, 'amount', '80.000,50');
    await press(form);
    await vi.waitFor(() => expect(document.activeElement).toBe(form.elements.namedItem('amount')));
    expect(createCampaign).toHaveBeenCalledTimes(2);
  });
});
