import { vi } from 'vitest';
import type { WidgetMessage } from '@pasarela/core';
import type { ApiClient } from '../api/client';
import { readConfig } from '../services/config';
import { createSessionStore } from '../services/session';
import { NO_THEME, type Services } from '../services/services';

export const TEST_NOW = Date.parse('2026-11-21T17:30:00Z');

export function fakeServices(api: ApiClient, overrides: Partial<Services> = {}) {
  const messages: WidgetMessage[] = [];
  const navigations: string[] = [];
  const departures: string[] = [];
  let tracks = 0;
  const services: Services = {
    config: { ...readConfig(document), splashMs: 0 },
    api,
    lang: 'es',
    bridge: { embedded: true, notify: (m) => void messages.push(m), onCloseRequested: () => {} },
    navigate: (path) => void navigations.push(path),
    address: () => new URL(location.href),
    referrer: document.referrer,
    leave: (url) => void departures.push(url),
    storage: { local: localStorage, session: sessionStorage },
    session: createSessionStore(null),
    now: () => new Date(TEST_NOW),
    serverNow: () => TEST_NOW,
    newTrackId: () => `track-${++tracks}`,
    theme: NO_THEME,
    ...overrides,
  };
  const results = () => messages.flatMap((m) => (m.type === 'result' ? [m.result] : []));
  return { services, messages, results, navigations, departures };
}

/** A page opened on its own (not in a shop's frame) that keeps nothing in storage; where it goes are mocks. */
export function standaloneServices(api: ApiClient, overrides: Partial<Services> = {}): Services {
  return fakeServices(api, {
    bridge: { embedded: false, notify: () => {}, onCloseRequested: () => {} },
    navigate: vi.fn(),
    leave: vi.fn(),
    storage: { local: null, session: null },
    ...overrides,
  }).services;
}
