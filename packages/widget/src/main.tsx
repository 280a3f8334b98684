import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { readConfig, readFirstTexts, readPrimedAnswers } from './services/config';
import { afterFirstScreen } from './services/afterFirstScreen';
import { navigate, subscribe } from './services/history';
import type { Services } from './services/services';
import { newTrackId } from './services/newTrackId';
import { prepareFirstScreen, rendersAsServer, takeEarlyInput, type FirstScreen } from './app/prerender';
import { createSessionStore } from './services/session';
import { safeStorage } from './services/storage';
import { authHeaders, MODAL_PARAM, parentOriginFrom, splashMsFor } from '@pasarela/core';
import { createApiClient } from './api/client';
import { launchParams } from './embed/launchParams';
import { startTheme } from './theme/startTheme';
import { createParentBridge } from './embed/parentBridge';

import { reportHeight } from './embed/reportHeight';
import { keepTabInside } from './embed/focusLoop';
import { catalogAddressOf, loadEntries } from './i18n/catalogCache';
import { startI18n, startWholeLater, wholeTexts } from './i18n/i18n';
import { loadTexts } from '@pasarela/core/translator';
import { pickLanguage } from './i18n/pickLanguage';

// A page opens at its top, where its first field takes the focus, also when reloaded: a scroll put
// back after the focus would leave that field under the sticky header.
history.scrollRestoration = 'manual';
// Not on a reopen by the loader, nor on a return from a bank or 3DS page (docs/spec-decisions.md).
const configured = readConfig(document);
const config = { ...configured, splashMs: splashMsFor(new URL(location.href), configured.splashMs) };
// SPEC 9 start-up, in its own chunk once the first screen is up (dev warnings are compiled out of prod).
void afterFirstScreen()
  .then(() => import('./app/startup'))
  .then((startup) => startup.startUp(config.env, console, window as unknown as Record<string, unknown>, navigator.serviceWorker));
const storage = { local: safeStorage('localStorage'), session: safeStorage('sessionStorage') };
const params = launchParams(location.search, storage.session);
const lang = pickLanguage(params, navigator.languages ?? [navigator.language]);
const session = createSessionStore(storage.local);
const api = createApiClient({
  apiBase: new URL(config.apiBase, location.href).href,
  wireEncoding: config.wireEncoding,
  clientKey: config.clientKey,
  lang,
  timeoutMs: config.requestTimeoutMs,
  primed: readPrimedAnswers(document),
  auth: {
    headers: () => {
      const login = session.getState().login;
      return login ? authHeaders(login.session, config) : null;
    },
    onSessionExpired: () => session.getState().clear('expired'),
  },
});
const bridge = createParentBridge(parentOriginFrom(params), window);
bridge.onCloseRequested(() => bridge.notify({ type: 'close' }));
// The page's first script kept an Escape until now (rollup-widget-html.mjs); from here the listener below hears it.
window.onkeydown = null;
if (bridge.embedded) {
  // Keys pressed inside the frame never reach the merchant page, so Escape is relayed from here.
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !event.defaultPrevented) bridge.notify({ type: 'close' });
  });
  // The page's modal dialog: Tab goes round the checkout's controls, never out to an empty stop.
  if (params.get(MODAL_PARAM) === '1') keepTabInside(document);
  // One pressed before this code ran (the splash, the server-drawn form), kept by the page or boot.ts.
  const root = document.documentElement;
  if (root.dataset['escaped'] !== undefined) {
    delete root.dataset['escaped'];
    bridge.notify({ type: 'close' });
  }
}

// open()'s appearance now; the stored brand colour once the merchant is loaded.
const theme = startTheme(params, (warnings) => bridge.notify({ type: 'contrast', warnings }));

const services: Services = {
  config,
  api,
  lang,
  bridge,
  navigate,
  address: () => new URL(location.href),
  referrer: document.referrer,
  leave: (url) => window.location.assign(url),
  storage,
  now: () => new Date(),
  serverNow: api.serverNow,
  newTrackId,
  session,
  theme,
};

const unwatch = session.subscribe((state) => {
  if (state.login) startRefresh();
});
function startRefresh() {
  unwatch();
  void import('./wallet/keepLoginFresh').then((m) => m.keepLoginFresh(services)).catch(() => undefined);
}
if (session.getState().login) startRefresh();

const wholeCatalogue = () =>
  loadTexts((l) => loadEntries(api, l, storage.local, { address: catalogAddressOf(document, l) }), lang).then(({ texts, spanish }) =>
    startI18n(lang, texts, spanish),
  );

const rootElement = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
reportHeight(rootElement, bridge);
const prerendered = rootElement.dataset.prerendered === lang && config.splashMs === 0 && rendersAsServer(services);
// The whole catalogue (with ky, which downloads it) comes once the form is up.
const firstTexts = prerendered ? readFirstTexts(document) : null;
const i18nReady = firstTexts
  ? startI18n(lang, firstTexts)
  : // With no catalog at all the keys show, which beats a splash that never ends.
    wholeCatalogue().catch(() => startI18n(lang, {}));
const app = (first?: FirstScreen) => <App services={services} i18nReady={i18nReady} subscribe={subscribe} first={first} />;
const firstScreenReady = () => Promise.all([prepareFirstScreen(services).catch(() => null), i18nReady, theme.ready]).then(([first]) => first);
if (prerendered) {
  // Taken over as it is, with what the payer typed meanwhile.
  void firstScreenReady().then((first) => {
    if (first?.screen.asServer?.() === false || !first) {
      // A first render of its own after all (the screen prepared, if any): with the whole catalogue.
      const own = () => createRoot(rootElement).render(app(first ?? undefined));
      if (!firstTexts) return own();
      startWholeLater(wholeCatalogue());
      return void wholeTexts().then(own);
    }
    const tellApp = takeEarlyInput(rootElement);
    hydrateRoot(rootElement, app(first));
    tellApp();
    // After the first screen's own later work (its captcha first).
    if (firstTexts) startWholeLater(afterFirstScreen().then(wholeCatalogue));
  });
} else if (rootElement.dataset.prerendered) {
  // The server's markup stays until the app's own first screen is ready, then is replaced in one go,
  // with what the payer entered in it meanwhile (a method tapped, a number typed).
  void firstScreenReady().then((first) => {
    const tellApp = takeEarlyInput(rootElement);
    createRoot(rootElement).render(app(first ?? undefined));
    tellApp();
  });
} else {
  // A first render of its own.
  const render = () => createRoot(rootElement).render(app());
  if (params.has('appearance')) void theme.ready.then(render);
  else render();
}
