import { describe, expect, it } from 'vitest';
import type { AdminApi } from '../api/adminApi';
import type { Webhook } from '../api/schemas';
import { changeLanguage } from '../i18n/i18n';
import { createConsoleStore } from '../store/consoleStore';
import { renderInPage } from './renderInPage';
import { WebhooksPanel } from './WebhooksPanel';

const render = renderInPage();

/** Failed with 500 twice, then redelivered and taken: the admin API's webhook list answers all three attempts. */
const redelivered: Webhook = {
  id: 'evt_1', type: 'transaction.approved', merchantId: 1, codOper: 'PP1', url: 'https://shop.example/hooks', state: 'delivered', attempts: 1,
  lastStatusCode: 200, lastError: null, createdAt: '2026-12-01T12:00:00.000Z', body: {}, attemptsRecorded: 3,
  recentAttempts: [
    { number: 3, attemptedAt: '2026-12-01T12:10:00.000Z', statusCode: 200, error: null, durationMs: 184 },
    { number: 2, attemptedAt: '2026-12-01T12:00:05.000Z', statusCode: null, error: 'timeout', durationMs: 10000 },
    { number: 1, attemptedAt: '2026-12-01T12:00:00.000Z', statusCode: 500, error: null, durationMs: 96 },
  ],
};

const storeWith = (webhooks: Webhook[]) => {
  const store = createConsoleStore({} as AdminApi);
  store.setState({ webhooks });
  return store;
};

describe('the webhooks panel', () => {
  it('shows a delivery\'s earlier attempts, kept across its redelivery, in a table with headers, in both languages', async () => {
    const el = await render(<WebhooksPanel store={storeWith([redelivered])} />);
    const table = el.querySelector('.attempt-history table');
    expect(el.querySelector('.attempt-history summary')?.textContent).toContain('Intentos hechos: 3');
    expect(table?.querySelector('caption')?.textContent).toBe('Intentos de evt_1, el más reciente primero');
    expect([...(table?.querySelectorAll('thead th[scope="col"]') ?? [])].map((th) => th.textContent)).toEqual(['N.º', 'Cuándo', 'Resultado', 'Duración']);
    const rows = [...(table?.querySelectorAll('tbody tr') ?? [])].map((tr) => [...tr.children].map((cell) => cell.textContent));
    expect(rows.map((r) => [r[0], r[2], r[3]])).toEqual([['3', '200', '184 ms'], ['2', 'timeout', '10000 ms'], ['1', '500', '96 ms']]);
    expect(table?.querySelector('tbody tr th[scope="row"]')?.textContent).toBe('3');
    expect(table?.querySelector('time')?.getAttribute('datetime')).toBe('2026-12-01T12:10:00.000Z');

    await changeLanguage('en');
    const inEnglish = await render(<WebhooksPanel store={storeWith([redelivered])} />);
    expect(inEnglish.querySelector('.attempt-history summary')?.textContent).toContain('Attempts made: 3');
    expect([...inEnglish.querySelectorAll('.attempt-history thead th')].map((th) => th.textContent)).toEqual(['No.', 'When', 'Result', 'Duration']);
    await changeLanguage('es');
  });

  it('shows no attempt table for a delivery not tried yet', async () => {
    const el = await render(<WebhooksPanel store={storeWith([{ ...redelivered, state: 'pending', attempts: 0, lastStatusCode: null, attemptsRecorded: 0, recentAttempts: [] }])} />);
    expect(el.querySelector('.webhook')).not.toBeNull();
    expect(el.querySelector('.attempt-history')).toBeNull();
  });
});
