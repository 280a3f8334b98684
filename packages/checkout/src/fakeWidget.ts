// Test helpers: play the widget's side of the connection without a real iframe document.
import type { ParentNotification, PaymentResult } from '@pasarela/core';
import type { WidgetConnector } from './connectWidget';
import type { CheckoutClosedError } from './types';

export function paymentResult(status: PaymentResult['status'], oper = 'OPER-1'): PaymentResult {
  const notification: ParentNotification = {
    TotalPagado: '10.70',
    Fecha: '21/11/2026',
    Hora: '15:04:09',
    Tipo: 'VISA',
    Oper: oper,
    Usuario: 'Ana Pérez',
    Estado: status === 'success' ? 'APPROVED' : 'DECLINED',
    Razon: status === 'success' ? 'Aprobada' : 'Fondos insuficientes',
    isReturn: false,
    returnUrl: '',
  };
  return { status, method: 'card', notification };
}

export interface FakeWidget {
  connector: WidgetConnector;
  iframe: HTMLIFrameElement | undefined;
  origin: string;
  destroyed: number;
  /** Sends a message to the loader as the widget would (any value: the loader must check it). */
  notify(message: unknown): void;
  /** Makes the handshake fail, as a penpal timeout would. */
  failConnection(error: Error): void;
  /** Completes the handshake; the loader then asks the widget before closing on Escape. */
  connect(requestClose: () => Promise<void>): void;
}

export function fakeWidget(): FakeWidget {
  let notify: (message: unknown) => void = () => {
    throw new Error('open() has not connected yet');
  };
  let fail: (error: Error) => void = () => {};
  let succeed: (remote: { requestClose: () => Promise<void> }) => void = () => {};
  const widget: FakeWidget = {
    iframe: undefined,
    origin: '',
    destroyed: 0,
    notify: (message) => notify(message),
    failConnection: (error) => fail(error),
    connect: (requestClose) => succeed({ requestClose }),
    connector: (iframe, origin, methods) => {
      widget.iframe = iframe;
      widget.origin = origin;
      notify = methods.notify;
      return {
        promise: new Promise((resolve, reject) => {
          fail = reject;
          succeed = resolve;
        }),
        destroy: () => {
          widget.destroyed += 1;
        },
      };
    },
  };
  return widget;
}

interface HappyDomSettings {
  enableIframePageLoading: boolean;
  fetch: { interceptor: { beforeAsyncRequest: () => Promise<Response> } | null };
}

/**
 * happy-dom refuses to load iframe pages and logs each refusal: every iframe the loader adds (the
 * checkout's, preload()'s) gets a blank page instead. Call it once per test file (beforeAll).
 */
export function serveBlankFramePages(): void {
  const { settings } = (window as unknown as { happyDOM: { settings: HappyDomSettings } }).happyDOM;
  settings.enableIframePageLoading = true;
  settings.fetch.interceptor = {
    beforeAsyncRequest: async () => new Response('<!doctype html><title>widget</title>', { headers: { 'content-type': 'text/html' } }),
  };
}

/** What `handle.result` rejected with; a test fails if it resolved. */
export async function rejection(promise: Promise<unknown>): Promise<CheckoutClosedError> {
  return promise.then(
    () => {
      throw new Error('expected handle.result to reject');
    },
    (error: CheckoutClosedError) => error,
  );
}
