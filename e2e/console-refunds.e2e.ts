import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { faultyGateways } from '../packages/sandbox/test/gateways/faultyGateways';
import { createLogger } from '../packages/sandbox/src/ops/logger';
import { startServer, type RunningServer } from '../packages/sandbox/src/server';
import { readSettings } from '../packages/sandbox/src/settings';
import { templateImage } from '../packages/sandbox/test/sharedTemplate';
import { asCaller, tokenizedCardPayload } from '../packages/sandbox/test/testApp';
import { TEST_NOTIFICATION_SECRET, TEST_SIMULATOR_API_SECRET, testSimulator } from '../packages/sandbox/test/testServer';
import { startTestVault, TEST_VAULT_API_SECRET, type TestVault } from '../packages/sandbox/test/testCardVault';
import { onFreePorts } from '../scripts/sandbox-process.mjs';
import { browserAvailable, launchChromium } from './support/browser';
import { ConsolePage } from './support/consolePage';
import { screenshot } from './support/artifacts';

const SHOTS = 'e2e/artifacts';

// The console's refund form while a refund waits on its gateway: the pending refund is listed and
// marked, and what remains is what the server would allow (core's refund rule), in es and en.
// The card processor's refund call is made to go unanswered (faultyGateways), as a real one may.
describe.runIf(browserAvailable())('console refunds: a pending refund holds its part', () => {
  let server: RunningServer;
  let faults: ReturnType<typeof faultyGateways>;
  let browser: Browser;
  let vault: TestVault | undefined;

  beforeAll(async () => {
    const dump = process.env['PASARELA_DATA_TEMPLATE_DUMP'];
    const pgliteTemplate = dump ? await templateImage(dump) : undefined;
    server = await onFreePorts(async (port: number, demoPort: number) => {
      const env = { PORT: String(port), DEMO_PORT: String(demoPort), SHUTDOWN_DRAIN_MS: '0', WIRE_ENCODING: 'off', PAYMENT_CAPTCHA: 'off', EXPIRY_SWEEP_INTERVAL_MS: '300', WEBHOOK_INTERVAL_MS: '0' };
      const settings = readSettings({ ...process.env, ...env });
      const processorsUrl = (await testSimulator()).url;
      await vault?.close();
      vault = await startTestVault({ checkoutOrigins: [`http://127.0.0.1:${port}`, `http://localhost:${port}`], simulatorUrl: processorsUrl });
      return startServer({
        ...settings, dataDir: undefined, pgliteTemplate, logger: createLogger('error', { write: () => undefined }),
        vaultUrl: vault.url, vaultApiSecret: TEST_VAULT_API_SECRET,
        // The worker's simulator, over HTTP, as npm start's server reaches its own.
        processorsUrl, simulatorApiSecret: TEST_SIMULATOR_API_SECRET, notificationSecret: TEST_NOTIFICATION_SECRET,
        wrapGateways: (inner) => (faults = faultyGateways(inner)).gateways,
      });
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close({ drainMs: 0 });
    await vault?.close();
  });

  async function paidCard(): Promise<string> {
    const link = await fetch(`${server.url}/sandbox/links`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 25, taxAmount: 1.75, description: 'Reembolso pendiente' }) });
    const { code } = (await link.json()) as { code: string };
    const paid = await fetch(`${server.url}/api/v1/cards/auth-capture`, { method: 'POST', headers: { 'content-type': 'application/json', ...asCaller() }, body: JSON.stringify(await tokenizedCardPayload(code)) });
    // The widget's envelope: { header, data } with data as JSON text.
    const body = (await paid.json()) as { data: string };
    const codOper = (JSON.parse(body.data) as { codOper?: string }).codOper;
    if (!codOper) throw new Error(`card payment answered ${paid.status}: ${JSON.stringify(body)}`);
    return codOper;
  }

  const SPANISH = { tab: /transacciones/i, form: /^reembolso de/i };

  /**
   * A card payment made just now, and the console open on its refund form (1100x900). `beforeOpen`
   * prepares the page first (e.g. silences the console's push socket).
   */
  async function refundFormOfNewPayment(lang: 'es' | 'en', text: { tab: RegExp; form: RegExp }, beforeOpen?: (page: Page) => Promise<void>) {
    const codOper = await paidCard();
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
    const page = await context.newPage();
    await beforeOpen?.(page);
    const ui = new ConsolePage(page, server.url);
    await ui.open(lang);
    await ui.tab(text.tab).click();
    const tx = ui.transaction(codOper);
    const form = tx.getByRole('form', { name: text.form });
    await form.waitFor();
    return { codOper, context, page, ui, tx, form };
  }

  it.each([
    ['es', { tab: /transacciones/i, form: /^reembolso de/i, amount: /importe a reembolsar/i, button: 'Reembolsar', list: /^reembolsos de/i, pending: 'pendiente', failed: 'fallido', notice: 'Pendiente: Reembolsar', remains: 'lo que queda: $16.75', over: /^solo quedan \$16\.75 por reembolsar/i, whole: 'lo que queda: $26.75' }],
    ['en', { tab: /transactions/i, form: /^refund of/i, amount: /amount to refund/i, button: 'Refund', list: /^refunds of/i, pending: 'pending', failed: 'failed', notice: 'Pending: Refund', remains: 'what remains: $16.75', over: /^only \$16\.75 remains to refund/i, whole: 'what remains: $26.75' }],
  ] as const)('%s: the refund shows pending, and the form offers only what the server allows', async (lang, text) => {
    const { codOper, context, page, ui, tx, form } = await refundFormOfNewPayment(lang, text);

    // The card processor never answers the refund call: the refund stays pending.
    faults.plan('card', 'timeout');
    await form.getByLabel(text.amount).fill('10');
    await form.getByRole('button', { name: text.button }).click();
    const refunds = tx.getByRole('list', { name: text.list });
    await expect.poll(async () => (await refunds.getByRole('listitem').allTextContents()).join(' | '), { timeout: 15_000 }).toMatch(new RegExp(`^\\$10\\.00${text.pending}`));
    expect(await refunds.getByRole('listitem').first().locator('.badge.pending').textContent()).toBe(text.pending);
    // The notice says it waits on the gateway, not that it is done (said once the list shows it).
    await expect.poll(() => page.locator('.notice').textContent()).toContain(`${text.notice} (${codOper})`);
    // $26.75 paid, $10 held by the pending refund: $16.75 remains, as the server answers.
    await expect.poll(() => form.locator('.hint').textContent()).toContain(text.remains);
    await screenshot(page, { path: `${SHOTS}/console-refund-pending-${lang}.png`, fullPage: true });
    await form.getByLabel(text.amount).fill('16.76');
    await form.getByRole('button', { name: text.button }).click();
    await form.getByRole('alert').getByText(text.over).waitFor();
    const server16 = await fetch(`${server.url}/sandbox/transactions/${codOper}/refunds`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 16.76 }) });
    expect(((await server16.json()) as { code: string }).code).toBe('refund_exceeds_remaining');

    // Past the call's deadline the reconciler asks the processor, which never made it: failed, and all of it remains.
    await server.db.query("update refunds set created_at = now() - interval '1 minute' where cod_oper = $1", [codOper]);
    await expect.poll(async () => (await server.db.query<{ state: string }>('select state from refunds where cod_oper = $1', [codOper]))[0]?.state, { timeout: 15_000 }).toBe('failed');
    await tx.page().getByRole('button', { name: lang === 'es' ? /actualizar/i : /refresh/i }).click();
    await expect.poll(async () => (await refunds.getByRole('listitem').allTextContents()).join(' | '), { timeout: 15_000 }).toMatch(new RegExp(`^\\$10\\.00${text.failed}`));
    await expect.poll(() => form.locator('.hint').textContent()).toContain(text.whole);
    await context.close();
  });

  it('a refund the server refuses for its amount puts the focus on the amount field, its error described there and said once', async () => {
    // The console's push socket answered here and silent: its list stays as it was read, as it does
    // between a refund made elsewhere and the push that would tell it.
    const { codOper, context, page, ui, form } = await refundFormOfNewPayment('es', SPANISH, (page) => page.routeWebSocket(/\/sandbox\/push/, () => undefined));
    // Another operator refunds $20 of the $26.75 meanwhile; the form still counts $26.75.
    const elsewhere = await fetch(`${server.url}/sandbox/transactions/${codOper}/refunds`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 20 }) });
    expect(elsewhere.ok).toBe(true);
    const notice = await ui.notice();

    // $10 passes the form's own check; the server refuses it: only $6.75 remains.
    await form.getByLabel(/importe a reembolsar/i).focus();
    await page.keyboard.type('10');
    await page.keyboard.press('Tab');
    expect(await ui.focused()).toBe('button "Reembolsar"');
    await page.keyboard.press('Enter');
    await expect.poll(() => ui.focused(), { timeout: 15_000 }).toBe('textbox "Importe a reembolsar (USD)" [invalid]: "10"');
    const alert = (await form.getByRole('alert').textContent()) ?? '';
    // The server's words, in the console's language.
    expect(alert).toMatch(/^El reembolso supera lo que queda por reembolsar.*6\.75/);
    // The field is invalid and described by the hint and the server's refusal.
    const described = await page.evaluate(() => {
      const field = document.activeElement;
      const ids = field?.getAttribute('aria-describedby')?.split(' ') ?? [];
      return { invalid: field?.getAttribute('aria-invalid'), description: ids.map((id) => document.getElementById(id)?.textContent).join(' ') };
    });
    expect(described.invalid).toBe('true');
    expect(described.description).toContain(alert);
    // Said once: the field's alert; the console's notice does not say it again.
    expect(await ui.notice()).toBe(notice);
    // What was typed stays, to be fixed; what remains is read again.
    expect(await form.getByLabel(/importe a reembolsar/i).inputValue()).toBe('10');
    await expect.poll(() => form.locator('.hint').textContent()).toContain('lo que queda: $6.75');
    await screenshot(page, { path: `${SHOTS}/console-refund-refused-by-server.png`, fullPage: true });
    await context.close();
  });

  it('a full refund by keyboard hands the focus to the payment, whose form is gone, and says it once in the notice', async () => {
    const { codOper, context, page, ui, tx, form } = await refundFormOfNewPayment('es', SPANISH);

    // The amount left empty: all that remains, $26.75. Nothing is left to refund, so the form goes.
    await form.getByLabel(/importe a reembolsar/i).focus();
    await page.keyboard.press('Tab');
    expect(await ui.focused()).toBe('button "Reembolsar"');
    await page.keyboard.press('Enter');
    await expect.poll(() => form.count(), { timeout: 15_000 }).toBe(0);
    // Not the page's body: the payment, named by its code and the status it keeps.
    await expect.poll(() => ui.focused(), { timeout: 15_000 }).toBe(`listitem "${codOper} Aprobada"`);
    expect(await tx.textContent()).toContain('Reembolsado: $26.75');
    await expect.poll(() => ui.notice()).toBe(`Hecho: Reembolsar (${codOper})`);
    await screenshot(page, { path: `${SHOTS}/console-refund-full-by-keyboard.png`, fullPage: true });
    await context.close();
  });
});
