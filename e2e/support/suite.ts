import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './browser';
import { startSandbox, type Sandbox } from '../../scripts/sandbox-process.mjs';
import { startSandboxInProcess } from './sandbox';
import { newTestSchema } from '../../packages/sandbox/test/testSchema';

export interface Started {
  sandbox: Sandbox;
  browser: Browser;
}

/**
 * A describe block's sandbox (a fresh database, with `env`) and Chromium (browser.ts), started
 * before its tests, handed to `onStarted`, and stopped after them. `kind` `full`: the built server
 * (`npm start`'s server.mjs) in a child process, as a payer meets it; else the server's code in the
 * test's process (support/sandbox.ts), at a fraction of the CPU. With `DATABASE_URL` in `env` the
 * sandbox works in a new schema of that PostgreSQL, dropped afterwards.
 */
export type SandboxKind = 'full' | 'in-process';

export function withSandboxAndBrowser(env: Record<string, string>, onStarted: (started: Started) => void, kind?: SandboxKind): void;
export function withSandboxAndBrowser(onStarted: (started: Started) => void): void;
export function withSandboxAndBrowser(
  envOrStarted: Record<string, string> | ((started: Started) => void),
  maybeStarted?: (started: Started) => void,
  kind: SandboxKind = 'in-process',
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
    const sandboxEnv = postgres ? { ...env, DATABASE_URL: postgres.url } : env;
    started.sandbox = kind === 'full' ? await startSandbox(sandboxEnv) : await startSandboxInProcess(sandboxEnv);
    started.browser = await launchChromium();
    onStarted?.(started as Started);
  });
  afterEach(({ task }) => {
    if (task.result?.state === 'fail' && started.sandbox) console.log(problemsLogged(started.sandbox));
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.sandbox?.stop();
    await dropSchema?.();
    started = {};
  });
}

/** A failed test's report: what its sandbox logged at warning or above, and its card vault's own log. */
function problemsLogged(sandbox: Sandbox): string {
  const lines = sandbox.output().split('\n').filter((line) => {
    const level = /^\{"level":(\d+)/.exec(line)?.[1];
    return level !== undefined && Number(level) >= 40;
  });
  const vault = (sandbox as Sandbox & { vault?: { output?: () => string } }).vault?.output?.().trim();
  return [`the sandbox logged ${lines.length} warning(s) or error(s)${lines.length ? ':' : ''}`, ...lines.slice(-40), ...(vault ? ['its card vault logged:', vault.slice(-4000)] : [])].join('\n');
}
