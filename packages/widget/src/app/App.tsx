import { useEffect, useRef, useState } from 'react';
import { PasarelaError, payerMessage } from '@pasarela/core';
import { t } from '../i18n/i18n';
import { createReceiptStore, type ReceiptStore } from '../receipts/receiptStore';
import { ReceiptRoute } from '../receipts/ReceiptRoute';
import { CheckoutRoute } from './CheckoutRoute';
import { createCheckoutStore, type CheckoutStore } from './checkoutStore';
import { MessagePage } from './MessagePage';
import { NOT_FOUND_PATH, parseRoute, type Route } from './route';
import { ServicesContext, type Services } from './services';
import { Splash } from './Splash';

type ScreenStore = CheckoutStore | ReceiptStore;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function routeKey(route: Route): string {
  return JSON.stringify(route);
}

interface AppProps {
  services: Services;
  /** Resolves when the catalog is in place. */
  i18nReady: Promise<void>;
  /** Current in-app address (path and query); the shell updates it on navigation. */
  subscribe: (listener: () => void) => () => void;
}

export function App({ services, i18nReady, subscribe }: AppProps) {
  const [href, setHref] = useState(() => location.href);
  const [booted, setBooted] = useState(false);
  const [textReady, setTextReady] = useState(false);
  const stores = useRef(new Map<string, ScreenStore>());
  const route = parseRoute(new URL(href));

  // Each screen's data starts loading as soon as its route is known, behind the splash at start.
  const storeFor = (r: Route): ScreenStore | null => {
    const key = routeKey(r);
    let store = stores.current.get(key) ?? null;
    if (!store && r.name === 'checkout') {
      store = createCheckoutStore({ api: services.api, type: r.type, code: r.code, imageBase: services.config.imageBase });
    }
    if (!store && r.name === 'receipt') store = createReceiptStore(services.api, r.codOper);
    if (store && !stores.current.has(key)) {
      stores.current.set(key, store);
      void store.getState().load();
    }
    return store;
  };
  const store = storeFor(route);

  useEffect(() => subscribe(() => setHref(location.href)), [subscribe]);

  useEffect(() => {
    const first = store?.getState().load() ?? Promise.resolve();
    void i18nReady.then(() => setTextReady(true));
    // SPEC 2: the splash shows for splashMs; the data loads behind it, so the form is ready when it ends.
    void Promise.all([i18nReady, delay(services.config.splashMs), first]).then(() => {
      setBooted(true);
      services.bridge.notify({ type: 'ready', version: services.config.version });
    });
    // Runs once: later routes load without a splash.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (route.name === 'redirect') services.navigate(route.to);
    // SPEC 2 "Any other path redirects to /404."
    if (route.name === 'notFound' && location.pathname !== NOT_FOUND_PATH) services.navigate(NOT_FOUND_PATH);
  }, [href]); // eslint-disable-line react-hooks/exhaustive-deps

  let screen = null;
  if (booted) {
    if (route.name === 'checkout') screen = <CheckoutRoute key={routeKey(route)} store={store as CheckoutStore} />;
    else if (route.name === 'receipt') screen = <ReceiptRoute key={routeKey(route)} store={store as ReceiptStore} />;
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
