import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenizedCardPayload, createTestApp, newLink, testCardNumber, type TestApp } from '../../../test/testApp';
import { receiveGatewayEvent } from '../../payments/receiveGatewayEvent';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const THREE_DS_CARD = '4000000000003220';

/** A card payment waiting at its 3DS challenge (each test its own amount: the duplicate rule joins the same card and amount). */
async function atChallenge(amount: number, lang = 'es'): Promise<{ code: string; codOper: string; page: string }> {
  const code = await newLink(t, { amount, taxAmount: 0 });
  const res = await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: THREE_DS_CARD, amount, taxAmount: 0, lang }));
  expect(res.data).toMatchObject({ status: -1, authStatus: 'PENDING_3DS' });
  // The issuer's page, on the simulator's own origin.
  return { code, codOper: String(res.data['codOper']), page: String(res.data['redirectUrl']) };
}

const abandon = (codOper: string, headers: Record<string, string> = {}) => t.post(`/cards/payments/${codOper}/abandon`, {}, headers);

/** The issuer's answer as a script plays it (the sandbox's settle call, JSON), or as the payer's browser posts the issuer's page (HTML). */
const completeChallenge = (page: string, result: 'approve' | 'fail', json = true) => json
  ? t.app.request(`/sandbox/3ds/${new URL(page).pathname.split('/').pop() ?? ''}`, { method: 'POST', body: new URLSearchParams({ result }), headers: { accept: 'application/json' } })
  : fetch(page, { method: 'POST', body: new URLSearchParams({ result }), redirect: 'manual' });

/** What the processor's books hold as charged for this attempt: authorized, neither voided nor refunded. */
async function chargesOf(codOper: string): Promise<number> {
  const book = await t.simulator.books.read<unknown, { status?: string; voided?: boolean; refundedCents?: number }>('card', codOper);
  return book && book.state.status === 'approved' && !book.state.voided && !book.state.refundedCents ? 1 : 0;
}

/** Gives the demo merchant a webhook URL, so its payments' events are recorded (and listed by the admin API). */
async function listenToWebhooks(): Promise<void> {
  await t.db.query("update merchants set webhook_url = 'https://shop.example/hooks', webhook_secret = coalesce(webhook_secret, 'whsec_test') where id = 1 and webhook_url is null");
}

/** The merchant's webhook events for the payment, oldest first: type, result, authStatus and why it was called off. */
async function webhooksOf(codOper: string): Promise<string[]> {
  const listed = await t.admin('GET', `/webhooks?codOper=${codOper}`);
  const events = (listed.json['webhooks'] as Array<{ body: { type: string; createdAt: string; data: Record<string, unknown> } }>).map((w) => w.body);
  return events.sort((x, y) => x.createdAt.localeCompare(y.createdAt))
    .map((e) => [e.type, e.data['result'], e.data['authStatus'], e.data['cancelReason']].filter((part) => part !== undefined).join(' '));
}

describe('POST /api/v1/cards/payments/:codOper/abandon: the payer leaves a 3DS challenge for another card or method', () => {
  it('abandon, then the challenge completed: refused, nothing charged, the merchant hears the call-off', async () => {
    await listenToWebhooks();
    const { codOper, page } = await atChallenge(51);
    const left = await abandon(codOper);
    expect(left.status).toBe(200);
    expect(left.data).toMatchObject({ codOper, status: 0, authStatus: 'CANCELLED', messageSys: 'Pago cancelado antes de completarse; no se hizo ningún cargo' });
    expect(left.data['redirectUrl']).toBeUndefined();

    const late = await completeChallenge(page, 'approve');
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({ code: 'challenge_abandoned' });
    // The payer's browser (a stale tab) gets the page that says so, in the payment's language.
    const inBrowser = await completeChallenge(page, 'approve', false);
    expect(inBrowser.status).toBe(410);
    const html = await inBrowser.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Esta verificación ya no es válida');
    expect(html).not.toMatch(/Aprobar/);
    const opened = await fetch(`${page}&theme=dark`);
    expect(opened.status).toBe(410);
    expect(await opened.text()).toContain('Esta verificación ya no es válida');

    expect(await chargesOf(codOper)).toBe(0);
    const [row] = await t.db.query<{ status: number; auth_status: string }>('select status, auth_status from transactions where cod_oper = $1', [codOper]);
    expect(row).toEqual({ status: 0, auth_status: 'CANCELLED' });
    // Recorded pending at the challenge, then called off by the payer: never approved.
    expect(await webhooksOf(codOper)).toEqual(['transaction.pending PENDING PENDING_3DS', 'transaction.declined DECLINED CANCELLED payer']);
    // The processor was told: its challenge is withdrawn.
    expect((await t.simulator.books.read<unknown, { voided?: boolean }>('card', codOper))?.state.voided).toBe(true);
  });

  it("cancelled on the issuer's page: recorded as the payer's there, its receipt not called off elsewhere; the merchant hears payer, as its contract says", async () => {
    await listenToWebhooks();
    const { codOper, page } = await atChallenge(58);
    // The issuer's page's cancel as the payer's browser posts it, then the way back it leads to.
    const left = await fetch(page, { method: 'POST', body: new URLSearchParams({ result: 'cancel' }), redirect: 'manual' });
    const hop = new URL(left.headers.get('location') ?? '');
    expect((await t.app.request(hop.pathname + hop.search)).status).toBe(303);
    const [row] = await t.db.query<{ details: Record<string, unknown> }>('select details from transactions where cod_oper = $1', [codOper]);
    expect(row?.details['cancelReason']).toBe('payer_on_issuer_page');
    expect(row?.details).not.toHaveProperty('leftAt');
    // This browser's own cancel: its wait says cancelled, never "called off in another window".
    expect((await t.get(`/receipts/${codOper}`)).data).not.toHaveProperty('calledOffByPayer');
    expect(await webhooksOf(codOper)).toEqual(['transaction.pending PENDING PENDING_3DS', 'transaction.declined DECLINED CANCELLED payer']);
    // Left: the issuer's page decides nothing more, and nothing was charged.
    expect((await completeChallenge(page, 'approve')).status).toBe(409);
    expect(await chargesOf(codOper)).toBe(0);
  });

  it("a cancel on the issuer's page recorded before it had a reason of its own (`leftAt`) reads as one", async () => {
    const { codOper, page } = await atChallenge(59);
    expect((await abandon(codOper)).data).toMatchObject({ status: 0, authStatus: 'CANCELLED' });
    expect((await t.get(`/receipts/${codOper}`)).data).toMatchObject({ calledOffByPayer: true });
    await t.db.query(`update transactions set details = details || '{"leftAt":"issuer_page"}'::jsonb where cod_oper = $1`, [codOper]);
    expect((await t.get(`/receipts/${codOper}`)).data).not.toHaveProperty('calledOffByPayer');
    expect((await completeChallenge(page, 'approve')).status).toBe(409);
  });

  it('the challenge completed first, then the abandon: the abandon answers its receipt and withdraws nothing', async () => {
    const { codOper, page } = await atChallenge(52);
    expect((await completeChallenge(page, 'approve')).status).toBe(200);
    const left = await abandon(codOper);
    expect(left.status).toBe(200);
    expect(left.data).toMatchObject({ codOper, status: 1, authStatus: 'APPROVED' });
    expect(await chargesOf(codOper)).toBe(1);
    expect(await webhooksOf(codOper)).toEqual(['transaction.pending PENDING PENDING_3DS', 'transaction.approved APPROVED APPROVED']);
    expect((await t.simulator.books.read<unknown, { voided?: boolean }>('card', codOper))?.state.voided).toBeUndefined();
  });

  it('a challenge the bank refused first: the abandon answers the refusal', async () => {
    const { codOper, page } = await atChallenge(53);
    expect((await completeChallenge(page, 'fail')).status).toBe(200);
    expect((await abandon(codOper)).data).toMatchObject({ status: 0, authStatus: 'AUTHENTICATION_FAILED' });
  });

  it('the issuer approved as the payer left, its answer recorded after the abandon: called off, and what it took given back', async () => {
    const { codOper } = await atChallenge(54);
    // The issuer decided, but its answer has not reached the payment yet.
    const decision = await t.controls.card.completeChallenge(codOper, true, 'es');
    expect(decision?.status).toBe('approved');
    expect((await abandon(codOper)).data).toMatchObject({ status: 0, authStatus: 'CANCELLED' });
    const settled = await receiveGatewayEvent({ db: t.db, gateways: t.gateways }, { id: `sim:card:${codOper}:approved`, key: codOper, kind: 'card', decision: decision! });
    expect(settled?.row).toMatchObject({ status: 0, auth_status: 'CANCELLED' });
    expect(await chargesOf(codOper)).toBe(0);
  });

  it('asked twice: the same answer; in English, the page says so in English', async () => {
    const { codOper, page } = await atChallenge(55, 'en');
    const first = await abandon(codOper, { 'accept-language': 'en' });
    const again = await abandon(codOper, { 'accept-language': 'en' });
    expect(again.data).toEqual(first.data);
    const html = await (await fetch(page)).text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('This verification is no longer valid');
  });

  it('refuses what is not a card at its challenge', async () => {
    const code = await newLink(t, { amount: 56, taxAmount: 0 });
    const approved = await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: testCardNumber('abandon-approved'), amount: 56, taxAmount: 0 }));
    expect((await abandon(String(approved.data['codOper']))).data).toMatchObject({ status: 1, authStatus: 'APPROVED' });
    const issuerPending = await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: '4000000000000259', amount: 56, taxAmount: 0 }));
    expect(issuerPending.data).toMatchObject({ status: -1, authStatus: 'PENDING' });
    const refused = await abandon(String(issuerPending.data['codOper']));
    expect([refused.status, refused.data['code']]).toEqual([409, 'not_at_challenge']);
    expect((await abandon('PP000000000000')).status).toBe(404);
    expect([(await abandon('PP%20x')).status, (await abandon('PP%20x')).data['code']]).toEqual([400, 'invalid_arguments']);
    const nequi = await t.post('/nequi/push', { code, phone: '63333333', trackId: 'abandon-nequi' });
    expect((await abandon(String(nequi.data['codOper']))).status).toBe(404);
  });

  it("a wallet user's challenge is theirs alone to leave", async () => {
    const login = `dejar${Date.now()}`;
    await t.admin('POST', '/users', { email: `${login}@example.com`, login, password: 'Segura#2026' });
    const auth = { authorization: `Bearer ${String((await t.post('/users/login', { login, password: 'Segura#2026' })).data['token'])}` };
    const code = await newLink(t, { amount: 57, taxAmount: 0 });
    const started = await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: THREE_DS_CARD, amount: 57, taxAmount: 0 }), auth);
    const codOper = String(started.data['codOper']);
    expect([(await abandon(codOper)).status, (await abandon(codOper)).data['code']]).toEqual([404, 'PAYMENT_NOT_FOUND']);
    expect((await abandon(codOper, auth)).data).toMatchObject({ status: 0, authStatus: 'CANCELLED' });
  });
});
