// Test helpers: the real loader with the widget's side played by fakeWidget, and a tiny renderer.
import { act } from 'react';
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import type * as Loader from '@pasarela/checkout';
import { fakeWidget, openCheckout, type FakeWidget } from '@pasarela/checkout/testing';

export const BASE = 'https://checkout.example.com';

export const widgets: FakeWidget[] = [];

export function lastWidget(): FakeWidget {
  const widget = widgets.at(-1);
  if (!widget) throw new Error('no checkout was opened');
  return widget;
}

/** `@pasarela/checkout` with open() connected to a fake widget: use as vi.mock's factory. */
export async function fakeLoaderModule(): Promise<typeof Loader> {
  const actual = await import('@pasarela/checkout');
  return {
    ...actual,
    open: (options) => {
      const widget = fakeWidget();
      widgets.push(widget);
      return openCheckout(options, widget.connector, BASE);
    },
  };
}

interface HappyDomSettings {
  enableIframePageLoading: boolean;
  fetch: { interceptor: { beforeAsyncRequest: () => Promise<Response> } | null };
}

/** happy-dom refuses to load iframe pages and logs each refusal; serve a blank page instead. */
export function serveBlankIframes(): void {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
  const { settings } = (window as unknown as { happyDOM: { settings: HappyDomSettings } }).happyDOM;
  settings.enableIframePageLoading = true;
  settings.fetch.interceptor = {
    beforeAsyncRequest: async () => new Response('<!doctype html><title>widget</title>', { headers: { 'content-type': 'text/html' } }),
  };
}

export interface Mounted {
  host: HTMLElement;
  rerender(element: ReactElement): void;
  unmount(): void;
}

export function mount(element: ReactElement): Mounted {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  act(() => root.render(element));
  return {
    host,
    rerender: (next) => act(() => root.render(next)),
    unmount: () => act(() => root.unmount()),
  };
}

export function notify(message: unknown, widget: FakeWidget = lastWidget()): void {
  act(() => widget.notify(message));
}

/** Runs `change` in act and lets the promises it settles (the loader's `replacementClosed`) run their callbacks inside it. */
export async function settle(change: () => void): Promise<void> {
  await act(async () => {
    change();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

export function click(element: Element | null): void {
  if (!element) throw new Error('nothing to click');
  act(() => {
    element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  });
}

export const iframeCode = (root: ParentNode = document): string | null =>
  new URL(root.querySelector('iframe')?.src ?? 'about:blank').searchParams.get('code');
