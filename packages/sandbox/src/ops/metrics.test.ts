import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../server';
import { startTestServer } from '../../test/testServer';
import { freePort } from '../../test/freePort';
import { nodeClient } from '../../test/nodeClient';
import { openSocket } from '../../test/rawWebSocket';
import { tokenizedCardPayload, freshCaptchaToken } from '../../test/testApp';

let server: RunningServer;
let port: number;
beforeAll(async () => {
  port = await freePort();
  server = await startTestServer({ port, demoPort: await freePort(), wireEncoding: false, metricsToken: 'scrape-me', subscriptionChargeIntervalMs: 0, expirySweepIntervalMs: 0 });
});
afterAll(() => server.close());

const scrape = async () => (await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer scrape-me' } })).text();
const sample = (text: string, series: string) => Number(new RegExp(`^${series.replace(/[{}"=,+.]/g, (c) => `\\${c}`)} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);

describe('GET /metrics (Prometheus text format)', () => {
  it('counts payments by method and outcome, times requests, and gauges open push sockets', async () => {
    const { api, admin } = nodeClient(server.url);
    const code = String((await admin('POST', '/links', { amount: 10, description: 'Métricas' })).data['code']);
    expect((await api('/cards/auth-capture', await tokenizedCardPayload(code, { amount: 10, taxAmount: 0 }))).status).toBe(200);
    expect((await api('/cards/auth-capture', await tokenizedCardPayload(code, { amount: 10, taxAmount: 0, cardNumber: '4000000000000002' }))).status).toBe(200);
    const qr = String((await api(`/nequi/qr?code=${code}&captchaToken=${freshCaptchaToken()}`)).data['codOper']);
    const ws = await openSocket(port, `codOper=${qr}`);
    await admin('POST', `/nequi/${qr}`, { result: 'approve' });
    await vi.waitFor(async () => expect(sample(await scrape(), 'pasarela_payments_total{method="nequi",outcome="approved"}')).toBe(1), { timeout: 10_000 });
    const text = await scrape();
    expect(text).toContain('# TYPE pasarela_payments_total counter');
    expect(sample(text, 'pasarela_payments_total{method="card",outcome="approved"}')).toBe(1);
    expect(sample(text, 'pasarela_payments_total{method="card",outcome="declined"}')).toBe(1);
    expect(sample(text, 'pasarela_payments_total{method="nequi",outcome="pending"}')).toBe(1);
    expect(text).toContain('# TYPE pasarela_http_request_duration_seconds histogram');
    expect(sample(text, 'pasarela_http_request_duration_seconds_count{method="POST",route="/api/v1/cards/auth-capture"}')).toBe(2);
    expect(sample(text, 'pasarela_http_request_duration_seconds_bucket{method="POST",route="/api/v1/cards/auth-capture",le="+Inf"}')).toBe(2);
    expect(sample(text, 'pasarela_http_requests_total{method="POST",route="/api/v1/cards/auth-capture",status="200"}')).toBe(2);
    expect(sample(text, 'pasarela_push_sockets_open')).toBe(1);
    ws.socket.destroy();
    // the server hears the socket close on its next turn, later on a loaded machine
    await vi.waitFor(async () => expect(sample(await scrape(), 'pasarela_push_sockets_open')).toBe(0), { timeout: 10_000 });
  });

  it('wants the METRICS_TOKEN when one is set, and answers /health', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect(await (await fetch(`${server.url}/health`)).json()).toMatchObject({ status: 'ok', attemptsForOtherProcessors: [] });
  });
});
