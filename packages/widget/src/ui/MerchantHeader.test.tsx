import { describe, expect, it } from 'vitest';
import { render } from '../testing/render';
import { MerchantIdentity } from './MerchantHeader';

describe('MerchantIdentity: who is being paid', () => {
  it('shows the logo in a box of its own size', async () => {
    const { container } = await render(<MerchantIdentity name="Tienda Ñandú" logo="/images/merchants/demo.svg" />);
    const logo = container.querySelector('img');
    expect(logo?.getAttribute('src')).toBe('/images/merchants/demo.svg');
    expect([logo?.getAttribute('width'), logo?.getAttribute('height')]).toEqual(['40', '40']);
    expect(logo?.getAttribute('alt')).toBe('');
    expect(container.textContent).toBe('Tienda Ñandú');
  });

  it('without a logo, shows the name\'s initial in its place, hidden from screen readers (the name follows)', async () => {
    const { container } = await render(<MerchantIdentity name="Tienda Ñandú" logo="" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[aria-hidden="true"]')?.textContent).toBe('T');
    expect(container.querySelector('p')?.textContent).toBe('Tienda Ñandú');
  });
});
