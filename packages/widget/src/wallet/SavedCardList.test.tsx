import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'preact/test-utils';
import { catalogs, type SavedCard } from '@pasarela/core';
import { startI18n } from '../i18n/i18n';
import { render } from '../testing/render';
import { SavedCardList } from './SavedCardList';

// The wallet's remove names what it removes and asks first: a tap on "Eliminar tarjeta" alone removes nothing.
const card: SavedCard = { cardToken: 'tok', visibleNum: '**** 4242', cardType: 'VISA', isDefault: true, idRelCard: 7, idRegCard: null, idUsr: null, idUsrPfCard: null, nameOnCard: 'José Muñoz' };

describe('SavedCardList: removing a card', () => {
  let unmount: (() => unknown) | undefined;
  beforeAll(() => startI18n('es', catalogs.es));
  afterEach(async () => {
    await unmount?.();
    document.body.innerHTML = '';
  });

  it('asks which card goes, and removes it only on "Sí, eliminarla"; "Conservarla" keeps it', async () => {
    const onRemove = vi.fn();
    const view = await render(<SavedCardList cards={[card]} busyCard={null} onDefault={() => undefined} onRemove={onRemove} />);
    unmount = view.unmount;
    const button = (text: string) => [...view.container.querySelectorAll('button')].find((b) => b.textContent === text);
    expect(button('Eliminar tarjeta')?.getAttribute('aria-label')).toBe('Eliminar tarjeta: VISA **** 4242');
    await act(() => button('Eliminar tarjeta')?.click());
    expect(onRemove).not.toHaveBeenCalled();
    expect(view.container.textContent).toContain('¿Eliminar la tarjeta VISA **** 4242 de tu billetera?');
    await act(() => button('Conservarla')?.click());
    expect(button('Sí, eliminarla')).toBeUndefined();
    await act(() => button('Eliminar tarjeta')?.click());
    await act(() => button('Sí, eliminarla')?.click());
    expect(onRemove).toHaveBeenCalledWith(7);
  });
});
