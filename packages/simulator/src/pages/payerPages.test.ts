import { describe, expect, it } from 'vitest';
import { memoryBooks } from '../memoryBooks';
import { notifier } from '../notifier';
import { simulatedGateways } from '../processors/simulatedGateways';
import { simulatorApi } from '../simulatorApi';

// The issuer's 3D Secure page and the bank's Clave page on the simulator's own origin: what the
// call described, in its one language, escaped, under a CSP; the payer's answer recorded once under
// the key, told to the server, and the browser sent to the return address the call named (never
// one the request names); a withdrawn page takes no answer.

const CHECKOUT = 'http://checkout.test';

function simulator() {
  const books = memoryBooks();
  const told: Array<{ url: string; event: { id: string; key: string; kind: string } }> = [];
  const notify = notifier(books, {
    secret: 's3cret',
    fetch: (async (url: string | URL | Request, init?: RequestInit) => {
      told.push({ url: String(url), event: JSON.parse(String(init?.body)) });
      return new Response(null, { status: 200 });
    }) as typeof fetch,
  });
  const app = simulatorApi(simulatedGateways(books, { pagesUrl: 'http://issuer.test' }), notify);
  const call = async (path: string, body: object) => {
    const res = await app.request(`/v1/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return ((await res.json()) as { answer: unknown }).answer;
  };
  const post = (path: string, fields: Record<string, string>) =>
    app.request(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  return { app, call, post, told };
}

const merchant = { name: '<b>Café & "Co"</b>', logo: 'https://shop.test/logo.png', color: '#0e6e5c' };

async function challenge(s: ReturnType<typeof simulator>, key: string, lang: 'es' | 'en', returnUrl: unknown = `${CHECKOUT}/sandbox/3ds/${key}/return`, charge: { amountCents: number; currency?: string } = { amountCents: 2_675 }) {
  return s.call('card/authorize', {
    idempotencyKey: key, ...charge, lang, capture: true, merchant, returnUrl, notifyUrl: `${CHECKOUT}/gateways/card/notifications`,
    card: { number: '4000000000003220', expMonth: '12', expYear: '2099', cvc: '123', holder: 'Ana' },
  }) as Promise<{ status: string; url: string; reference: string }>;
}

describe("the issuer's 3D Secure page", () => {
  it("is on the simulator's origin, shows the call's amount and merchant in its language, escaped, under a CSP", async () => {
    const s = simulator();
    const decision = await challenge(s, 'K3DS1', 'en');
    expect(decision).toMatchObject({ status: 'challenge', url: 'http://issuer.test/3ds/K3DS1?returnTo=' });
    const res = await s.app.request('/3ds/K3DS1?theme=dark&returnTo=%2Fpf%2Fdefault-receipt%2FK3DS1%3Fchallenge%3D1');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('&#60;b&#62;Café &#38; &#34;Co&#34;&#60;/b&#62;');
    expect(html).not.toContain('<b>Café');
    // Issue 96: one name for a card, shown with dots and read in words; "Simula", as the checkout says tú.
    // The full stop inside each: after the hidden span, read on its own, it came out as "3220 .".
    expect(html).toContain('<span aria-hidden="true">$26.75 with Visa •••• 3220.</span><span class="vh">$26.75 with Visa ending in 3220.</span></p>');
    expect(html).not.toMatch(/\*{2,}/);
    expect(html).toContain('role="alertdialog"');
    expect(html).toContain('Close without verifying?');
    expect(html).toMatch(/<button class="approve" type="submit">Approve<\/button>/);
    expect(html).toMatch(/<button class="fail" type="submit">Fail<\/button>/);
    expect(html).not.toMatch(/Aprobar|Fallar/);
    expect(html).toContain('aria-label="Close" hidden');
    expect(html).toContain('name="returnTo" value="/pf/default-receipt/K3DS1?challenge=1"');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/default-src 'none'; style-src 'sha256-[^']+'; script-src 'sha256-[^']+'/);
    expect(csp).toContain(`form-action 'self' ${CHECKOUT}`);
    expect(csp).not.toContain('unsafe-inline');
    // Its icon named, within img-src: the browser asks no /favicon.ico, which the simulator answers 401 without its secret.
    expect(html).toContain('<link rel="icon" href="data:,">');
    expect(csp).toContain('img-src https: http: data:');
    // In Spanish, Spanish alone.
    await challenge(s, 'K3DS2', 'es');
    const es = await (await s.app.request('/3ds/K3DS2')).text();
    expect(es).toContain('<html lang="es">');
    expect(es).toMatch(/>Aprobar<\/button>.*>Fallar<\/button>/s);
    expect(es).not.toMatch(/Approve|>Fail</);
    expect(es).toContain('Simula la respuesta del banco emisor');
    expect(es).not.toContain('Simule');
    expect(es).toContain('Visa terminada en 3220.</span></p>');
  });

  it('says a charge in pesos as the checkout does, whole pesos, in either language', async () => {
    const s = simulator();
    await challenge(s, 'K3DSCOP1', 'es', undefined, { amountCents: 81_300_000, currency: 'COP' });
    const es = await (await s.app.request('/3ds/K3DSCOP1')).text();
    expect(es).toContain('$\u00a0813.000 con Visa');
    expect(es).not.toContain('813,000.00');
    await challenge(s, 'K3DSCOP2', 'en', undefined, { amountCents: 33_100_000, currency: 'COP' });
    expect(await (await s.app.request('/3ds/K3DSCOP2')).text()).toContain('COP\u00a0331,000 with Visa');
  });

  it('approve: recorded under the key, told to the server once, and back to the return address the call named (not one the form names)', async () => {
    const s = simulator();
    await challenge(s, 'K3DS3', 'es');
    const res = await s.post('/3ds/K3DS3', { result: 'approve', returnTo: '/pf/default-receipt/K3DS3?challenge=1', returnUrl: 'https://evil.test/' });
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location') ?? '');
    expect(back.origin + back.pathname).toBe(`${CHECKOUT}/sandbox/3ds/K3DS3/return`);
    expect(back.searchParams.get('returnTo')).toBe('/pf/default-receipt/K3DS3?challenge=1');
    expect(s.told.map((t) => [t.url, t.event.id])).toEqual([[`${CHECKOUT}/gateways/card/notifications`, 'sim:card:K3DS3:approved']]);
    expect(await s.call('card/lookup', { idempotencyKey: 'K3DS3' })).toMatchObject({ status: 'approved' });
    // The same form again (Back, then send), even as a Fail: back the same way, nothing changed, nothing told.
    const again = await s.post('/3ds/K3DS3', { result: 'fail' });
    expect(again.status).toBe(303);
    expect(new URL(again.headers.get('location') ?? '').pathname).toBe('/sandbox/3ds/K3DS3/return');
    expect(await s.call('card/lookup', { idempotencyKey: 'K3DS3' })).toMatchObject({ status: 'approved' });
    expect(s.told).toHaveLength(1);
    // Come back to (Back from the receipt): said answered, with the way back, and no buttons to answer again.
    const seen = await (await s.app.request('/3ds/K3DS3')).text();
    expect(seen).toContain('<h1>Ya respondiste</h1>');
    expect(seen).toContain('href="http://checkout.test/sandbox/3ds/K3DS3/return');
    expect(seen).not.toMatch(/>Aprobar<|>Fallar</);
  });

  it('fail is the issuer refusing; cancel decides nothing and goes back marked, for the checkout to call the payment off; the close mark rides along', async () => {
    const s = simulator();
    await challenge(s, 'K3DS4', 'en');
    const res = await s.post('/3ds/K3DS4', { result: 'cancel', close: '1' });
    const back = new URL(res.headers.get('location') ?? '');
    expect([back.searchParams.get('close'), back.searchParams.get('cancel')]).toEqual(['1', '1']);
    expect(await s.call('card/lookup', { idempotencyKey: 'K3DS4' })).toMatchObject({ status: 'challenge' });
    expect(s.told).toEqual([]);
    const failed = await s.post('/3ds/K3DS4', { result: 'fail' });
    expect(new URL(failed.headers.get('location') ?? '').searchParams.has('cancel')).toBe(false);
    expect(await s.call('card/lookup', { idempotencyKey: 'K3DS4' })).toMatchObject({ status: 'declined', reason: 'three_ds_failed' });
    expect(s.told.map((t) => t.event.id)).toEqual(['sim:card:K3DS4:declined']);
  });

  it('an unknown key, a bad result, a card without a challenge: no page, nothing recorded', async () => {
    const s = simulator();
    expect((await s.app.request('/3ds/NOPE')).status).toBe(404);
    expect((await s.post('/3ds/NOPE', { result: 'approve' })).status).toBe(404);
    await challenge(s, 'K3DS5', 'es');
    expect((await s.post('/3ds/K3DS5', { result: 'maybe' })).status).toBe(400);
    await s.call('card/authorize', { idempotencyKey: 'K3DS6', amountCents: 100, lang: 'es', capture: true, merchant, card: { number: '4242424242424242', expMonth: '12', expYear: '2099', cvc: '123', holder: 'Ana' } });
    expect((await s.app.request('/3ds/K3DS6')).status).toBe(404);
    expect(s.told).toEqual([]);
  });

  it('withdrawn (the payer left it for another card: the void): no longer valid, in its language, and takes no answer', async () => {
    const s = simulator();
    const { reference } = await challenge(s, 'K3DS7', 'en');
    expect(await s.call('card/void', { idempotencyKey: 'K3DS7:void', reference })).toBe('voided');
    const page = await s.app.request('/3ds/K3DS7?returnTo=%2Fpf%2Fdefault-receipt%2FK3DS7%3Fchallenge%3D1');
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain('This verification is no longer valid');
    // Inside the checkout's frame "close this page" is no way out (issue 92): a link back to the checkout's return, which reads what became of the order.
    expect(html).toContain('<a class="back" href="http://checkout.test/sandbox/3ds/K3DS7/return?returnTo=%2Fpf%2Fdefault-receipt%2FK3DS7%3Fchallenge%3D1">Back to &#60;b&#62;Café &#38; &#34;Co&#34;&#60;/b&#62;</a>');
    expect(html).not.toContain('You can close this page');
    const answered = await s.post('/3ds/K3DS7', { result: 'approve', returnTo: '/pf/default-receipt/K3DS7' });
    expect(answered.status).toBe(410);
    expect(await answered.text()).toContain('href="http://checkout.test/sandbox/3ds/K3DS7/return?returnTo=%2Fpf%2Fdefault-receipt%2FK3DS7"');
    expect(s.told).toEqual([]);
  });

  it("withdrawn after the server told why (its order paid in another window or device): says so, in its language, never that the payer chose another way", async () => {
    const s = simulator();
    const { reference } = await challenge(s, 'K3DS9', 'en');
    await s.call('controls/page-withdrawn', { key: 'K3DS9', reason: 'paid_elsewhere', paidWith: 'card' });
    expect(await s.call('card/void', { idempotencyKey: 'K3DS9:void', reference })).toBe('voided');
    const answered = await s.post('/3ds/K3DS9', { result: 'approve' });
    expect(answered.status).toBe(410);
    const html = await answered.text();
    expect(html).toContain('<h1>This order is already paid</h1><p>It was paid with card in another window or device. Nothing is charged here.</p>');
    expect(html).not.toContain('You chose to pay another way');
    // Told again (the payer's call-off first, the shop's void since): the newest word stands.
    await s.call('controls/page-withdrawn', { key: 'K3DS9', reason: 'merchant', paidWith: null });
    expect(await (await s.app.request('/3ds/K3DS9')).text()).toContain('<h1>This verification is no longer valid</h1><p>The shop cancelled this payment. Nothing was charged.</p>');
    expect(s.told).toEqual([]);
  });

  it('withdrawn with no word from the server: only what the issuer knows, no reason made up', async () => {
    const s = simulator();
    const { reference } = await challenge(s, 'K3DS10', 'es');
    expect(await s.call('card/void', { idempotencyKey: 'K3DS10:void', reference })).toBe('voided');
    const html = await (await s.app.request('/3ds/K3DS10')).text();
    expect(html).toContain('<h1>Esta verificación ya no es válida</h1><p>Este pago se canceló antes de que respondieras y no se hizo ningún cargo.');
    expect(html).not.toContain('Elegiste pagar de otra forma');
  });

  it('a return address that is not http(s) is never followed: the page says the answer was taken', async () => {
    const s = simulator();
    await challenge(s, 'K3DS8', 'es', 'javascript:alert(1)');
    const page = await s.app.request('/3ds/K3DS8');
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'; ");
    const res = await s.post('/3ds/K3DS8', { result: 'approve', returnTo: '/x' });
    expect(res.status).toBe(200);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('Respuesta registrada');
  });
});

describe("the bank's Clave page", () => {
  const start = (s: ReturnType<typeof simulator>, key: string, lang: 'es' | 'en') => s.call('bank/start', {
    idempotencyKey: key, amountCents: 4_000, description: 'Zapatos <rojos>', merchant, lang, returnUrl: `${CHECKOUT}/sandbox/clave/${key}/return`, notifyUrl: `${CHECKOUT}/gateways/bank/notifications`,
  }) as Promise<{ redirectUrl: string }>;

  it('shows the payment in its language; Decline with the close mark declines once, tells the server, and goes back', async () => {
    const s = simulator();
    expect(await start(s, 'KCL1', 'en')).toEqual({ redirectUrl: 'http://issuer.test/clave/KCL1?returnTo=' });
    const html = await (await s.app.request('/clave/KCL1?returnTo=%2Fpf%2Fwidget%2Freturnclavesdk%3Flang%3Den')).text();
    expect(html).toContain('Pay $40.00: Zapatos &#60;rojos&#62;');
    expect(html).toMatch(/>Approve<\/button>.*>Decline<\/button>/s);
    expect(html).toContain('Cancel and go back');
    const res = await s.post('/clave/KCL1', { result: 'fail', close: '1', returnTo: '/pf/widget/returnclavesdk?lang=en' });
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location') ?? '');
    expect(back.origin + back.pathname).toBe(`${CHECKOUT}/sandbox/clave/KCL1/return`);
    expect(back.searchParams.get('close')).toBe('1');
    expect(back.searchParams.get('returnTo')).toBe('/pf/widget/returnclavesdk?lang=en');
    expect(await s.call('bank/outcome', { idempotencyKey: 'KCL1' })).toBe('declined');
    // Replayed: back again, the outcome as it was, told once.
    expect((await s.post('/clave/KCL1', { result: 'approve' })).status).toBe(303);
    expect(await s.call('bank/outcome', { idempotencyKey: 'KCL1' })).toBe('declined');
    expect(s.told.map((t) => t.event.id)).toEqual(['sim:bank:KCL1:declined']);
  });

  it("its X, Escape (asked first) and 'Cancel and go back' decide nothing at the bank: back marked cancel, for the checkout to call the payment off as the payer's", async () => {
    const s = simulator();
    await start(s, 'KCL3', 'en');
    const html = await (await s.app.request('/clave/KCL3')).text();
    // The X posts a cancel, and its question comes first; the page's own cancel too.
    expect(html).toMatch(/<input type="hidden" name="result" value="cancel"><button class="close"/);
    expect(html).toContain('role="alertdialog"');
    expect(html).toContain('Close without paying?');
    expect(html).toMatch(/value="cancel"><button class="cancel" type="submit">Cancel and go back/);
    const res = await s.post('/clave/KCL3', { result: 'cancel', close: '1' });
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location') ?? '');
    expect([back.searchParams.get('close'), back.searchParams.get('cancel')]).toEqual(['1', '1']);
    expect(await s.call('bank/outcome', { idempotencyKey: 'KCL3' })).toBe('waiting');
    expect(s.told).toEqual([]);
    const es = await (await s.app.request('/clave/KCL4')).text();
    expect(es).not.toContain('¿Cerrar sin pagar?');
    await start(s, 'KCL4', 'es');
    expect(await (await s.app.request('/clave/KCL4')).text()).toContain('¿Cerrar sin pagar?');
  });

  it('cancelled by the server (the payment called off): no longer available, and takes no approval', async () => {
    const s = simulator();
    await start(s, 'KCL2', 'es');
    expect(await s.call('bank/cancel', { idempotencyKey: 'KCL2' })).toBe('cancelled');
    const page = await s.app.request('/clave/KCL2');
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain('Este pago ya no está disponible');
    expect(html).toMatch(/<a class="back" href="[^"]+">Volver a &#60;b&#62;Café/);
    expect(html).not.toContain('Puedes cerrar esta página');
    expect((await s.post('/clave/KCL2', { result: 'approve' })).status).toBe(410);
    expect(await s.call('bank/outcome', { idempotencyKey: 'KCL2' })).toBe('cancelled');
    expect((await s.app.request('/clave/NOPE')).status).toBe(404);
  });

  it('cancelled because its order was paid in another window or device, as the server told: says so', async () => {
    const s = simulator();
    await start(s, 'KCL5', 'es');
    await s.call('controls/page-withdrawn', { key: 'KCL5', reason: 'paid_elsewhere', paidWith: 'nequi' });
    expect(await s.call('bank/cancel', { idempotencyKey: 'KCL5' })).toBe('cancelled');
    const answered = await s.post('/clave/KCL5', { result: 'approve' });
    expect(answered.status).toBe(410);
    expect(await answered.text()).toContain('<h1>Este pedido ya se pagó</h1><p>Se pagó con Nequi en otra ventana o dispositivo. Aquí no se te cobra nada.</p>');
  });
});
