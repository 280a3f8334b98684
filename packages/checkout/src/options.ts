import { appearanceProblem, LANGUAGES } from '@pasarela/core';
import type { Language, WidgetPaymentType } from '@pasarela/core';

/** Options after validation: what open() needs to build the iframe. */
export interface ResolvedOptions {
  type: WidgetPaymentType;
  code: string;
  lang: Language | undefined;
  /** undefined for the modal */
  container: HTMLElement | undefined;
  baseUrl: string;
  /** The widget's exact origin, the only one the connection accepts. */
  origin: string;
  appearance: string | undefined;
  listeners: Array<[CallbackEvent, (payload: unknown) => void]>;
}

/** The options that listen to an event; `resize` has none. */
const CALLBACK_OPTIONS = { onReady: 'ready', onResult: 'result', onClose: 'close', onError: 'error' } as const;
type CallbackEvent = (typeof CALLBACK_OPTIONS)[keyof typeof CALLBACK_OPTIONS];
export const CALLBACK_EVENTS: CallbackEvent[] = Object.values(CALLBACK_OPTIONS);

export const TARGET_TYPES = { code: 'lk', slug: 'slug', subscriptionKey: 'subs', stationId: 'ps' } as const;
type TargetKey = keyof typeof TARGET_TYPES;
/** The target options, in the order messages name them. */
export const TARGETS = Object.keys(TARGET_TYPES) as TargetKey[];

export function fail(message: string, call: 'open' | 'preload' = 'open'): never {
  throw new TypeError(`[pasarela] Checkout.${call}(): ${message}`);
}

export function resolveBaseUrl(
  baseUrl: unknown,
  defaultBaseUrl: string | undefined,
  call: 'open' | 'preload',
): Pick<ResolvedOptions, 'baseUrl' | 'origin'> {
  let url: URL | undefined;
  try {
    url = new URL(String(baseUrl ?? defaultBaseUrl));
  } catch {}
  if (!url || !/^https?:$/.test(url.protocol)) {
    fail(
      baseUrl === undefined
        ? 'baseUrl is required (the script origin is unknown)'
        : 'baseUrl must be an http(s) URL, got ' + JSON.stringify(baseUrl),
      call,
    );
  }
  return { baseUrl: url.origin + url.pathname.replace(/\/+$/, ''), origin: url.origin };
}

/** An element in the page's document: a detached one (a ref not mounted yet, or removed) can neither hold a frame that connects nor take the focus back. */
export const onThePage = (element: unknown): element is HTMLElement => element instanceof HTMLElement && element.isConnected;

function resolveContainer(container: unknown): HTMLElement | undefined {
  let element = container;
  if (typeof container == 'string') {
    try {
      element = document.querySelector(container);
    } catch {
      // an invalid selector matches nothing either; one message covers both
      element = null;
    }
    if (!element) fail(`no element matches container "${container}"`);
  }
  if (element === undefined || onThePage(element)) return element;
  return fail('container must be an element on the page or a CSS selector');
}

/** Every option open() takes: plain-JS pages get no type check, and a misspelt one would do nothing. */
const OPTION_NAMES: string[] = [...TARGETS, 'lang', 'container', 'baseUrl', 'appearance', ...Object.keys(CALLBACK_OPTIONS)];

/** Checks open()'s options and throws a TypeError naming what is wrong, before any DOM work. */
export function resolveOptions(options: unknown, defaultBaseUrl: string | undefined): ResolvedOptions {
  if (!options || typeof options != 'object') fail('options must be an object');
  const o = options as Record<string, unknown>;
  for (const key in o) {
    if (!OPTION_NAMES.includes(key)) fail(`options has no ${key}: it takes ${OPTION_NAMES.join(', ')}`);
  }
  const targets = TARGETS.filter((key) => o[key] !== undefined);
  for (const key of targets) {
    const value = o[key];
    if (typeof value != 'string' || !value.trim()) fail(key + ' must be a non-empty string');
  }
  // a slug may come with a code (type slugCode); any other pair is ambiguous
  const slugCode = targets.join() == 'code,slug';
  const [target] = targets;
  if (!target) fail('give one target: code, slug, subscriptionKey or stationId');
  if (targets.length > 1 && !slugCode) fail('give only one target, got ' + targets.join(' and '));
  if (o.lang !== undefined && !(LANGUAGES as readonly unknown[]).includes(o.lang)) {
    fail('lang must be es or en, got ' + JSON.stringify(o.lang));
  }
  const appearanceWrong = o.appearance !== undefined && appearanceProblem(o.appearance);
  if (appearanceWrong) fail(appearanceWrong);
  const listeners: ResolvedOptions['listeners'] = [];
  for (const name in CALLBACK_OPTIONS) {
    const callback = o[name];
    if (callback === undefined) continue;
    if (typeof callback != 'function') fail(name + ' must be a function');
    listeners.push([CALLBACK_OPTIONS[name as keyof typeof CALLBACK_OPTIONS], callback as (payload: unknown) => void]);
  }
  const { baseUrl, origin } = resolveBaseUrl(o.baseUrl, defaultBaseUrl, 'open');
  return {
    type: slugCode ? 'slugCode' : TARGET_TYPES[target],
    code: slugCode ? `${o.slug}/${o.code}` : String(o[target]),
    lang: o.lang as Language | undefined,
    // undefined stays undefined
    appearance: JSON.stringify(o.appearance) as string | undefined,
    container: resolveContainer(o.container),
    baseUrl,
    origin,
    listeners,
  };
}
