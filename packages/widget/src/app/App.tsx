import { useEffect, useRef, useState } from 'react';
import { PasarelaError, payerMessage } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { loadReceipts } from '../receipts/loadReceipts';
import type { ReceiptStore } from '../receipts/receiptStore';
import type { ReceiptRoute } from '../receipts/ReceiptRoute';
import { CheckoutRoute } from './CheckoutRoute';
import { createCheckoutStore, type CheckoutStore } from './checkoutStore';
import { MessagePage } from './MessagePage';
import { NOT_FOUND_PATH, parseRoute, type Route } from './route';
import { ServicesContext, type Services } from './services';
import { Splash } from './Splash';

type ScreenData =
  | { name: 'checkout'; store: CheckoutStore; loaded: Promise<void> }
  | {
      name: 'receipt';
      loaded: Promise<void>;
      /** Set once the receipts chunk is in; `failed` when it could not be fetched. */
      view: { Route: typeof ReceiptRoute; store: ReceiptStore } | null;
      failed: boolean;
    };

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function routeKey(route: Route): string {
  return JSON.stringify(route);
}

interface AppProps {
  services: Services;
  /** Resolves when the catalog is in place. */
  i18nReady: Promise<void>;
  /** Calls back after every in-app navigation (and Back/Forward). */
  subscribe: (listener: () => void) => () => void;
}

export function App({ services, i18nReady, subscribe }: AppProps) {
  const [href, setHref] = useState(() => location.href);
  const [booted, setBooted] = useState(false);
  const [textReady, setTextReady] = useState(false);
  const [, setChunks] = useState(0);
  const screens = useRef(new Map<string, ScreenData>());
  const route = parseRoute(new URL(href));

  // Each screen's data starts loading as soon as its route is known, behind the splash at start.
  const screenFor = (r: Route): ScreenData | null => {
    const key = routeKey(r);
    const known = screens.current.get(key);
    if (known) return known;
    let made: ScreenData | null = null;
    if (r.name === 'checkout') {
      const store = createCheckoutStore({ api: services.api, type: r.type, code: r.code, imageBase: services.config.imageBase });
      made = { name: 'checkout', store, loaded: store.getState().load() };
    }
    if (r.name === 'receipt') {
      const receipt: Extract<ScreenData, { name: 'receipt' }> = { name: 'receipt', loaded: Promise.resolve(), view: null, failed: false };
      receipt.loaded = loadReceipts()
        .then((chunk) => {
          const store = chunk.createReceiptStore(services.api, r.codOper);
          receipt.view = { Route: chunk.ReceiptRoute, store };
          return store.getState().load();
        })
        .catch(() => {
          receipt.failed = true;
        })
        .finally(() => setChunks((n) => n + 1));
      made = receipt;
    }
    if (made) screens.current.set(key, made);
    return made;
  };
  const data = screenFor(route);

  useEffect(() => subscribe(() => setHref(location.href)), [subscribe]);

  useEffect(() => {
    const first = data?.loaded ?? Promise.resolve();
    void i18nReady.then(() => setTextReady(true));
    // SPEC 2: the splash shows for splashMs; the data loads behind it, so the form is ready when it ends.
    void Promise.all([i18nReady, delay(services.config.splashMs), first]).then(() => {
      setBooted(true);
      services.bridge.notify({ type: 'ready', version: services.config.version });
    });
    // Once: only the start has a splash; later routes load in place.
  }, []);

  useEffect(() => {
    if (route.name === 'redirect') services.navigate(route.to);
    // SPEC 2 "Any other path redirects to /404."
    if (route.name === 'notFound' && location.pathname !== NOT_FOUND_PATH) services.navigate(NOT_FOUND_PATH);
  }, [href]);

  let screen = null;
  if (booted) {
    if (data?.name === 'checkout') screen = <CheckoutRoute key={routeKey(route)} store={data.store} />;
    else if (data?.name === 'receipt' && data.view) screen = <data.view.Route key={routeKey(route)} store={data.view.store} />;
    else if (data?.name === 'receipt' && data.failed) {
      screen = <MessagePage title={t('error_to_load')} message={{ key: 'connection_error' }} onRetry={() => location.reload()} />;
    } else if (data?.name === 'receipt') screen = <main className="page page--loading" aria-busy="true"><p className="page__text">{t('loading')}</p></main>;
    else if (route.name === 'responseMessage') {
      // Only catalogue texts for the code in the address, never the address's own text.
      const message = payerMessage(new PasarelaError({ code: route.code || 'error_to_load', category: 'api' }));
      screen = <MessagePage title={t(message.key)} />;
    } else if (route.name === 'notFound') screen = <MessagePage title={t('page_not_found')} hint={t('page_not_found_hint')} />;
  }

  return (
    <ServicesContext.Provider value={services}>
      {booted ? screen : <Splash durationMs={services.config.splashMs} labelled={textReady} />}
    </ServicesContext.Provider>
  );
}
