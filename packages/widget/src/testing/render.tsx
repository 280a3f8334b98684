import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach } from 'vitest';

export async function render(ui: ReactNode) {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  await act(() => root.render(ui));
  return {
    container,
    unmount: () => act(() => root.unmount()),
    input: (name: string) => {
      const el = container.querySelector<HTMLInputElement>(`input[name="${name}"]`);
      if (!el) throw new Error(`no input named ${name}`);
      return el;
    },
  };
}

export async function type(input: HTMLInputElement, value: string) {
  await act(() => {
    input.focus();
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function blur(input: HTMLInputElement) {
  await act(() => {
    input.dispatchEvent(new FocusEvent('blur'));
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  });
}

export async function settle() {
  for (let i = 0; i < 5; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

/**
 * For a describe whose tests each show a view: every test starts on an empty page with nothing in the
 * tab's memory (sessionStorage), and the view it keeps (the function returned) is unmounted after it.
 */
export function viewPerTest() {
  let unmount: (() => unknown) | undefined;
  beforeEach(() => {
    document.body.innerHTML = '';
    sessionStorage.clear();
  });
  afterEach(async () => {
    await unmount?.();
    unmount = undefined;
  });
  return <V extends { unmount: () => unknown }>(view: V): V => {
    unmount = view.unmount;
    return view;
  };
}
