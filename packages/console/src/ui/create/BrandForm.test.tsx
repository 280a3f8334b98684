import { describe, expect, it, vi } from 'vitest';
import type { AdminApi } from '../../api/adminApi';
import type { Brand } from '../../api/schemas';
import { createConsoleStore } from '../../store/consoleStore';
import { renderInPage } from '../renderInPage';
import { BrandForm } from './BrandForm';

// STYLE.md "Focus and announcements": a busy control stays focusable (aria-disabled), never disabled,
// which drops the focus of a keyboard user to the page's body while the brand is being saved.

const render = renderInPage();
const stored: Brand = { colorPrimary: '#112233', displayName: 'Café Boquete', logoUrl: null };

describe('the brand form', () => {
  it('keeps the focus on "Guardar la marca" while it saves, and a second press saves nothing more', async () => {
    let saved: (brand: Brand) => void = () => undefined;
    const setBrand = vi.fn(() => new Promise<Brand>((resolve) => {
      saved = resolve;
    }));
    const api = { brandOf: vi.fn(async () => stored), setBrand, uploadLogo: vi.fn() } as unknown as AdminApi;
    const store = createConsoleStore(api);
    store.setState({ merchants: [{ id: 3, name: 'Café Boquete', webhookUrl: null, currency: 'USD' }], merchantId: 3 });
    const el = await render(<BrandForm store={store} api={api} />);
    const button = [...el.querySelectorAll('button')].find((b) => b.textContent === 'Guardar la marca');
    await vi.waitFor(() => expect(button?.disabled).toBe(false));
    button?.focus();
    button?.click();
    await vi.waitFor(() => expect(setBrand).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(button?.getAttribute('aria-disabled')).toBe('true'));
    expect(button?.disabled).toBe(false);
    expect(document.activeElement).toBe(button);
    button?.click();
    saved(stored);
    await vi.waitFor(() => expect(el.querySelector('[role="status"]')?.textContent).toBe('Marca del comercio #3 guardada'));
    expect(setBrand).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(button);
  });
});
