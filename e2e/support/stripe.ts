import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import Stripe from 'stripe';
import { startStripeMock, type RunningStripeMock } from '../../packages/gateway-stripe/src/testing/stripeMock';
import type { Sandbox } from '../../scripts/sandbox-process.mjs';
import { withSandboxAndBrowser } from './suite';

/** A test-mode key: the adapter maps Stripe's published test card numbers to its test tokens. */
const SECRET_KEY = 'sk_test_pasarela_e2e';

export interface StripeSandbox {
  sandbox: Sandbox;
  browser: Browser;
  /** Stripe's official client on the fake, to read what it holds. */
  stripe(): Stripe;
}

/**
 * The built server with Stripe as its card processor (GATEWAYS_MODULE=@pasarela/gateway-stripe)
 * against stripe-stateful-mock on this machine, and a browser; `use` receives them once started.
 */
export function withStripeSandbox(use: (started: StripeSandbox) => void): void {
  let stripeMock: RunningStripeMock;
  // Filled with the fake's address before the sandbox starts (this hook runs first).
  const env: Record<string, string> = { GATEWAYS_MODULE: '@pasarela/gateway-stripe', STRIPE_SECRET_KEY: SECRET_KEY };
  beforeAll(async () => {
    stripeMock = await startStripeMock();
    env['STRIPE_API_URL'] = stripeMock.url;
  });
  const stripe = () => new Stripe(SECRET_KEY, { host: new URL(stripeMock.url).hostname, port: new URL(stripeMock.url).port, protocol: 'http' });
  withSandboxAndBrowser(env, ({ sandbox, browser }) => use({ sandbox, browser, stripe }), 'full');
  afterAll(() => stripeMock?.stop());
}
