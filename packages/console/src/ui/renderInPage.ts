import type { ReactNode } from 'react';
import { afterEach, beforeAll } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { changeLanguage } from '../i18n/i18n';

/**
 * For a test file: the console's components drawn into the test's page, in Spanish unless the test
 * changes it, each taken away after its test. Returns the drawing call: it resolves with the host
 * element once the first render and its effects have run.
 */
export function renderInPage(): (node: ReactNode) => Promise<HTMLElement> {
  let drawn: { root: Root; host: HTMLElement } | undefined;
  beforeAll(() => changeLanguage('es'));
  afterEach(() => {
    drawn?.root.unmount();
    drawn?.host.remove();
    drawn = undefined;
  });
  return async (node) => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    drawn = { root, host };
    root.render(node);
    await new Promise((resolve) => setTimeout(resolve, 0));
    return host;
  };
}
