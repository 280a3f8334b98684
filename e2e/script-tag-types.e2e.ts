import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const rootDir = fileURLToPath(new URL('..', import.meta.url));

// docs/integration.md "Types": a page that loads /sdk/checkout.js with a <script> tag and is written
// in TypeScript gets the global `Checkout` from the built package's declarations (needs
// `npm run build`), as a merchant's compiler reads them: by package name, strict.
describe('the global Checkout for script-tag pages, from the published declarations', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(rootDir, 'node_modules', '.pasarela-script-tag-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A page's script (no import or export: a classic script), compiled with `tsc --strict`; what tsc prints. */
  function compile(name: string, lines: string[]): { output: string; status: number | null } {
    const file = join(dir, name);
    writeFileSync(file, ['/// <reference types="@pasarela/checkout" />', ...lines].join('\n'));
    const tsc = join(rootDir, 'node_modules', 'typescript', 'bin', 'tsc');
    const args = ['--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', file];
    const run = spawnSync(process.execPath, [tsc, ...args], { cwd: dir, encoding: 'utf8' });
    return { output: run.stdout + run.stderr, status: run.status };
  }

  const page = (estadoCheck: string, narrowed = true) => [
    "const button = document.querySelector<HTMLButtonElement>('#pay');",
    'button?.addEventListener("click", () => {',
    "  const handle = Checkout.open({ code: 'LK4F7Q2ZP9', lang: 'es', onClose: (event) => console.log(event.reason) });",
    '  handle.on("result", (result) => {',
    // An `unknown` result (the checkout closed before the answer) has `lookup`, not `notification`.
    `    if (${narrowed ? "result.status !== 'unknown' && " : ''}result.notification.Estado === ${estadoCheck}) console.log(result.notification.Oper);`,
    '  });',
    '  void window.Checkout.version;',
    '});',
  ];

  it('compiles a page that uses the global Checkout', () => {
    expect(compile('shop.ts', page("'PENDING'"))).toEqual({ output: '', status: 0 });
  }, 60_000);

  it('refuses an Estado that is not one of SPEC 4\'s overall results', () => {
    const { output, status } = compile('wrong-estado.ts', page("'APROBADO'"));
    expect(status).not.toBe(0);
    expect(output).toContain('wrong-estado.ts(6,');
    expect(output).toContain('error TS2367');
    expect(output).toMatch(/'"APROBADO"' have no overlap/);
  }, 60_000);

  it('refuses reading a result\'s notification before ruling out an unknown outcome', () => {
    const { output, status } = compile('not-narrowed.ts', page("'PENDING'", false));
    expect(status).not.toBe(0);
    expect(output).toContain('not-narrowed.ts(6,');
    expect(output).toMatch(/error TS2339: Property 'notification' does not exist on type/);
    expect(output).toContain('UnknownPaymentResult');
  }, 60_000);
});
