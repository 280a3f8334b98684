import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium, type ChromiumKind } from './browser';
import { startSandbox, type RunningSandbox } from '../../scripts/sandbox-process.mjs';
import { newTestSchema } from '../../packages/sandbox/src/test/testSchema';

export interface Started {
  sandbox: RunningSandbox;
  browser: Browser;
}

/**
 * A describe block's sandbox (the built server, a fresh database, with `env`) and Chromium (`kind`,
 * browser.ts: the headless shell unless `full`): started before its tests, handed to `onStarted`,
 * and stopped after them. With `DATABASE_URL` in `env` the sandbox works in a new schema of that
 * PostgreSQL, dropped afterwards.
 */
export function withSandboxAndBrowser(env: Record<string, string>, onStarted: (started: Started) => void, kind?: ChromiumKind): void;
export function withSandboxAndBrowser(onStarted: (started: Started) => void): void;
export function withSandboxAndBrowser(
  envOrStarted: Record<string, string> | ((started: Started) => void),
  maybeStarted?: (started: Started) => void,
  kind: ChromiumKind = 'shell',
): void {
  const env = typeof envOrStarted === 'function' ? {} : envOrStarted;
  const onStarted = typeof envOrStarted === 'function' ? envOrStarted : maybeStarted;
  let started: Partial<Started> = {};
  let dropSchema: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    // A schema of its own: files run side by side, and a card paid in another file's sandbox on
    // the same schema would be a duplicate in this one.
    const postgres = env['DATABASE_URL'] ? await newTestSchema(env['DATABASE_URL']) : undefined;
    dropSchema = postgres?.drop;
    started.sandbox = await startSandbox(postgres ? { ...env, DATABASE_URL: postgres.url } : env);
    started.browser = await launchChromium(kind);
    onStarted?.(started as Started);
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.sandbox?.stop();
    await dropSchema?.();
    started = {};
  });
}
