import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createLink } from './support/admin';
import { browserAvailable } from './support/browser';
import { withSandboxAndBrowser } from './support/suite';
import { CheckoutFrame } from './support/pages';
import { pressAway } from './support/frames';
import { freePort } from '../packages/sandbox/test/freePort';
import type { Sandbox } from '../scripts/sandbox-process.mjs';
import { screenshot } from './support/artifacts';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const nextBin = join(rootDir, 'node_modules', 'next', 'dist', 'bin', 'next');

// A merchant's Next.js App Router app (next from our devDependencies), with @pasarela/react and
// @pasarela/checkout as npm packs them (needs `npm run build`). Its page is a Server Component, as
// every App Router page is unless it says otherwise, rendering <CheckoutButton> directly; a client
// component beside it uses useCheckout(). Without 'use client' at the head of @pasarela/react,
// `next build` fails prerendering the page with "TypeError: (0 , c.useRef) is not a function".
const appFiles: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'tienda-next', private: true }),
  // the app's own, as create-next-app writes it: without it Next would take our tsconfig.json's paths
  'jsconfig.json': JSON.stringify({ compilerOptions: { paths: { '@/*': ['./*'] } } }),
  'app/layout.js': `
export const metadata = { title: 'Tienda' };
export default function RootLayout({ children }) {
  return <html lang="es"><body>{children}</body></html>;
}
`,
  // static: prerendered by next build, with the link and checkout address known at build time
  'app/page.js': `
import { CheckoutButton } from '@pasarela/react';
import { PayWithHook } from './PayWithHook';

const code = process.env.PASARELA_CODE;
const baseUrl = process.env.PASARELA_URL;

export default function Page() {
  return (
    <main>
      <h1>Tienda</h1>
      <CheckoutButton id="server-button" code={code} baseUrl={baseUrl}>Pagar</CheckoutButton>
      <PayWithHook code={code} baseUrl={baseUrl} />
    </main>
  );
}
`,
  // its own icon, so the browser asks for no /favicon.ico that would answer 404
  'app/icon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="#0a7"/></svg>',
  'app/PayWithHook.js': `
'use client';
import { useEffect, useState } from 'react';
import { useCheckout } from '@pasarela/react';

export function PayWithHook({ code, baseUrl }) {
  const checkout = useCheckout();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <p>
      <button id="hook-button" type="button" onClick={() => checkout.open({ code, baseUrl })}>Pagar con useCheckout</button>
      <output id="hook-state" data-hydrated={String(hydrated)} data-open={String(checkout.isOpen)}>{checkout.lastResult?.status ?? ''}</output>
    </p>
  );
}
`,
};

/** What Next runs with: offline, no telemetry, and not vitest's NODE_ENV=test. */
function nextEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { NODE_ENV: _vitestNodeEnv, ...env } = process.env;
  return { ...env, NEXT_TELEMETRY_DISABLED: '1', ...extra };
}

describe.runIf(browserAvailable())('a Next.js App Router app with the packed @pasarela/react', () => {
  let sandbox: Sandbox;
  let browser: Browser;
  withSandboxAndBrowser((started) => ({ sandbox, browser } = started));

  let appDir = '';
  let code = '';
  let built = false;
  let server: ChildProcess | undefined;
  let appUrl = '';

  beforeAll(async () => {
    code = await createLink(sandbox, { amount: 25, description: 'Camiseta' });
    // inside the repository (ignored by git), so next, react and react-dom resolve from our node_modules
    mkdirSync(join(rootDir, '.scratch'), { recursive: true });
    appDir = mkdtempSync(join(rootDir, '.scratch', 'next-app-'));
    for (const [file, text] of Object.entries(appFiles)) {
      mkdirSync(join(appDir, file, '..'), { recursive: true });
      writeFileSync(join(appDir, file), text);
    }
    // the two packages as a registry would deliver them, unpacked into the app's node_modules
    const packs = join(appDir, 'packs');
    mkdirSync(packs);
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--pack-destination', packs, '-w', 'packages/checkout', '-w', 'packages/react'], {
        cwd: rootDir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    ) as { name: string; filename: string }[];
    expect(packed.map((p) => p.name).sort()).toEqual(['@pasarela/checkout', '@pasarela/react']);
    for (const { name, filename } of packed) {
      const into = join(appDir, 'node_modules', name);
      mkdirSync(into, { recursive: true });
      execFileSync('tar', ['xzf', join(packs, filename.replace(/^@pasarela\//, 'pasarela-')), '-C', into, '--strip-components=1']);
    }
  });

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server?.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    if (appDir) rmSync(appDir, { recursive: true, force: true });
  });

  it('passes next build, prerendering the Server Component page that renders <CheckoutButton>', () => {
    const started = Date.now();
    const build = spawnSync(process.execPath, [nextBin, 'build'], {
      cwd: appDir,
      encoding: 'utf8',
      env: nextEnv({ PASARELA_URL: sandbox.url, PASARELA_CODE: code }),
    });
    const output = build.stdout + build.stderr;
    console.log(`next build: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(output).not.toMatch(/is not a function|prerender-error/);
    expect(build.status, output).toBe(0);
    // the page is static: prerendered at build time, where the Server Component ran
    expect(output).toMatch(/○ \/\s/);
    built = true;
  }, 240_000);

  it('serves the page with next start: the button is in the server HTML and opens the checkout', async () => {
    expect(built).toBe(true);
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    let log = '';
    server = spawn(process.execPath, [nextBin, 'start', '-p', String(port), '-H', '127.0.0.1'], {
      cwd: appDir,
      env: nextEnv({}),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (d) => (log += d.toString()));
    server.stderr?.on('data', (d) => (log += d.toString()));
    await expect
      .poll(async () => (await fetch(appUrl).catch(() => undefined))?.status, { timeout: 30_000, interval: 250 })
      .toBe(200);

    // server-rendered HTML already has the button, before any script runs
    const html = await (await fetch(appUrl)).text();
    expect(html).toMatch(/<button[^>]*id="server-button"[^>]*>Pagar<\/button>/);
    expect(html).toContain('aria-haspopup="dialog"');

    const context = await browser.newContext({ locale: 'es-PA', viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' && m.location().url.startsWith(appUrl)) errors.push(m.text());
    });
    await page.goto(appUrl);
    // hydrated: the client component's effect has run
    await expect.poll(() => page.locator('#hook-state').getAttribute('data-hydrated'), { timeout: 15_000 }).toBe('true');
    await screenshot(page, { path: 'e2e/artifacts/nextjs-page.png' });

    await page.locator('#server-button').click();
    const iframe = page.locator('[aria-modal="true"] iframe[src*="/pf/widget"]');
    const src = new URL((await iframe.getAttribute('src', { timeout: 10_000 })) ?? '');
    expect(src.origin).toBe(sandbox.url);
    expect(src.searchParams.get('code')).toBe(code);
    await new CheckoutFrame(page.frameLocator('iframe[src*="/pf/widget"]')).waitForForm();
    await screenshot(page, { path: 'e2e/artifacts/nextjs-checkout.png' });
    await pressAway(page, 'Escape');
    await expect.poll(() => iframe.count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('server-button');

    // useCheckout() in a client component: opens the same link and tracks isOpen
    await page.locator('#hook-button').click();
    await expect.poll(() => page.locator('#hook-state').getAttribute('data-open')).toBe('true');
    await new CheckoutFrame(page.frameLocator('iframe[src*="/pf/widget"]')).waitForForm();
    await pressAway(page, 'Escape');
    await expect.poll(() => page.locator('#hook-state').getAttribute('data-open')).toBe('false');
    await expect.poll(() => iframe.count()).toBe(0);

    expect(errors, log).toEqual([]);
    await context.close();
  }, 90_000);
});
