import { act } from 'preact/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '@pasarela/core';
import { startI18n } from '../i18n/i18n';
import { render } from '../testing/render';
import { LOADING_NOTE_AFTER_MS, LoadingNote, LoadingPage } from './Loading';

const waitMs = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

// A screen reader arrowing through the methods heard "Cargando..." for every method whose chunk took a moment.
describe('LoadingNote', () => {
  beforeAll(() => startI18n('es', catalogs.es));

  it('holds an empty polite region while the wait is short, so nothing is announced', async () => {
    const { container, unmount } = await render(<LoadingNote />);
    await waitMs(LOADING_NOTE_AFTER_MS - 150);
    const note = container.querySelector('[role="status"]');
    expect(note).not.toBeNull();
    expect(note?.textContent).toBe('');
    await unmount();
  });

  it('says "Cargando..." in the same region once the wait lasts', async () => {
    const { container, unmount } = await render(<LoadingNote />);
    const note = container.querySelector('[role="status"]');
    await waitMs(LOADING_NOTE_AFTER_MS + 50);
    expect(container.querySelector('[role="status"]')).toBe(note);
    expect(note?.textContent).toBe(catalogs.es.loading);
    expect(container.querySelector('[role="alert"]')).toBeNull();
    await unmount();
  });
});

// Issue 96: a page that loads in place of the screen that held the focus keeps the focus off the body.
describe('LoadingPage', () => {
  it('takes the focus on its status when the screen before it left the focus on the body', async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    const { container, unmount } = await render(<LoadingPage />);
    const note = container.querySelector('[role="status"]');
    expect(note).not.toBeNull();
    expect(document.activeElement).toBe(note);
    await unmount();
  });

  it('leaves a focus the payer placed elsewhere alone', async () => {
    const field = document.body.appendChild(document.createElement('input'));
    field.focus();
    const { unmount } = await render(<LoadingPage />);
    expect(document.activeElement).toBe(field);
    await unmount();
    field.remove();
  });
});
