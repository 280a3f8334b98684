import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutApi } from './types';

const BASE = 'https://checkout.example.com';
const SRC = `${BASE}/sdk/checkout.js`;

/** What the fake checkout origin answers for each script request, in order; then 200 with a loader. */
let replies: Array<'ok' | 'not found' | 'no global'> = [];
let requested: string[] = [];

interface HappyDomSettings {
  enableJavaScriptEvaluation: boolean;
  fetch: { interceptor: { beforeAsyncRequest: (context: { request: Request }) => Promise<Response> } | null };
}

beforeAll(() => {
  const { settings } = (window as unknown as { happyDOM: { settings: HappyDomSettings } }).happyDOM;
  // the injected <script> runs, as in a browser
  settings.enableJavaScriptEvaluation = true;
  settings.fetch.interceptor = {
    beforeAsyncRequest: async ({ request }) => {
      requested.push(request.url);
      const reply = replies.shift() ?? 'ok';
      if (reply == 'not found') return new Response('not found', { status: 404 });
      const body = reply == 'ok' ? 'window.Checkout = { open: function () {}, version: "9.9.9" };' : 'window.Other = 1;';
      return new Response(body, { headers: { 'content-type': 'text/javascript' } });
    },
  };
});

/** A fresh module each time: the cache is module state. */
async function loadCheckout(baseUrl: string): Promise<CheckoutApi | null> {
  return (await import('./pure')).loadCheckout(baseUrl);
}

beforeEach(() => {
  vi.resetModules();
  replies = [];
  requested = [];
  Reflect.deleteProperty(window, 'Checkout');
  document.head.innerHTML = '';
  // happy-dom reports a failed script load on the console, as a browser does
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

const scripts = () => [...document.querySelectorAll('script')].map((s) => s.src);

describe('loadCheckout (@pasarela/checkout/pure)', () => {
  it('injects {baseUrl}/sdk/checkout.js once and resolves with its Checkout', async () => {
    const { loadCheckout: load } = await import('./pure');
    const first = load(BASE);
    const second = load(`${BASE}/`);
    expect(second).toBe(first);
    const checkout = await first;
    expect(checkout?.version).toBe('9.9.9');
    expect(await load(BASE)).toBe(checkout);
    expect(scripts()).toEqual([SRC]);
    expect(requested).toEqual([SRC]);
  });

  it('keeps a base path', async () => {
    await loadCheckout('https://checkout.example.com/pay/');
    expect(requested).toEqual(['https://checkout.example.com/pay/sdk/checkout.js']);
  });

  it('forgets a failed load, so a retry loads again and succeeds', async () => {
    const { loadCheckout: load } = await import('./pure');
    replies = ['not found'];
    await expect(load(BASE)).rejects.toThrow(`[pasarela] loadCheckout(): could not load ${SRC}`);
    expect(scripts()).toEqual([]);
    const checkout = await load(BASE);
    expect(checkout?.version).toBe('9.9.9');
    expect(requested).toEqual([SRC, SRC]);
    expect(scripts()).toEqual([SRC]);
  });

  it('rejects when the script loads but defines no Checkout, and retries after', async () => {
    const { loadCheckout: load } = await import('./pure');
    replies = ['no global'];
    await expect(load(BASE)).rejects.toThrow(/loaded but did not define Checkout/);
    await expect(load(BASE)).resolves.toMatchObject({ version: '9.9.9' });
  });

  it('uses a loader the page already has instead of loading another', async () => {
    const existing: CheckoutApi = { open: () => ({}) as ReturnType<CheckoutApi['open']>, preload: () => {}, version: '1.0.0' };
    Object.assign(window, { Checkout: existing });
    expect(await loadCheckout(BASE)).toBe(existing);
    expect(requested).toEqual([]);
  });

  it('ignores a global Checkout that is not the loader', async () => {
    Object.assign(window, { Checkout: { total: 10 } });
    expect((await loadCheckout(BASE))?.version).toBe('9.9.9');
  });

  it('rejects a baseUrl that is not an http(s) URL, loading nothing', async () => {
    await expect(loadCheckout('checkout.example.com')).rejects.toThrow(TypeError);
    await expect(loadCheckout('javascript:alert(1)')).rejects.toThrow(/baseUrl must be an http\(s\) URL/);
    expect(scripts()).toEqual([]);
  });

  it('refuses a second origin while the first is loaded or loading', async () => {
    const { loadCheckout: load } = await import('./pure');
    const first = load(BASE);
    await expect(load('https://other.example.com')).rejects.toThrow(
      new Error(`[pasarela] loadCheckout(): the checkout is already loaded (or loading) from ${BASE}, not https://other.example.com`),
    );
    await expect(first).resolves.toMatchObject({ version: '9.9.9' });
  });

  describe('a loader the page already has from another origin (one global Checkout per page)', () => {
    const OTHER = 'http://127.0.0.1:4950';
    const existing: CheckoutApi = { open: () => ({}) as ReturnType<CheckoutApi['open']>, preload: () => {}, version: '1.0.0' };
    /** The page's own <script> tag for a loader (markup added this way does not run, as in a browser). */
    const pageHasScript = (src: string) => document.head.insertAdjacentHTML('beforeend', `<script src="${src}"></script>`);

    it('refuses it, naming both origins, and resolves for the origin it came from', async () => {
      pageHasScript(`${OTHER}/sdk/checkout.js`);
      Object.assign(window, { Checkout: existing });
      const { loadCheckout: load } = await import('./pure');
      await expect(load('http://localhost:4950')).rejects.toThrow(
        new Error(`[pasarela] loadCheckout(): the checkout is already loaded (or loading) from ${OTHER}, not http://localhost:4950`),
      );
      expect(await load(OTHER)).toBe(existing);
      expect(await load(`${OTHER}/`)).toBe(existing);
      expect(requested).toEqual([]);
      expect(scripts()).toEqual([`${OTHER}/sdk/checkout.js`]);
    });

    it('refuses it while it is still loading, and adds no second loader', async () => {
      pageHasScript(`${OTHER}/sdk/checkout.js?v=2`);
      await expect(loadCheckout(BASE)).rejects.toThrow(`already loaded (or loading) from ${OTHER}, not ${BASE}`);
      expect(scripts()).toEqual([`${OTHER}/sdk/checkout.js?v=2`]);
      expect(requested).toEqual([]);
    });

    it('tells a base path apart from another on the same origin', async () => {
      pageHasScript(`${BASE}/pay/sdk/checkout.js`);
      Object.assign(window, { Checkout: existing });
      await expect(loadCheckout(BASE)).rejects.toThrow(`already loaded (or loading) from ${BASE}/pay, not ${BASE}`);
      expect(await loadCheckout(`${BASE}/pay`)).toBe(existing);
    });

    it('other scripts of the page do not count', async () => {
      pageHasScript(`${OTHER}/sdk/analytics.js`);
      pageHasScript('https://cdn.example.com/checkout.js');
      Object.assign(window, { Checkout: existing });
      expect(await loadCheckout(BASE)).toBe(existing);
    });
  });

  describe('Trusted Types (docs/integration.md; e2e/trusted-types.e2e.ts runs it on a page that requires them)', () => {
    /** A browser's `trustedTypes` as far as the loader uses it; `refuse` plays a page whose CSP leaves the name out. */
    function fakeTrustedTypes(refuse = false) {
      const made: Array<{ name: string; createScriptURL: (url: string) => string }> = [];
      const trustedTypes = {
        createPolicy(name: string, rules: { createScriptURL: (url: string) => string }) {
          if (refuse) throw new TypeError(`Failed to execute 'createPolicy': Policy "${name}" disallowed.`);
          made.push({ name, ...rules });
          // a TrustedScriptURL: an object the browser reads as its text
          return { createScriptURL: (url: string) => ({ toString: () => rules.createScriptURL(url) }) };
        },
      };
      Object.assign(window, { trustedTypes });
      return made;
    }
    afterEach(() => Reflect.deleteProperty(window, 'trustedTypes'));

    it("sets the script's address through the pasarela-checkout policy, made once", async () => {
      const made = fakeTrustedTypes();
      const { loadCheckout: load } = await import('./pure');
      replies = ['not found'];
      await expect(load(BASE)).rejects.toThrow('could not load');
      await expect(load(BASE)).resolves.toMatchObject({ version: '9.9.9' });
      expect(made.map((p) => p.name)).toEqual(['pasarela-checkout']);
      expect(requested).toEqual([SRC, SRC]);
    });

    it("makes a loader's address and nothing else", () => {
      const made = fakeTrustedTypes();
      void loadCheckout(BASE);
      return vi.waitFor(() => {
        const rules = made[0];
        expect(rules?.createScriptURL('https://checkout.example.com/pay/sdk/checkout.js')).toBe('https://checkout.example.com/pay/sdk/checkout.js');
        for (const url of ['https://evil.test/x.js', 'https://evil.test/sdk/checkout.js?cb=x', 'data:text/javascript,alert(1)//sdk/checkout.js']) {
          expect(() => rules?.createScriptURL(url)).toThrow(`pasarela-checkout makes only the loader's address, not ${url}`);
        }
      });
    });

    it('falls back to the plain address where the page refuses the name but does not require Trusted Types', async () => {
      fakeTrustedTypes(true);
      await expect(loadCheckout(BASE)).resolves.toMatchObject({ version: '9.9.9' });
      expect(scripts()).toEqual([SRC]);
    });
  });
});
