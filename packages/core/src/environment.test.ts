import { describe, expect, it } from 'vitest';
import { ANONYMOUS_USER_SERVICE_ID, ENVIRONMENTS, captchaAlwaysAccepted, environmentOfHost, isConsoleSilenced } from './environment';

describe('SPEC 9 "Environments by host: dev, test, demo (sandbox), preprod, prod."', () => {
  it.each([
    ['localhost:4000', 'demo'],
    ['127.0.0.1', 'demo'],
    ['[::1]:4000', 'demo'],
    ['app.localhost', 'demo'],
    ['10.0.0.7:4000', 'demo'],
    ['', 'demo'],
    ['dev.pasarela.com', 'dev'],
    ['checkout-dev.pasarela.com', 'dev'],
    ['test.pasarela.com', 'test'],
    ['qa.pasarela.com', 'test'],
    ['sandbox.pasarela.com', 'demo'],
    ['demo.pasarela.com', 'demo'],
    ['preprod.pasarela.com', 'preprod'],
    ['checkout.pasarela.com', 'prod'],
    ['developer.pasarela.com', 'prod'],
    [' localhost ', 'demo'],
    ['10.20.30.40', 'demo'],
    ['pay.127.example.com', 'prod'],
    ['1.2.3.4.example.com', 'prod'],
    ['pay.1.2.3.4', 'prod'],
  ])('%s -> %s', (host, env) => {
    expect(environmentOfHost(host)).toBe(env);
  });

  it('SPEC 6 "a per-environment anonymous user service id": one distinct id per environment', () => {
    const ids = ENVIRONMENTS.map((e) => ANONYMOUS_USER_SERVICE_ID[e]);
    expect(new Set(ids).size).toBe(ENVIRONMENTS.length);
  });

  it('SPEC 9 "Console output is silenced in prod"', () => {
    expect(ENVIRONMENTS.filter(isConsoleSilenced)).toEqual(['prod']);
  });

  it('SPEC 4 captcha "always accepted (score 1)" outside qa and production', () => {
    expect(ENVIRONMENTS.filter(captchaAlwaysAccepted)).toEqual(['dev', 'demo', 'preprod']);
  });
});
