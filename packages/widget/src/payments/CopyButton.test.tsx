import { act } from 'preact/test-utils';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogs } from '@pasarela/core';
import { startI18n } from '../i18n/i18n';
import { render, settle, viewPerTest } from '../testing/render';
import { recordAnnouncements } from '../testing/announcements';
import { CopyButton } from './CopyButton';

// The polite region kept "Copiado" after the first press, so the second one was said by nothing.
describe('CopyButton', () => {
  const keep = viewPerTest();
  beforeAll(() => startI18n('es', catalogs.es));

  it.each(['es', 'en'] as const)('%s: every press is said, the second as the first', async (lang) => {
    await startI18n(lang, catalogs[lang]);
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const view = keep(await render(<CopyButton value="482913004571" label={catalogs[lang].cash_copy_code ?? ''} />));
    const heard = recordAnnouncements(view.container);
    const button = view.container.querySelector('button');
    await act(() => button?.click());
    await settle();
    await act(() => button?.click());
    await settle();
    heard.stop();
    expect(writeText).toHaveBeenCalledTimes(2);
    expect(heard.said).toEqual([catalogs[lang].crypto_copied, catalogs[lang].crypto_copied]);
  });
});
