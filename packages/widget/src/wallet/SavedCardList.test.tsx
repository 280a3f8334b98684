import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act } from 'preact/test-utils';
import { useState } from 'react';
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
    expect(button('Eliminar tarjeta')?.getAttribute('aria-label')).toBe('Eliminar tarjeta: Visa terminada en 4242');
    await act(() => button('Eliminar tarjeta')?.click());
    expect(onRemove).not.toHaveBeenCalled();
    expect(view.container.textContent).toContain('¿Eliminar la tarjeta Visa •••• 4242 de tu billetera?');
    await act(() => button('Conservarla')?.click());
    expect(button('Sí, eliminarla')).toBeUndefined();
    await act(() => button('Eliminar tarjeta')?.click());
    await act(() => button('Sí, eliminarla')?.click());
    expect(onRemove).toHaveBeenCalledWith(7);
  });

  it('the question takes the focus on its first answer, is named by its words, and Escape gives the focus back to "Eliminar tarjeta" (issue 96)', async () => {
    const view = await render(<SavedCardList cards={[card]} busyCard={null} onDefault={() => undefined} onRemove={() => undefined} />);
    unmount = view.unmount;
    const button = (text: string) => [...view.container.querySelectorAll('button')].find((b) => b.textContent === text);
    const opener = button('Eliminar tarjeta');
    opener?.focus();
    await act(() => opener?.click());
    expect(document.activeElement).toBe(button('Sí, eliminarla'));
    const group = view.container.querySelector('[role="group"]');
    const question = document.getElementById(group?.getAttribute('aria-labelledby') ?? '');
    expect(question?.querySelector('.visually-hidden')?.textContent).toContain('Visa terminada en 4242');
    await act(() => void document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(button('Sí, eliminarla')).toBeUndefined();
    expect(document.activeElement).toBe(opener);
  });

  it('names each card for assistive technology in words, never a run of asterisks or dots (issue 96)', async () => {
    const view = await render(<SavedCardList cards={[card, { ...card, cardToken: 'tok2', isDefault: false, idRelCard: 8, cardType: 'MC', visibleNum: '**** **** **** 4444' }]} busyCard={null} onDefault={() => undefined} onRemove={() => undefined} />);
    unmount = view.unmount;
    // What a screen reader reads: text outside aria-hidden, and every aria-label.
    const read = [...view.container.querySelectorAll('*')]
      .flatMap((el) => [el.getAttribute('aria-label') ?? '', el.closest('[aria-hidden="true"]') ? '' : [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('')])
      .join(' ');
    expect(read).toContain('Mastercard terminada en 4444');
    expect(read).not.toMatch(/\*{2,}|•{2,}/);
    expect(view.container.textContent).toContain('Mastercard •••• 4444');
  });
});

describe('SavedCardList: a change is said once the list shows it', () => {
  let unmount: (() => unknown) | undefined;
  afterEach(async () => {
    await unmount?.();
    document.body.innerHTML = '';
  });
  const mastercard: SavedCard = { ...card, cardToken: 'tok2', isDefault: false, idRelCard: 8, cardType: 'MC', visibleNum: '**** **** **** 4444' };

  /** The wallet's list as its page keeps it: the cards as the server answers after each change. */
  function Wallet() {
    const [cards, setCards] = useState<SavedCard[]>([card, mastercard]);
    return (
      <SavedCardList
        cards={cards}
        busyCard={null}
        onDefault={(id) => setTimeout(() => setCards((now) => now.map((c) => ({ ...c, isDefault: c.idRelCard === id }))), 0)}
        onRemove={(id) => setTimeout(() => setCards((now) => now.filter((c) => c.idRelCard !== id)), 0)}
      />
    );
  }
  const settleTimers = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 5)));

  for (const lang of ['es', 'en'] as const) {
    it(`${lang}: "Usar como predeterminada" ends in a status naming the card; removing one says it went`, async () => {
      startI18n(lang, catalogs[lang]);
      const view = await render(<Wallet />);
      unmount = view.unmount;
      const status = () => view.container.querySelector('[role="status"]')?.textContent;
      const button = (text: string) => [...view.container.querySelectorAll('button')].find((b) => b.textContent === text);
      // Present and empty before anything changes: a live region announces what is put in it later.
      expect(status()).toBe('');
      await act(() => button(catalogs[lang]['set_default_card']!)?.click());
      expect(status()).toBe('');
      await settleTimers();
      expect(status()).toBe(lang === 'es' ? 'La tarjeta Mastercard terminada en 4444 es ahora tu predeterminada.' : 'Mastercard ending in 4444 is now your default card.');
      const removeVisa = [...view.container.querySelectorAll('button')].find((b) => b.getAttribute('aria-label')?.includes('4242') && b.textContent === catalogs[lang]['remove_card']);
      await act(() => removeVisa?.click());
      await act(() => button(catalogs[lang]['remove_card_yes']!)?.click());
      await settleTimers();
      expect(status()).toBe(lang === 'es' ? 'Eliminaste la tarjeta Visa terminada en 4242 de tu billetera.' : 'You removed Visa ending in 4242 from your wallet.');
      startI18n('es', catalogs.es);
    });
  }
});
