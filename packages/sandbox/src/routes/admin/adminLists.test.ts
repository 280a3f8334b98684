import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { tokenizedCardPayload, createTestApp, newLink, type TestApp } from '../../../test/testApp';
import { noCardVault } from '../../gateways/cardVault';

let t: TestApp;
const consoleDist = mkdtempSync(join(tmpdir(), 'console-dist-'));
beforeAll(async () => {
  writeFileSync(join(consoleDist, 'console.js'), 'console.log(1)');
  t = await createTestApp({ paths: { consoleDist } });
});
afterAll(async () => {
  await t.close();
  rmSync(consoleDist, { recursive: true, force: true });
});

describe('admin lists for the sandbox console', () => {
  it('GET /transactions/recent lists every payment newest first, with its outcome, filtered by link, method and outcome', async () => {
    const code = await newLink(t);
    await t.post('/cards/auth-capture', await tokenizedCardPayload(code));
    await t.post('/cards/auth-capture', await tokenizedCardPayload(code, { cardNumber: '4000000000000002' }));
    const all = await t.admin('GET', `/transactions/recent?code=${code}`);
    expect(all.status).toBe(200);
    const listed = all.json['transactions'] as Array<Record<string, unknown>>;
    expect(listed.map((x) => [x['method'], x['outcome'], x['linkCode']])).toEqual([['card', 'DECLINED', code], ['card', 'APPROVED', code]]);
    const approved = await t.admin('GET', `/transactions/recent?code=${code}&outcome=APPROVED&method=card`);
    expect((approved.json['transactions'] as unknown[]).length).toBe(1);
    const none = await t.admin('GET', `/transactions/recent?code=${code}&method=nequi`);
    expect(none.json['transactions']).toEqual([]);
  });
  it.each([['method=paypal', 'method'], ['outcome=maybe', 'outcome'], ['code=a%20b', 'code']])('refuses %s naming the field', async (query, field) => {
    const res = await t.admin('GET', `/transactions/recent?${query}`);
    expect(res.status).toBe(400);
    expect(String(res.json['message'])).toContain(field);
  });
  it('GET /merchants and GET /links list what the console can pick from', async () => {
    const colombian = Number((await t.admin('POST', '/merchants', { name: 'Tienda Bogotá', country: 'CO' })).json['idMerchant']);
    const merchants = await t.admin('GET', '/merchants');
    // Its currency: the units the console's amount fields take for it (whole pesos in COP).
    expect(merchants.json['merchants']).toEqual(expect.arrayContaining([
      expect.objectContaining({ id: 1, webhookUrl: null, currency: 'USD' }),
      expect.objectContaining({ id: colombian, name: 'Tienda Bogotá', currency: 'COP' }),
    ]));
    const code = await newLink(t, { description: 'Listada' });
    const links = await t.admin('GET', '/links');
    expect((links.json['links'] as Array<Record<string, unknown>>)[0]).toMatchObject({ code, description: 'Listada', url: expect.stringMatching(/^http:\/\/checkout\.test\//) });
  });
  it('POST /subscriptions subscribes a payer to a plan and answers its checkout URL', async () => {
    const plan = await t.admin('POST', '/plans', { name: 'Semanal', amount: 3.5, period: 'WE' });
    const res = await t.admin('POST', '/subscriptions', { planId: plan.json['idPlan'] });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ subscriptionKey: expect.stringMatching(/^SUB/), url: expect.stringContaining('/pf/widget?type=subs&code=SUB') });
    expect((await t.admin('POST', '/subscriptions', { planId: 99999 })).status).toBe(404);
    expect((await t.admin('POST', '/subscriptions', { planId: 'x' })).status).toBe(400);
  });
});

describe('GET /sandbox/console', () => {
  it('serves the console shell with a strict policy, and its assets', async () => {
    const res = await t.app.request('/sandbox/console');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await res.text()).toContain('/sandbox/console/assets/console.js');
    expect((await t.app.request('/sandbox/console/assets/console.js')).status).toBe(200);
    expect((await t.app.request('/sandbox/console/assets/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });
  it('is not served with the console off (SANDBOX_CONSOLE=off); the admin API stays', async () => {
    const app = createApp({ db: t.db, gateways: { gateways: t.gateways, sandbox: t.controls }, cardVault: noCardVault, wireEncoding: true, sandboxConsole: false, paths: { consoleDist } });
    expect((await app.request('/sandbox/console')).status).toBe(404);
    expect((await app.request('/sandbox/merchants')).status).toBe(200);
  });
});
