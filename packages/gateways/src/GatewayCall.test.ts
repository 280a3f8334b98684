import { describe, expect, it } from 'vitest';
import { GatewayCallNotSent, GatewayOutcomeUnknown, isGatewayCallNotSent, isGatewayOutcomeUnknown } from './GatewayCall';

describe('isGatewayOutcomeUnknown', () => {
  it('recognises the error by its brand, whichever copy of the package made it', () => {
    expect(isGatewayOutcomeUnknown(new GatewayOutcomeUnknown('held'))).toBe(true);
    // Another copy (a provider's own node_modules, the server's bundle) makes an error of another class with the same brand.
    const otherCopy = Object.assign(new Error('held'), { [Symbol.for('pasarela.gatewayOutcomeUnknown')]: true });
    expect(isGatewayOutcomeUnknown(otherCopy)).toBe(true);
  });

  it.each([new Error('ECONNRESET'), Object.assign(new Error('x'), { name: 'GatewayOutcomeUnknown' }), null, 'GatewayOutcomeUnknown', undefined])('is false for %s', (value) => {
    expect(isGatewayOutcomeUnknown(value)).toBe(false);
  });
});

describe('isGatewayCallNotSent', () => {
  it('recognises the error by its brand, whichever copy of the package made it, and never as an unknown outcome', () => {
    expect(isGatewayCallNotSent(new GatewayCallNotSent('refused'))).toBe(true);
    expect(isGatewayOutcomeUnknown(new GatewayCallNotSent('refused'))).toBe(false);
    expect(isGatewayCallNotSent(new GatewayOutcomeUnknown('held'))).toBe(false);
    const otherCopy = Object.assign(new Error('refused'), { [Symbol.for('pasarela.gatewayCallNotSent')]: true });
    expect(isGatewayCallNotSent(otherCopy)).toBe(true);
  });

  it.each([new Error('ECONNREFUSED'), Object.assign(new Error('x'), { name: 'GatewayCallNotSent' }), null, 'GatewayCallNotSent', undefined])('is false for %s', (value) => {
    expect(isGatewayCallNotSent(value)).toBe(false);
  });
});
