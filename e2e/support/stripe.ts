import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import Stripe from 'stripe';
import { startStripeTestDoor, type StripeTestDoor } from '../../packages/gateway-stripe/src/testing/stripeThroughVault';
import type { Sandbox } from '../../scripts/sandbox-process.mjs';
import { withSandboxAndBrowser } from './suite';

/** A test-mode key. */
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
 * Issue 90: the sandbox's card vault forwards to Stripe from an origin of its own
 * (VAULT_FORWARD_PORT_stripe), which is the adapter's STRIPE_API_URL (scripts/sandbox-process.mjs);
 * in front of the fake, a door answers Stripe's tokens API for test numbers as Stripe's test mode does.
 */
export function withStripeSandbox(use: (started: StripeSandbox) => void): void {
  let door: StripeTestDoor;
  // Filled with the door's address before the sandbox starts (this hook runs first).
  const env: Record<string, string> = { GATEWAYS_MODULE: '@pasarela/gateway-stripe', STRIPE_SECRET_KEY: SECRET_KEY, VAULT_FORWARD_PORT_stripe: '0' };
  beforeAll(async () => {
    door = await startStripeTestDoor();
    env['VAULT_FORWARD_stripe'] = door.url;
  });
  const stripe = () => new Stripe(SECRET_KEY, { host: new URL(door.mock.url).hostname, port: new URL(door.mock.url).port, protocol: 'http' });
  withSandboxAndBrowser(env, ({ sandbox, browser }) => use({ sandbox, browser, stripe }), 'full');
  afterAll(() => door?.stop());
}
