import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { t, wholeTexts } from '../i18n/i18n';
import { MessagePage } from '../ui/MessagePage';
import { NOT_FOUND_PATH } from '../services/route';
import { parseRoute, routeKey, screenEntry, usesLaterStyles, type Route, type ScreenRouteName } from './routes';
import type { FirstScreen } from './prerender';
import type { PreparedScreen, ScreenModule } from '../services/screen';
import { ServicesContext, type Services } from '../services/services';
import { Splash } from './Splash';
import { splashShownMs } from './splashClock';
import { holdSplashInput } from './splashInput';
import { afterFirstScreen } from '../services/afterFirstScreen';
import { laterStyles } from '../services/laterStyles';
import { isShownAddress } from '../services/history';
import { LoadingPage } from '../ui/Loading';

type Slot = { state: 'loading'; ready: Promise<void> } | { state: 'ready'; screen: PreparedScreen; ready: Promise<void> } | { state: 'failed'; ready: Promise<void> };

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const UNDER_SPLASH: CSSProperties = { height: '100vh', overflow: 'hidden' };

interface AppProps {
  services: Services;
  i18nReady: Promise<void>;
  subscribe: (listener: () => void) => () => void;
  /** Rendered by the server into the page: no splash. */
  first?: FirstScreen | undefined;
}

export function App({ services, i18nReady, subscribe, first }: AppProps) {
  const [href, setHref] = useState(() => location.href);
  const [booted, setBooted] = useState(first !== undefined);
  // The screen sits in one wrapper for the app's whole life, so the splash's end never mounts it again.
  const [splashed] = useState(first === undefined);
  // How long the splash had been running before this script ran: its time counts from the page's start.
  const [splashShown] = useState(() => (first === undefined ? splashShownMs(document.getElementById('root')) : 0));
  // Its full time after the page's start, however late the effect that waits for it runs.
  const [splashEnds] = useState(() => performance.now() + services.config.splashMs - splashShown);
  // Painted beneath the splash (issue 23), so audits can measure it.
  const [beneath, setBeneath] = useState(false);
  const [textReady, setTextReady] = useState(first !== undefined);
  // What the payer types or taps under the splash is kept and given to the screen when it lifts.
  const [held] = useState(() => (first === undefined && services.config.splashMs > 0 ? holdSplashInput() : null));
  const screenRef = useRef<HTMLDivElement>(null);
  const [, setVersion] = useState(0);
  const slots = useRef(new Map<string, Slot>(first ? [[first.key, { state: 'ready', screen: first.screen, ready: first.screen.ready }]] : []));
  const route = parseRoute(new URL(href));
  const guardTo = route.name === 'redirect' ? route.to : guardOf(route, services);

  // Each screen starts loading as soon as its route is known: behind the splash at start.
  const slotFor = (r: Route): Slot | null => {
    if (r.name === 'redirect' || guardTo !== null) return null;
    const key = routeKey(r);
    const known = slots.current.get(key);
    if (known) return known;
    // A screen whose code is here already (a payment's receipt, fetched while it was under way)
    // shows in this render: the screen before it stays until then, with no loading frame between.
    const here = (screenEntry(r.name).loadedNow as (() => ScreenModule | undefined) | undefined)?.();
    if (here) {
      const screen = here.prepare(r, services);
      const ready: Slot = { state: 'ready', screen, ready: screen.ready };
      slots.current.set(key, ready);
      return ready;
    }
    const load = screenEntry(r.name).load as () => Promise<ScreenModule>;
    // Every screen but the checkout (styled by the page) waits for the later styles and the whole catalogue.
    const loaded = !usesLaterStyles(r) ? load() : Promise.all([load(), laterStyles(), wholeTexts()]).then(([module]) => module);
    const slot: Slot = {
      state: 'loading',
      ready: loaded.then(
        (module) => {
          const screen = module.prepare(r, services);
          // Shown once its data is in too: one loading note, this one, not this and then the screen's
          // own, each taking the focus and read out in turn.
          return screen.ready.catch(() => undefined).then(() => {
            slots.current.set(key, { state: 'ready', screen, ready: screen.ready });
            setVersion((n) => n + 1);
          });
        },
        () => {
          // The chunk could not be fetched: offer a retry that fetches it again.
          slots.current.set(key, { state: 'failed', ready: Promise.resolve() });
          setVersion((n) => n + 1);
        },
      ),
    };
    slots.current.set(key, slot);
    return slot;
  };
  const slot = slotFor(route);

  useEffect(() => {
    const unsubscribe = subscribe(() => setHref(location.href));
    // Children's effects run first: one that moved on at once (an unknown link to /404) did so before anyone listened.
    if (!isShownAddress(location.href)) setHref(location.href);
    return unsubscribe;
  }, [subscribe]);

  useEffect(() => {
    void i18nReady.then(() => setTextReady(true));
    // Taken over with only the first screen's texts (the page's): drawn again once all are in.
    void wholeTexts().then(() => setVersion((n) => n + 1));
    // SPEC 2: the splash shows for splashMs; the data loads behind it, so the form is ready when it ends.
    const screenReady = Promise.all([i18nReady, slot?.ready]);
    void Promise.all([screenReady, delay(Math.max(0, splashEnds - performance.now()))]).then(() => setBooted(true));
    // A screen whose first render is quiet (the checkout's form) renders beneath the splash, inert. A message
    // page moves the focus to its heading, which an inert page cannot take: it renders when the splash ends.
    void screenReady.then(() => {
      const prepared = slots.current.get(routeKey(route));
      if (prepared?.state === 'ready' && prepared.screen.quietUnderSplash?.()) setBeneath(true);
    });
  // Once: only the start has a splash; later routes load in place.
  }, []);

  useEffect(() => {
    if (booted && screenRef.current) held?.release(screenRef.current);
  }, [booted]);
  useEffect(() => () => held?.stop(), []);

  // `ready` once the first screen shows and the browser is idle: the bridge only then loads its messaging code.
  useEffect(() => {
    if (booted) void afterFirstScreen().then(() => services.bridge.notify({ type: 'ready', version: services.config.version }));
  }, [booted]);

  // Also when the guard changes at the same address: a login that lapsed while its screen loaded (its
  // answers 401, the login cleared) leads to the login screen, never a loading page left for good.
  useEffect(() => {
    if (guardTo !== null) services.navigate(guardTo);
    // SPEC 2 "Any other path redirects to /404."
    else if (route.name === 'notFound' && location.pathname !== NOT_FOUND_PATH) services.navigate(NOT_FOUND_PATH);
  }, [href, guardTo]);

  let screen = null;
  if ((booted || beneath) && slot?.state === 'ready') screen = <slot.screen.View key={routeKey(route)} />;
  else if (booted && slot?.state === 'failed') {
    const retry = () => {
      slots.current.delete(routeKey(route));
      setVersion((n) => n + 1);
    };
    screen = <MessagePage title={t('error_to_load')} message={{ key: 'connection_error' }} onRetry={retry} />;
  } else if (booted) {
    screen = (
      <LoadingPage />
    );
  }

  return (
    <ServicesContext.Provider value={services}>
      {splashed ? (
        <>
          {/* Inert under the splash: no focus, no clicks, and a screen reader hears only the splash. */}
          <div className="app-screen" ref={screenRef} inert={!booted} style={booted ? undefined : UNDER_SPLASH}>
            {screen}
          </div>
          {/* No splash at all when it is not the app's start (a reopen, a return from a bank or 3DS page: splashMs 0), even while the first screen loads. */}
          {!booted && services.config.splashMs > 0 && <Splash durationMs={services.config.splashMs} shownMs={splashShown} labelled={textReady} />}
        </>
      ) : (
        screen
      )}
    </ServicesContext.Provider>
  );
}

function guardOf(route: Route, services: Services): string | null {
  if (route.name === 'redirect') return route.to;
  const entry = screenEntry(route.name as ScreenRouteName) as { guard?: (r: Route, s: Services) => string | null };
  return entry.guard?.(route, services) ?? null;
}
