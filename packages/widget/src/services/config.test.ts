import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENT_KEY, SANDBOX_WIDGET_KEY, SPLASH_MS, VERSION } from '@pasarela/core';
import { CONFIG_ELEMENT_ID, FIRST_TEXTS_ELEMENT_ID, PRIMED_ELEMENT_ID, readConfig, readFirstTexts, readPrimedAnswers } from './config';

function withConfig(text: string | null) {
  document.getElementById(CONFIG_ELEMENT_ID)?.remove();
  if (text === null) return;
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = CONFIG_ELEMENT_ID;
  script.textContent = text;
  document.head.appendChild(script);
}

const DEFAULTS = {
  apiBase: '/api/v1', wireEncoding: true, clientKey: SANDBOX_CLIENT_KEY, widgetKey: SANDBOX_WIDGET_KEY, env: 'demo', splashMs: SPLASH_MS, version: VERSION, imageBase: '', requestTimeoutMs: 30_000, vaultUrl: '',
};

describe('readConfig', () => {
  afterEach(() => withConfig(null));

  it('uses the defaults without a config block (SPEC 2 splash 3000 ms)', () => {
    withConfig(null);
    expect(readConfig(document)).toEqual(DEFAULTS);
  });

  it('SPEC 2 "A splash screen ... shows for 3 seconds at start" (SPEC 9 "Splash 3000 ms"): 3000 ms unless the server says otherwise', () => {
    withConfig(null);
    expect(readConfig(document).splashMs).toBe(3000);
    withConfig('{"apiBase":"/api/v1"}');
    expect(readConfig(document).splashMs).toBe(3000);
  });

  it('reads what the server wrote', () => {
    withConfig('{"apiBase":"/api/v1","wireEncoding":false,"clientKey":"pk_x","env":"demo","splashMs":500,"version":"2.219.0","imageBase":"https://img.test"}');
    expect(readConfig(document)).toMatchObject({ wireEncoding: false, clientKey: 'pk_x', splashMs: 500, imageBase: 'https://img.test' });
  });

  it('keeps the good fields of a partly wrong block and survives broken JSON', () => {
    withConfig('{"splashMs":-5,"wireEncoding":false,"clientKey":""}');
    expect(readConfig(document)).toEqual({ ...DEFAULTS, wireEncoding: false });
    withConfig('{not json');
    expect(readConfig(document)).toEqual(DEFAULTS);
  });
});

describe('readPrimedAnswers: the first screen answers the page carries', () => {
  function withPrimed(text: string | null) {
    document.getElementById(PRIMED_ELEMENT_ID)?.remove();
    if (text === null) return;
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = PRIMED_ELEMENT_ID;
    script.textContent = text;
    document.head.appendChild(script);
  }
  afterEach(() => withPrimed(null));

  it('reads well-formed answers', () => {
    withPrimed('[{"key":"translations/version","code":200,"description":"OK","data":{"version":9}}]');
    expect(readPrimedAnswers(document)).toEqual([{ key: 'translations/version', code: 200, description: 'OK', data: { version: 9 } }]);
  });

  it.each([[null], [''], ['{not json'], ['{"key":"x"}'], ['[{"code":200}]']])('gives none for %j, so the widget asks the API', (text) => {
    withPrimed(text);
    expect(readPrimedAnswers(document)).toEqual([]);
  });
});

describe('readFirstTexts: the texts the page\'s first screen shows', () => {
  function withTexts(text: string | null) {
    document.getElementById(FIRST_TEXTS_ELEMENT_ID)?.remove();
    if (text === null) return;
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = FIRST_TEXTS_ELEMENT_ID;
    script.textContent = text;
    document.head.appendChild(script);
  }
  afterEach(() => withTexts(null));

  it('reads the texts by key', () => {
    withTexts('{"card_form_title":"Pagar con tarjeta","pay_button":"Pagar {{amount}}"}');
    expect(readFirstTexts(document)).toEqual({ card_form_title: 'Pagar con tarjeta', pay_button: 'Pagar {{amount}}' });
  });

  it.each([[null], [''], ['{not json'], ['["a"]'], ['{"a":1}']])('gives none for %j, so the widget waits for its catalogue', (text) => {
    withTexts(text);
    expect(readFirstTexts(document)).toBeNull();
  });
});
