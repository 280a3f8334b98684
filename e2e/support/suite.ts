import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './browser';
import { startSandbox, type RunningSandbox } from '../../scripts/sandbox-process.mjs';

export interface Started {
  sandbox: RunningSandbox;
  browser: Browser;
}

/**
 * A describe block's sandbox (the built server, a fresh database, with `env`) and Chromium: started
 * before its tests, handed to `onStarted`, and stopped after them.
 */
export function withSandboxAndBrowser(env: Record<string, string>, onStarted: (started: Started) => void): void;
export function withSandboxAndBrowser(onStarted: (started: Started) => void): void;
export function withSandboxAndBrowser(
  envOrStarted: Record<string, string> | ((started: Started) => void),
  maybeStarted?: (started: Started) => void,
): void {
  const env = typeof envOrStarted === 'function' ? {} : envOrStarted;
  const onStarted = typeof envOrStarted === 'function' ? envOrStarted : maybeStarted;
  let started: Partial<Started> = {};
  beforeAll(async () => {
    started.sandbox = await startSandbox(env);
    started.browser = await launchChromium();
    onStarted?.(started as Started);
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.sandbox?.stop();
    started = {};
  });
}
