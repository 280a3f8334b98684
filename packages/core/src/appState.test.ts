import { describe, expect, it } from 'vitest';
import { initialAppState } from './appState';

describe('SPEC 3 "Application state areas"', () => {
  it('has payment, config, crypto, widget and transaction areas', () => {
    const s = initialAppState();
    expect(Object.keys(s)).toEqual(['payment', 'config', 'crypto', 'widget', 'transaction']);
    expect(s.config.lang).toBe('es');
    expect(initialAppState('en').config.lang).toBe('en');
    expect(Object.keys(s.config)).toEqual(expect.arrayContaining(['catalog', 'lang', 'captchaScore', 'fingerprintSessionId', 'fingerprintRequestId']));
    expect(Object.keys(s.crypto)).toEqual(expect.arrayContaining(['step', 'product', 'coins', 'network', 'currency', 'payment', 'tx']));
    expect(s.transaction).toEqual({ stateOfValid: 0, errorMessage: null, statusFlag: null });
  });
});
