import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenizedCardPayload, createTestApp, newLink, type TestApp } from '../../../test/testApp';
import { TOKENIZING_ORIGIN } from '../../../test/testCardVault';
import { afterChallengeUrl } from './threeDs';

// The issuer's 3DS page and the bank's Clave page are the simulator's (packages/simulator/src/pages);
// the checkout origin keeps the way back from them (the return address the calls name) and the
// admin settle calls a script answers them with.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const form = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };

describe('where the way back from the 3DS page sends the payer (afterChallengeUrl)', () => {
  it.each<[string | undefined, string]>([
    [undefined, '/pf/default-receipt/processing?Oper=PP1'],
    ['/pf/default-receipt/PP1?challenge=1&lang=en', '/pf/default-receipt/PP1?challenge=1&lang=en'],
    ['//evil.test/x', '/pf/default-receipt/processing?Oper=PP1'],
    ['/\\evil.test', '/pf/default-receipt/processing?Oper=PP1'],
    ['https://evil.test/x', '/pf/default-receipt/processing?Oper=PP1'],
    // The parser folds dot segments into a leading `//`, which a browser reads as another host.
    ['/.//evil.test/phish', '/pf/default-receipt/processing?Oper=PP1'],
    ['/..//evil.test/phish', '/pf/default-receipt/processing?Oper=PP1'],
    ['/pf/../..//evil.test', '/pf/default-receipt/processing?Oper=PP1'],
    ['/././/evil.test', '/pf/default-receipt/processing?Oper=PP1'],
    ['/\\evil.test', '/pf/default-receipt/processing?Oper=PP1'],
    ['/.\\evil.test', '/pf/default-receipt/processing?Oper=PP1'],
    ['/\t/evil.test', '/pf/default-receipt/processing?Oper=PP1'],
    ['/.\n//evil.test', '/pf/default-receipt/processing?Oper=PP1'],
    ['/\r\n/evil.test', '/pf/default-receipt/processing?Oper=PP1'],
    // An encoded slash is no separator: it stays a path here.
    ['/%2F/evil.test', '/%2F/evil.test'],
    ['/pf/./widget/../default-receipt/PP1', '/pf/default-receipt/PP1'],
    // A header cannot carry NUL or a line break: such a returnTo would answer 500, or split the header.
    ['/pf/x\u0000y', '/pf/default-receipt/processing?Oper=PP1'],
    ['/pf/x\r\nSet-Cookie: a=b', '/pf/default-receipt/processing?Oper=PP1'],
    ['/pf/x\ty', '/pf/default-receipt/processing?Oper=PP1'],
    // Beyond Latin-1 a header is not a byte string: percent-encoded, as a browser would.
    ['/pf/recibo?nombre=José', '/pf/recibo?nombre=Jos%C3%A9'],
  ])('returnTo %j -> %s', (returnTo, expected) => {
    expect(afterChallengeUrl('PP1', returnTo)).toBe(expected);
  });
});

describe('the way back from the issuer and the bank', () => {
  it('3DS: on to the path the checkout gave its page to carry, else the processing page; closed: marked close and stay; never elsewhere', async () => {
    const back = (query: string) => t.app.request(`/pf/gateways/return/3ds/PP9${query}`, { headers: { origin: 'http://issuer.test', 'sec-fetch-site': 'cross-site' } });
    const plain = await back(`?returnTo=${encodeURIComponent('/pf/default-receipt/PP9?challenge=1&entries=2')}`);
    expect(plain.status).toBe(303);
    expect(plain.headers.get('location')).toBe('/pf/default-receipt/PP9?challenge=1&entries=2');
    expect((await back(`?returnTo=${encodeURIComponent('https://evil.test/')}`)).headers.get('location')).toBe('/pf/default-receipt/processing?Oper=PP9');
    // A control character is refused before any route (400 invalid_characters): nothing to follow.
    expect((await back('?returnTo=%2Fpf%2Fx%00y')).status).toBe(400);
    const closed = new URL((await back(`?close=1&returnTo=${encodeURIComponent('/pf/default-receipt/PP9?challenge=1')}`)).headers.get('location') ?? '', 'http://x');
    expect(closed.pathname).toBe('/pf/default-receipt/PP9');
    expect([closed.searchParams.get('close'), closed.searchParams.get('stay'), closed.searchParams.get('challenge')]).toEqual(['1', '1', '1']);
  });

  it('3DS and Clave: a returnTo that the parser folds into another host leads to the default page, also through the old way back', async () => {
    const location = async (path: string) => (await t.app.request(path)).headers.get('location');
    for (const returnTo of ['/.//evil.example/phish', '/pf/../..//evil.example', '/..//evil.example', '/./\\evil.example', '/\\/evil.example']) {
      const query = `?returnTo=${encodeURIComponent(returnTo)}`;
      expect(await location(`/pf/gateways/return/3ds/NOPE123${query}`)).toBe('/pf/default-receipt/processing?Oper=NOPE123');
      expect(await location(`/pf/gateways/return/3ds/NOPE123${query}&close=1`)).toBe('/pf/default-receipt/processing?Oper=NOPE123&close=1&stay=1');
      expect(await location(`/pf/gateways/return/clave/NOPE123${query}`)).toBe('/pf/widget/returnclave?Oper=NOPE123');
      const old = await location(`/sandbox/3ds/NOPE123/return${query}`);
      expect(await location(old ?? '')).toBe('/pf/default-receipt/processing?Oper=NOPE123');
    }
    // Tabs and line breaks, which the parser drops: refused before any route.
    expect((await t.app.request(`/pf/gateways/return/3ds/NOPE123?returnTo=${encodeURIComponent('/\t/evil.example')}`)).status).toBe(400);
    expect((await t.app.request(`/pf/gateways/return/3ds/NOPE123?returnTo=${encodeURIComponent('/.\n//evil.example')}`)).status).toBe(400);
  });

  it('the old ways back under /sandbox/ (a page opened before they moved) redirect to the product path, query and all', async () => {
    const old = await t.app.request('/sandbox/3ds/PP7/return?returnTo=%2Fpf%2Fx&close=1');
    expect([old.status, old.headers.get('location')]).toEqual([308, '/pf/gateways/return/3ds/PP7?returnTo=%2Fpf%2Fx&close=1']);
    const clave = await t.app.request('/sandbox/clave/PP7/return');
    expect([clave.status, clave.headers.get('location')]).toEqual([308, '/pf/gateways/return/clave/PP7']);
  });

  it('Clave: on to the checkout\'s Clave return, always naming the operation, marked close when closed', async () => {
    const res = await t.app.request(`/pf/gateways/return/clave/PP8?close=1&returnTo=${encodeURIComponent('/pf/widget/returnclavesdk?lang=en')}`, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location') ?? '', 'http://x');
    expect(back.pathname).toBe('/pf/widget/returnclavesdk');
    expect([back.searchParams.get('Oper'), back.searchParams.get('lang'), back.searchParams.get('close')]).toEqual(['PP8', 'en', '1']);
    expect((await t.app.request('/pf/gateways/return/clave/PP8?returnTo=%2F%2Fevil.test')).headers.get('location')).toBe('/pf/widget/returnclave?Oper=PP8');
  });

  it("the calls name this way back: the simulator's pages send the payer to it, and on to the checkout's return", async () => {
    const card = await t.post('/cards/auth-capture', await tokenizedCardPayload(await newLink(t, { amount: 31 }), { cardNumber: '4000000000003220', amount: 31 }));
    const codOper = String(card.data['codOper']);
    const page = new URL(String(card.data['redirectUrl']));
    expect(page.origin).toBe(t.simulator.url);
    const carried = `/pf/default-receipt/${codOper}?challenge=1&entries=3`;
    const answered = await fetch(page, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ result: 'approve', returnTo: carried }) });
    expect(answered.status).toBe(303);
    const back = new URL(answered.headers.get('location') ?? '');
    // On the checkout's origin as payers reach it (PUBLIC_URL), whatever Host the call came with: a
    // node behind a load balancer is asked under its own address.
    expect(back.origin).toBe(TOKENIZING_ORIGIN);
    expect(back.pathname).toBe(`/pf/gateways/return/3ds/${codOper}`);
    expect((await t.app.request(back.pathname + back.search)).headers.get('location')).toBe(carried);
    // This app hears no notification (it listens on no address): the way back asked the issuer, and the payment is settled.
    expect((await t.get(`/receipts/${codOper}`)).data).toMatchObject({ status: 1, authStatus: 'APPROVED' });

    const clave = await t.post('/clave/payments', { code: await newLink(t, { amount: 32 }), trackId: `back-${Math.random()}` });
    const bank = new URL(String(clave.data['redirectUrl']));
    expect(bank.origin).toBe(t.simulator.url);
    const declined = await fetch(bank, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ result: 'fail' }) });
    const claveBack = new URL(declined.headers.get('location') ?? '');
    expect(claveBack.origin).toBe(TOKENIZING_ORIGIN);
    expect(claveBack.pathname).toBe(`/pf/gateways/return/clave/${String(clave.data['codOper'])}`);
    expect((await t.app.request(claveBack.pathname)).headers.get('location')).toBe(`/pf/widget/returnclave?Oper=${String(clave.data['codOper'])}`);
    expect((await t.get(`/clave/payments/${String(clave.data['codOper'])}`)).data['status']).toBe(0);
  });

  it("the issuer page's cancel: the way back calls the payment off as the payer's and withdraws the challenge, whose page then says so", async () => {
    const code = await newLink(t, { amount: 35 });
    const card = await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: '4000000000003220', amount: 35 }));
    const codOper = String(card.data['codOper']);
    const page = new URL(String(card.data['redirectUrl']));
    const left = await fetch(page, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ result: 'cancel', close: '1', returnTo: `/pf/default-receipt/${codOper}?challenge=1` }) });
    const back = new URL(left.headers.get('location') ?? '');
    expect([back.searchParams.get('cancel'), back.searchParams.get('close')]).toEqual(['1', '1']);
    const onward = new URL((await t.app.request(back.pathname + back.search)).headers.get('location') ?? '', 'http://x');
    expect(onward.pathname).toBe(`/pf/default-receipt/${codOper}`);
    expect([onward.searchParams.get('close'), onward.searchParams.get('stay')]).toEqual(['1', '1']);
    const [row] = await t.db.query<{ status: number; auth_status: string }>('select status, auth_status from transactions where cod_oper = $1', [codOper]);
    expect(row).toEqual({ status: 0, auth_status: 'CANCELLED' });
    expect((await fetch(page)).status).toBe(410);
  });

  it("the Clave bank page's cancel (its X, Escape or 'Cancelar y volver'): the way back calls the payment off as the payer's, not the bank's refusal, and withdraws the page", async () => {
    const code = await newLink(t, { amount: 36 });
    const clave = await t.post('/clave/payments', { code, trackId: `left-${Math.random()}` });
    const codOper = String(clave.data['codOper']);
    const bank = new URL(String(clave.data['redirectUrl']));
    const left = await fetch(bank, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ result: 'cancel', close: '1', returnTo: '/pf/widget/returnclavesdk?lang=en' }) });
    expect(left.status).toBe(303);
    const back = new URL(left.headers.get('location') ?? '');
    expect([back.searchParams.get('cancel'), back.searchParams.get('close')]).toEqual(['1', '1']);
    const onward = new URL((await t.app.request(back.pathname + back.search)).headers.get('location') ?? '', 'http://x');
    expect(onward.pathname).toBe('/pf/widget/returnclavesdk');
    expect([onward.searchParams.get('Oper'), onward.searchParams.get('close')]).toEqual([codOper, '1']);
    const [row] = await t.db.query<{ status: number; auth_status: string; message_key: string; details: Record<string, unknown> }>('select status, auth_status, message_key, details from transactions where cod_oper = $1', [codOper]);
    expect(row).toMatchObject({ status: 0, auth_status: 'CANCELLED', message_key: 'cancelled', details: { cancelReason: 'payer_on_issuer_page' } });
    // Withdrawn at the bank: its page says the payment was cancelled and takes no answer.
    expect((await fetch(bank)).status).toBe(410);
    expect((await fetch(bank, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ result: 'approve' }) })).status).toBe(410);
    expect((await t.get(`/clave/payments/${codOper}`)).data['status']).toBe(0);
  });

  it('Clave answered by the bank first (approved in another tab): a cancel mark on the way back changes nothing', async () => {
    const clave = await t.post('/clave/payments', { code: await newLink(t, { amount: 37 }), trackId: `won-${Math.random()}` });
    const codOper = String(clave.data['codOper']);
    const bank = new URL(String(clave.data['redirectUrl']));
    await fetch(bank, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ result: 'approve' }) });
    await t.app.request(`/pf/gateways/return/clave/${codOper}?cancel=1`);
    const [row] = await t.db.query<{ status: number; auth_status: string }>('select status, auth_status from transactions where cod_oper = $1', [codOper]);
    expect(row).toEqual({ status: 1, auth_status: 'APPROVED' });
  });
});

describe('the admin settle calls (a script plays the issuer and the bank)', () => {
  it('3DS approve settles the payment and answers JSON; again, 400 (nothing waits)', async () => {
    const code = await newLink(t, { amount: 33 });
    const codOper = String((await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: '4000000000003220', amount: 33 }))).data['codOper']);
    const done = await t.app.request(`/sandbox/3ds/${codOper}`, { method: 'POST', headers: form, body: 'result=approve' });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ codOper, status: 1 });
    expect((await t.app.request(`/sandbox/3ds/${codOper}`, { method: 'POST', headers: form, body: 'result=fail' })).status).toBe(400);
  });

  it('takes the result as JSON too; nothing waiting: 400 invalid_arguments in the asked language, with its request id', async () => {
    const code = await newLink(t, { amount: 35 });
    const codOper = String((await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: '4000000000003220', amount: 35 }))).data['codOper']);
    const json = { 'content-type': 'application/json' };
    const done = await t.app.request(`/sandbox/3ds/${codOper}`, { method: 'POST', headers: json, body: JSON.stringify({ result: 'approve' }) });
    expect(await done.json()).toEqual({ codOper, status: 1 });
    const none = await t.app.request('/sandbox/3ds/PPNOPE', { method: 'POST', headers: { ...json, 'accept-language': 'es' }, body: JSON.stringify({ result: 'approve' }) });
    expect(none.status).toBe(400);
    const answer = (await none.json()) as Record<string, unknown>;
    expect(answer).toMatchObject({ code: 'invalid_arguments' });
    expect(String(answer['message'])).toMatch(/^Un valor enviado no es válido/);
    expect(answer['requestId']).toEqual(expect.any(String));
  });

  it("3DS cancel calls the attempt off as the payer's; then 409 challenge_abandoned in the payment's words", async () => {
    const code = await newLink(t, { amount: 34 });
    const codOper = String((await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: '4000000000003220', amount: 34 }))).data['codOper']);
    const cancelled = await t.app.request(`/sandbox/3ds/${codOper}`, { method: 'POST', headers: form, body: 'result=cancel' });
    expect(await cancelled.json()).toEqual({ codOper, status: 0 });
    const late = await t.app.request(`/sandbox/3ds/${codOper}`, { method: 'POST', headers: form, body: 'result=approve' });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: 'challenge_abandoned', message: expect.stringContaining('Esta verificación ya no es válida') });
  });

  it('a single-use link paid in another browser while its 3DS page waits: 409 and the page say the order was paid there, not that the payer chose another way', async () => {
    const code = await newLink(t, { amount: 36, singleUse: true });
    const waiting = await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: '4000000000003220', amount: 36, lang: 'en' }));
    const codOper = String(waiting.data['codOper']);
    const page = String(waiting.data['redirectUrl']);
    // Another browser pays the same link with a card that needs no challenge.
    const paid = await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: '4111111111111111', amount: 36, lang: 'en' }));
    expect(paid.data).toMatchObject({ status: 1 });
    const late = await t.app.request(`/sandbox/3ds/${codOper}`, { method: 'POST', headers: form, body: 'result=approve' });
    expect(late.status).toBe(409);
    const answer = (await late.json()) as Record<string, unknown>;
    expect(answer).toMatchObject({ code: 'challenge_abandoned', message: 'This order is already paid. It was paid with card in another window or device. Nothing is charged here.' });
    // The issuer's page left open in the first browser, answered late: the same truth, never "You chose to pay another way".
    const inBrowser = await fetch(page, { method: 'POST', body: new URLSearchParams({ result: 'approve' }), redirect: 'manual' });
    expect(inBrowser.status).toBe(410);
    const html = await inBrowser.text();
    expect(html).toContain('This order is already paid');
    expect(html).toContain('It was paid with card in another window or device. Nothing is charged here.');
    expect(html).not.toContain('You chose to pay another way');
  });

  it('left from the checkout (another browser, maybe), then the order paid with another method: its page is told the order is paid', async () => {
    const code = await newLink(t, { amount: 37, singleUse: true });
    const waiting = await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: '4000000000003220', amount: 37, lang: 'es' }));
    const codOper = String(waiting.data['codOper']);
    const page = String(waiting.data['redirectUrl']);
    expect((await t.post(`/cards/payments/${codOper}/abandon`, {})).status).toBe(200);
    // Until the order is paid: the payer chose another way, as before.
    expect(await (await fetch(page)).text()).toContain('Elegiste pagar de otra forma');
    const late = async () => (await t.app.request(`/sandbox/3ds/${codOper}`, { method: 'POST', headers: form, body: 'result=approve' })).json();
    expect(await late()).toMatchObject({ code: 'challenge_abandoned', message: expect.stringContaining('Elegiste pagar de otra forma') });
    expect((await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: '4111111111111111', amount: 37, lang: 'es' }))).data).toMatchObject({ status: 1 });
    expect(await late()).toMatchObject({ code: 'challenge_abandoned', message: 'Este pedido ya se pagó. Se pagó con tarjeta en otra ventana o dispositivo. Aquí no se te cobra nada.' });
    const html = await (await fetch(page)).text();
    expect(html).toContain('Este pedido ya se pagó');
    expect(html).not.toContain('Elegiste pagar de otra forma');
  });

  it('the settle calls are admin calls now: a page of another origin gets 403; the way back stays open', async () => {
    const res = await t.app.request('/sandbox/3ds/PP000000000000', { method: 'POST', headers: { ...form, origin: 'https://evil.test', 'sec-fetch-site': 'cross-site' }, body: 'result=approve' });
    expect(res.status).toBe(403);
  });
});
